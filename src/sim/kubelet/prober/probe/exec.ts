/**
 * The exec probe: the command runs in the container through the CRI's ExecSync with the probe's
 * timeout; exit 0 is success, any other status a failure whose output (stdout then stderr) is the
 * event's text; a timeout is a failure with the runtime's "command ... timed out"; any other
 * error leaves the result unknown.
 * upstream: pkg/probe/exec/exec.go Probe (ExecProbeTimeout on, the GA default),
 * pkg/kubelet/kuberuntime/kuberuntime_container.go RunInContainer (stdout + stderr),
 * pkg/kubelet/cri/remote/remote_runtime.go ExecSync (DeadlineExceeded -> timeout error)
 */
import type { ContainerRuntime } from '../../../node/cri/runtime';
import type { CriResult } from '../../../node/cri/types';
import { execTimedOut } from '../../../node/cri/exec';
import { grpcErrorMessage } from '../../container/runtime';
import type { ProbeDone, ProbeNetwork, ProbeOutcome } from './probe';

/** upstream: exec.go maxReadLength (10 KiB of output kept). */
const MAX_READ = 10 * 1024;

/** `true` and most health commands: exit 0 with no output (one outcome for all of them). */
const SILENT_SUCCESS: ProbeOutcome = Object.freeze({ result: 'success', output: '' });

export function doExecProbe(runtime: Pick<ContainerRuntime, 'ExecSync'>, net: ProbeNetwork, containerID: string, command: string[], timeoutSeconds: number, done: ProbeDone): void {
  // A hung container never answers: the runtime's deadline ends the exec.
  if (net.hung) return net.after(timeoutSeconds * 1000, () => done({ result: 'failure', output: execTimedOut(command, timeoutSeconds).message }));
  runtime.ExecSync(containerID, command, timeoutSeconds, (r) => done(execOutcome(r)));
}

/** ExecSync's answer as the probe's outcome. */
export function execOutcome(r: CriResult<{ stdout: string; stderr: string; exitCode: number }>): ProbeOutcome {
  if (r.ok) {
    const data = (r.value.stdout + r.value.stderr).slice(0, MAX_READ);
    if (data === '' && r.value.exitCode === 0) return SILENT_SUCCESS;
    return { result: r.value.exitCode === 0 ? 'success' : 'failure', output: data };
  }
  if (r.error.code === 'DeadlineExceeded') return { result: 'failure', output: r.error.message };
  return { result: 'unknown', output: '', error: grpcErrorMessage(r.error) };
}

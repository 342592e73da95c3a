/**
 * Container lifecycle hooks: postStart runs right after the container starts (the Started event
 * comes first; a failed hook records FailedPostStartHook and kills the container), preStop runs
 * before the stop signal and eats into the grace period. Handlers: exec (in the container, through
 * CRI ExecSync), httpGet (against the pod's own process) and sleep.
 * upstream: pkg/kubelet/lifecycle/handlers.go (HandlerRunner.Run, runSleepHandler, runHTTPHandler),
 * pkg/kubelet/kuberuntime/kuberuntime_container.go (startContainer step 4, executePreStopHook,
 * killContainer), pkg/kubelet/util/format/pod.go (format.Pod: `name_namespace(uid)`).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { SimClock } from '../../kernel/clock';
import type { ContainerRuntime } from '../../node/cri/runtime';

/** upstream: format.Pod. */
export function formatPod(pod: any): string {
  return `${pod.metadata?.name}_${pod.metadata?.namespace}(${pod.metadata?.uid})`;
}

/** Go's %v of a []string: `[sh -c exit 1]`. */
const goList = (xs: string[]) => `[${xs.join(' ')}]`;

/**
 * Runs a hook handler in a container; `done(undefined)` on success, else the message upstream
 * records (FailedPostStartHook / FailedPreStopHook). `timeoutSeconds` bounds exec and sleep.
 */
export function runHandler(
  runtime: ContainerRuntime,
  clock: SimClock,
  pod: any,
  container: any,
  containerId: string,
  handler: any,
  timeoutSeconds: number,
  done: (message?: string) => void
): void {
  if (handler?.exec) {
    const cmd: string[] = handler.exec.command ?? [];
    runtime.ExecSync(containerId, cmd, timeoutSeconds, (r) => {
      if (r.ok && r.value.exitCode === 0) return done();
      const output = r.ok ? r.value.stdout + r.value.stderr : '';
      // remote runtime: utilexec.CodeExitError "command '%s' exited with %d: %s" (stderr).
      const err = r.ok ? `command '${cmd.join(' ')}' exited with ${r.value.exitCode}: ${r.value.stderr}` : r.error.message;
      done(`Exec lifecycle hook (${goList(cmd)}) for Container ${JSON.stringify(container.name)} in Pod ${JSON.stringify(formatPod(pod))} failed - error: ${err}, message: ${JSON.stringify(output)}`);
    });
    return;
  }
  if (handler?.sleep) {
    // runSleepHandler: sleeps the seconds asked for, cut short by the grace period.
    clock.after(Math.min(Number(handler.sleep.seconds ?? 0), timeoutSeconds) * 1000, () => done());
    return;
  }
  if (handler?.httpGet) {
    const h = handler.httpGet;
    const ip: string = h.host || pod.status?.podIP || '';
    const port = typeof h.port === 'number' ? h.port : Number((container.ports ?? []).find((p: any) => p.name === h.port)?.containerPort ?? h.port);
    const path = h.path ?? '/';
    const proc = (runtime.processesAt(ip) ?? []).find((p) => p.listening().includes(port));
    const fail = (err: string) =>
      done(`HTTP lifecycle hook (${path}) for Container ${JSON.stringify(container.name)} in Pod ${JSON.stringify(formatPod(pod))} failed - error: ${err}`);
    const url = `${(h.scheme ?? 'HTTP').toLowerCase()}://${ip}:${port}${path}`;
    if (!proc) {
      clock.after(0, () => fail(`Get ${JSON.stringify(url)}: dial tcp ${ip}:${port}: connect: connection refused`));
      return;
    }
    const res = proc.http ? proc.http(port, path, { 'User-Agent': 'kube-lifecycle/1.32' }) : { status: 200, statusText: 'OK', body: '' };
    clock.after(0, () => {
      if ('error' in res) return fail(`Get ${JSON.stringify(url)}: ${res.error}`);
      // runHTTPHandler: anything but 2xx/3xx is an error.
      if (res.status < 200 || res.status > 399) return fail(`HTTP lifecycle hook (${path}) returned status ${res.status}`);
      done();
    });
    return;
  }
  clock.after(0, () => done(`Cannot run handler: unknown handler type`));
}

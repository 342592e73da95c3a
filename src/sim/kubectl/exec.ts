/**
 * `kubectl exec (POD | TYPE/NAME) [-c CONTAINER] -- COMMAND [args...]`: runs a command in a
 * running container through the API server (pods/exec) and the node's kubelet (CRI ExecSync),
 * prints its stdout and stderr, and ends with the command's exit code (`command terminated with
 * exit code N` on stderr). There is no terminal here: `-it` runs the command without a TTY and
 * says so as kubectl does when stdin is not a terminal.
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/exec/exec.go (Complete, Validate, Run),
 * pkg/cmd/util/podcmd/podcmd.go (FindOrDefaultContainerByName), pkg/cmd/attach/attach.go
 * (StreamOptions.SetupTTY), pkg/util/term, k8s.io/utils/exec (CodeExitError).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { fail, KubectlError, usageError, type CommandSpec, type Invocation } from './command';
import { connect, defaultContainer, dialOf, findContainerByName, podForArg } from './logs';
import { podExec } from '../kubelet/server/proxy';
import type { ExecResult } from '../kubelet/server/server';

/** A command that ran and exited non-zero: kubectl exits with the same code. */
export class CodeExitError extends KubectlError {
  constructor(
    readonly code: number,
    text = `command terminated with exit code ${code}`
  ) {
    super(text);
  }
}

export const execCommand: CommandSpec = {
  name: 'exec',
  long: 'Execute a command in a container.',
  short: 'Execute a command in a container',
  use: 'exec (POD | TYPE/NAME) [-c CONTAINER] [flags] -- COMMAND [args...]',
  flags: [
    { name: 'container', short: 'c', type: 'string' },
    { name: 'filename', short: 'f', type: 'stringSlice' },
    { name: 'pod-running-timeout', type: 'duration', def: 60_000 },
    { name: 'quiet', short: 'q', type: 'bool' },
    { name: 'stdin', short: 'i', type: 'bool' },
    { name: 'tty', short: 't', type: 'bool' }
  ],
  async run(inv) {
    const { flags, out } = inv;
    const dashAt = flags.parsed.dashAt;
    // upstream: exec.go Complete
    const before = dashAt >= 0 ? inv.args.slice(0, dashAt) : inv.args;
    const command = dashAt >= 0 ? inv.args.slice(dashAt) : inv.args.slice(1);
    if (before.length === 0 && flags.list('filename').length === 0) fail('pod, type/name or --filename must be specified');
    if (flags.list('filename').length > 0) fail('exec -f is not supported by this simulator');
    if (dashAt < 0 && inv.args.length > 1) usageError(inv.path, 'exec [POD] [COMMAND] is not supported anymore. Use exec [POD] -- [COMMAND] instead');
    if (before.length > 1) usageError(inv.path, 'exec [POD] [COMMAND] is not supported anymore. Use exec [POD] -- [COMMAND] instead');
    // upstream: exec.go Validate
    if (command.length === 0) fail('you must specify at least one command for the container');
    const quiet = flags.bool('quiet');
    // upstream: attach.go SetupTTY: -t needs -i, and a terminal on stdin (the console has none).
    if (flags.bool('tty') && flags.bool('stdin') && !quiet) out.warning('Unable to use a TTY - input is not a terminal or the right kind of file\n');

    const pod = await podForArg(inv, before[0], flags.int('pod-running-timeout'), false);
    // -i: kubectl's own stdin (a heredoc, a pipe) goes to the command, then closes.
    const stdin = flags.bool('stdin') ? (inv.ctx.stdin ?? '') : undefined;
    const r = await execInPod(inv, pod, flags.str('container'), command, stdin, (s) => out.err(s), quiet);
    out.out(r.stdout);
    out.err(r.stderr);
    if (r.exitCode !== 0) throw new CodeExitError(r.exitCode);
  }
};

/**
 * ExecOptions.Run for a pod already found: the phase check, the container (`container`, or the
 * default with its notice through `warn`), pods/exec authorization, then the kubelet's exec.
 * kubectl exec and kubectl cp's tar both go this way.
 */
export async function execInPod(inv: Invocation, pod: any, container: string, command: string[], stdin: string | undefined, warn: (s: string) => void, quiet = false): Promise<ExecResult> {
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') fail(`cannot exec into a container in a completed pod; current phase is ${phase}`);
  if (container) {
    if (!findContainerByName(pod, container)) fail(`container ${container} not found in pod ${pod.metadata.name}`);
  } else container = defaultContainer(pod, warn, quiet);
  if (!pod.spec?.nodeName) fail(`pod ${pod.metadata.name} does not have a host assigned`);
  // upstream: since v1.31 (AuthorizePodWebsocketUpgradeCreatePermission) exec needs `create` on pods/exec.
  await connect(inv, 'create', 'pods', pod.metadata.namespace, pod.metadata.name, 'exec');
  const r = await podExec(dialOf(inv), { namespace: pod.metadata.namespace, name: pod.metadata.name, node: pod.spec.nodeName }, container, command, stdin);
  if (!r.ok) throw new KubectlError(r.error);
  return r.value;
}

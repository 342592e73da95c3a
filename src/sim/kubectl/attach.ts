/**
 * `kubectl attach POD [-c CONTAINER] -it`: the console attaches to the container's own process,
 * a shell started with stdin and a TTY (`kubectl run -it`, `kubectl debug -it`), as kubectl attaches
 * to its streams; `exit` ends that process. Without -i there is nothing to type into: kubectl would
 * stream the container's output, which `kubectl logs -f` shows here.
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/attach/attach.go (Validate, Run, containerToAttachTo, reattachMessage)
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { fail, type CommandSpec } from './command';
import { connect, defaultContainer, findContainerByName, podForArg } from './logs';
import { interactiveShellOf, InteractiveRun } from './run';

export const attachCommand: CommandSpec = {
  name: 'attach',
  long: 'Attach to a process that is already running inside an existing container.',
  short: 'Attach to a running container',
  use: 'attach (POD | TYPE/NAME) -c CONTAINER',
  flags: [
    { name: 'container', short: 'c', type: 'string' },
    { name: 'pod-running-timeout', type: 'duration', def: 60_000 },
    { name: 'quiet', short: 'q', type: 'bool' },
    { name: 'stdin', short: 'i', type: 'bool' },
    { name: 'tty', short: 't', type: 'bool' }
  ],
  async run(inv) {
    const { flags, out } = inv;
    // upstream: attach.go Validate
    if (inv.args.length === 0) fail('at least 1 argument is required for attach');
    if (inv.args.length > 2) fail(`expected POD, TYPE/NAME, or TYPE NAME, (at most 2 arguments) saw ${inv.args.length}: [${inv.args.join(' ')}]`);
    if (flags.int('pod-running-timeout') <= 0) fail('--pod-running-timeout must be higher than zero');
    const arg = inv.args.length === 2 ? `${inv.args[0]}/${inv.args[1]}` : inv.args[0];
    const pod = await podForArg(inv, arg, flags.int('pod-running-timeout'), false);
    const phase = pod.status?.phase;
    if (phase === 'Succeeded' || phase === 'Failed') fail(`cannot attach a container in a completed pod; current phase is ${phase}`);
    const quiet = flags.bool('quiet');
    let name = flags.str('container');
    if (name) {
      if (!findContainerByName(pod, name)) fail(`cannot attach to the container: container ${name} not found in pod ${pod.metadata.name}`);
    } else name = defaultContainer(pod, (s) => out.warning(s), quiet);
    const container = findContainerByName(pod, name);
    let tty = flags.bool('tty');
    if (tty && !container.tty) {
      tty = false;
      if (!quiet) out.warning(`error: Unable to use a TTY - container ${name} did not allocate one\n`);
    } else if (!tty && container.tty) tty = true;
    const shell = flags.bool('stdin') && tty && container.stdin ? interactiveShellOf(container.image, [...(container.command ?? []), ...(container.args ?? [])]) : undefined;
    if (!shell) fail(`this console attaches to a shell started with stdin and a TTY (kubectl run -it, kubectl debug -it) with -it; to follow the output of ${name}, use kubectl logs -f ${pod.metadata.name} -c ${name}`);
    if (!containerStatusByName(pod, name)?.state?.running) fail(`container ${name} is not running`);
    await connect(inv, 'create', 'pods', pod.metadata.namespace, pod.metadata.name, 'attach');
    throw new InteractiveRun({ namespace: pod.metadata.namespace, pod: pod.metadata.name, container: name, shell, remove: false, printed: out.printed(), endMessage: flags.bool('quiet') ? '' : reattachMessage(pod, name) });
  }
};

/** A container's status, wherever the pod lists it. upstream: debug.go getContainerStatusByName */
export function containerStatusByName(pod: any, container: string): any {
  const st = pod.status ?? {};
  return [...(st.initContainerStatuses ?? []), ...(st.containerStatuses ?? []), ...(st.ephemeralContainerStatuses ?? [])].find((c: any) => c.name === container);
}

/**
 * What kubectl attach prints when an interactive session ends: nothing unless the pod restarts its
 * containers; an ephemeral container will not be restarted. upstream: attach.go reattachMessage (v1.32)
 */
export function reattachMessage(pod: any, container: string): string {
  if (pod.spec?.restartPolicy !== 'Always') return '';
  const name = pod.metadata.name;
  if ((pod.spec?.ephemeralContainers ?? []).some((c: any) => c.name === container)) {
    return `Session ended, the ephemeral container will not be restarted but may be reattached using 'kubectl attach ${name} -c ${container} -i -t' if it is still running`;
  }
  return `Session ended, resume using 'kubectl attach ${name} -c ${container} -i -t' command when the pod is running`;
}

/**
 * `kubectl run NAME --image=IMAGE`: creates one pod, built exactly as kubectl's generator builds
 * it (label run=NAME, dnsPolicy ClusterFirst, `resources: {}`).
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/run/run.go,
 * staging/src/k8s.io/kubectl/pkg/generate/versioned/run.go (BasicPod.Generate),
 * staging/src/k8s.io/kubectl/pkg/generate/generate.go (ParseLabels).
 */
import type { KObject } from '../apiserver/store';
import { resourceByName } from '../api/resources';
import { DRY_RUN_FLAG, FIELD_MANAGER_FLAG, FILENAME_FLAGS, OUTPUT_FLAGS, dryRunStrategy, fail, usageError, type CommandSpec } from './command';
import { createGenerated } from './create';
import { connect, containerLog } from './logs';
import { CodeExitError } from './exec';
import { KubectlError } from './command';
import type { TerminalSegment } from './context';

/** upstream: generate.go ParseLabels */
function parseLabels(spec: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const pair of spec.split(',')) {
    const kv = pair.split('=');
    if (kv.length !== 2) fail(`unexpected label spec: ${pair}`);
    if (kv[0].length === 0) fail('unexpected empty label key');
    labels[kv[0]] = kv[1];
  }
  return labels;
}

/** upstream: generate/versioned/run.go parseEnvs */
export function parseEnvs(envs: string[]): { name: string; value: string }[] {
  return envs.map((env) => {
    const i = env.indexOf('=');
    if (i <= 0) fail(`invalid env: ${env}`);
    return { name: env.slice(0, i), value: env.slice(i + 1) };
  });
}

export const runCommand: CommandSpec = {
  name: 'run',
  long: 'Create and run a particular image in a pod.',
  short: 'Run a particular image on the cluster',
  use: 'run NAME --image=image [--env="key=value"] [--port=port] [--dry-run=server|client] [--overrides=inline-json] [--command] -- [COMMAND] [args...]',
  flags: [
    ...OUTPUT_FLAGS,
    ...FILENAME_FLAGS,
    DRY_RUN_FLAG,
    FIELD_MANAGER_FLAG('kubectl-run'),
    { name: 'annotations', type: 'stringArray' },
    { name: 'attach', type: 'bool' },
    { name: 'cascade', type: 'string', def: 'background', noOpt: 'background' },
    { name: 'command', type: 'bool' },
    { name: 'env', type: 'stringArray' },
    { name: 'expose', type: 'bool' },
    { name: 'force', type: 'bool' },
    { name: 'grace-period', type: 'int', def: -1 },
    { name: 'image', type: 'string' },
    { name: 'image-pull-policy', type: 'string' },
    { name: 'labels', short: 'l', type: 'string' },
    { name: 'leave-stdin-open', type: 'bool' },
    { name: 'override-type', type: 'string', def: 'merge' },
    { name: 'overrides', type: 'string' },
    { name: 'pod-running-timeout', type: 'duration', def: 60_000 },
    { name: 'port', type: 'string' },
    { name: 'privileged', type: 'bool' },
    { name: 'quiet', short: 'q', type: 'bool' },
    { name: 'restart', type: 'string', def: 'Always' },
    { name: 'rm', type: 'bool' },
    { name: 'save-config', type: 'bool' },
    { name: 'stdin', short: 'i', type: 'bool' },
    { name: 'timeout', type: 'duration' },
    { name: 'tty', short: 't', type: 'bool' },
    { name: 'wait', type: 'bool' }
  ],
  async run(inv) {
    const { flags } = inv;
    if (!flags.changed('image')) fail('required flag(s) "image" not set');
    if (inv.args.length === 0) usageError(inv.path, 'NAME is required for run');
    const name = inv.args[0];
    const image = flags.str('image');
    if (image === '') usageError(inv.path, '--image is required');
    const restart = flags.str('restart');
    if (!['Always', 'OnFailure', 'Never'].includes(restart)) usageError(inv.path, `invalid restart policy: ${restart}`);
    const pullPolicy = flags.str('image-pull-policy');
    if (pullPolicy && !['Always', 'IfNotPresent', 'Never'].includes(pullPolicy)) usageError(inv.path, `invalid image pull policy: ${pullPolicy}`);
    const strategy = dryRunStrategy(flags);
    const attach = flags.bool('attach') || flags.bool('stdin') || flags.bool('tty');
    if (strategy !== 'none' && attach) usageError(inv.path, "--dry-run=[server|client] can't be used with attached containers options (--attach, --stdin, or --tty)");
    // upstream: run.go Validate / RunRun.
    if (flags.bool('rm') && !attach) usageError(inv.path, '--rm should only be used for attached containers');
    if (flags.bool('tty') && !flags.bool('stdin')) usageError(inv.path, '-i/--stdin is required for containers with -t/--tty=true');
    // `kubectl run -it NAME --image=busybox [-- sh]`: a shell on a TTY, which the console attaches to.
    const shell = flags.bool('stdin') && flags.bool('tty') ? interactiveShellOf(image, inv.args.slice(1)) : undefined;
    if (attach && inv.args.length === 1 && !shell) {
      fail(`an interactive session is supported for a shell (e.g. kubectl run ${name} -it --rm --image=busybox -- sh); give another command after --, e.g. kubectl run ${name} --rm -i --image=${image} --restart=Never -- wget -qO- http://web`);
    }
    if (flags.bool('expose')) fail('--expose is not supported by this simulator');
    if (flags.str('overrides')) fail('--overrides is not supported by this simulator');

    const labels = flags.str('labels') ? parseLabels(flags.str('labels')) : { run: name };
    const annotations: Record<string, string> = {};
    for (const a of flags.list('annotations')) {
      const i = a.indexOf('=');
      if (i <= 0) fail(`invalid annotation spec: ${a}`);
      annotations[a.slice(0, i)] = a.slice(i + 1);
    }
    const port = flags.str('port');
    let containerPort: number | undefined;
    if (port) {
      if (!/^[+-]?\d+$/.test(port)) fail(`strconv.Atoi: parsing "${port}": invalid syntax`);
      containerPort = Number(port);
    }
    const envs = parseEnvs(flags.list('env'));
    const rest = inv.args.slice(1);
    const container: KObject = {
      ...(rest.length > 0 ? (flags.bool('command') ? { command: rest } : { args: rest }) : {}),
      ...(envs.length > 0 ? { env: envs } : {}),
      image,
      ...(pullPolicy ? { imagePullPolicy: pullPolicy } : {}),
      name,
      ...(containerPort !== undefined && containerPort > -1 ? { ports: [{ containerPort }] } : {}),
      resources: {},
      ...(flags.bool('privileged') ? { securityContext: { privileged: true } } : {}),
      // upstream: run.go generator: Stdin, StdinOnce (unless --leave-stdin-open) and TTY for an attached run
      ...(flags.bool('stdin') ? { stdin: true, ...(flags.bool('leave-stdin-open') ? {} : { stdinOnce: true }) } : {}),
      ...(flags.bool('tty') ? { tty: true } : {})
    };
    const pod: KObject = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        ...(Object.keys(annotations).length > 0 ? { annotations } : {}),
        creationTimestamp: null,
        labels,
        name,
        ...(inv.explicitNamespace ? { namespace: inv.namespace } : {})
      },
      spec: { containers: [container], dnsPolicy: 'ClusterFirst', restartPolicy: restart },
      status: {}
    };
    if (!attach) return createGenerated(inv, resourceByName('pods'), pod);
    if (shell) return runInteractive(inv, pod, shell, flags.bool('rm'), flags.int('pod-running-timeout'));
    await runAttached(inv, pod, restart, flags.bool('rm'), flags.int('pod-running-timeout'));
  }
};

/** Images whose default command is a shell (their CMD): `kubectl run -it NAME --image=busybox` attaches to it. */
const SHELL_IMAGES: Record<string, string> = { busybox: 'sh', alpine: 'sh', ubuntu: 'bash', debian: 'bash' };
const SHELLS = new Set(['sh', 'ash', 'bash']);

/** The shell a `run -it` attaches to: `-- sh` (or bash, ash, /bin/sh), or a shell image's own CMD. */
export function interactiveShellOf(image: string, command: readonly string[]): string | undefined {
  if (command.length === 1 && SHELLS.has(command[0].split('/').pop() ?? '')) return command[0];
  if (command.length > 0) return undefined;
  const repo = image.split('@')[0].split(':')[0].split('/').pop() ?? '';
  return SHELL_IMAGES[repo];
}

/**
 * What `kubectl run -it` hands to the console once the pod runs: the console attaches the
 * typed lines to the shell until `exit` (Console, exec-shell.ts).
 */
export class InteractiveRun extends Error {
  constructor(
    readonly session: {
      namespace: string;
      pod: string;
      container: string;
      shell: string;
      remove: boolean;
      /** What kubectl printed before it attached. */
      printed?: TerminalSegment[];
      /** The line kubectl prints when the session ends ('' for none); absent: `kubectl run`'s. */
      endMessage?: string;
    }
  ) {
    super(`kubectl run: attach to ${session.namespace}/${session.pod}`);
  }
}

/**
 * `kubectl run -it [--rm] NAME --image=I [-- sh]`: the pod is created with stdin and a TTY, kubectl
 * waits for it to run (--pod-running-timeout), then attaches: the console's lines go to the shell.
 * upstream: run.go RunRun (attach branch), attach.go (the TTY session).
 */
async function runInteractive(inv: Parameters<NonNullable<CommandSpec['run']>>[0], pod: KObject, shell: string, remove: boolean, runningTimeoutMs: number): Promise<void> {
  const { ctx } = inv;
  const namespace = inv.namespace;
  const name = pod.metadata.name as string;
  const created = await ctx.request({ verb: 'create', resource: 'pods', namespace, body: pod });
  if (!created.ok) throw new KubectlError(`Error from server (${created.status.reason}): ${created.status.message}`);
  let phase = '';
  const running = async () => {
    const r = await ctx.request({ verb: 'get', resource: 'pods', namespace, name });
    phase = r.ok ? (r.object.status?.phase ?? '') : '';
    return phase !== 'Pending' && phase !== '';
  };
  if (!(await ctx.waitFor(running, runningTimeoutMs))) {
    if (remove) await ctx.request({ verb: 'delete', resource: 'pods', namespace, name });
    fail('timed out waiting for the condition');
  }
  if (phase !== 'Running') fail(`pod ${namespace}/${name} left in phase ${phase}`);
  await connect(inv, 'create', 'pods', namespace, name, 'attach');
  throw new InteractiveRun({ namespace, pod: name, container: pod.spec.containers[0].name, shell, remove });
}

/** How long an attached session may last in virtual time (upstream: until the container ends). */
const ATTACH_LIMIT_MS = 60 * 60_000;

/**
 * `kubectl run NAME -i [--rm] --image=I --restart=Never -- CMD`: the pod is created (nothing
 * printed for it), kubectl waits up to --pod-running-timeout for it to start, then streams its
 * output until the container ends (a command that ends before the attach is read from its log,
 * as kubectl falls back to logs), deletes it with --rm (`pod "NAME" deleted`), and with
 * restartPolicy Never/OnFailure exits with the container's code.
 * upstream: run.go RunRun (attach branch, removeCreatedObjects, the exit-code switch),
 * waitForPod (PodRunningOrCompleted), attach.go handleAttachPod (logs for a finished pod).
 */
async function runAttached(inv: Parameters<NonNullable<CommandSpec['run']>>[0], pod: KObject, restart: string, remove: boolean, runningTimeoutMs: number): Promise<void> {
  const { ctx, out } = inv;
  const namespace = inv.namespace;
  const name = pod.metadata.name as string;
  const created = await ctx.request({ verb: 'create', resource: 'pods', namespace, body: pod });
  if (!created.ok) throw new KubectlError(`Error from server (${created.status.reason}): ${created.status.message}`);
  let current: KObject = created.object;
  const get = async () => {
    const r = await ctx.request({ verb: 'get', resource: 'pods', namespace, name });
    if (r.ok) current = r.object;
    return r.ok;
  };
  const status = () => current.status?.containerStatuses?.[0];
  const started = () => current.status?.phase === 'Running' || current.status?.phase === 'Succeeded' || current.status?.phase === 'Failed';
  // The container ran to its end once: Succeeded/Failed, or (restart Always) a restart; with
  // OnFailure kubectl waits for success (podSucceeded).
  const ended = () =>
    restart === 'OnFailure' ? current.status?.phase === 'Succeeded' : current.status?.phase === 'Succeeded' || current.status?.phase === 'Failed' || !!status()?.state?.terminated || (status()?.restartCount ?? 0) > 0;
  // --rm is deferred in run.go: the pod goes however the session ends, before kubectl prints an error.
  try {
    if (!(await ctx.waitFor(async () => (await get()) && started(), runningTimeoutMs))) fail('timed out waiting for the condition');
    await ctx.waitFor(async () => (await get()) && ended(), ATTACH_LIMIT_MS);
    // After a restart the first run's output is the previous container's log.
    const previous = !status()?.state?.terminated && (status()?.restartCount ?? 0) > 0;
    out.out(await containerLog(inv, current, pod.spec.containers[0].name, previous ? 'previous=true' : ''));
  } finally {
    if (remove) {
      const del = await ctx.request({ verb: 'delete', resource: 'pods', namespace, name });
      if (del.ok) {
        await ctx.waitFor(async () => !(await ctx.request({ verb: 'get', resource: 'pods', namespace, name })).ok, 60_000);
        out.out(`pod "${name}" deleted\n`);
      }
    }
  }
  if (restart === 'Always') return;
  if (current.status?.phase === 'Succeeded') return;
  if (current.status?.phase === 'Failed') {
    const t = status()?.state?.terminated;
    if (!t || !t.exitCode) fail(`pod ${namespace}/${name} failed with unknown exit code`);
    // "pod %s/%s terminated (%s)\n%s": the message (often empty) on the next line.
    const message = String(t.message ?? '').replace(/\n$/, '');
    throw new CodeExitError(t.exitCode, `pod ${namespace}/${name} terminated (${t.reason ?? ''})${message ? `\n${message}` : ''}`);
  }
  fail(`pod ${namespace}/${name} left in phase ${current.status?.phase ?? 'Pending'}`);
}

/**
 * `kubectl debug`: an ephemeral container added to a running pod (PATCH pods/ephemeralcontainers,
 * which the kubelet starts in the pod's sandbox), or a pod on a node in the host's namespaces with
 * the node's filesystem at /host (`kubectl debug node/NAME`). With -i (and -t on a shell image) the
 * console attaches to the new container's shell, as kubectl attaches; a container that already
 * ended is read from its log.
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/debug/debug.go (Validate, Run, visitNode,
 * debugByEphemeralContainer, generateDebugContainer, generateNodeDebugPod, computeDebugContainerName,
 * waitForContainer, handleAttachPod), staging/src/k8s.io/kubectl/pkg/cmd/debug/profiles.go
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { KubectlError, fail, failStatus, type CommandSpec, type Invocation } from './command';
import { nameSuffix } from './create';
import { connect, containerLog, findContainerByName } from './logs';
import { interactiveShellOf, InteractiveRun, parseEnvs } from './run';
import { parseResourceArgs } from './builder';
import { apiVersionOf } from '../api/resources';
import { containerStatusByName, reattachMessage } from './attach';

const PROFILES = ['legacy', 'general', 'baseline', 'netadmin', 'restricted', 'sysadmin'] as const;
type Profile = (typeof PROFILES)[number];

/** docker/distribution's ReferenceRegexp (domain, path components, tag, digest), as kubectl checks --image. */
const IMAGE_REFERENCE = /^(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)*(?::[0-9]+)?\/)?[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*(?::[\w][\w.-]{0,127})?(?:@[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,})?$/;

/** How long kubectl waits for the debug container to run before attaching (upstream waits without limit). */
const ATTACH_WAIT_MS = 5 * 60_000;

export const debugCommand: CommandSpec = {
  name: 'debug',
  long: 'Debug cluster resources using interactive debugging containers.',
  short: 'Create debugging sessions for troubleshooting workloads and nodes',
  use: 'debug (POD | TYPE[[.VERSION].GROUP]/NAME) [ -- COMMAND [args...] ]',
  flags: [
    { name: 'arguments-only', type: 'bool' },
    { name: 'attach', type: 'bool' },
    { name: 'container', short: 'c', type: 'string' },
    { name: 'copy-to', type: 'string' },
    { name: 'custom', type: 'string' },
    { name: 'env', type: 'stringArray' },
    { name: 'filename', short: 'f', type: 'stringArray' },
    { name: 'image', type: 'string' },
    { name: 'image-pull-policy', type: 'string' },
    { name: 'keep-annotations', type: 'bool' },
    { name: 'keep-init-containers', type: 'bool', def: true },
    { name: 'keep-labels', type: 'bool' },
    { name: 'keep-liveness', type: 'bool' },
    { name: 'keep-readiness', type: 'bool' },
    { name: 'keep-startup', type: 'bool' },
    { name: 'profile', type: 'string', def: 'legacy' },
    { name: 'quiet', short: 'q', type: 'bool' },
    { name: 'replace', type: 'bool' },
    { name: 'same-node', type: 'bool' },
    { name: 'set-image', type: 'stringArray' },
    { name: 'share-processes', type: 'bool', def: true },
    { name: 'stdin', short: 'i', type: 'bool' },
    { name: 'target', type: 'string' },
    { name: 'tty', short: 't', type: 'bool' }
  ],
  async run(inv) {
    const { flags, out } = inv;
    const dashAt = flags.parsed.dashAt;
    const targets = dashAt >= 0 ? inv.args.slice(0, dashAt) : inv.args;
    const args = dashAt >= 0 ? inv.args.slice(dashAt) : [];
    const quiet = flags.bool('quiet');
    const interactive = flags.bool('stdin');
    const tty = flags.bool('tty');
    // upstream: debug.go Complete: --attach defaults to -i.
    const attach = flags.changed('attach') ? flags.bool('attach') : interactive;
    const profile = flags.str('profile') as Profile;
    // upstream: debug.go Complete (the profile), then Validate, in its order.
    if (!PROFILES.includes(profile)) fail(`unknown profile: ${profile}`);
    if (flags.str('copy-to')) fail('--copy-to is not supported by this simulator: debug with an ephemeral container (kubectl debug POD -it --image=busybox)');
    if (flags.bool('replace')) fail('--replace may only be used with --copy-to.');
    if (flags.bool('same-node')) fail('--same-node may only be used with --copy-to.');
    if (flags.list('set-image').length > 0) fail('--set-image may only be used with --copy-to.');
    const image = flags.str('image');
    if (image === '') fail('you must specify --image when not using --copy-to.');
    if (!IMAGE_REFERENCE.test(image)) fail(`invalid image name ${JSON.stringify(image)}: invalid reference format`);
    if (targets.length === 0 && flags.list('filename').length === 0) fail('NAME or filename is required for debug');
    if (flags.list('filename').length > 0) fail('debug -f is not supported by this simulator: name the pod');
    const pullPolicy = flags.str('image-pull-policy');
    if (!['Always', 'IfNotPresent', 'Never', ''].includes(pullPolicy)) fail(`invalid image pull policy: ${pullPolicy}`);
    const target = flags.str('target');
    if (target && !quiet) out.out(`Targeting container ${JSON.stringify(target)}. If you don't see processes from this container it may be because the container runtime doesn't support this feature.\n`);
    if (tty && !interactive) fail('-i/--stdin is required for containers with -t/--tty=true');
    if (flags.str('custom')) fail('--custom is not supported by this simulator');
    if (profile === 'legacy') out.warning('--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".\n');
    const env = parseEnvs(flags.list('env'));
    const spec: DebugSpec = { image, pullPolicy, env, args, argsOnly: flags.bool('arguments-only'), interactive, tty, profile, quiet, container: flags.str('container'), target };

    for (const arg of targets) {
      // upstream: ResourceNames("pods", ...): a bare NAME is a pod; TYPE/NAME resolves as for any command (the slash form always has a name).
      const [{ resource, name }] = parseResourceArgs([arg.includes('/') ? arg : `pods/${arg}`]);
      let session: { namespace: string; pod: string; container: string };
      if (resource.name === 'nodes') session = await debugNode(inv, name!, spec);
      else if (resource.name === 'pods') session = await debugPod(inv, name!, spec);
      else fail(`"${apiVersionOf(resource)}, Kind=${resource.kind}" not supported by debug`);
      if (attach) await attachTo(inv, session, spec);
    }
  }
};

interface DebugSpec {
  image: string;
  pullPolicy: string;
  env: { name: string; value: string }[];
  args: string[];
  argsOnly: boolean;
  interactive: boolean;
  tty: boolean;
  profile: Profile;
  quiet: boolean;
  container: string;
  target: string;
}

/** The debug container's common fields. upstream: generateDebugContainer / generateNodeDebugPod */
function containerOf(name: string, s: DebugSpec): any {
  return {
    name,
    ...(s.env.length > 0 ? { env: s.env } : {}),
    image: s.image,
    ...(s.pullPolicy ? { imagePullPolicy: s.pullPolicy } : {}),
    ...(s.args.length > 0 ? (s.argsOnly ? { args: s.args } : { command: s.args }) : {}),
    ...(s.interactive ? { stdin: true } : {}),
    terminationMessagePolicy: 'File',
    ...(s.tty ? { tty: true } : {})
  };
}

/** upstream: profiles.go addCapability */
function addCapability(sc: any, cap: string): any {
  const out = { ...(sc ?? {}) };
  out.capabilities = { ...(out.capabilities ?? {}), add: [...(out.capabilities?.add ?? []), cap] };
  return out;
}

/** upstream: profiles.go, for an ephemeral container (the target pod itself is left alone). */
function applyEphemeralProfile(c: any, profile: Profile): void {
  switch (profile) {
    case 'general':
      c.securityContext = addCapability(c.securityContext, 'SYS_PTRACE');
      break;
    case 'baseline':
      delete c.securityContext;
      break;
    case 'restricted':
      c.securityContext = { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] }, runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } };
      break;
    case 'netadmin':
      c.securityContext = addCapability(addCapability(c.securityContext, 'NET_ADMIN'), 'NET_RAW');
      break;
    case 'sysadmin':
      c.securityContext = { ...(c.securityContext ?? {}), privileged: true };
      break;
  }
}

/** upstream: profiles.go, for a node's debugging pod: host namespaces and / at /host unless the profile isolates it. */
function applyNodeProfile(pod: any, profile: Profile): void {
  const c = pod.spec.containers[0];
  const hostNamespaces = (on: boolean) => {
    if (on) Object.assign(pod.spec, { hostIPC: true, hostNetwork: true, hostPID: true });
  };
  const mountRoot = () => {
    pod.spec.volumes = [{ name: 'host-root', hostPath: { path: '/' } }];
    c.volumeMounts = [{ mountPath: '/host', name: 'host-root' }];
  };
  switch (profile) {
    case 'legacy':
    case 'general':
      mountRoot();
      hostNamespaces(true);
      break;
    case 'baseline':
      break;
    case 'restricted':
      c.securityContext = { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] }, runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } };
      break;
    case 'netadmin':
      hostNamespaces(true);
      c.securityContext = { capabilities: { add: ['NET_ADMIN', 'NET_RAW'] } };
      break;
    case 'sysadmin':
      mountRoot();
      hostNamespaces(true);
      c.securityContext = { privileged: true };
      break;
  }
}

/** The name kubectl gives the debug container: -c, else debugger-xxxxx free in the pod. upstream: computeDebugContainerName */
function debugContainerName(inv: Invocation, pod: any, s: DebugSpec): string {
  if (s.container) return s.container;
  let name = '';
  // utilrand.String(5) in kubectl; a suffix drawn from the pod and the virtual time keeps runs replayable.
  for (let i = 0; name === '' || findContainerByName(pod, name); i++) name = `debugger-${nameSuffix(`${pod.metadata.uid}/${inv.ctx.now()}/${i}`)}`;
  if (!s.quiet) inv.out.out(`Defaulting debug container name to ${name}.\n`);
  return name;
}

async function debugPod(inv: Invocation, name: string, s: DebugSpec): Promise<{ namespace: string; pod: string; container: string }> {
  const got = await inv.ctx.request({ verb: 'get', resource: 'pods', namespace: inv.namespace, name });
  if (!got.ok) return failStatus(got.status);
  const pod = got.object;
  const container = containerOf(debugContainerName(inv, pod, s), s);
  if (s.target) container.targetContainerName = s.target;
  applyEphemeralProfile(container, s.profile);
  // upstream: a patch from the pod to the pod with the new ephemeral container appended (a name
  // already taken stays a second entry: the server refuses it as a duplicate).
  const list = [...(pod.spec.ephemeralContainers ?? []), container];
  const r = await inv.ctx.request({ verb: 'patch', resource: 'pods', subresource: 'ephemeralcontainers', namespace: pod.metadata.namespace, name, patchType: 'merge', body: { spec: { ephemeralContainers: list } } });
  if (!r.ok) return failStatus(r.status);
  return { namespace: pod.metadata.namespace, pod: name, container: container.name };
}

async function debugNode(inv: Invocation, nodeName: string, s: DebugSpec): Promise<{ namespace: string; pod: string; container: string }> {
  const got = await inv.ctx.request({ verb: 'get', resource: 'nodes', name: nodeName });
  if (!got.ok) return failStatus(got.status);
  const containerName = s.container || 'debugger';
  const podName = `node-debugger-${nodeName}-${nameSuffix(`${nodeName}/${inv.ctx.now()}`)}`;
  if (!s.quiet) inv.out.out(`Creating debugging pod ${podName} with container ${containerName} on node ${nodeName}.\n`);
  const pod: any = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: podName, labels: { 'app.kubernetes.io/managed-by': 'kubectl-debug' } },
    spec: { containers: [containerOf(containerName, s)], nodeName, restartPolicy: 'Never', tolerations: [{ operator: 'Exists' }] }
  };
  applyNodeProfile(pod, s.profile);
  const r = await inv.ctx.request({ verb: 'create', resource: 'pods', namespace: inv.namespace, body: pod });
  if (!r.ok) return failStatus(r.status);
  return { namespace: r.object.metadata.namespace, pod: podName, container: containerName };
}

/**
 * upstream: debug.go handleAttachPod: wait until the container runs or has ended (a waiting
 * message is printed as a warning, once each), then attach; an ended container's log is printed.
 */
async function attachTo(inv: Invocation, session: { namespace: string; pod: string; container: string }, s: DebugSpec): Promise<void> {
  const { ctx, out } = inv;
  let pod: any;
  const warned = new Set<string>();
  const ready = async () => {
    const r = await ctx.request({ verb: 'get', resource: 'pods', namespace: session.namespace, name: session.pod });
    if (!r.ok) fail(`pods "${session.pod}" not found`);
    pod = r.object;
    const st = containerStatusByName(pod, session.container);
    if (!st) return false;
    if (st.state?.running || st.state?.terminated) return true;
    const message = st.state?.waiting?.message;
    if (message && !s.quiet && !warned.has(message)) {
      warned.add(message);
      out.warning(`Warning: container ${session.container}: ${message}\n`);
    }
    return false;
  };
  if (!(await ready()) && !(await ctx.waitFor(ready, ATTACH_WAIT_MS))) fail('timed out waiting for the condition');
  const st = containerStatusByName(pod, session.container);
  if (st.state?.terminated) {
    out.out(await containerLog(inv, pod, session.container, ''));
    return;
  }
  const spec = findContainerByName(pod, session.container);
  const shell = s.tty ? interactiveShellOf(spec?.image ?? s.image, [...(spec?.command ?? []), ...(spec?.args ?? [])]) : undefined;
  if (!shell) {
    throw new KubectlError(`an interactive session is supported for a shell (e.g. kubectl debug ${session.pod} -it --image=busybox); the container ${session.container} is running: read it with kubectl logs ${session.pod} -c ${session.container}`);
  }
  await connect(inv, 'create', 'pods', session.namespace, session.pod, 'attach');
  throw new InteractiveRun({ ...session, shell, remove: false, printed: inv.out.printed(), endMessage: reattachMessage(pod, session.container) });
}

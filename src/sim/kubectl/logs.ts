/**
 * `kubectl logs`: a pod's container logs, read by the kubelet from the node and relayed by the API
 * server (pods/log). POD, TYPE/NAME (the first pod of a deployment, replica set, job... as
 * GetFirstPod sorts them, with `Found N pods, using pod/x`), or `-l` (every matching pod, tail 10
 * by default); the container from -c, the kubectl.kubernetes.io/default-container annotation, or
 * the first one (`Defaulted container "a" out of: a, b (init)`); --all-containers, -p, --tail,
 * --timestamps, --since, --since-time, --limit-bytes, --prefix; -f follows the containers while
 * virtual time runs, until they stop running (or for --request-timeout, else at most 5 minutes).
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/logs/logs.go (Complete, Validate, ToLogOptions,
 * RunLogs), pkg/polymorphichelpers/logsforobject.go, helpers.go (GetFirstPod, SelectorsForObject),
 * pkg/cmd/util/podcmd/podcmd.go, pkg/util/podutils/podutils.go (ByLogging).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { KObject } from '../apiserver/store';
import type { ConnectSubresource } from '../apiserver/apiserver';
import { fail, KubectlError, usageError, failStatus, type CommandSpec, type Invocation } from './command';
import { parseResourceArgs } from './builder';
import { labelSelectorString } from './printers/util';
import { logQuery, podLogs, type Dial } from '../kubelet/server/proxy';
import { goSort } from './printers/gosort';
import { follow } from './logs-follow';

/** upstream: podcmd.DefaultContainerAnnotationName */
export const DEFAULT_CONTAINER_ANNOTATION = 'kubectl.kubernetes.io/default-container';

/** upstream: podcmd.AllContainerNames: containers, ephemeral `(ephem)`, init `(init)`. */
export function allContainerNames(pod: any): string {
  const spec = pod.spec ?? {};
  return [
    ...(spec.containers ?? []).map((c: any) => c.name),
    ...(spec.ephemeralContainers ?? []).map((c: any) => `${c.name} (ephem)`),
    ...(spec.initContainers ?? []).map((c: any) => `${c.name} (init)`)
  ].join(', ');
}

export function findContainerByName(pod: any, name: string): any | undefined {
  const spec = pod.spec ?? {};
  return [...(spec.containers ?? []), ...(spec.initContainers ?? []), ...(spec.ephemeralContainers ?? [])].find((c: any) => c.name === name);
}

function hasSeveralContainers(pod: any): boolean {
  const spec = pod.spec ?? {};
  return (spec.containers ?? []).length > 1 || (spec.initContainers ?? []).length > 0 || (spec.ephemeralContainers ?? []).length > 0;
}

/**
 * The default container when none is named: the annotation's if it names one, else the first
 * (with the `Defaulted container` notice on stderr unless quiet). upstream: podcmd.FindOrDefaultContainerByName
 */
export function defaultContainer(pod: any, warn: (s: string) => void, quiet = false): string {
  const annotated = pod.metadata?.annotations?.[DEFAULT_CONTAINER_ANNOTATION];
  if (annotated && findContainerByName(pod, annotated)) return annotated;
  const first = pod.spec.containers[0].name;
  if (!quiet && hasSeveralContainers(pod)) warn(`Defaulted container ${JSON.stringify(first)} out of: ${allContainerNames(pod)}\n`);
  return first;
}

function isReady(pod: any): boolean {
  return (pod.status?.conditions ?? []).some((c: any) => c.type === 'Ready' && c.status === 'True');
}

function readyTime(pod: any): string {
  return (pod.status?.conditions ?? []).find((c: any) => c.type === 'Ready' && c.status === 'True')?.lastTransitionTime ?? '';
}

function maxRestarts(pod: any): number {
  return Math.max(0, ...(pod.status?.containerStatuses ?? []).map((s: any) => s.restartCount ?? 0));
}

/** upstream: podutils.ByLogging: the pod most worth reading first. */
export function byLogging(a: any, b: any): boolean {
  const na = a.spec?.nodeName ?? '';
  const nb = b.spec?.nodeName ?? '';
  if (na !== nb && (na === '' || nb === '')) return na !== '';
  const rank: Record<string, number> = { Running: 0, Unknown: 1, Pending: 2 };
  const ra = rank[a.status?.phase] ?? 0;
  const rb = rank[b.status?.phase] ?? 0;
  if (ra !== rb) return ra < rb;
  if (isReady(a) !== isReady(b)) return isReady(a);
  if (isReady(a) && isReady(b) && readyTime(a) !== readyTime(b)) return afterOrZero(readyTime(b), readyTime(a));
  if (maxRestarts(a) !== maxRestarts(b)) return maxRestarts(a) > maxRestarts(b);
  const ca = a.metadata?.creationTimestamp ?? '';
  const cb = b.metadata?.creationTimestamp ?? '';
  if (ca !== cb) return afterOrZero(cb, ca);
  return false;
}

/** t1 after t2, an empty time being after everything. */
function afterOrZero(t1: string, t2: string): boolean {
  if (t1 === '' || t2 === '') return t1 === '';
  return t1 > t2;
}

/** upstream: polymorphichelpers.SelectorsForObject: the label selector of a workload's pods. */
export function selectorForObject(obj: KObject): string {
  switch (obj.kind) {
    case 'ReplicaSet':
    case 'Deployment':
    case 'DaemonSet':
    case 'StatefulSet':
    case 'Job': {
      const s = labelSelectorString(obj.spec?.selector);
      if (s === undefined) fail(`cannot get the logs from ${goTypeName(obj)}: invalid label selector`);
      return s!;
    }
    case 'ReplicationController':
    case 'Service': {
      const sel: Record<string, string> = obj.spec?.selector ?? {};
      if (obj.kind === 'Service' && Object.keys(sel).length === 0) fail(`cannot get the logs from ${goTypeName(obj)}: invalid service '${obj.metadata.name}': Service is defined without a selector`);
      return Object.keys(sel)
        .sort()
        .map((k) => `${k}=${sel[k]}`)
        .join(',');
    }
    default:
      return fail(`cannot get the logs from ${goTypeName(obj)}: selector for ${goTypeName(obj)} not implemented`);
  }
}

/** Go's %T of the typed object: `*v1.ConfigMap`. */
export function goTypeName(obj: KObject): string {
  const version = String(obj.apiVersion ?? 'v1').split('/').pop();
  return `*${version}.${obj.kind}`;
}

/**
 * The pod a `POD` or `TYPE/NAME` argument stands for: the pod itself, or the first of the
 * workload's pods by ByLogging, waiting up to `timeoutMs` for one to exist.
 * upstream: polymorphichelpers GetFirstPod (logs: `Found N pods, using pod/x`; exec: silent).
 */
export async function podForArg(inv: Invocation, arg: string, timeoutMs: number, announce: boolean): Promise<any> {
  const [ref] = parseResourceArgs([arg.includes('/') ? arg : `pods/${arg}`]);
  const res = await inv.ctx.request({ verb: 'get', resource: ref.resource.name, namespace: inv.namespace, name: ref.name });
  if (!res.ok) return failStatus(res.status);
  const obj = res.object;
  if (obj.kind === 'Pod') return obj;
  const selector = selectorForObject(obj);
  let pods: any[] = [];
  const list = async () => {
    const r = await inv.ctx.request({ verb: 'list', resource: 'pods', namespace: inv.namespace, labelSelector: selector });
    pods = r.ok ? r.object.items : [];
    return pods.length > 0;
  };
  if (!(await list()) && !(await inv.ctx.waitFor(list, timeoutMs))) fail('timed out waiting for the condition');
  const sorted = goSort(pods, byLogging);
  if (announce && sorted.length > 1) inv.out.err(`Found ${sorted.length} pods, using pod/${sorted[0].metadata.name}\n`);
  return sorted[0];
}

/**
 * The API server's side of a proxied request (pods/log, pods/exec, nodes/proxy): it authenticates
 * and authorizes it before reaching the kubelet (a 403 is kubectl's error).
 */
export async function connect(inv: Invocation, verb: 'get' | 'create', resource: string, namespace: string | undefined, name: string, subresource: ConnectSubresource): Promise<void> {
  const r = await inv.ctx.request({ verb, resource, ...(namespace ? { namespace } : {}), name, subresource });
  if (!r.ok) failStatus(r.status);
}

/** The API server's connection to the kubelets, as the proxy helpers take it. */
export function dialOf(inv: Invocation): Dial {
  const dial = inv.ctx.kubelet;
  if (!dial) return fail('this console cannot reach the kubelets');
  return (node, req) => dial(node, req);
}

/** One pod's container log through the API server, or the error kubectl prints. */
export async function containerLog(inv: Invocation, pod: any, container: string, query: string): Promise<string> {
  // upstream: LogLocation: a pod not yet on a node has no logs (an empty answer).
  if (!pod.spec?.nodeName) return '';
  await connect(inv, 'get', 'pods', pod.metadata.namespace, pod.metadata.name, 'log');
  const r = await podLogs(dialOf(inv), { namespace: pod.metadata.namespace, name: pod.metadata.name, node: pod.spec.nodeName, hostIP: pod.status?.hostIP ?? '' }, container, query);
  if (!r.ok) throw new KubectlError(r.error);
  return r.value;
}

/** upstream: logs.go prefixingWriter: every line read (an empty one too) gets the prefix. */
export function withPrefix(text: string, prefix: string): string {
  if (!prefix || text === '') return text;
  const lines = text.split('\n');
  const last = lines.pop()!;
  return lines.map((l) => `${prefix}${l}\n`).join('') + (last === '' ? '' : prefix + last);
}

const LOGS_USAGE = "expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command";

export const logsCommand: CommandSpec = {
  name: 'logs',
  long: 'Print the logs for a container in a pod or specified resource. If the pod has only one container, the container name is optional.',
  short: 'Print the logs for a container in a pod',
  use: 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]',
  flags: [
    { name: 'all-containers', type: 'bool' },
    { name: 'all-pods', type: 'bool' },
    { name: 'container', short: 'c', type: 'string' },
    { name: 'follow', short: 'f', type: 'bool' },
    { name: 'ignore-errors', type: 'bool' },
    { name: 'insecure-skip-tls-verify-backend', type: 'bool' },
    { name: 'limit-bytes', type: 'int' },
    { name: 'max-log-requests', type: 'int', def: 5 },
    { name: 'pod-running-timeout', type: 'duration', def: 20_000 },
    { name: 'prefix', type: 'bool' },
    { name: 'previous', short: 'p', type: 'bool' },
    { name: 'selector', short: 'l', type: 'string' },
    { name: 'since', type: 'duration' },
    { name: 'since-time', type: 'string' },
    { name: 'tail', type: 'int', def: -1 },
    { name: 'timestamps', type: 'bool' }
  ],
  async run(inv) {
    const { flags, args, out } = inv;
    const selector = flags.str('selector');
    // upstream: logs.go Complete
    let container = flags.str('container');
    if (args.length === 0 && !selector) usageError(inv.path, LOGS_USAGE);
    if (args.length === 1 && selector) usageError(inv.path, 'only a selector (-l) or a POD name is allowed');
    if (args.length > 2) usageError(inv.path, LOGS_USAGE);
    if (args.length === 2) container = args[1];
    // upstream: logs.go Validate
    const sinceMs = flags.int('since');
    const sinceTime = flags.str('since-time');
    if (sinceTime && sinceMs !== 0) fail('at most one of `sinceTime` or `sinceSeconds` may be specified');
    if (flags.bool('all-containers') && container) fail(`--all-containers=true should not be specified with container name ${container}`);
    if (flags.changed('container') && args.length === 2) fail('only one of -c or an inline [CONTAINER] arg is allowed');
    if (flags.int('limit-bytes') < 0) fail('--limit-bytes must be greater than 0');
    if (sinceMs < 0) fail('--since must be greater than 0');
    let tail = flags.int('tail');
    if (tail < -1) fail('--tail must be greater than or equal to -1');
    if (selector && tail === -1 && !flags.changed('tail')) tail = 10;
    let sinceTimeParam: string | undefined;
    if (sinceTime) {
      const ms = Date.parse(sinceTime);
      if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(sinceTime) || Number.isNaN(ms)) fail(`parsing time "${sinceTime}" as "2006-01-02T15:04:05Z07:00": cannot parse "${sinceTime}" as "2006"`);
      sinceTimeParam = new Date(ms).toISOString().replace('.000Z', 'Z');
    }
    // upstream: LogLocation's url.Values.Encode: follow, limitBytes, previous, sinceSeconds, sinceTime, tailLines, timestamps.
    const query = logQuery({
      limitBytes: flags.int('limit-bytes') > 0 ? String(flags.int('limit-bytes')) : undefined,
      previous: flags.bool('previous') ? 'true' : undefined,
      sinceSeconds: sinceMs > 0 ? String(Math.round(sinceMs / 1000)) : undefined,
      sinceTime: sinceTimeParam,
      tailLines: tail !== -1 ? String(tail) : undefined,
      timestamps: flags.bool('timestamps') ? 'true' : undefined
    });

    let pods: any[];
    const allPods = !!selector || flags.bool('all-pods');
    if (selector) {
      const r = await inv.ctx.request({ verb: 'list', resource: 'pods', namespace: inv.namespace, labelSelector: selector });
      if (!r.ok) return failStatus(r.status);
      pods = r.object.items;
      if (pods.length === 0) {
        out.err(`No resources found in ${inv.namespace} namespace.\n`);
        return;
      }
    } else pods = [await podForArg(inv, args[0], flags.int('pod-running-timeout'), true)];
    const prefix = flags.bool('prefix') || flags.bool('all-pods');

    // upstream: logsForObject: each pod's containers (all of them, or the named / default one).
    const streams: { pod: any; container: string }[] = [];
    for (const pod of pods) {
      if (flags.bool('all-containers')) {
        for (const c of [...(pod.spec.initContainers ?? []), ...pod.spec.containers, ...(pod.spec.ephemeralContainers ?? [])]) streams.push({ pod, container: c.name });
        continue;
      }
      let name = container;
      if (!name) {
        const annotated = pod.metadata.annotations?.[DEFAULT_CONTAINER_ANNOTATION];
        if (annotated) {
          if (findContainerByName(pod, annotated)) name = annotated;
          else out.err(`Default container name ${JSON.stringify(annotated)} not found in pod ${pod.metadata.name}\n`);
        }
        if (!name) {
          name = pod.spec.containers[0].name;
          if (hasSeveralContainers(pod) && !allPods) out.err(`Defaulted container ${JSON.stringify(name)} out of: ${allContainerNames(pod)}\n`);
        }
      }
      if (!findContainerByName(pod, name)) fail(`container ${name} is not valid for pod ${pod.metadata.name} out of: ${allContainerNames(pod)}`);
      streams.push({ pod, container: name });
    }
    if (flags.bool('follow') && streams.length > flags.int('max-log-requests')) {
      fail(`you are attempting to follow ${streams.length} log streams, but maximum allowed concurrency is ${flags.int('max-log-requests')}, use --max-log-requests to increase the limit`);
    }
    for (const s of streams) {
      const text = await containerLog(inv, s.pod, s.container, query);
      out.out(withPrefix(text, prefix ? `[pod/${s.pod.metadata.name}/${s.container}] ` : ''));
    }
    if (flags.bool('follow')) await follow(inv, streams, query, prefix);
  }
};

/**
 * Quota evaluation: what an object counts against a ResourceQuota (its usage), which of a quota's
 * resource names an object's kind answers for, whether a quota's scopes select a pod, and the
 * pod constraints (a quota on cpu or memory requires each container to state it). Shared by the
 * API server's ResourceQuota admission and the resourcequota controller.
 * upstream: pkg/quota/v1/evaluator/core (pods.go, services.go, persistent_volume_claims.go),
 * staging/src/k8s.io/apiserver/pkg/quota/v1/generic (object count evaluator),
 * staging/src/k8s.io/apiserver/pkg/quota/v1/resources.go (Add, Subtract, Mask, LessThanOrEqual)
 */
import { fromValue, type Quantity } from './quantity';
import { quantityOf } from './validation/quantities';
import { getPodQOS } from './qos';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Obj = Record<string, any>;
export type ResourceList = Map<string, Quantity>;

const ONE = () => fromValue(1, 'DecimalSI');

export function toResourceList(m: unknown): ResourceList {
  const out: ResourceList = new Map();
  if (m && typeof m === 'object') {
    for (const [k, v] of Object.entries(m)) {
      const q = quantityOf(v);
      if (q) out.set(k, q);
    }
  }
  return out;
}

export function fromResourceList(rl: ResourceList): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of [...rl.keys()].sort()) out[k] = rl.get(k)!.toString();
  return out;
}

export function addResourceLists(a: ResourceList, b: ResourceList): ResourceList {
  const out = new Map(a);
  for (const [k, q] of b) out.set(k, out.has(k) ? out.get(k)!.add(q) : q);
  return out;
}

export function subtractResourceLists(a: ResourceList, b: ResourceList): ResourceList {
  const out = new Map(a);
  for (const [k, q] of b) out.set(k, out.has(k) ? out.get(k)!.sub(q) : q.neg());
  return out;
}

export function maskResourceList(rl: ResourceList, names: Iterable<string>): ResourceList {
  const out: ResourceList = new Map();
  for (const k of names) if (rl.has(k)) out.set(k, rl.get(k)!);
  return out;
}

function maxInto(list: ResourceList, more: ResourceList): void {
  for (const [k, q] of more) if (!list.has(k) || q.cmp(list.get(k)!) > 0) list.set(k, q);
}

/**
 * A pod's effective requests or limits: its containers summed, then the largest init container
 * (with the sidecars started before it) if larger. upstream: pkg/api/v1/resource/helpers.go
 * PodRequests / PodLimits (and limitranger's podRequests / podLimits).
 */
export function podResourceTotal(pod: Obj, field: 'requests' | 'limits'): ResourceList {
  let total: ResourceList = new Map();
  for (const c of pod.spec?.containers ?? []) total = addResourceLists(total, toResourceList(c.resources?.[field]));
  let sidecars: ResourceList = new Map();
  const init: ResourceList = new Map();
  for (const c of pod.spec?.initContainers ?? []) {
    const own = toResourceList(c.resources?.[field]);
    if (c.restartPolicy === 'Always') {
      total = addResourceLists(total, own);
      sidecars = addResourceLists(sidecars, own);
      maxInto(init, sidecars);
    } else maxInto(init, addResourceLists(own, sidecars));
  }
  maxInto(total, init);
  return total;
}

/** upstream: pods.go podComputeUsageHelper: one pod, and its requests/limits under their quota names. */
function podComputeUsage(requests: ResourceList, limits: ResourceList): ResourceList {
  const out: ResourceList = new Map([['pods', ONE()]]);
  for (const r of ['cpu', 'memory', 'ephemeral-storage']) {
    const req = requests.get(r);
    if (req) {
      out.set(r, req);
      out.set(`requests.${r}`, req);
    }
    const lim = limits.get(r);
    if (lim) out.set(`limits.${r}`, lim);
  }
  return out;
}

/** upstream: pods.go QuotaV1Pod: a pod in a terminal phase, or past its deletion grace, no longer counts its compute. */
export function podCountsCompute(pod: Obj, now: number): boolean {
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') return false;
  const deleting = pod.metadata?.deletionTimestamp;
  if (deleting && pod.metadata.deletionGracePeriodSeconds != null) {
    const deadline = Date.parse(deleting) + pod.metadata.deletionGracePeriodSeconds * 1000;
    if (now > deadline) return false;
  }
  return true;
}

/** The plural resource and group (`deployments.apps`, `pods`) that `count/...` names. */
function groupResourceOf(resource: string, group: string): string {
  return group ? `${resource}.${group}` : resource;
}

/** Quota names a kind's evaluator answers for (besides `count/<resource>`). upstream: each evaluator's MatchingResources. */
const EVALUATED: Record<string, (name: string) => boolean> = {
  pods: (n) => n === 'pods' || /^(requests\.|limits\.)?(cpu|memory|ephemeral-storage)$/.test(n),
  services: (n) => n === 'services' || n === 'services.loadbalancers' || n === 'services.nodeports',
  persistentvolumeclaims: (n) => n === 'persistentvolumeclaims' || n === 'requests.storage',
  configmaps: (n) => n === 'configmaps',
  secrets: (n) => n === 'secrets',
  resourcequotas: (n) => n === 'resourcequotas',
  replicationcontrollers: (n) => n === 'replicationcontrollers'
};

/** upstream: Evaluator.MatchingResources: which of `names` this kind's objects count toward. */
export function matchingResources(resource: string, group: string, names: Iterable<string>): string[] {
  const count = `count/${groupResourceOf(resource, group)}`;
  const own = EVALUATED[group === '' ? resource : ''] ?? (() => false);
  return [...names].filter((n) => n === count || own(n)).sort();
}

/** upstream: Evaluator.Usage: what one object counts. */
export function usage(resource: string, group: string, obj: Obj, now: number): ResourceList {
  const out: ResourceList = new Map([[`count/${groupResourceOf(resource, group)}`, ONE()]]);
  if (group !== '') return out;
  switch (resource) {
    case 'pods': {
      if (!podCountsCompute(obj, now)) return out;
      return addResourceLists(out, podComputeUsage(podResourceTotal(obj, 'requests'), podResourceTotal(obj, 'limits')));
    }
    case 'services': {
      out.set('services', ONE());
      const type = obj.spec?.type ?? 'ClusterIP';
      if (type === 'LoadBalancer') out.set('services.loadbalancers', ONE());
      if (type === 'NodePort' || type === 'LoadBalancer') out.set('services.nodeports', fromValue((obj.spec?.ports ?? []).length, 'DecimalSI'));
      return out;
    }
    case 'persistentvolumeclaims': {
      out.set('persistentvolumeclaims', ONE());
      const storage = quantityOf(obj.spec?.resources?.requests?.storage);
      if (storage) out.set('requests.storage', storage);
      return out;
    }
    case 'configmaps':
    case 'secrets':
    case 'resourcequotas':
    case 'replicationcontrollers':
      out.set(resource, ONE());
      return out;
  }
  return out;
}

/** The scopes of a quota as selector requirements (spec.scopes as Exists, then the scopeSelector's). upstream: helper.GetScopeSelectorsFromQuota */
function scopeRequirements(quota: Obj): { scopeName: string; operator: string; values?: string[] }[] {
  const reqs = (quota.spec?.scopes ?? []).map((s: string) => ({ scopeName: s, operator: 'Exists' }));
  return [...reqs, ...(quota.spec?.scopeSelector?.matchExpressions ?? [])];
}

/** upstream: pods.go podMatchesScopeFunc */
function podMatchesScope(req: { scopeName: string; operator: string; values?: string[] }, pod: Obj): boolean {
  const terminating = typeof pod.spec?.activeDeadlineSeconds === 'number' && pod.spec.activeDeadlineSeconds >= 0;
  switch (req.scopeName) {
    case 'Terminating':
      return terminating;
    case 'NotTerminating':
      return !terminating;
    case 'BestEffort':
      return getPodQOS(pod as any) === 'BestEffort';
    case 'NotBestEffort':
      return getPodQOS(pod as any) !== 'BestEffort';
    case 'PriorityClass': {
      // upstream: Exists only asks for a class; the others match {PriorityClass: name} as a label selector.
      const name = pod.spec?.priorityClassName ?? '';
      if (req.operator === 'Exists') return name !== '';
      if (req.operator === 'In') return (req.values ?? []).includes(name);
      if (req.operator === 'NotIn') return !(req.values ?? []).includes(name);
      return false;
    }
    case 'CrossNamespacePodAffinity':
      return false;
  }
  return false;
}

/**
 * upstream: generic.Matches: the quota enforces something this kind counts (in status.hard) and
 * every scope selects the object (only pods have scopes; a scoped quota selects no other kind).
 */
export function quotaMatches(quota: Obj, resource: string, group: string, obj: Obj, hard: Obj = quota.status?.hard ?? {}): boolean {
  if (matchingResources(resource, group, Object.keys(hard)).length === 0) return false;
  const reqs = scopeRequirements(quota);
  if (reqs.length === 0) return true;
  if (resource !== 'pods' || group !== '') return false;
  return reqs.every((r) => podMatchesScope(r, obj));
}

const CONSTRAINED = new Set(['requests.cpu', 'requests.memory', 'limits.cpu', 'limits.memory', 'cpu', 'memory']);

/**
 * upstream: pods.go Constraints: a quota on cpu or memory (requests or limits) makes each
 * container state it: `must specify limits.cpu for: a,b; requests.memory for: a`.
 */
export function podConstraints(required: readonly string[], pod: Obj): string | undefined {
  const requiredSet = required.filter((r) => CONSTRAINED.has(r));
  const missing = new Map<string, Set<string>>();
  for (const c of [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])]) {
    const have = podComputeUsage(toResourceList(c.resources?.requests), toResourceList(c.resources?.limits));
    for (const r of requiredSet) {
      if (have.has(r)) continue;
      if (!missing.has(r)) missing.set(r, new Set());
      missing.get(r)!.add(c.name);
    }
  }
  if (missing.size === 0) return undefined;
  const parts = [...missing.keys()].sort().map((r) => `${r} for: ${[...missing.get(r)!].sort().join(',')}`);
  return `must specify ${parts.join('; ')}`;
}

/** upstream: resourcequota/controller.go prettyPrint: `pods=1,requests.cpu=500m` */
export function prettyPrint(rl: ResourceList): string {
  return [...rl.keys()].sort().map((k) => `${k}=${rl.get(k)}`).join(',');
}

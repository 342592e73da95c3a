import { getPodQOS } from '../../api/qos';
import { isRestartableInitContainer } from '../../api/pod-util';
import { compareGoStrings } from '../../api/gostrings';
// Small helpers shared by the table printers and describe.
// Each function cites the upstream function it mirrors.

import { Quantity, parseQuantity } from './quantity';

/* eslint-disable @typescript-eslint/no-explicit-any */

export { compareGoStrings };

export function sortedKeys(m: Record<string, unknown> | undefined | null): string[] {
  return Object.keys(m ?? {}).sort(compareGoStrings);
}

/**
 * labels.FormatLabels (apimachinery/pkg/labels/labels.go): "k=v,k2=v2" sorted by key,
 * "<none>" when empty.
 */
export function formatLabels(m: Record<string, string> | undefined | null): string {
  const keys = sortedKeys(m);
  if (keys.length === 0) return '<none>';
  return keys.map((k) => `${k}=${m![k]}`).join(',');
}

interface LabelSelectorRequirement {
  key: string;
  operator: string;
  values?: string[];
}
interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirement[];
}

/**
 * metav1.LabelSelectorAsSelector(ps).String() (apimachinery/pkg/apis/meta/v1/helpers.go and
 * labels/selector.go): requirements sorted by key; "k=v", "k in (a,b)", "k notin (a,b)",
 * "k", "!k". A nil selector is labels.Nothing() and an empty one labels.Everything(), both "".
 * Returns undefined when the selector is invalid (unknown operator).
 */
export function labelSelectorString(ps: LabelSelector | undefined | null): string | undefined {
  if (!ps) return '';
  const ml = ps.matchLabels ?? {};
  const me = ps.matchExpressions ?? [];
  if (Object.keys(ml).length === 0 && me.length === 0) return '';
  const reqs: { key: string; text: string }[] = [];
  for (const k of Object.keys(ml)) reqs.push({ key: k, text: `${k}=${ml[k]}` });
  for (const expr of me) {
    const values = [...new Set(expr.values ?? [])].sort(compareGoStrings);
    switch (expr.operator) {
      case 'In':
        reqs.push({ key: expr.key, text: `${expr.key} in (${values.join(',')})` });
        break;
      case 'NotIn':
        reqs.push({ key: expr.key, text: `${expr.key} notin (${values.join(',')})` });
        break;
      case 'Exists':
        reqs.push({ key: expr.key, text: expr.key });
        break;
      case 'DoesNotExist':
        reqs.push({ key: expr.key, text: `!${expr.key}` });
        break;
      default:
        return undefined;
    }
  }
  // sort.Sort(ByKey(requirements)) — stable for equal keys in practice
  const sorted = reqs
    .map((r, i) => ({ ...r, i }))
    .sort((a, b) => compareGoStrings(a.key, b.key) || a.i - b.i);
  return sorted.map((r) => r.text).join(',');
}

/** metav1.FormatLabelSelector: "<none>" for empty, "<error>" for invalid. */
export function formatLabelSelector(ps: LabelSelector | undefined | null): string {
  const s = labelSelectorString(ps);
  if (s === undefined) return '<error>';
  return s.length === 0 ? '<none>' : s;
}

const LABEL_NODE_ROLE_PREFIX = 'node-role.kubernetes.io/';
const NODE_LABEL_ROLE = 'kubernetes.io/role';

/**
 * findNodeRoles (pkg/printers/internalversion/printers.go, same in describe.go): roles from
 * node-role.kubernetes.io/<role> label keys and the kubernetes.io/role label value, sorted.
 */
export function findNodeRoles(node: any): string[] {
  const roles = new Set<string>();
  const labels: Record<string, string> = node?.metadata?.labels ?? {};
  for (const [k, v] of Object.entries(labels)) {
    if (k.startsWith(LABEL_NODE_ROLE_PREFIX)) {
      const role = k.slice(LABEL_NODE_ROLE_PREFIX.length);
      if (role.length > 0) roles.add(role);
    } else if (k === NODE_LABEL_ROLE && v !== '') {
      roles.add(v);
    }
  }
  return [...roles].sort(compareGoStrings);
}

/**
 * GetAccessModesAsString (pkg/apis/core/helper/helpers.go): RWO,ROX,RWX,RWOP in that order.
 */
export function accessModesAsString(modes: string[] | undefined): string {
  const set = new Set(modes ?? []);
  const out: string[] = [];
  if (set.has('ReadWriteOnce')) out.push('RWO');
  if (set.has('ReadOnlyMany')) out.push('ROX');
  if (set.has('ReadWriteMany')) out.push('RWX');
  if (set.has('ReadWriteOncePod')) out.push('RWOP');
  return out.join(',');
}

const BETA_STORAGE_CLASS_ANNOTATION = 'volume.beta.kubernetes.io/storage-class';

/** GetPersistentVolumeClass (pkg/apis/core/helper/helpers.go). */
export function persistentVolumeClass(pv: any): string {
  const ann = pv?.metadata?.annotations?.[BETA_STORAGE_CLASS_ANNOTATION];
  if (ann !== undefined) return ann;
  return pv?.spec?.storageClassName ?? '';
}

/** GetPersistentVolumeClaimClass (pkg/apis/core/helper/helpers.go). */
export function persistentVolumeClaimClass(pvc: any): string {
  const ann = pvc?.metadata?.annotations?.[BETA_STORAGE_CLASS_ANNOTATION];
  if (ann !== undefined) return ann;
  const cls = pvc?.spec?.storageClassName;
  return cls ?? '';
}

/** storageutil.IsDefaultAnnotation (pkg/apis/storage/util/helpers.go). */
export function isDefaultStorageClass(sc: any): boolean {
  const a = sc?.metadata?.annotations ?? {};
  return (
    a['storageclass.kubernetes.io/is-default-class'] === 'true' ||
    a['storageclass.beta.kubernetes.io/is-default-class'] === 'true'
  );
}

/** metav1.GetControllerOf: the owner reference with controller=true. */
export function controllerOf(obj: any): any | undefined {
  for (const ref of obj?.metadata?.ownerReferences ?? []) {
    if (ref?.controller === true) return ref;
  }
  return undefined;
}

/** Containers/images cells: layoutContainerCells (printers.go). */
export function layoutContainerCells(containers: any[] | undefined): [string, string] {
  const cs = containers ?? [];
  return [cs.map((c) => c?.name ?? '').join(','), cs.map((c) => c?.image ?? '').join(',')];
}

export { isRestartableInitContainer } from '../../api/pod-util';

export type ResourceList = Map<string, Quantity>;

function toResourceList(list: Record<string, unknown> | undefined): ResourceList {
  const out: ResourceList = new Map();
  for (const [k, v] of Object.entries(list ?? {})) {
    const q = parseQuantity(v);
    if (q) out.set(k, q);
  }
  return out;
}

function addResourceList(list: ResourceList, add: ResourceList): void {
  for (const [name, q] of add) {
    const cur = list.get(name);
    list.set(name, cur ? cur.add(q) : q);
  }
}

function maxResourceList(list: ResourceList, other: ResourceList): void {
  for (const [name, q] of other) {
    const cur = list.get(name);
    if (!cur || q.cmp(cur) > 0) list.set(name, q);
  }
}

function maxOf(a: ResourceList, b: ResourceList): ResourceList {
  const result: ResourceList = new Map();
  for (const [k, v] of a) {
    const other = b.get(k);
    result.set(k, other && v.cmp(other) <= 0 ? other : v);
  }
  for (const [k, v] of b) if (!result.has(k)) result.set(k, v);
  return result;
}

/**
 * PodRequestsAndLimits (staging/src/k8s.io/kubectl/pkg/util/resource/resource.go):
 * sum of containers, max with init containers (sidecars accumulated), plus overhead.
 */
export function podRequestsAndLimits(pod: any): { requests: ResourceList; limits: ResourceList } {
  const spec = pod?.spec ?? {};
  const statuses = new Map<string, any>();
  for (const cs of pod?.status?.containerStatuses ?? []) statuses.set(cs?.name, cs);

  const reqs: ResourceList = new Map();
  for (const c of spec.containers ?? []) {
    let cReqs = toResourceList(c?.resources?.requests);
    const cs = statuses.get(c?.name);
    if (cs?.resources) {
      const statusReqs = toResourceList(cs.resources.requests);
      cReqs = pod?.status?.resize === 'Infeasible' ? statusReqs : maxOf(cReqs, statusReqs);
    }
    addResourceList(reqs, cReqs);
  }
  let restartableReqs: ResourceList = new Map();
  const initReqs: ResourceList = new Map();
  for (const c of spec.initContainers ?? []) {
    let cReqs = toResourceList(c?.resources?.requests);
    if (isRestartableInitContainer(c)) {
      addResourceList(reqs, cReqs);
      addResourceList(restartableReqs, cReqs);
      cReqs = restartableReqs;
    } else {
      const tmp: ResourceList = new Map();
      addResourceList(tmp, cReqs);
      addResourceList(tmp, restartableReqs);
      cReqs = tmp;
    }
    maxResourceList(initReqs, cReqs);
  }
  maxResourceList(reqs, initReqs);
  if (spec.overhead) addResourceList(reqs, toResourceList(spec.overhead));

  const limits: ResourceList = new Map();
  for (const c of spec.containers ?? []) addResourceList(limits, toResourceList(c?.resources?.limits));
  restartableReqs = new Map();
  const initLimits: ResourceList = new Map();
  for (const c of spec.initContainers ?? []) {
    let cl = toResourceList(c?.resources?.limits);
    if (isRestartableInitContainer(c)) {
      addResourceList(limits, cl);
      addResourceList(restartableReqs, cl);
      cl = restartableReqs;
    } else {
      const tmp: ResourceList = new Map();
      addResourceList(tmp, cl);
      addResourceList(tmp, restartableReqs);
      cl = tmp;
    }
    maxResourceList(initLimits, cl);
  }
  maxResourceList(limits, initLimits);
  if (spec.overhead) {
    for (const [name, q] of toResourceList(spec.overhead)) {
      const v = limits.get(name);
      if (v && !v.isZero()) limits.set(name, v.add(q));
    }
  }
  return { requests: reqs, limits };
}

/**
 * QoS class as describe prints it: status.qosClass when set, else computed
 * (upstream: staging/src/k8s.io/kubectl/pkg/util/qos/qos.go; the computation is src/sim/api/qos.ts).
 */
export function podQOSClass(pod: any): string {
  return pod?.status?.qosClass ?? getPodQOS(pod ?? {});
}

/** Go's strings.TrimSpace (ASCII + Unicode White_Space). */
export function trimSpace(s: string): string {
  return s.replace(/^[\s\u0085]+|[\s\u0085]+$/gu, '');
}

/** printers.EscapeTerminal (cli-runtime/pkg/printers/terminal.go). */
export function escapeTerminal(s: string): string {
  return s.replace(/\x1b/g, '^[').replace(/\r/g, '\\r');
}

/** Go's net.JoinHostPort: IPv6 hosts in brackets. */
export function joinHostPort(host: string, port: number | string): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/**
 * The "a,b,c + N more..." lists of printers.go and describe.go (listWithMoreString without its
 * "<unset>"): `list` holds the entries shown, at most `max` of `count`.
 */
export function joinWithMore(list: string[], more: boolean, count: number, max: number): string {
  const ret = list.join(',');
  return more ? `${ret} + ${count - max} more...` : ret;
}

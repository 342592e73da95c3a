/**
 * Which pods `kubectl drain` evicts: the filters run on each pod of the node, in order, the last
 * one's verdict kept (delete, skip, warn, or refuse the whole drain).
 * upstream: staging/src/k8s.io/kubectl/pkg/drain/filters.go (makeFilters, daemonSetFilter,
 * mirrorPodFilter, localStorageFilter, unreplicatedFilter, skipDeletedFilter, Warnings, errors).
 */
import type { KObject } from '../apiserver/store';
import { MirrorPodAnnotationKey } from '../api/defaults/admission';
import { parseTimestamp } from '../kernel/clock';

export const DAEMONSET_FATAL = 'DaemonSet-managed Pods (use --ignore-daemonsets to ignore)';
export const DAEMONSET_WARNING = 'ignoring DaemonSet-managed Pods';
export const LOCAL_STORAGE_FATAL = 'Pods with local storage (use --delete-emptydir-data to override)';
export const LOCAL_STORAGE_WARNING = 'deleting Pods with local storage';
export const UNMANAGED_FATAL = 'cannot delete Pods that declare no controller (use --force to override)';
export const UNMANAGED_WARNING = 'deleting Pods that declare no controller';

export interface PodDeleteStatus {
  delete: boolean;
  reason: 'Okay' | 'Skip' | 'Warning' | 'Error';
  message?: string;
}

export interface DrainOptions {
  force: boolean;
  ignoreAllDaemonSets: boolean;
  deleteEmptyDirData: boolean;
  /** --skip-wait-for-delete-timeout, seconds (0: never skip). */
  skipWaitForDeleteTimeoutSeconds: number;
  /** Virtual ms. */
  now: number;
}

/**
 * The DaemonSet a pod's controllerRef names, as the filter's GET answers: `ok`, `notFound` (with
 * the API error's text) or another error text.
 */
export type DaemonSetLookup = (namespace: string, name: string) => { found: true } | { found: false; notFound: boolean; message: string };

const OKAY: PodDeleteStatus = { delete: true, reason: 'Okay' };
const SKIP: PodDeleteStatus = { delete: false, reason: 'Skip' };
const warning = (del: boolean, message: string): PodDeleteStatus => ({ delete: del, reason: 'Warning', message });
const error = (message: string): PodDeleteStatus => ({ delete: false, reason: 'Error', message });

const finished = (pod: KObject) => pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
const controllerOf = (pod: KObject) => (pod.metadata.ownerReferences ?? []).find((r: KObject) => r.controller === true);

/** upstream: shouldSkipPod: deleting for longer than --skip-wait-for-delete-timeout. */
export function shouldSkipPod(pod: KObject, skipSeconds: number, now: number): boolean {
  const ts = pod.metadata.deletionTimestamp;
  return skipSeconds > 0 && !!ts && Math.floor((now - (parseTimestamp(ts) ?? now)) / 1000) > skipSeconds;
}

type Filter = (pod: KObject) => PodDeleteStatus;

/** upstream: makeFilters, in their order. `now` is virtual ms. */
export function makeFilters(o: DrainOptions, daemonSet: DaemonSetLookup): Filter[] {
  return [
    (pod) => (shouldSkipPod(pod, o.skipWaitForDeleteTimeoutSeconds, o.now) ? SKIP : OKAY),
    (pod) => {
      const ref = controllerOf(pod);
      if (!ref || ref.kind !== 'DaemonSet' || finished(pod)) return OKAY;
      const ds = daemonSet(pod.metadata.namespace, ref.name);
      if (!ds.found) return ds.notFound && o.force ? warning(true, ds.message) : error(ds.message);
      return o.ignoreAllDaemonSets ? warning(false, DAEMONSET_WARNING) : error(DAEMONSET_FATAL);
    },
    (pod) => (pod.metadata.annotations?.[MirrorPodAnnotationKey] !== undefined ? SKIP : OKAY),
    (pod) => {
      if (!(pod.spec?.volumes ?? []).some((v: KObject) => v.emptyDir) || finished(pod)) return OKAY;
      return o.deleteEmptyDirData ? warning(true, LOCAL_STORAGE_WARNING) : error(LOCAL_STORAGE_FATAL);
    },
    (pod) => {
      if (finished(pod) || controllerOf(pod)) return OKAY;
      return o.force ? warning(true, UNMANAGED_WARNING) : error(UNMANAGED_FATAL);
    }
  ];
}

export interface PodDeleteList {
  items: { pod: KObject; status: PodDeleteStatus }[];
}

/** upstream: GetPodsForDeletion's loop: the first filter refusing a pod ends its checks. */
export function filterPods(pods: readonly KObject[], filters: readonly Filter[]): PodDeleteList {
  const items: PodDeleteList['items'] = [];
  for (const pod of pods) {
    let status: PodDeleteStatus = OKAY;
    for (const f of filters) {
      status = f(pod);
      if (!status.delete) break;
    }
    // upstream keeps every pod whose final status deletes, and (for warnings and errors) the rest.
    items.push({ pod, status });
  }
  return { items };
}

/** upstream: PodDeleteList.Pods. */
export function podsToDelete(list: PodDeleteList): KObject[] {
  return list.items.filter((i) => i.status.delete).map((i) => i.pod);
}

/** Groups `ns/name` by message, in first-seen order (upstream ranges over a Go map). */
function byMessage(list: PodDeleteList, reason: PodDeleteStatus['reason']): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const { pod, status } of list.items) {
    if (status.reason !== reason) continue;
    const msg = status.message || (reason === 'Error' ? 'unexpected error' : '');
    const pods = m.get(msg) ?? [];
    pods.push(`${pod.metadata.namespace}/${pod.metadata.name}`);
    m.set(msg, pods);
  }
  return m;
}

/** upstream: PodDeleteList.Warnings: `ignoring DaemonSet-managed Pods: kube-system/kube-proxy-x; ...`. */
export function warnings(list: PodDeleteList): string {
  return [...byMessage(list, 'Warning')].map(([msg, pods]) => `${msg}: ${pods.join(', ')}`).join('; ');
}

/** upstream: PodDeleteList.errors: `cannot delete <message>: ns/a, ns/b` per message. */
export function deleteErrors(list: PodDeleteList): string[] {
  return [...byMessage(list, 'Error')].map(([msg, pods]) => (msg.toLowerCase().startsWith('cannot delete') ? `${msg}: ${pods.join(', ')}` : `cannot delete ${msg}: ${pods.join(', ')}`));
}

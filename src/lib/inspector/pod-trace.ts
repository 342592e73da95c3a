/**
 * Which trace events belong to a pod, and `indexByPod`, which folds trace batches into a per-pod
 * index as they arrive (so the sequence diagram never rescans the whole trace). Pure.
 */
import type { TraceEvent } from '../../sim/kernel/trace';

/** CRI calls the kubelet makes all the time to poll state: noise on a diagram and on the map. */
export const CHATTY_CRI = new Set([
  'ContainerStatus',
  'ListContainers',
  'PodSandboxStatus',
  'ListPodSandbox',
  'ImageStatus',
  'ListImages',
  'ImageFsInfo',
  'Version',
  'Status',
  'ContainerStats',
  'ListContainerStats',
  'PodSandboxStats',
  'ListPodSandboxStats'
]);

/** The `namespace/name` of the pod an event is about, or undefined. */
export function podKeyOf(e: TraceEvent): string | undefined {
  if (typeof e.pod === 'string') return e.pod;
  if (e.kind.startsWith('api.') && typeof e.resource === 'string' && e.resource.startsWith('pods') && typeof e.name === 'string') {
    return `${typeof e.namespace === 'string' ? e.namespace : 'default'}/${e.name}`;
  }
  return undefined;
}

/** Whether an event belongs on a pod's sequence diagram at all. */
export function isSequenceEvent(e: TraceEvent): boolean {
  const k = e.kind;
  if (k.startsWith('cri.')) return !CHATTY_CRI.has(k.slice(4));
  if (k.startsWith('api.')) return e.resource !== 'pods/status' && e.resource !== 'pods/binding';
  return (
    k.startsWith('cni.') ||
    k.startsWith('csi.') ||
    k.startsWith('process.') ||
    k.startsWith('scheduler.') ||
    k === 'image.fetch' ||
    k === 'kubelet.syncPod' ||
    k === 'status.update'
  );
}

export type PodTraceIndex = ReadonlyMap<string, readonly TraceEvent[]>;

/**
 * Adds a batch of trace events to the per-pod index, keeping only the events a sequence diagram
 * shows, at most `perPod` per pod and `maxPods` pods (the least recently active fall off).
 * Returns `current` itself when the batch had nothing for any pod; otherwise copies only the
 * touched pods' lists.
 */
/**
 * Folds `incoming` events that `keep` selects into a per-pod index: each touched pod's list is
 * `fit(before.concat(added))` and moves to the end (Map order: least recently active first); the
 * least recently active pods beyond `maxPods` are dropped. Untouched, the same index is returned.
 */
export function foldByPod(current: PodTraceIndex, incoming: readonly TraceEvent[], keep: (e: TraceEvent) => boolean, fit: (all: TraceEvent[]) => TraceEvent[], maxPods: number): PodTraceIndex {
  let touched: Map<string, TraceEvent[]> | undefined;
  for (const e of incoming) {
    if (!keep(e)) continue;
    const key = podKeyOf(e);
    if (key === undefined) continue;
    touched ??= new Map();
    let list = touched.get(key);
    if (!list) touched.set(key, (list = []));
    list.push(e);
  }
  if (!touched) return current;
  const next = new Map(current);
  for (const [key, added] of touched) {
    const all = (next.get(key) ?? []).concat(added);
    next.delete(key);
    next.set(key, fit(all));
  }
  while (next.size > maxPods) next.delete(next.keys().next().value!);
  return next;
}

export function indexByPod(current: PodTraceIndex, incoming: readonly TraceEvent[], perPod = 400, maxPods = 300): PodTraceIndex {
  return foldByPod(current, incoming, isSequenceEvent, (all) => (all.length > perPod ? all.slice(all.length - perPod) : all), maxPods);
}

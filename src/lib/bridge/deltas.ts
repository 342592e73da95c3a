/**
 * Folding the worker's deltas into immutable snapshots. Pure: the rune class calls it and swaps
 * the result in, so Svelte sees a new object exactly where something changed and nowhere else.
 */
import type { TraceEvent } from '../../sim/kernel/trace';
import type { NodeUsageChanges, NodeUsageSample, ObjectChange } from './protocol';

/** A Kubernetes object as the API server stores it. */
export type KObject = Record<string, any>;
/** resource (plural) -> key (`namespace/name` or `name`) -> object. */
export type Resources = ReadonlyMap<string, ReadonlyMap<string, KObject>>;

export const EMPTY_RESOURCE: ReadonlyMap<string, KObject> = new Map();

/**
 * Applies watch changes in order. Returns `base` itself when nothing changed; otherwise a new
 * outer map in which only the touched resource maps are new copies (copy-on-write, once per batch).
 */
export function applyChanges(base: Resources, changes: readonly ObjectChange[]): Resources {
  if (changes.length === 0) return base;
  const copies = new Map<string, Map<string, KObject>>();
  for (const change of changes) {
    let objects = copies.get(change.resource);
    if (!objects) {
      objects = new Map(base.get(change.resource) ?? EMPTY_RESOURCE);
      copies.set(change.resource, objects);
    }
    if (change.type === 'DELETED') objects.delete(change.key);
    else objects.set(change.key, change.object);
  }
  const next = new Map(base);
  for (const [resource, objects] of copies) next.set(resource, objects);
  return next;
}

/** Keeps the newest `limit` items of `current` followed by `incoming`. */
export function appendBounded<T>(current: readonly T[], incoming: readonly T[], limit: number): readonly T[] {
  if (incoming.length === 0) return current;
  const all = current.length === 0 ? incoming : current.concat(incoming);
  return all.length > limit ? all.slice(all.length - limit) : all;
}

/**
 * Folds `lease.renew` trace events into node -> time of the last renewal. (Leases themselves are
 * not mirrored to the page; their heartbeat arrives through the trace.)
 */
export function latestHeartbeats(current: ReadonlyMap<string, number>, trace: readonly TraceEvent[]): ReadonlyMap<string, number> {
  let next: Map<string, number> | undefined;
  for (const e of trace) {
    if (e.kind !== 'lease.renew' || e.node === undefined) continue;
    next ??= new Map(current);
    next.set(e.node, e.t);
  }
  return next ?? current;
}

/** A share of the last figure sent: smaller moves are not worth a message (the gauge would not move a pixel). */
export const USAGE_MOVE_SHARE = 0.01;

/** Whether `next` differs from `prev` by more than 1 % in memory or disk in use (or there was none). */
export function usageMoved(prev: NodeUsageSample | undefined, next: NodeUsageSample): boolean {
  if (!prev) return true;
  const moved = (a: number, b: number) => Math.abs(b - a) > USAGE_MOVE_SHARE * Math.max(a, 1);
  return moved(prev.memory.workingSetBytes, next.memory.workingSetBytes) || moved(prev.fs.usedBytes, next.fs.usedBytes) || prev.memory.capacityBytes !== next.memory.capacityBytes || prev.fs.capacityBytes !== next.fs.capacityBytes;
}

/** Folds per-node usage changes (null: the node's kubelet gave no figure) into node -> sample. */
export function applyUsage(current: ReadonlyMap<string, NodeUsageSample>, changes: NodeUsageChanges | undefined): ReadonlyMap<string, NodeUsageSample> {
  if (!changes) return current;
  const entries = Object.entries(changes);
  if (entries.length === 0) return current;
  const next = new Map(current);
  for (const [node, sample] of entries) {
    if (sample) next.set(node, sample);
    else next.delete(node);
  }
  return next;
}

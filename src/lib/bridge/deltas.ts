/**
 * Folding the worker's deltas into immutable snapshots. Pure: the rune class calls it and swaps
 * the result in, so Svelte sees a new object exactly where something changed and nowhere else.
 */
import type { TraceEvent } from '../../sim/kernel/trace';
import type { ObjectChange } from './protocol';

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

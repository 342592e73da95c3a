/**
 * Folding the worker's deltas into the page's mirror of the cluster's objects.
 *
 * Each resource's objects live in one `ResourceTable`, changed in place: a batch touching 3 pods
 * costs 3 map writes, not a copy of 10,000 pods. What components receive is a `ResourceView`: a
 * read-only window on the table at one version, new for every batch that touched the resource, so
 * Svelte (which compares by identity) sees a new object exactly where something changed. A view
 * reads its table as it is now; `changedSince` tells a reader which keys changed after the view it
 * last drew, so it can redo only those (the map re-lays out only the nodes whose pods changed).
 */
import type { TraceEvent } from '../../sim/kernel/trace';
import type { ClockStatus, NodeUsageChanges, NodeUsageSample, ObjectChange, PageMessage } from './protocol';

/** A Kubernetes object as the API server stores it. */
export type KObject = Record<string, any>;
/** resource (plural) -> key (`namespace/name` or `name`) -> object. */
export type Resources = ReadonlyMap<string, ReadonlyMap<string, KObject>>;

export const EMPTY_RESOURCE: ReadonlyMap<string, KObject> = new Map();

/** Batches remembered per table for `changedSince` (a reader further behind redoes everything). */
const JOURNAL_BATCHES = 64;

/**
 * The page keeps at most this many Events, the newest (by last change) first to stay. The Events
 * tab lists the newest 500 (events/events.ts); the API server itself keeps each Event for an hour
 * (upstream: --event-ttl, 1h), which at 10,000 pods is some 40,000 of them: copying or scanning
 * those per frame was most of the page's time.
 */
export const EVENTS_KEPT = 5000;

/** Per resource: how many objects the page keeps (the oldest-changed go first); unlisted: all. */
const KEPT: Readonly<Record<string, number>> = { events: EVENTS_KEPT };

/** One resource's objects, changed in place, with a journal of which keys each batch changed. */
class ResourceTable {
  readonly objects: Map<string, KObject>;
  version = 0;
  /** The view of the current version (at most one per version). */
  latest: ResourceView;
  /** Oldest first: the keys each recent batch changed, by the version it produced. */
  readonly #journal: { version: number; keys: Set<string> }[] = [];

  constructor(objects: Map<string, KObject>, readonly limit = Infinity) {
    this.objects = objects;
    this.latest = new ResourceView(this, 0);
  }

  /** Applies one batch's changes of this resource and returns the view of the new version. */
  apply(changes: readonly ObjectChange[]): ResourceView {
    const keys = new Set<string>();
    for (const change of changes) {
      keys.add(change.key);
      if (change.type === 'DELETED') this.objects.delete(change.key);
      else {
        const object = change.sameSpec ? { ...change.object, spec: this.objects.get(change.key)?.spec } : change.object;
        // Delete first, so the map's order is the order of last change (the oldest-changed go first).
        if (this.limit !== Infinity) this.objects.delete(change.key);
        this.objects.set(change.key, object);
      }
    }
    if (this.objects.size > this.limit) {
      for (const key of this.objects.keys()) {
        if (this.objects.size <= this.limit) break;
        this.objects.delete(key);
        keys.add(key);
      }
    }
    this.version++;
    this.#journal.push({ version: this.version, keys });
    if (this.#journal.length > JOURNAL_BATCHES) this.#journal.shift();
    this.latest = new ResourceView(this, this.version);
    return this.latest;
  }

  /** Keys changed after `version` up to now, or undefined when the journal no longer reaches back that far. */
  changedSince(version: number): ReadonlySet<string> | undefined {
    if (version === this.version) return NOTHING;
    const first = this.#journal[0];
    if (version > this.version || !first || first.version > version + 1) return undefined;
    const out = new Set<string>();
    for (const entry of this.#journal) if (entry.version > version) for (const key of entry.keys) out.add(key);
    return out;
  }
}

const NOTHING: ReadonlySet<string> = new Set();

/**
 * A read-only window on one resource's objects (a `ReadonlyMap`, so readers need not know). It
 * shows the table as it is now: hold on to the view to compare versions, not to keep old contents.
 */
export class ResourceView implements ReadonlyMap<string, KObject> {
  constructor(
    readonly table: ResourceTable,
    readonly version: number
  ) {}

  get size(): number {
    return this.table.objects.size;
  }
  get(key: string): KObject | undefined {
    return this.table.objects.get(key);
  }
  has(key: string): boolean {
    return this.table.objects.has(key);
  }
  keys(): MapIterator<string> {
    return this.table.objects.keys();
  }
  values(): MapIterator<KObject> {
    return this.table.objects.values();
  }
  entries(): MapIterator<[string, KObject]> {
    return this.table.objects.entries();
  }
  [Symbol.iterator](): MapIterator<[string, KObject]> {
    return this.table.objects.entries();
  }
  forEach(fn: (value: KObject, key: string, map: ReadonlyMap<string, KObject>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.table.objects) fn.call(thisArg, value, key, this);
  }
}

/**
 * The keys of `now` that may differ from `before` (added, changed or removed), when both are views
 * of one table and its journal reaches back to `before`; undefined when the reader must redo all.
 */
export function changedKeys(before: ReadonlyMap<string, KObject> | undefined, now: ReadonlyMap<string, KObject>): ReadonlySet<string> | undefined {
  if (before === now) return NOTHING;
  if (!(before instanceof ResourceView) || !(now instanceof ResourceView) || before.table !== now.table || now !== now.table.latest) return undefined;
  return now.table.changedSince(before.version);
}

/**
 * The keys of a resource's objects that satisfy `matches` (Warning Events, kube-system pods),
 * kept up to date from `changedKeys`: a batch costs its changed keys, not a scan of all objects.
 */
export class MatchingKeys {
  #seen: ReadonlyMap<string, KObject> | undefined;
  #keys = new Map<string, KObject>();

  constructor(readonly matches: (key: string, object: KObject) => boolean) {}

  /** key -> object of the matching objects of `objects` as they are now (the same map while nothing matching changed). */
  update(objects: ReadonlyMap<string, KObject>): ReadonlyMap<string, KObject> {
    const changed = changedKeys(this.#seen, objects);
    this.#seen = objects;
    if (changed?.size === 0) return this.#keys;
    let next: Map<string, KObject> | undefined;
    if (changed === undefined) {
      next = new Map();
      for (const [key, object] of objects) if (this.matches(key, object)) next.set(key, object);
    } else {
      for (const key of changed) {
        const object = objects.get(key);
        const match = object !== undefined && this.matches(key, object);
        if (!match && !this.#keys.has(key)) continue;
        if (match && this.#keys.get(key) === object) continue;
        next ??= new Map(this.#keys);
        if (match) next.set(key, object);
        else next.delete(key);
      }
    }
    if (next) this.#keys = next;
    return this.#keys;
  }
}

/**
 * Applies watch changes in order. Returns `base` itself when nothing changed; otherwise a new
 * outer map in which the touched resources have new views. A resource whose view in `base` is
 * its table's latest is changed in place; any other (a plain map, or an older view: someone
 * branching off the past) is copied into a new table first, so `base` keeps what it showed.
 */
export function applyChanges(base: Resources, changes: readonly ObjectChange[]): Resources {
  if (changes.length === 0) return base;
  const byResource = new Map<string, ObjectChange[]>();
  for (const change of changes) {
    let list = byResource.get(change.resource);
    if (!list) byResource.set(change.resource, (list = []));
    list.push(change);
  }
  const next = new Map(base);
  for (const [resource, list] of byResource) {
    const current = base.get(resource);
    const table = current instanceof ResourceView && current === current.table.latest ? current.table : new ResourceTable(new Map(current ?? EMPTY_RESOURCE), KEPT[resource]);
    next.set(resource, table.apply(list));
  }
  return next;
}

/**
 * At most this many object changes go in one delta message. The page folds a message in one task
 * (decoding it, applying it, laying out the cards it touches): a batch of 2,000 pod changes (1,000
 * nodes' pods starting) was one task of 30 ms of the main thread's time, hundreds of ms of wall
 * time on a busy machine, and no frame drawn meanwhile. Split, the browser can draw between them.
 */
export const CHANGES_PER_MESSAGE = 250;

/**
 * One batch as delta messages: its changes in order, CHANGES_PER_MESSAGE at most in each; the
 * trace and the usage ride with the first. Always at least one message (the clock moves with it).
 */
export function deltaMessages(clock: ClockStatus, delta: { changes: ObjectChange[]; trace: TraceEvent[]; usage?: NodeUsageChanges }): PageMessage[] {
  const { changes, ...rest } = delta;
  if (changes.length <= CHANGES_PER_MESSAGE) return [{ type: 'delta', clock, ...delta }];
  const out: PageMessage[] = [];
  for (let i = 0; i < changes.length; i += CHANGES_PER_MESSAGE) {
    const part = changes.slice(i, i + CHANGES_PER_MESSAGE);
    out.push(i === 0 ? { type: 'delta', clock, ...rest, changes: part } : { type: 'delta', clock, changes: part, trace: [] });
  }
  return out;
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

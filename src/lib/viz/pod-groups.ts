/**
 * The map's pods grouped by the node they are bound to (`spec.nodeName`; '' for none), each group
 * oldest first, kept up to date from the store's change journal (bridge/deltas.ts changedKeys):
 * a batch that touches 3 pods rebuilds the 1 to 6 groups they left or joined, not 10,000 pods, and
 * a pod joins or leaves its group's sorted keys by binary search (no group, not even a tray of
 * thousands of Pending pods, is sorted again). A group that did not change keeps its array, so
 * the layout keeps its placements (layout.ts).
 */
import { changedKeys, type KObject } from '../bridge/deltas';
import { ageKeyOf } from './layout';

/** What the layout reads: node name ('' = no node) -> its pods, oldest first. */
export type GroupedPods = ReadonlyMap<string, readonly KObject[]>;

/**
 * A pod the scheduler is still deciding on screen is drawn as it was before its binding: Pending,
 * in the tray (ClusterMap's `holding`). One copy per object, so caches keyed by object hold.
 */
const heldCopies = new WeakMap<KObject, KObject>();
function held(pod: KObject): KObject {
  let copy = heldCopies.get(pod);
  if (!copy) heldCopies.set(pod, (copy = { ...pod, spec: { ...pod.spec, nodeName: undefined }, status: { phase: 'Pending' } }));
  return copy;
}

export class PodGroups {
  /** The pods view last folded in (to ask the journal what changed since). */
  #seen: ReadonlyMap<string, KObject> | undefined;
  #hold: ReadonlySet<string> = new Set();
  /** pod key -> its group. */
  readonly #where = new Map<string, string>();
  /** pod key -> the pod as drawn (held pods are copies). */
  readonly #drawn = new Map<string, KObject>();
  /**
   * pod key -> its creation time and sort key (layout.ts byAge). Name and namespace are the key's,
   * so only a new creationTimestamp (the pod deleted and made again under its name) changes it.
   */
  readonly #ages = new Map<string, { created: unknown; age: string }>();
  /** group -> its pods' keys, oldest first: a pod joins or leaves by binary search, no group is re-sorted. */
  readonly #members = new Map<string, string[]>();
  #sorted = new Map<string, readonly KObject[]>();

  /**
   * Folds the pods as they are now (and the keys held in the tray) and returns the groups; groups
   * that did not change are the same arrays as last time.
   */
  update(pods: ReadonlyMap<string, KObject>, hold: ReadonlySet<string>): GroupedPods {
    const changed = changedKeys(this.#seen, pods);
    let keys: Iterable<string>;
    if (changed === undefined) {
      this.#where.clear();
      this.#drawn.clear();
      this.#ages.clear();
      this.#members.clear();
      this.#sorted = new Map();
      keys = pods.keys();
    } else {
      if (changed.size === 0 && sameSet(hold, this.#hold)) return this.#sorted;
      const all = new Set(changed);
      for (const key of hold) if (!this.#hold.has(key)) all.add(key);
      for (const key of this.#hold) if (!hold.has(key)) all.add(key);
      keys = all;
    }
    this.#seen = pods;
    this.#hold = hold;
    const dirty = new Set<string>();
    for (const key of keys) {
      const before = this.#where.get(key);
      const stored = pods.get(key);
      if (!stored) {
        if (before !== undefined) {
          this.#leave(before, key);
          dirty.add(before);
        }
        this.#where.delete(key);
        this.#drawn.delete(key);
        this.#ages.delete(key);
        continue;
      }
      const pod = hold.has(key) && stored.spec?.nodeName ? held(stored) : stored;
      const group = (pod.spec?.nodeName as string | undefined) ?? '';
      const created = stored.metadata?.creationTimestamp;
      const age = this.#ages.get(key);
      const moved = before !== group || !age || age.created !== created;
      if (before !== undefined && moved) {
        this.#leave(before, key);
        dirty.add(before);
      }
      if (!age || age.created !== created) this.#ages.set(key, { created, age: ageKeyOf(stored) });
      if (moved) {
        this.#join(group, key);
        this.#where.set(key, group);
      }
      if (moved || this.#drawn.get(key) !== pod) dirty.add(group);
      this.#drawn.set(key, pod);
    }
    if (dirty.size === 0) return this.#sorted;
    const next = new Map(this.#sorted);
    for (const group of dirty) {
      const members = this.#members.get(group);
      if (!members || members.length === 0) {
        this.#members.delete(group);
        next.delete(group);
      } else next.set(group, members.map((key) => this.#drawn.get(key)!));
    }
    this.#sorted = next;
    return next;
  }

  /** Where `age` goes in `keys` (sorted by age): the index of the first key not older. */
  #search(keys: readonly string[], age: string): number {
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#ages.get(keys[mid])!.age < age) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  #join(group: string, key: string): void {
    let members = this.#members.get(group);
    if (!members) this.#members.set(group, (members = []));
    members.splice(this.#search(members, this.#ages.get(key)!.age), 0, key);
  }

  /** Takes `key` out of `group` (before its age is updated: the search uses the age it was sorted by). */
  #leave(group: string, key: string): void {
    const members = this.#members.get(group);
    if (!members) return;
    let i = this.#search(members, this.#ages.get(key)!.age);
    if (members[i] !== key) i = members.indexOf(key);
    if (i >= 0) members.splice(i, 1);
  }
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const x of a) if (!b.has(x)) return false;
  return true;
}

/**
 * The map's pods grouped by the node they are bound to (`spec.nodeName`; '' for none), each group
 * oldest first, kept up to date from the store's change journal (bridge/deltas.ts changedKeys):
 * a batch that touches 3 pods re-sorts the 1 to 6 groups they left or joined, not 10,000 pods. A
 * group that did not change keeps its array, so the layout keeps its placements (layout.ts).
 */
import { changedKeys, type KObject } from '../bridge/deltas';
import { byAge } from './layout';

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
  /** group -> pod key -> pod (as drawn: held pods are copies). */
  readonly #members = new Map<string, Map<string, KObject>>();
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
      if (before !== undefined) {
        this.#members.get(before)?.delete(key);
        dirty.add(before);
      }
      const stored = pods.get(key);
      if (!stored) {
        this.#where.delete(key);
        continue;
      }
      const pod = hold.has(key) && stored.spec?.nodeName ? held(stored) : stored;
      const group = (pod.spec?.nodeName as string | undefined) ?? '';
      let members = this.#members.get(group);
      if (!members) this.#members.set(group, (members = new Map()));
      members.set(key, pod);
      this.#where.set(key, group);
      dirty.add(group);
    }
    const next = new Map(this.#sorted);
    for (const group of dirty) {
      const members = this.#members.get(group);
      if (!members || members.size === 0) {
        this.#members.delete(group);
        next.delete(group);
      } else next.set(group, [...members.values()].sort(byAge));
    }
    this.#sorted = next;
    return next;
  }
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const x of a) if (!b.has(x)) return false;
  return true;
}

/**
 * The pure helpers the ReplicaSet controller decides with: which pods count, which pods to delete
 * first, how creations are batched, and the expectations that stop a controller from acting twice
 * on a stale cache. upstream: pkg/controller/controller_utils.go (shared by the ReplicaSet, Job,
 * DaemonSet... controllers upstream; only the ReplicaSet controller uses them here so far).
 */
import type { KObject } from '../../apiserver/store';
import { parseTimestamp } from '../../kernel/clock';

/** upstream: ExpectationsTimeout: expectations not met after this long are ignored. */
export const EXPECTATIONS_TIMEOUT_MS = 5 * 60 * 1000;
/** upstream: SlowStartInitialBatchSize. */
export const SLOW_START_INITIAL_BATCH_SIZE = 1;
/** upstream: pkg/controller/replicaset/replica_set.go BurstReplicas: most pods created or deleted in one sync. */
export const BURST_REPLICAS = 500;
/** upstream: pkg/apis/core/types.go PodDeletionCost. */
export const POD_DELETION_COST = 'controller.kubernetes.io/pod-deletion-cost';

/** upstream: controller.PodKey. */
export function podKey(pod: KObject): string {
  return `${pod.metadata.namespace}/${pod.metadata.name}`;
}

/** upstream: IsPodActive: not terminal and not being deleted. */
export function isPodActive(pod: KObject): boolean {
  const phase = pod.status?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed' && !pod.metadata.deletionTimestamp;
}

/** upstream: FilterActivePods. */
export function filterActivePods(pods: readonly KObject[]): KObject[] {
  return pods.filter(isPodActive);
}

/** The pod's Ready condition (a plain loop: every ReplicaSet sync asks this of each of its pods). */
function readyCondition(pod: KObject): { status: string; lastTransitionTime?: string } | undefined {
  const conditions: { type: string; status: string; lastTransitionTime?: string }[] | undefined = pod.status?.conditions;
  if (!conditions) return undefined;
  for (let i = 0; i < conditions.length; i++) if (conditions[i].type === 'Ready') return conditions[i];
  return undefined;
}

/** upstream: pkg/api/v1/pod/util.go IsPodReady. */
export function isPodReady(pod: KObject): boolean {
  return readyCondition(pod)?.status === 'True';
}

/** upstream: pkg/api/v1/pod/util.go IsPodAvailable: ready for at least minReadySeconds. */
export function isPodAvailable(pod: KObject, minReadySeconds: number, now: number): boolean {
  const ready = readyCondition(pod);
  if (ready?.status !== 'True') return false;
  if (minReadySeconds === 0) return true;
  const since = parseTimestamp(ready.lastTransitionTime);
  return since !== undefined && since + minReadySeconds * 1000 < now;
}

/** upstream: pkg/apis/core/helper GetDeletionCostFromPodAnnotations (invalid values count as 0). */
export function getDeletionCost(pod: KObject): number {
  const value: string | undefined = pod.metadata.annotations?.[POD_DELETION_COST];
  if (value === undefined) return 0;
  // "+10" and "008" are not valid; the value must fit an int32.
  if (!/^(-[0-9]+|0|[1-9][0-9]*)$/.test(value)) return 0;
  const n = Number(value);
  return n >= -(2 ** 31) && n <= 2 ** 31 - 1 ? n || 0 : 0;
}

const PHASE_ORDINAL: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };

function maxContainerRestarts(pod: KObject): number {
  let max = 0;
  for (const c of pod.status?.containerStatuses ?? []) max = Math.max(max, c.restartCount ?? 0);
  return max;
}

function podReadyTime(pod: KObject): number | undefined {
  return isPodReady(pod) ? parseTimestamp(readyCondition(pod)?.lastTransitionTime) : undefined;
}

/** upstream: afterOrZero: a zero time sorts first, then the later time. */
function afterOrZero(t1: number | undefined, t2: number | undefined): boolean {
  if (t1 === undefined || t2 === undefined) return t1 === undefined;
  return t1 > t2;
}

/** upstream: logarithmicRankDiff: compares floor(log2(age in ns)) of two times. */
export function logarithmicRankDiff(t1: number, t2: number, now: number): number {
  const d1 = (now - t1) * 1e6;
  const d2 = (now - t2) * 1e6;
  const r1 = d1 > 0 ? Math.floor(Math.log2(d1)) : -1;
  const r2 = d2 > 0 ? Math.floor(Math.log2(d2)) : -1;
  return r1 - r2;
}

/** Compares two times, logarithmically when both are set (LogarithmicScaleDown, on by default). */
function newerFirst(t1: number | undefined, t2: number | undefined, uid1: string, uid2: string, now: number | undefined): boolean {
  if (now === undefined || t1 === undefined || t2 === undefined) return afterOrZero(t1, t2);
  const diff = logarithmicRankDiff(t1, t2, now);
  // Same bucket: by UID, a pseudorandom order.
  if (diff === 0) return uid1 < uid2;
  return diff < 0;
}

export interface RankedPod {
  pod: KObject;
  /** Active related pods on the same node (more: delete first). */
  rank: number;
}

/**
 * upstream: ActivePodsWithRanks.Less: true if `a` should be deleted before `b`.
 * 1. unassigned < assigned; 2. Pending < Unknown < Running; 3. not ready < ready;
 * 4. lower pod-deletion-cost first; 5. doubled up (higher rank) first; 6. ready for less time first;
 * 7. more container restarts first; 8. newer (or no creation time) first.
 * `now` in virtual ms; undefined compares times without logarithmic scaling.
 */
export function activePodsWithRanksLess(a: RankedPod, b: RankedPod, now?: number): boolean {
  const pi = a.pod;
  const pj = b.pod;
  const ni: string = pi.spec?.nodeName ?? '';
  const nj: string = pj.spec?.nodeName ?? '';
  if (ni !== nj && (ni === '' || nj === '')) return ni === '';
  const oi = PHASE_ORDINAL[pi.status?.phase] ?? 0;
  const oj = PHASE_ORDINAL[pj.status?.phase] ?? 0;
  if (oi !== oj) return oi < oj;
  const ri = isPodReady(pi);
  const rj = isPodReady(pj);
  if (ri !== rj) return !ri;
  const ci = getDeletionCost(pi);
  const cj = getDeletionCost(pj);
  if (ci !== cj) return ci < cj;
  if (a.rank !== b.rank) return a.rank > b.rank;
  if (ri && rj) {
    const ti = podReadyTime(pi);
    const tj = podReadyTime(pj);
    if (ti !== tj) return newerFirst(ti, tj, pi.metadata.uid, pj.metadata.uid, now);
  }
  const mi = maxContainerRestarts(pi);
  const mj = maxContainerRestarts(pj);
  if (mi !== mj) return mi > mj;
  const ki = parseTimestamp(pi.metadata.creationTimestamp);
  const kj = parseTimestamp(pj.metadata.creationTimestamp);
  if (ki !== kj) return newerFirst(ki, kj, pi.metadata.uid, pj.metadata.uid, now);
  return false;
}

/** Sorts pods deletion-first (a stable sort; upstream's sort.Sort leaves ties unordered). */
export function sortActivePodsWithRanks(ranked: RankedPod[], now?: number): RankedPod[] {
  return ranked.sort((a, b) => (activePodsWithRanksLess(a, b, now) ? -1 : activePodsWithRanksLess(b, a, now) ? 1 : 0));
}

/**
 * upstream: pkg/controller/replicaset/replica_set.go getPodsRankedByRelatedPodsOnSameNode: each
 * pod's rank is the number of active related pods (of this ReplicaSet and its siblings under the
 * same Deployment) on its node.
 */
export function rankByRelatedPodsOnSameNode(podsToRank: readonly KObject[], relatedPods: readonly KObject[]): RankedPod[] {
  const podsOnNode = new Map<string, number>();
  for (const p of relatedPods) {
    if (!isPodActive(p)) continue;
    const node = p.spec?.nodeName ?? '';
    podsOnNode.set(node, (podsOnNode.get(node) ?? 0) + 1);
  }
  return podsToRank.map((pod) => ({ pod, rank: podsOnNode.get(pod.spec?.nodeName ?? '') ?? 0 }));
}

/** upstream: pkg/controller/replicaset/replica_set.go getPodsToDelete: the `diff` pods to delete first. */
export function getPodsToDelete(filteredPods: readonly KObject[], relatedPods: readonly KObject[], diff: number, now?: number): KObject[] {
  // No need to sort when every pod goes.
  if (diff >= filteredPods.length) return filteredPods.slice(0, diff);
  return sortActivePodsWithRanks(rankByRelatedPodsOnSameNode(filteredPods, relatedPods), now)
    .slice(0, diff)
    .map((r) => r.pod);
}

/** The batch sizes slowStartBatch uses for `count` calls: 1, 2, 4, ... the last one what is left. */
export function slowStartBatchSizes(count: number, initialBatchSize = SLOW_START_INITIAL_BATCH_SIZE): number[] {
  const sizes: number[] = [];
  let remaining = count;
  for (let size = Math.min(remaining, initialBatchSize); size > 0; size = Math.min(2 * size, remaining)) {
    sizes.push(size);
    remaining -= size;
  }
  return sizes;
}

/**
 * upstream: slowStartBatch: calls `fn` `count` times in batches of growing size, all calls of a
 * batch at once; after a batch with an error it stops (a quota or a bad template would fail every
 * call). `finish` gets the number of successes and the first error. `fn` answers through its
 * callback, as a request does.
 */
export function slowStartBatch<E>(
  count: number,
  initialBatchSize: number,
  fn: (done: (err?: E) => void) => void,
  finish: (successes: number, err: E | undefined) => void
): void {
  const sizes = slowStartBatchSizes(count, initialBatchSize);
  let successes = 0;
  const runBatch = (i: number): void => {
    if (i >= sizes.length) return finish(successes, undefined);
    let pending = sizes[i];
    let firstErr: E | undefined;
    let failed = false;
    for (let n = 0; n < sizes[i]; n++) {
      fn((err) => {
        if (err !== undefined) {
          if (!failed) firstErr = err;
          failed = true;
        } else successes++;
        if (--pending > 0) return;
        if (failed) finish(successes, firstErr);
        else runBatch(i + 1);
      });
    }
  };
  runBatch(0);
}

// Expectations
// ---------------------------------------------------------------------------------------------

interface ControlleeExpectations {
  add: number;
  del: number;
  /** When the expectations were set (virtual ms). */
  timestamp: number;
  /** Keys (`ns/name`) of the pods whose deletion is expected (UIDTrackingControllerExpectations). */
  deleteKeys: Set<string>;
}

/**
 * upstream: ControllerExpectations + UIDTrackingControllerExpectations: a controller that asked
 * for N creates or deletes does not act again for that owner until its informer has observed them
 * (or ExpectationsTimeout passed: a watch event may have been lost), so that a sync on a cache
 * that has not caught up does not create or delete the same pods twice.
 */
export class UIDTrackingControllerExpectations {
  #store = new Map<string, ControlleeExpectations>();

  constructor(readonly now: () => number) {}

  /** upstream: SatisfiedExpectations: true if the owner may be synced again. */
  satisfiedExpectations(key: string): boolean {
    const exp = this.#store.get(key);
    // No record: a new owner, or its expectations were deleted.
    if (!exp) return true;
    if (exp.add <= 0 && exp.del <= 0) return true;
    return this.now() - exp.timestamp > EXPECTATIONS_TIMEOUT_MS;
  }

  get(key: string): { add: number; del: number } | undefined {
    const exp = this.#store.get(key);
    return exp && { add: exp.add, del: exp.del };
  }

  /** upstream: SetExpectations + ExpectDeletions at once (the DaemonSet controller's syncNodes does both). */
  setExpectations(key: string, adds: number, deletePodKeys: readonly string[]): void {
    const deleteKeys = new Set(deletePodKeys);
    this.#store.set(key, { add: adds, del: deleteKeys.size, timestamp: this.now(), deleteKeys });
  }

  expectCreations(key: string, adds: number): void {
    this.#store.set(key, { add: adds, del: 0, timestamp: this.now(), deleteKeys: new Set() });
  }

  expectDeletions(key: string, podKeys: readonly string[]): void {
    const deleteKeys = new Set(podKeys);
    this.#store.set(key, { add: 0, del: deleteKeys.size, timestamp: this.now(), deleteKeys });
  }

  creationObserved(key: string): void {
    const exp = this.#store.get(key);
    if (exp) exp.add--;
  }

  /** Counts a deletion only if that pod's deletion was expected. */
  deletionObserved(key: string, podKey: string): void {
    const exp = this.#store.get(key);
    if (exp?.deleteKeys.delete(podKey)) exp.del--;
  }

  deleteExpectations(key: string): void {
    this.#store.delete(key);
  }
}

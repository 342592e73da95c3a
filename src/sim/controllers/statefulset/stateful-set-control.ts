/**
 * The decisions of one StatefulSet sync, as a pure function of the set, its pods and claims: which
 * pod to create (with its claims), which to delete, and the status to write.
 * upstream: pkg/controller/statefulset/stateful_set_control.go (updateStatefulSet, processReplica,
 * processCondemned, computeReplicaStatus, completeRollingUpdate). OrderedReady ("monotonic") stops
 * at the first step that must wait; Parallel takes every step at once. The MaxUnavailableStatefulSet
 * (alpha) gate is off, so a rolling update replaces one pod at a time. The revision decisions
 * (getStatefulSetRevisions, truncateHistory) are here too, as pure functions of the listed revisions.
 */
import type { KObject } from '../../apiserver/store';
import { equalRevision, findEqualRevisions, getPatch, newControllerRevision } from '../history/controller-history';
import {
  claimOwnerReferences,
  getOrdinal,
  getPersistentVolumeClaims,
  getPodRevision,
  getStartOrdinal,
  isCreated,
  isFailed,
  isHealthy,
  isMemberOf,
  isRunningAndAvailable,
  isRunningAndReady,
  isSucceeded,
  isTerminating,
  newStatefulSetPod
} from './stateful-set-utils';

/** The set's two revisions: the one its older pods run, the one its template says now. */
export interface Revisions {
  currentRevision: string;
  currentTemplate: KObject;
  updateRevision: string;
  updateTemplate: KObject;
}

export type StatefulSetAction =
  /** Create the claims that do not exist yet, then the pod. */
  | { type: 'create'; pod: KObject; claims: KObject[] }
  | { type: 'delete'; pod: KObject; why: 'failed' | 'terminated' | 'scale-down' | 'update' }
  /** Set a claim's owner references as the retention policy wants them. */
  | { type: 'claim-owners'; claim: KObject; ownerReferences: KObject[] };

/**
 * upstream: newVersionedStatefulSetPod: below the partition a missing pod comes back at the
 * current revision, otherwise at the update revision.
 */
function newVersionedPod(set: KObject, rev: Revisions, ordinal: number): KObject {
  const us = set.spec?.updateStrategy ?? {};
  const start = getStartOrdinal(set);
  const atCurrent =
    (us.type === 'RollingUpdate' && !us.rollingUpdate && ordinal < start + (set.status?.currentReplicas ?? 0)) ||
    (us.rollingUpdate && ordinal < start + (us.rollingUpdate.partition ?? 0));
  return atCurrent ? newStatefulSetPod(set, rev.currentTemplate, rev.currentRevision, ordinal) : newStatefulSetPod(set, rev.updateTemplate, rev.updateRevision, ordinal);
}

/**
 * upstream: updateStatefulSet: the actions of this sync, in order. `pods` are the set's own pods
 * (controllerRef), `getClaim` finds a claim of the set's namespace by name.
 */
export function planStatefulSet(set: KObject, pods: readonly KObject[], getClaim: (name: string) => KObject | undefined, rev: Revisions, now: number): StatefulSetAction[] {
  const actions: StatefulSetAction[] = [];
  if (set.metadata.deletionTimestamp) return actions;
  const replicaCount: number = set.spec?.replicas ?? 1;
  const start = getStartOrdinal(set);
  const minReadySeconds: number = set.spec?.minReadySeconds ?? 0;
  const monotonic = set.spec?.podManagementPolicy !== 'Parallel';

  // Split the pods into the replicas [start, start+replicas) and the condemned (above the range).
  const replicas: (KObject | undefined)[] = new Array(replicaCount).fill(undefined);
  const condemned: KObject[] = [];
  for (const pod of pods) {
    if (!isMemberOf(set, pod)) continue;
    const ord = getOrdinal(pod);
    if (ord >= start && ord < start + replicaCount) replicas[ord - start] = pod;
    else if (ord >= 0) condemned.push(pod);
  }
  // Highest ordinal first: scale down removes from the top.
  condemned.sort((a, b) => getOrdinal(b) - getOrdinal(a));
  const wanted: KObject[] = replicas.map((p, i) => p ?? newVersionedPod(set, rev, start + i));

  let firstUnhealthy: KObject | undefined;
  for (const p of wanted) if (!firstUnhealthy && !isHealthy(p)) firstUnhealthy = p;
  for (let i = condemned.length - 1; i >= 0; i--) if (!firstUnhealthy && !isHealthy(condemned[i])) firstUnhealthy = condemned[i];

  // upstream: the claims' owner references follow the retention policy (processReplica's
  // UpdateStatefulPod for the replicas, fixPodClaim for the condemned pods).
  for (const pod of [...wanted.filter(isCreated), ...condemned]) {
    for (const template of getPersistentVolumeClaims(set, getOrdinal(pod))) {
      const claim = getClaim(template.metadata.name);
      if (!claim) continue;
      const refs = claimOwnerReferences(claim, set, pod);
      if (JSON.stringify(refs) !== JSON.stringify(claim.metadata.ownerReferences ?? [])) actions.push({ type: 'claim-owners', claim, ownerReferences: refs });
    }
  }

  // upstream: processReplica, for each ordinal in turn.
  for (const pod of wanted) {
    if (isFailed(pod) || isSucceeded(pod)) {
      // Deleted now, made again on a later sync once it is gone.
      if (!isTerminating(pod)) actions.push({ type: 'delete', pod, why: isFailed(pod) ? 'failed' : 'terminated' });
      if (monotonic) return actions;
      continue;
    }
    if (!isCreated(pod)) {
      const claims = getPersistentVolumeClaims(set, getOrdinal(pod)).filter((c) => !getClaim(c.metadata.name));
      for (const c of claims) {
        const refs = claimOwnerReferences(c, set, pod);
        if (refs.length > 0) c.metadata.ownerReferences = refs;
      }
      actions.push({ type: 'create', pod, claims });
      if (monotonic) return actions;
      continue;
    }
    if (!monotonic) continue;
    // OrderedReady: the next ordinal waits for this one to be Running, Ready and available.
    if (isTerminating(pod) || !isRunningAndReady(pod) || !isRunningAndAvailable(pod, minReadySeconds, now)) return actions;
  }

  // upstream: processCondemned: scale down, highest ordinal first; OrderedReady one at a time,
  // each only once the others are healthy (the first unhealthy pod may go).
  for (const pod of condemned) {
    if (isTerminating(pod)) {
      if (monotonic) return actions;
      continue;
    }
    if (monotonic && pod !== firstUnhealthy && (!isRunningAndReady(pod) || !isRunningAndAvailable(pod, minReadySeconds, now))) return actions;
    actions.push({ type: 'delete', pod, why: 'scale-down' });
    if (monotonic) return actions;
  }

  // upstream: the RollingUpdate strategy: from the highest ordinal down to the partition, delete the
  // first pod not at the update revision (it comes back at it), waiting for unhealthy ones.
  const us = set.spec?.updateStrategy ?? {};
  if (us.type === 'OnDelete') return actions;
  const updateMin: number = us.rollingUpdate?.partition ?? 0;
  for (let target = wanted.length - 1; target >= updateMin; target--) {
    const pod = wanted[target];
    if (getPodRevision(pod) !== rev.updateRevision && !isTerminating(pod)) {
      actions.push({ type: 'delete', pod, why: 'update' });
      return actions;
    }
    if (!isHealthy(pod)) return actions;
  }
  return actions;
}

export interface StatefulSetStatusCounts {
  replicas: number;
  readyReplicas: number;
  availableReplicas: number;
  currentReplicas: number;
  updatedReplicas: number;
  currentRevision: string;
  updateRevision: string;
}

/** upstream: computeReplicaStatus + completeRollingUpdate. */
export function computeReplicaStatus(set: KObject, pods: readonly KObject[], rev: Revisions, now: number): StatefulSetStatusCounts {
  const minReadySeconds: number = set.spec?.minReadySeconds ?? 0;
  const s: StatefulSetStatusCounts = { replicas: 0, readyReplicas: 0, availableReplicas: 0, currentReplicas: 0, updatedReplicas: 0, currentRevision: rev.currentRevision, updateRevision: rev.updateRevision };
  for (const pod of pods) {
    if (isCreated(pod)) s.replicas++;
    if (isRunningAndReady(pod)) {
      s.readyReplicas++;
      if (isRunningAndAvailable(pod, minReadySeconds, now)) s.availableReplicas++;
    }
    if (isCreated(pod) && !isTerminating(pod)) {
      const r = getPodRevision(pod);
      if (r === rev.currentRevision) s.currentReplicas++;
      if (r === rev.updateRevision) s.updatedReplicas++;
    }
  }
  if (set.spec?.updateStrategy?.type === 'RollingUpdate' && s.updatedReplicas === s.replicas && s.readyReplicas === s.replicas) {
    s.currentReplicas = s.updatedReplicas;
    s.currentRevision = s.updateRevision;
  }
  return s;
}

/**
 * upstream: stateful_set_utils.go newRevision: the set's template as a ControllerRevision, with the
 * template's labels and the set's annotations (so a change-cause follows the revision).
 */
export function newRevision(set: KObject, revision: number, collisionCount: number): KObject {
  const cr = newControllerRevision(set, 'apps/v1', 'StatefulSet', set.spec?.template?.metadata?.labels, getPatch(set), revision, collisionCount);
  if (set.metadata.annotations) cr.metadata.annotations = { ...set.metadata.annotations };
  return cr;
}

/** What getStatefulSetRevisions does about the update revision. */
export type UpdateRevisionDecision =
  /** The newest revision already holds the template. */
  | { type: 'existing'; revision: KObject }
  /** An older revision holds it (a rollback): it gets the next number. */
  | { type: 'renumber'; revision: KObject; to: number }
  /** No revision holds it: create `revision`. */
  | { type: 'create'; revision: KObject };

/**
 * upstream: getStatefulSetRevisions's choice of the update revision. `sorted` are the set's
 * revisions in order, `candidate` the newRevision of its template at the next number.
 */
export function decideUpdateRevision(sorted: readonly KObject[], candidate: KObject): UpdateRevisionDecision {
  const equal = findEqualRevisions(sorted, candidate);
  if (equal.length > 0 && equalRevision(sorted[sorted.length - 1], equal[equal.length - 1])) return { type: 'existing', revision: sorted[sorted.length - 1] };
  if (equal.length > 0) return { type: 'renumber', revision: equal[equal.length - 1], to: candidate.revision };
  return { type: 'create', revision: candidate };
}

/**
 * upstream: truncateHistory: the revisions to delete so that at most revisionHistoryLimit
 * non-live ones stay (live: the current and update revisions and any a pod runs), oldest first.
 */
export function revisionsToTruncate(set: KObject, pods: readonly KObject[], sorted: readonly KObject[], current: string, update: string): KObject[] {
  const live = new Set([current, update, ...pods.map(getPodRevision)]);
  const history = sorted.filter((r) => !live.has(r.metadata.name));
  const limit: number = set.spec?.revisionHistoryLimit ?? 10;
  return history.length <= limit ? [] : history.slice(0, history.length - limit);
}

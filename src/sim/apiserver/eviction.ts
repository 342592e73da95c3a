/**
 * The eviction subresource's PodDisruptionBudget check: whether a pod may be evicted now, and the
 * budget's status write that records the disruption (verify-and-decrement).
 * upstream: pkg/registry/core/pod/storage/eviction.go (Create, canIgnorePDB, checkAndDecrement,
 * getPodDisruptionBudgets, addConditionAndDeletePod, createTooManyRequestsError).
 */
import { ApiError, type Status } from '../api/errors';
import { pdbSelectsPod, updateDisruptionAllowedCondition } from '../api/poddisruptionbudget';
import { timestamp } from '../kernel/clock';
import { thaw, type KObject } from './store';

/** upstream: eviction.go MaxDisruptedPodSize. */
export const MAX_DISRUPTED_POD_SIZE = 2000;

export const PDB_VIOLATION_MESSAGE = "Cannot evict pod as it would violate the pod's disruption budget.";
export const MULTIPLE_PDBS_MESSAGE = 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.';

/** What the eviction may do: delete the pod (with a budget status to write first), or fail. */
export type EvictionDecision = { allowed: true; pdbUpdate?: KObject } | { allowed: false; error: ApiError };

/** upstream: canIgnorePDB: a terminal, Pending or already-deleting pod is deleted without a budget check. */
export function canIgnorePDB(pod: KObject): boolean {
  const phase = pod.status?.phase;
  return phase === 'Succeeded' || phase === 'Failed' || phase === 'Pending' || !!pod.metadata.deletionTimestamp;
}

/** upstream: pkg/api/pod IsPodReady (the apiserver's copy): the pod is healthy for its budget. */
function isPodReady(pod: KObject): boolean {
  return (pod.status?.conditions ?? []).some((c: KObject) => c.type === 'Ready' && c.status === 'True');
}

function tooManyRequests(cause: string, retryAfterSeconds: number): ApiError {
  return new ApiError({
    kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: PDB_VIOLATION_MESSAGE, reason: 'TooManyRequests', code: 429,
    details: { causes: [{ reason: 'DisruptionBudget', message: cause }], ...(retryAfterSeconds > 0 ? { retryAfterSeconds } : {}) } as Status['details']
  });
}

function forbiddenPDB(name: string, why: string): ApiError {
  return new ApiError({
    kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', reason: 'Forbidden', code: 403,
    message: `poddisruptionbudget.policy "${name}" is forbidden: ${why}`, details: { name, group: 'policy', kind: 'poddisruptionbudget' }
  });
}

/**
 * upstream: checkAndDecrement: the budget must have seen its latest spec and allow a disruption;
 * the pod goes into status.disruptedPods so the controller stops counting it before it is gone.
 */
function checkAndDecrement(podName: string, pdb: KObject, dryRun: boolean, now: number): EvictionDecision {
  const status = pdb.status ?? {};
  const name = pdb.metadata.name;
  if ((status.observedGeneration ?? 0) < (pdb.metadata.generation ?? 0)) {
    return { allowed: false, error: tooManyRequests(`The disruption budget ${name} is still being processed by the server.`, 10) };
  }
  if ((status.disruptionsAllowed ?? 0) < 0) return { allowed: false, error: forbiddenPDB(name, 'pdb disruptions allowed is negative') };
  if (Object.keys(status.disruptedPods ?? {}).length > MAX_DISRUPTED_POD_SIZE) {
    return { allowed: false, error: forbiddenPDB(name, 'DisruptedPods map too big - too many evictions not confirmed by PDB controller') };
  }
  if ((status.disruptionsAllowed ?? 0) === 0) {
    return { allowed: false, error: tooManyRequests(`The disruption budget ${name} needs ${status.desiredHealthy ?? 0} healthy pods and has ${status.currentHealthy ?? 0} currently`, 0) };
  }
  if (dryRun) return { allowed: true };
  const next = thaw(pdb);
  next.status.disruptionsAllowed--;
  if (next.status.disruptionsAllowed === 0) updateDisruptionAllowedCondition(next, now);
  next.status.disruptedPods = { ...(next.status.disruptedPods ?? {}), [podName]: timestamp(now) };
  return { allowed: true, pdbUpdate: next };
}

/** upstream: the PDB part of EvictionREST.Create, for a pod canIgnorePDB refused. `pdbs` are the namespace's budgets. */
export function checkEviction(pod: KObject, pdbs: readonly KObject[], dryRun: boolean, now: number): EvictionDecision {
  const matching = pdbs.filter((pdb) => pdbSelectsPod(pdb, pod));
  if (matching.length > 1) {
    // upstream returns a bare metav1.Status (no reason) with code 500.
    return { allowed: false, error: new ApiError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: MULTIPLE_PDBS_MESSAGE, code: 500 } as unknown as Status) };
  }
  if (matching.length === 0) return { allowed: true };
  const pdb = matching[0];
  if (!isPodReady(pod)) {
    // An unready pod does not count towards the budget: AlwaysAllow, or (IfHealthyBudget, the
    // default) while the application is not disrupted, it goes without using a disruption.
    if (pdb.spec?.unhealthyPodEvictionPolicy === 'AlwaysAllow') return { allowed: true };
    const { currentHealthy = 0, desiredHealthy = 0 } = pdb.status ?? {};
    if (currentHealthy >= desiredHealthy && desiredHealthy > 0) return { allowed: true };
  }
  return checkAndDecrement(pod.metadata.name, pdb, dryRun, now);
}

/** upstream: addConditionAndDeletePod's conditionAppender: DisruptionTarget=True before the delete. */
export function withDisruptionTarget(pod: KObject, now: number): KObject | undefined {
  const conditions: KObject[] = pod.status?.conditions ?? [];
  const existing = conditions.find((c) => c.type === 'DisruptionTarget');
  if (existing?.status === 'True' && existing.reason === 'EvictionByEvictionAPI') return undefined;
  const next = thaw(pod);
  const c = { type: 'DisruptionTarget', status: 'True', lastProbeTime: null, lastTransitionTime: existing?.status === 'True' ? existing.lastTransitionTime : timestamp(now), reason: 'EvictionByEvictionAPI', message: 'Eviction API: evicting' };
  const list: KObject[] = (next.status.conditions ??= []);
  const i = list.findIndex((x) => x.type === 'DisruptionTarget');
  if (i >= 0) list[i] = c;
  else list.push(c);
  return next;
}

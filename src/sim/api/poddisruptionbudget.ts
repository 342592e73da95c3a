/**
 * PodDisruptionBudget helpers shared by the eviction subresource and the disruption controller:
 * the DisruptionAllowed condition and which budgets cover a pod.
 * upstream: staging/src/k8s.io/component-helpers/apps/poddisruptionbudget/helpers.go
 * (UpdateDisruptionAllowedCondition, ConditionsAreUpToDate), staging/src/k8s.io/apimachinery/pkg/api/meta/conditions.go
 * (SetStatusCondition), pkg/registry/core/pod/storage/eviction.go getPodDisruptionBudgets.
 */
import { selectorFromLabelSelector } from './labels';
import { timestamp } from '../kernel/clock';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Obj = Record<string, any>;

/** upstream: policy/v1 DisruptionAllowedCondition and its reasons. */
export const DISRUPTION_ALLOWED_CONDITION = 'DisruptionAllowed';
export const SUFFICIENT_PODS_REASON = 'SufficientPods';
export const INSUFFICIENT_PODS_REASON = 'InsufficientPods';
export const SYNC_FAILED_REASON = 'SyncFailed';

/** upstream: meta.SetStatusCondition: lastTransitionTime moves only when the status flips. */
export function setStatusCondition(conditions: Obj[], c: { type: string; status: string; reason: string; message?: string; observedGeneration?: number }, now: number): void {
  const existing = conditions.find((x) => x.type === c.type);
  if (!existing) {
    conditions.push({ type: c.type, status: c.status, observedGeneration: c.observedGeneration, lastTransitionTime: timestamp(now), reason: c.reason, message: c.message ?? '' });
    return;
  }
  if (existing.status !== c.status) {
    existing.status = c.status;
    existing.lastTransitionTime = timestamp(now);
  }
  existing.reason = c.reason;
  existing.message = c.message ?? '';
  existing.observedGeneration = c.observedGeneration;
}

/** upstream: UpdateDisruptionAllowedCondition: True/SufficientPods while disruptions are allowed. Mutates pdb.status. */
export function updateDisruptionAllowedCondition(pdb: Obj, now: number): void {
  const status = (pdb.status ??= {});
  const conditions: Obj[] = (status.conditions ??= []);
  const allowed = (status.disruptionsAllowed ?? 0) > 0;
  setStatusCondition(
    conditions,
    { type: DISRUPTION_ALLOWED_CONDITION, status: allowed ? 'True' : 'False', reason: allowed ? SUFFICIENT_PODS_REASON : INSUFFICIENT_PODS_REASON, observedGeneration: status.observedGeneration ?? 0 },
    now
  );
}

/** upstream: ConditionsAreUpToDate. */
export function conditionsAreUpToDate(pdb: Obj): boolean {
  const status = pdb.status ?? {};
  const c = (status.conditions ?? []).find((x: Obj) => x.type === DISRUPTION_ALLOWED_CONDITION);
  if (!c) return false;
  if ((status.observedGeneration ?? 0) !== (pdb.metadata?.generation ?? 0)) return false;
  if ((status.disruptionsAllowed ?? 0) > 0) return c.status === 'True' && c.reason === SUFFICIENT_PODS_REASON;
  return c.status === 'False' && c.reason === INSUFFICIENT_PODS_REASON;
}

/** Whether the budget selects the pod: same namespace, a valid selector matching its labels (nil selects nothing). */
export function pdbSelectsPod(pdb: Obj, pod: Obj): boolean {
  if (pdb.metadata?.namespace !== pod.metadata?.namespace) return false;
  try {
    return selectorFromLabelSelector(pdb.spec?.selector).matches(pod.metadata?.labels ?? {});
  } catch {
    // upstream: an invalid selector does not match the pod.
    return false;
  }
}

/**
 * The disruption controller's arithmetic, pure: how many pods a budget expects and wants healthy,
 * how many are healthy, which recorded disruptions still hold, and the status that follows.
 * upstream: pkg/controller/disruption/disruption.go (getExpectedPodCount, getExpectedScale,
 * countHealthyPods, buildDisruptedPodMap, updatePdbStatus, DeletionTimeout).
 */
import type { KObject } from '../../apiserver/store';
import { conditionsAreUpToDate, updateDisruptionAllowedCondition } from '../../api/poddisruptionbudget';
import { parseTimestamp } from '../../kernel/clock';
import { scaled } from '../deployment/util';
import { getControllerOf } from '../replicaset/controller-ref-manager';
import { isPodReady } from '../replicaset/controller-utils';
import { cloneJSON } from '../../api/canonical';

/** upstream: DeletionTimeout: a pod evicted but not deleted after this is counted again. */
export const DELETION_TIMEOUT_MS = 2 * 60_000;

/**
 * The scale of a pod's controller, found from its controllerRef: `{uid, scale}`, or undefined
 * when no supported controller owns it. upstream: finders() (ReplicaSet, Deployment, StatefulSet, RC).
 */
export type ScaleFinder = (ref: { kind: string; name: string; uid: string; apiVersion?: string }, namespace: string) => { uid: string; scale: number } | undefined;

export interface ExpectedCount {
  expectedCount: number;
  desiredHealthy: number;
  unmanagedPods: string[];
}

/** upstream: getExpectedScale: the sum of the scales of the pods' controllers. Throws as upstream errors. */
export function getExpectedScale(pods: readonly KObject[], findScale: ScaleFinder): { expectedCount: number; unmanagedPods: string[] } {
  const controllerScale = new Map<string, number>();
  const unmanagedPods: string[] = [];
  for (const pod of pods) {
    const ref = getControllerOf(pod);
    if (!ref) {
      unmanagedPods.push(pod.metadata.name);
      continue;
    }
    if (controllerScale.has(ref.uid)) continue;
    const found = findScale(ref, pod.metadata.namespace);
    if (!found) throw new Error(`found no controllers for pod "${pod.metadata.name}"`);
    controllerScale.set(found.uid, found.scale);
  }
  let expectedCount = 0;
  for (const n of controllerScale.values()) expectedCount += n;
  return { expectedCount, unmanagedPods };
}

/** upstream: getExpectedPodCount: an integer minAvailable counts the pods; percentages and maxUnavailable the controllers' scale. */
export function getExpectedPodCount(pdb: KObject, pods: readonly KObject[], findScale: ScaleFinder): ExpectedCount {
  const spec = pdb.spec ?? {};
  if (spec.maxUnavailable !== undefined && spec.maxUnavailable !== null) {
    const { expectedCount, unmanagedPods } = getExpectedScale(pods, findScale);
    const maxUnavailable = scaled(spec.maxUnavailable, expectedCount, true, '0');
    return { expectedCount, desiredHealthy: Math.max(0, expectedCount - maxUnavailable), unmanagedPods };
  }
  if (spec.minAvailable !== undefined && spec.minAvailable !== null) {
    if (typeof spec.minAvailable === 'number') return { expectedCount: pods.length, desiredHealthy: spec.minAvailable, unmanagedPods: [] };
    const { expectedCount, unmanagedPods } = getExpectedScale(pods, findScale);
    return { expectedCount, desiredHealthy: scaled(spec.minAvailable, expectedCount, true, '0'), unmanagedPods };
  }
  return { expectedCount: 0, desiredHealthy: 0, unmanagedPods: [] };
}

/**
 * upstream: buildDisruptedPodMap: keeps the evicted pods not deleted yet whose DeletionTimeout has
 * not passed, and when to look again (the earliest expiry).
 */
export function buildDisruptedPodMap(pods: readonly KObject[], pdb: KObject, now: number): { disruptedPods: Record<string, string>; recheckAt?: number; expired: string[] } {
  const recorded: Record<string, string> = pdb.status?.disruptedPods ?? {};
  const disruptedPods: Record<string, string> = {};
  const expired: string[] = [];
  let recheckAt: number | undefined;
  for (const pod of pods) {
    if (pod.metadata.deletionTimestamp) continue;
    const at = recorded[pod.metadata.name];
    if (at === undefined) continue;
    const expectedDeletion = (parseTimestamp(at) ?? 0) + DELETION_TIMEOUT_MS;
    if (expectedDeletion < now) {
      expired.push(pod.metadata.name);
      continue;
    }
    if (recheckAt === undefined || expectedDeletion < recheckAt) recheckAt = expectedDeletion;
    disruptedPods[pod.metadata.name] = at;
  }
  return { disruptedPods, recheckAt, expired };
}

/** upstream: countHealthyPods: Ready pods, not being deleted, not just evicted. */
export function countHealthyPods(pods: readonly KObject[], disruptedPods: Record<string, string>, now: number): number {
  let healthy = 0;
  for (const pod of pods) {
    if (pod.metadata.deletionTimestamp) continue;
    const at = disruptedPods[pod.metadata.name];
    if (at !== undefined && (parseTimestamp(at) ?? 0) + DELETION_TIMEOUT_MS > now) continue;
    if (isPodReady(pod)) healthy++;
  }
  return healthy;
}

/**
 * upstream: updatePdbStatus: the budget with its new status, or undefined when nothing changed.
 * A budget expecting no pods allows no disruption (safe before its first sync sees them).
 */
export function nextPdbStatus(pdb: KObject, currentHealthy: number, desiredHealthy: number, expectedCount: number, disruptedPods: Record<string, string>, now: number): KObject | undefined {
  let disruptionsAllowed = currentHealthy - desiredHealthy;
  if (expectedCount <= 0 || disruptionsAllowed <= 0) disruptionsAllowed = 0;
  const s = pdb.status ?? {};
  const generation = pdb.metadata.generation ?? 0;
  const sameDisrupted = JSON.stringify(s.disruptedPods ?? {}) === JSON.stringify(disruptedPods);
  if (
    (s.currentHealthy ?? 0) === currentHealthy && (s.desiredHealthy ?? 0) === desiredHealthy && (s.expectedPods ?? 0) === expectedCount &&
    (s.disruptionsAllowed ?? 0) === disruptionsAllowed && sameDisrupted && (s.observedGeneration ?? 0) === generation && conditionsAreUpToDate(pdb)
  ) {
    return undefined;
  }
  const next: KObject = cloneJSON(pdb);
  // policy/v1 PodDisruptionBudgetStatus field order (disruptedPods is omitempty).
  next.status = {
    observedGeneration: generation,
    ...(Object.keys(disruptedPods).length > 0 ? { disruptedPods } : {}),
    disruptionsAllowed,
    currentHealthy,
    desiredHealthy,
    expectedPods: expectedCount,
    conditions: cloneJSON(s.conditions ?? [])
  };
  updateDisruptionAllowedCondition(next, now);
  return next;
}

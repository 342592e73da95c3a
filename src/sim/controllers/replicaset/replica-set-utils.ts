/**
 * A ReplicaSet's status from the pods it owns.
 * upstream: pkg/controller/replicaset/replica_set_utils.go (calculateStatus, updateReplicaSetStatus)
 */
import type { KObject } from '../../apiserver/store';
import { selectorFromSet } from '../../api/labels';
import { timestamp } from '../../kernel/clock';
import { isPodAvailable, isPodReady } from './controller-utils';

export interface ReplicaSetCondition {
  type: string;
  status: string;
  lastTransitionTime: string;
  reason: string;
  message: string;
}

export interface ReplicaSetStatus {
  replicas: number;
  fullyLabeledReplicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
  observedGeneration?: number;
  conditions?: ReplicaSetCondition[];
}

/** upstream: apps.ReplicaSetReplicaFailure. */
export const REPLICA_FAILURE = 'ReplicaFailure';

/** upstream: calculateStatus. `now` in virtual ms. */
export function calculateStatus(rs: KObject, filteredPods: readonly KObject[], manageReplicasErr: string | undefined, now: number): ReplicaSetStatus {
  const templateLabel = selectorFromSet(rs.spec?.template?.metadata?.labels);
  const minReadySeconds: number = rs.spec?.minReadySeconds ?? 0;
  let fullyLabeled = 0;
  let ready = 0;
  let available = 0;
  for (const pod of filteredPods) {
    if (templateLabel.matches(pod.metadata.labels)) fullyLabeled++;
    if (isPodReady(pod)) {
      ready++;
      if (isPodAvailable(pod, minReadySeconds, now)) available++;
    }
  }
  let conditions: ReplicaSetCondition[] = [...(rs.status?.conditions ?? [])];
  const failure = conditions.find((c) => c.type === REPLICA_FAILURE);
  if (manageReplicasErr !== undefined && !failure) {
    const diff = filteredPods.length - (rs.spec?.replicas ?? 1);
    const reason = diff < 0 ? 'FailedCreate' : diff > 0 ? 'FailedDelete' : '';
    conditions.push({ type: REPLICA_FAILURE, status: 'True', lastTransitionTime: timestamp(now), reason, message: manageReplicasErr });
  } else if (manageReplicasErr === undefined && failure) {
    conditions = conditions.filter((c) => c.type !== REPLICA_FAILURE);
  }
  // Go drops zero values of the omitempty fields; `replicas` is always written.
  const status: ReplicaSetStatus = { replicas: filteredPods.length };
  if (fullyLabeled) status.fullyLabeledReplicas = fullyLabeled;
  if (ready) status.readyReplicas = ready;
  if (available) status.availableReplicas = available;
  if (rs.status?.observedGeneration) status.observedGeneration = rs.status.observedGeneration;
  if (conditions.length > 0) status.conditions = conditions;
  return status;
}

/** upstream: updateReplicaSetStatus's early return: nothing to write. */
export function statusUpToDate(rs: KObject, next: ReplicaSetStatus): boolean {
  const cur = rs.status ?? {};
  return (
    (cur.replicas ?? 0) === next.replicas &&
    (cur.fullyLabeledReplicas ?? 0) === (next.fullyLabeledReplicas ?? 0) &&
    (cur.readyReplicas ?? 0) === (next.readyReplicas ?? 0) &&
    (cur.availableReplicas ?? 0) === (next.availableReplicas ?? 0) &&
    (rs.metadata.generation ?? 0) === (cur.observedGeneration ?? 0) &&
    JSON.stringify(cur.conditions ?? []) === JSON.stringify(next.conditions ?? [])
  );
}

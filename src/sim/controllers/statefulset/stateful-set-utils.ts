/**
 * Pure helpers of the StatefulSet controller: a replica's identity (name NAME-ORDINAL, hostname,
 * subdomain, the pod-name and pod-index labels), its claims (CLAIM-NAME-ORDINAL), its revision.
 * upstream: pkg/controller/statefulset/stateful_set_utils.go (getParentNameAndOrdinal,
 * getPodName, getPersistentVolumeClaimName, getPersistentVolumeClaims, updateStorage,
 * initIdentity, updateIdentity, isRunningAndReady, isRunningAndAvailable, isCreated, isFailed,
 * isTerminating, isHealthy, newStatefulSetPod, newVersionedStatefulSetPod, setPodRevision,
 * getPodRevision).
 */
import type { KObject } from '../../apiserver/store';
import { cloneJSON } from '../../api/canonical';
import { newControllerRef } from '../replicaset/controller-ref-manager';
import { isPodAvailable, isPodReady } from '../replicaset/controller-utils';
import { getPodFromTemplate } from '../replicaset/replica-set';

/** upstream: apps.StatefulSetPodNameLabel. */
export const STATEFULSET_POD_NAME_LABEL = 'statefulset.kubernetes.io/pod-name';
/** upstream: apps.PodIndexLabel (PodIndexLabel feature, on by default since v1.28). */
export const POD_INDEX_LABEL = 'apps.kubernetes.io/pod-index';
/** upstream: apps.ControllerRevisionHashLabelKey. */
export const CONTROLLER_REVISION_HASH = 'controller-revision-hash';

const ORDINAL = /^(.*)-([0-9]+)$/;

/** upstream: getParentNameAndOrdinal: `web-3` -> ['web', 3]; ordinal -1 when the name has none. */
export function getParentNameAndOrdinal(pod: KObject): { parent: string; ordinal: number } {
  const m = ORDINAL.exec(pod.metadata.name ?? '');
  if (!m) return { parent: '', ordinal: -1 };
  return { parent: m[1], ordinal: Number(m[2]) };
}

export function getOrdinal(pod: KObject): number {
  return getParentNameAndOrdinal(pod).ordinal;
}

/** upstream: getStartOrdinal (spec.ordinals.start, StatefulSetStartOrdinal is GA). */
export function getStartOrdinal(set: KObject): number {
  return set.spec?.ordinals?.start ?? 0;
}

/** upstream: isMemberOf: the pod's name says it belongs to the set. */
export function isMemberOf(set: KObject, pod: KObject): boolean {
  return getParentNameAndOrdinal(pod).parent === set.metadata.name;
}

export function getPodName(set: KObject, ordinal: number): string {
  return `${set.metadata.name}-${ordinal}`;
}

/** upstream: getPersistentVolumeClaimName: `www-web-0`. */
export function getPersistentVolumeClaimName(set: KObject, claimTemplate: KObject, ordinal: number): string {
  return `${claimTemplate.metadata?.name}-${set.metadata.name}-${ordinal}`;
}

/** upstream: getPersistentVolumeClaims: one claim per template, labelled with the set's matchLabels. */
export function getPersistentVolumeClaims(set: KObject, ordinal: number): KObject[] {
  return (set.spec?.volumeClaimTemplates ?? []).map((t: KObject) => {
    const claim: KObject = cloneJSON(t);
    claim.apiVersion = 'v1';
    claim.kind = 'PersistentVolumeClaim';
    claim.metadata = { ...(claim.metadata ?? {}), name: getPersistentVolumeClaimName(set, t, ordinal), namespace: set.metadata.namespace };
    claim.metadata.labels = { ...(claim.metadata.labels ?? {}), ...(set.spec?.selector?.matchLabels ?? {}) };
    delete claim.status;
    return claim;
  });
}

/** upstream: updateStorage: each claim template becomes a volume of the pod (replacing one of the same name). */
export function updateStorage(set: KObject, pod: KObject, ordinal: number): void {
  const templates: KObject[] = set.spec?.volumeClaimTemplates ?? [];
  if (templates.length === 0) return;
  const names = new Set(templates.map((t) => t.metadata?.name));
  const volumes: KObject[] = templates.map((t) => ({ name: t.metadata?.name, persistentVolumeClaim: { claimName: getPersistentVolumeClaimName(set, t, ordinal) } }));
  for (const v of pod.spec.volumes ?? []) if (!names.has(v.name)) volumes.push(v);
  pod.spec.volumes = volumes;
}

/** upstream: initIdentity / updateIdentity: the stable network identity. */
export function initIdentity(set: KObject, pod: KObject, ordinal: number): void {
  pod.metadata.name = getPodName(set, ordinal);
  pod.metadata.namespace = set.metadata.namespace;
  pod.metadata.labels = { ...(pod.metadata.labels ?? {}), [STATEFULSET_POD_NAME_LABEL]: pod.metadata.name, [POD_INDEX_LABEL]: String(ordinal) };
  pod.spec.hostname = pod.metadata.name;
  if (set.spec?.serviceName) pod.spec.subdomain = set.spec.serviceName;
}

/** upstream: newStatefulSetPod + setPodRevision. `template` is the revision's pod template. */
export function newStatefulSetPod(set: KObject, template: KObject, revision: string, ordinal: number): KObject {
  const pod = getPodFromTemplate(template, set, newControllerRef(set, 'apps/v1', 'StatefulSet'));
  delete pod.metadata.generateName;
  initIdentity(set, pod, ordinal);
  updateStorage(set, pod, ordinal);
  pod.metadata.labels[CONTROLLER_REVISION_HASH] = revision;
  return pod;
}

export function getPodRevision(pod: KObject): string {
  return pod.metadata.labels?.[CONTROLLER_REVISION_HASH] ?? '';
}

/** upstream: isCreated: the pod has a phase (the API server gave it one). */
export function isCreated(pod: KObject): boolean {
  return !!pod.status?.phase;
}
export function isFailed(pod: KObject): boolean {
  return pod.status?.phase === 'Failed';
}
export function isSucceeded(pod: KObject): boolean {
  return pod.status?.phase === 'Succeeded';
}
export function isTerminating(pod: KObject): boolean {
  return !!pod.metadata.deletionTimestamp;
}
export function isRunningAndReady(pod: KObject): boolean {
  return pod.status?.phase === 'Running' && isPodReady(pod);
}
export function isRunningAndAvailable(pod: KObject, minReadySeconds: number, now: number): boolean {
  return pod.status?.phase === 'Running' && isPodAvailable(pod, minReadySeconds, now);
}
/** upstream: isHealthy: running, ready and not being deleted. */
export function isHealthy(pod: KObject): boolean {
  return isRunningAndReady(pod) && !isTerminating(pod);
}

interface Ref {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
}

/**
 * upstream: updateClaimOwnerRefForSetAndPod (StatefulSetAutoDeletePVC): the owner references a
 * claim should carry under spec.persistentVolumeClaimRetentionPolicy. whenDeleted Delete: the set
 * owns it (the garbage collector deletes it with the set); whenScaled Delete: the pod owns it once
 * the pod is scaled away (deleted with the pod). Retain/Retain: neither. Other owners are kept.
 */
export function claimOwnerReferences(claim: KObject, set: KObject, pod: KObject): Ref[] {
  const policy = set.spec?.persistentVolumeClaimRetentionPolicy ?? {};
  const whenDeleted = policy.whenDeleted ?? 'Retain';
  const whenScaled = policy.whenScaled ?? 'Retain';
  const ord = getOrdinal(pod);
  const start = getStartOrdinal(set);
  const scaledDown = !(ord >= start && ord < start + (set.spec?.replicas ?? 1));
  const setRef: Ref = { apiVersion: 'apps/v1', kind: 'StatefulSet', name: set.metadata.name, uid: set.metadata.uid };
  const podRef: Ref = { apiVersion: 'v1', kind: 'Pod', name: pod.metadata.name, uid: pod.metadata.uid };
  const ownedBySet = whenDeleted === 'Delete' && !(whenScaled === 'Delete' && scaledDown);
  const ownedByPod = whenScaled === 'Delete' && scaledDown && !!pod.metadata.uid;
  const others: Ref[] = (claim.metadata?.ownerReferences ?? []).filter((r: Ref) => r.uid !== set.metadata.uid && r.uid !== pod.metadata.uid);
  const existing = (uid: string) => (claim.metadata?.ownerReferences ?? []).find((r: Ref) => r.uid === uid);
  const out = [...others];
  if (ownedBySet) out.push(existing(set.metadata.uid) ?? setRef);
  if (ownedByPod) out.push(existing(pod.metadata.uid) ?? podRef);
  return out;
}

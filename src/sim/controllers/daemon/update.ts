/**
 * The RollingUpdate strategy of DaemonSets (maxSurge 0): old pods are deleted so that at most
 * maxUnavailable nodes lack an available up-to-date pod at a time; the manage loop then creates the
 * new pod on each emptied node. Old pods that are not available anyway go first, at no cost.
 * upstream: pkg/controller/daemon/update.go (rollingUpdate, findUpdatedPodsOnNode),
 * pkg/controller/daemon/util/daemonset_util.go (UnavailableCount). maxSurge > 0 is left out:
 * surge DaemonSets are updated as if maxSurge were 0. The history's decisions too: which
 * ControllerRevisions hold the current template (Match), which old ones to clean up
 * (cleanupHistory), the revision made of a template (snapshot).
 */
import type { KObject } from '../../apiserver/store';
import { templateMatches } from '../../api/controller-revision';
import { getPatch, sortControllerRevisions } from '../history/controller-history';
import { newControllerRef } from '../replicaset/controller-ref-manager';
import { isPodAvailable } from '../replicaset/controller-utils';
import { CONTROLLER_REVISION_HASH, daemonSetHash, isPodUpdated, templateGeneration } from './util';

/** upstream: UnavailableCount: maxUnavailable as a number or a percentage (rounded up) of desired. */
export function maxUnavailableCount(ds: KObject, desiredNumberScheduled: number): number {
  const v = ds.spec?.updateStrategy?.rollingUpdate?.maxUnavailable ?? 1;
  if (typeof v === 'number') return v;
  if (/^[0-9]+$/.test(v)) return Number(v);
  return Math.ceil((Number(v.replace('%', '')) * desiredNumberScheduled) / 100);
}

/** upstream: findUpdatedPodsOnNode: the node's new and old pod; ok false when it has more than one of either. */
export function findUpdatedPodsOnNode(ds: KObject, pods: readonly KObject[], hash: string): { newPod?: KObject; oldPod?: KObject; ok: boolean } {
  let newPod: KObject | undefined;
  let oldPod: KObject | undefined;
  for (const pod of pods) {
    if (pod.metadata.deletionTimestamp) continue;
    if (isPodUpdated(pod, hash, templateGeneration(ds))) {
      if (newPod) return { ok: false };
      newPod = pod;
    } else {
      if (oldPod) return { ok: false };
      oldPod = pod;
    }
  }
  return { newPod, oldPod, ok: true };
}

/** upstream: rollingUpdate (maxSurge 0): the names of the old pods to delete now. */
export function rollingUpdatePodsToDelete(ds: KObject, nodeToDaemonPods: Map<string, KObject[]>, hash: string, maxUnavailable: number, now: number): string[] {
  const minReadySeconds: number = ds.spec?.minReadySeconds ?? 0;
  let numUnavailable = 0;
  const oldPodsToDelete: string[] = [];
  const candidates: string[] = [];
  // upstream iterates a map (random order); sorted here for replayable runs.
  for (const node of [...nodeToDaemonPods.keys()].sort()) {
    const { newPod, oldPod, ok } = findUpdatedPodsOnNode(ds, nodeToDaemonPods.get(node)!, hash);
    if (!ok || (!newPod && !oldPod) || (newPod && oldPod)) {
      // The manage loop sorts this node out; it counts as unavailable meanwhile.
      numUnavailable++;
    } else if (newPod) {
      if (!isPodAvailable(newPod, minReadySeconds, now)) numUnavailable++;
    } else if (!isPodAvailable(oldPod!, minReadySeconds, now)) {
      oldPodsToDelete.push(oldPod!.metadata.name);
    } else if (numUnavailable < maxUnavailable) {
      candidates.push(oldPod!.metadata.name);
    }
  }
  const remaining = Math.min(Math.max(0, maxUnavailable - numUnavailable), candidates.length);
  return [...oldPodsToDelete, ...candidates.slice(0, remaining)];
}

/** upstream: Match: the revision holds the DaemonSet's template (the same patch). */
export const match = templateMatches;

/** upstream: constructHistory's split: the revisions that hold the current template, and the others. */
export function splitHistories(ds: KObject, histories: readonly KObject[]): { current: KObject[]; old: KObject[] } {
  const current: KObject[] = [];
  const old: KObject[] = [];
  for (const h of histories) (match(ds, h) ? current : old).push(h);
  return { current, old };
}

/** upstream: maxRevision. */
export function maxRevision(histories: readonly KObject[]): number {
  return histories.reduce((m, h) => Math.max(m, h.revision ?? 0), 0);
}

/**
 * upstream: snapshot: the ControllerRevision of the DaemonSet's template, named NAME-<hash>,
 * labelled with the template's labels and controller-revision-hash, annotated as the DaemonSet is
 * (deprecated.daemonset.template.generation included), owned by it.
 */
export function snapshot(ds: KObject, revision: number): KObject {
  const hash = daemonSetHash(ds);
  const md: KObject = {
    name: `${ds.metadata.name}-${hash}`,
    namespace: ds.metadata.namespace,
    labels: { ...(ds.spec?.template?.metadata?.labels ?? {}), [CONTROLLER_REVISION_HASH]: hash },
    ownerReferences: [newControllerRef(ds, 'apps/v1', 'DaemonSet')]
  };
  if (ds.metadata.annotations) md.annotations = { ...ds.metadata.annotations };
  return { apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: md, data: getPatch(ds), revision };
}

/**
 * upstream: cleanupHistory: beyond revisionHistoryLimit, the old revisions to delete, lowest
 * revision first, skipping any whose hash a pod of the DaemonSet still carries.
 */
export function historiesToCleanup(ds: KObject, old: readonly KObject[], daemonPods: readonly KObject[]): KObject[] {
  const limit: number = ds.spec?.revisionHistoryLimit ?? 10;
  let toKill = old.length - limit;
  if (toKill <= 0) return [];
  const liveHashes = new Set<string>();
  for (const pod of daemonPods) {
    const hash = pod.metadata.labels?.[CONTROLLER_REVISION_HASH];
    if (hash) liveHashes.add(hash);
  }
  const out: KObject[] = [];
  for (const h of sortControllerRevisions([...old])) {
    if (toKill <= 0) break;
    if (liveHashes.has(h.metadata.labels?.[CONTROLLER_REVISION_HASH])) continue;
    out.push(h);
    toKill--;
  }
  return out;
}

/**
 * The RollingUpdate strategy of DaemonSets (maxSurge 0): old pods are deleted so that at most
 * maxUnavailable nodes lack an available up-to-date pod at a time; the manage loop then creates the
 * new pod on each emptied node. Old pods that are not available anyway go first, at no cost.
 * upstream: pkg/controller/daemon/update.go (rollingUpdate, findUpdatedPodsOnNode),
 * pkg/controller/daemon/util/daemonset_util.go (UnavailableCount). maxSurge > 0 is left out:
 * surge DaemonSets are updated as if maxSurge were 0.
 */
import type { KObject } from '../../apiserver/store';
import { isPodAvailable } from '../replicaset/controller-utils';
import { isPodUpdated } from './util';

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
    if (isPodUpdated(pod, hash, ds.metadata.generation)) {
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

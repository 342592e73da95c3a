/**
 * NodeVolumeLimits: the CSI volumes a node can attach, per driver. The pod's claims bound to CSI
 * PVs, plus those of the pods already on the node (each volume handle counted once), must not
 * exceed the node's limit for the driver. Simplified: the limit comes from the node's allocatable
 * `attachable-volumes-csi-<driver>` (kubarium has no CSINode objects); no limit, no check.
 * upstream: pkg/scheduler/framework/plugins/nodevolumelimits/csi.go, utils.go
 */
import type { Pod } from 'kubernetes-types/core/v1';
import type { FilterPlugin, Handle, PreFilterPlugin } from '../../framework/interfaces';
import { Code, Status, SuccessStatus, type CycleState, type NodeInfo } from '../../framework/types';
import { podClaimNames } from '../helper/pod-volumes';

export const NodeVolumeLimitsName = 'NodeVolumeLimits';
export const ErrReasonMaxVolumeCountExceeded = 'node(s) exceed max volume count';
// upstream: volumeutil.GetCSIAttachLimitKey
export const csiAttachLimitKey = (driver: string) => `attachable-volumes-csi-${driver}`;

/** driver -> volume handles of the pod's claims bound to CSI PVs. */
function csiVolumes(pod: Pod, handle: Pick<Handle, 'storage'>, out = new Map<string, Set<string>>()): Map<string, Set<string>> {
  const ns = pod.metadata?.namespace ?? 'default';
  for (const name of podClaimNames(pod)) {
    const pvName = handle.storage?.pvc(ns, name)?.spec?.volumeName;
    const csi = pvName ? handle.storage?.pv(pvName)?.spec?.csi : undefined;
    if (!csi) continue;
    let set = out.get(csi.driver);
    if (!set) out.set(csi.driver, (set = new Set()));
    set.add(csi.volumeHandle);
  }
  return out;
}

export function newNodeVolumeLimits(handle: Pick<Handle, 'storage'>) {
  return {
    name: NodeVolumeLimitsName,
    preFilter(_state: CycleState, pod: Pod) {
      // upstream: PreFilter skips pods without PVC or ephemeral volumes.
      return { status: podClaimNames(pod).length === 0 ? new Status(Code.Skip) : SuccessStatus };
    },
    /** This plugin's own loop over the candidate nodes, so the call inside is monomorphic (see FilterPlugin.filterNodes). */
    filterNodes(state: CycleState, pod: Pod, nodes: NodeInfo[], cand: Int32Array, count: number, rejected: (Status | undefined)[]): number {
      let kept = 0;
      for (let c = 0; c < count; c++) {
        const k = cand[c];
        const s = this.filter(state, pod, nodes[k]);
        if (s.code !== Code.Success) rejected[k] = s.withPlugin(this.name);
        else cand[kept++] = k;
      }
      return kept;
    },
    filter(_state: CycleState, pod: Pod, nodeInfo: NodeInfo): Status {
      const wanted = csiVolumes(pod, handle);
      if (wanted.size === 0) return SuccessStatus;
      const allocatable = (nodeInfo.node?.status?.allocatable ?? {}) as Record<string, string>;
      const attached = new Map<string, Set<string>>();
      for (const pi of nodeInfo.pods.values()) csiVolumes(pi.pod, handle, attached);
      for (const [driver, handles] of wanted) {
        const limit = allocatable[csiAttachLimitKey(driver)];
        if (limit === undefined) continue;
        const have = attached.get(driver) ?? new Set<string>();
        let count = have.size;
        for (const h of handles) if (!have.has(h)) count++;
        if (count > Number(limit)) return new Status(Code.Unschedulable, ErrReasonMaxVolumeCountExceeded);
      }
      return SuccessStatus;
    }
  } satisfies PreFilterPlugin & FilterPlugin;
}

/**
 * VolumeRestrictions: volumes that cannot be shared. Filter: an inline GCE PD (unless both
 * read-only), AWS EBS, RBD or iSCSI disk already used by a pod on the node ("no available disk").
 * PreFilter: a ReadWriteOncePod claim already used by another pod rejects the pod everywhere.
 * upstream: pkg/scheduler/framework/plugins/volumerestrictions/volume_restrictions.go
 */
import type { Pod, Volume } from 'kubernetes-types/core/v1';
import type { FilterPlugin, Handle, PreFilterPlugin } from '../../framework/interfaces';
import { Code, Status, SuccessStatus, type CycleState, type NodeInfo } from '../../framework/types';
import { podClaimNames } from '../helper/pod-volumes';

export const VolumeRestrictionsName = 'VolumeRestrictions';
export const ErrReasonDiskConflict = 'node(s) had no available disk';
export const ErrReasonReadWriteOncePodConflict = 'node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod access mode';

const conflictingKinds = (v: Volume) => !!(v.gcePersistentDisk || v.awsElasticBlockStore || v.rbd || v.iscsi);

/** upstream: isVolumeConflict */
function isVolumeConflict(v: Volume, pod: Pod): boolean {
  for (const e of pod.spec?.volumes ?? []) {
    if (v.gcePersistentDisk && e.gcePersistentDisk && v.gcePersistentDisk.pdName === e.gcePersistentDisk.pdName && !(v.gcePersistentDisk.readOnly && e.gcePersistentDisk.readOnly)) return true;
    if (v.awsElasticBlockStore && e.awsElasticBlockStore && v.awsElasticBlockStore.volumeID === e.awsElasticBlockStore.volumeID) return true;
    if (v.iscsi && e.iscsi && v.iscsi.iqn === e.iscsi.iqn && !(v.iscsi.readOnly && e.iscsi.readOnly)) return true;
    if (v.rbd && e.rbd && v.rbd.image === e.rbd.image && v.rbd.pool === e.rbd.pool && v.rbd.monitors.some((m) => e.rbd!.monitors.includes(m)) && !(v.rbd.readOnly && e.rbd.readOnly)) return true;
  }
  return false;
}

const PREFILTER_KEY = 'PreFilter' + VolumeRestrictionsName;

export function newVolumeRestrictions(handle: Pick<Handle, 'storage' | 'nodeInfos'>) {
  return {
    name: VolumeRestrictionsName,
    preFilter(state: CycleState, pod: Pod) {
      const disks = (pod.spec?.volumes ?? []).filter(conflictingKinds);
      const ns = pod.metadata?.namespace ?? 'default';
      const rwop = podClaimNames(pod).filter((n) => handle.storage?.pvc(ns, n)?.spec?.accessModes?.includes('ReadWriteOncePod'));
      if (disks.length === 0 && rwop.length === 0) return { status: new Status(Code.Skip) };
      if (rwop.length > 0) {
        // upstream: readWriteOncePodPreFilterState: another pod already uses one of these claims.
        const self = `${ns}/${pod.metadata?.name}`;
        for (const ni of handle.nodeInfos()) {
          for (const [key, pi] of ni.pods) {
            if (key === self || (pi.pod.metadata?.namespace ?? 'default') !== ns) continue;
            if (podClaimNames(pi.pod).some((n) => rwop.includes(n))) return { status: new Status(Code.UnschedulableAndUnresolvable, ErrReasonReadWriteOncePodConflict) };
          }
        }
      }
      state.write(PREFILTER_KEY, disks);
      return { status: SuccessStatus };
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
    filter(state: CycleState, _pod: Pod, nodeInfo: NodeInfo): Status {
      const disks = state.read<Volume[]>(PREFILTER_KEY) ?? [];
      for (const v of disks) for (const pi of nodeInfo.pods.values()) if (isVolumeConflict(v, pi.pod)) return new Status(Code.Unschedulable, ErrReasonDiskConflict);
      return SuccessStatus;
    }
  } satisfies PreFilterPlugin & FilterPlugin;
}

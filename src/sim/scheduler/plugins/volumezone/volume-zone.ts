/**
 * VolumeZone: a pod's bound PersistentVolumes labelled with a zone or region
 * (topology.kubernetes.io/zone|region, or the deprecated failure-domain.beta.kubernetes.io ones)
 * restrict it to nodes in that zone or region; a label value may list several, separated by "__".
 * upstream: pkg/scheduler/framework/plugins/volumezone/volume_zone.go
 */
import type { Pod } from 'kubernetes-types/core/v1';
import type { FilterPlugin, Handle, PreFilterPlugin } from '../../framework/interfaces';
import { Code, Status, SuccessStatus, type CycleState, type NodeInfo } from '../../framework/types';
import { podClaimNames } from '../helper/pod-volumes';

export const VolumeZoneName = 'VolumeZone';
export const ErrReasonConflict = 'node(s) had no available volume zone';
// upstream: topologyLabels
const topologyLabels = ['failure-domain.beta.kubernetes.io/zone', 'failure-domain.beta.kubernetes.io/region', 'topology.kubernetes.io/zone', 'topology.kubernetes.io/region'];

interface PVTopology {
  key: string;
  values: Set<string>;
}

const PREFILTER_KEY = 'PreFilter' + VolumeZoneName;

export function newVolumeZone(handle: Pick<Handle, 'storage'>) {
  return {
    name: VolumeZoneName,
    preFilter(state: CycleState, pod: Pod) {
      const ns = pod.metadata?.namespace ?? 'default';
      const topologies: PVTopology[] = [];
      for (const name of podClaimNames(pod)) {
        const pvc = handle.storage?.pvc(ns, name);
        // Missing or unbound claims are VolumeBinding's business.
        const pv = pvc?.spec?.volumeName ? handle.storage?.pv(pvc.spec.volumeName) : undefined;
        for (const key of topologyLabels) {
          const v = pv?.metadata?.labels?.[key];
          if (v !== undefined) topologies.push({ key, values: new Set(v.split('__')) });
        }
      }
      if (topologies.length === 0) return { status: new Status(Code.Skip) };
      state.write(PREFILTER_KEY, topologies);
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
      const topologies = state.read<PVTopology[]>(PREFILTER_KEY);
      if (!topologies) return SuccessStatus;
      const labels = nodeInfo.node?.metadata?.labels ?? {};
      // upstream: nodes without any zone/region label are not constrained.
      if (!topologyLabels.some((k) => k in labels)) return SuccessStatus;
      for (const t of topologies) {
        const v = labels[t.key];
        if (v === undefined || !t.values.has(v)) return new Status(Code.UnschedulableAndUnresolvable, ErrReasonConflict);
      }
      return SuccessStatus;
    }
  } satisfies PreFilterPlugin & FilterPlugin;
}

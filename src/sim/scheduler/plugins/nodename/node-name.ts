/**
 * NodeName: a pod naming a node fits only that node.
 * upstream: pkg/scheduler/framework/plugins/nodename/node_name.go
 */
import type { Pod } from 'kubernetes-types/core/v1';
import type { FilterPlugin } from '../../framework/interfaces';
import { Code, Status, SuccessStatus, type CycleState, type NodeInfo } from '../../framework/types';

export const NodeNameName = 'NodeName';
export const ErrReasonNodeName = "node(s) didn't match the requested node name";

/** upstream: nodename.Fits */
export const fits = (pod: Pod, nodeInfo: NodeInfo): boolean => !pod.spec?.nodeName || pod.spec.nodeName === nodeInfo.name;

export function newNodeName() {
  return {
    name: NodeNameName,
    /** This plugin's own loop over the candidate nodes, so the call inside is monomorphic (see FilterPlugin.filterNodes). */
    filterNodes(state: CycleState, pod: Pod, nodes: NodeInfo[], cand: Int32Array, count: number, rejected: (Status | undefined)[]): number {
      // A pod naming no node fits every node: nothing to look at per node.
      if (!pod.spec?.nodeName) return count;
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
      return fits(pod, nodeInfo) ? SuccessStatus : new Status(Code.UnschedulableAndUnresolvable, ErrReasonNodeName);
    }
  } satisfies FilterPlugin;
}

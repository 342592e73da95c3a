/**
 * NodeUnschedulable: a cordoned node (spec.unschedulable) takes only pods tolerating the
 * node.kubernetes.io/unschedulable:NoSchedule taint.
 * upstream: pkg/scheduler/framework/plugins/nodeunschedulable/node_unschedulable.go
 */
import type { Pod } from 'kubernetes-types/core/v1';
import type { FilterPlugin } from '../../framework/interfaces';
import { Code, Status, SuccessStatus, type CycleState, type NodeInfo } from '../../framework/types';
import { toleratesTaint } from '../tainttoleration/taint-toleration';

export const NodeUnschedulableName = 'NodeUnschedulable';
export const ErrReasonUnknownCondition = 'node(s) had unknown conditions';
export const ErrReasonUnschedulable = 'node(s) were unschedulable';

export function newNodeUnschedulable() {
  return {
    name: NodeUnschedulableName,
    /** This plugin's own loop over the candidate nodes, so the call inside is monomorphic (see FilterPlugin.filterNodes). */
    filterNodes(state: CycleState, pod: Pod, nodes: NodeInfo[], cand: Int32Array, count: number, rejected: (Status | undefined)[]): number {
      let kept = 0;
      for (let c = 0; c < count; c++) {
        const k = cand[c];
        // The common case inline: a node that is not cordoned passes (as in `filter`).
        const node = nodes[k].node;
        if (node && !node.spec?.unschedulable) {
          cand[kept++] = k;
          continue;
        }
        const s = this.filter(state, pod, nodes[k]);
        if (s.code !== Code.Success) rejected[k] = s.withPlugin(this.name);
        else cand[kept++] = k;
      }
      return kept;
    },
    filter(_state: CycleState, pod: Pod, nodeInfo: NodeInfo): Status {
      const node = nodeInfo.node;
      if (!node) return new Status(Code.UnschedulableAndUnresolvable, ErrReasonUnknownCondition);
      if (!node.spec?.unschedulable) return SuccessStatus;
      const taint = { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' };
      const tolerated = (pod.spec?.tolerations ?? []).some((t) => toleratesTaint(t, taint));
      return tolerated ? new Status(Code.Success) : new Status(Code.UnschedulableAndUnresolvable, ErrReasonUnschedulable);
    }
  } satisfies FilterPlugin;
}

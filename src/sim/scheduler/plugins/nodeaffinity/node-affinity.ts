/**
 * NodeAffinity: spec.nodeSelector and requiredDuringSchedulingIgnoredDuringExecution must match
 * the node's labels (and fields); preferredDuringScheduling terms add their weights to the score.
 * upstream: pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go,
 * staging/src/k8s.io/component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity.go
 */
import type { Node, NodeSelectorRequirement, NodeSelectorTerm, Pod } from 'kubernetes-types/core/v1';
import type { FilterPlugin, PreScorePlugin, ScorePlugin } from '../../framework/interfaces';
import { Code, MaxNodeScore, Status, SuccessStatus, type CycleState, type NodeInfo, type NodeScore } from '../../framework/types';
import { defaultNormalizeScore, defaultNormalizeScoreValues } from '../helper/normalize-score';

export const NodeAffinityName = 'NodeAffinity';
export const ErrReasonPod = "node(s) didn't match Pod's node affinity/selector";

function matchRequirement(r: NodeSelectorRequirement, value: string | undefined): boolean {
  const values = r.values ?? [];
  switch (r.operator) {
    case 'In':
      return value !== undefined && values.includes(value);
    case 'NotIn':
      return value === undefined || !values.includes(value);
    case 'Exists':
      return value !== undefined;
    case 'DoesNotExist':
      return value === undefined;
    case 'Gt':
    case 'Lt': {
      if (value === undefined || values.length !== 1) return false;
      const have = Number.parseInt(value, 10);
      const want = Number.parseInt(values[0], 10);
      if (Number.isNaN(have) || Number.isNaN(want)) return false;
      return r.operator === 'Gt' ? have > want : have < want;
    }
    default:
      return false;
  }
}

/** A term matches when all its requirements do; an empty term matches nothing. */
export function matchTerm(term: NodeSelectorTerm, node: Node): boolean {
  const exprs = term.matchExpressions ?? [];
  const fields = term.matchFields ?? [];
  if (exprs.length === 0 && fields.length === 0) return false;
  const labels = node.metadata?.labels ?? {};
  for (const r of exprs) if (!matchRequirement(r, labels[r.key])) return false;
  for (const r of fields) {
    // Only metadata.name is supported as a field. upstream: nodeaffinity.nodeFieldSelectorKeys
    if (r.key !== 'metadata.name' || (r.operator !== 'In' && r.operator !== 'NotIn')) return false;
    if (!matchRequirement(r, node.metadata?.name)) return false;
  }
  return true;
}

/** nodeSelector and the required terms (ORed). upstream: RequiredNodeAffinity.Match */
export function requiredNodeAffinityMatches(pod: Pod, node: Node): boolean {
  const labels = node.metadata?.labels ?? {};
  const nodeSelector = pod.spec?.nodeSelector;
  if (nodeSelector) for (const k in nodeSelector) if (labels[k] !== nodeSelector[k]) return false;
  const required = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  if (!required) return true;
  return required.nodeSelectorTerms.some((t) => matchTerm(t, node));
}

export function newNodeAffinity() {
  return {
    name: NodeAffinityName,
    /** This plugin's own loop over the candidate nodes, so the call inside is monomorphic (see FilterPlugin.filterNodes). */
    filterNodes(state: CycleState, pod: Pod, nodes: NodeInfo[], cand: Int32Array, count: number, rejected: (Status | undefined)[]): number {
      // Without a nodeSelector or required terms every (known) node matches: the pod is looked at
      // once per call, not once per node.
      const unconstrained = !pod.spec?.nodeSelector && !pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
      let kept = 0;
      for (let c = 0; c < count; c++) {
        const k = cand[c];
        if (unconstrained && nodes[k].node) {
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
      if (!nodeInfo.node) return new Status(Code.Error, 'node not found');
      return requiredNodeAffinityMatches(pod, nodeInfo.node) ? SuccessStatus : new Status(Code.UnschedulableAndUnresolvable, ErrReasonPod);
    },
    preScore(_state: CycleState, pod: Pod): Status {
      const preferred = pod.spec?.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? [];
      return new Status(preferred.length === 0 ? Code.Skip : Code.Success);
    },
    score(_state: CycleState, pod: Pod, nodeInfo: NodeInfo) {
      let count = 0;
      for (const t of pod.spec?.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? []) {
        if (t.weight !== 0 && nodeInfo.node && matchTerm(t.preference, nodeInfo.node)) count += t.weight;
      }
      return { score: count, status: new Status(Code.Success) };
    },
    normalizeScore(_state: CycleState, _pod: Pod, scores: NodeScore[]): Status {
      return defaultNormalizeScore(MaxNodeScore, false, scores);
    },
    normalizeScoreValues(_state: CycleState, _pod: Pod, scores: Int32Array): Status {
      return defaultNormalizeScoreValues(MaxNodeScore, false, scores);
    }
  } satisfies FilterPlugin & PreScorePlugin & ScorePlugin;
}

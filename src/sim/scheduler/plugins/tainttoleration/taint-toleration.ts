/**
 * TaintToleration: NoSchedule/NoExecute taints the pod does not tolerate rule a node out; each
 * untolerated PreferNoSchedule taint lowers its score.
 * upstream: pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go,
 * staging/src/k8s.io/api/core/v1/toleration.go ToleratesTaint
 */
import type { Pod, Taint, Toleration } from 'kubernetes-types/core/v1';
import type { FilterPlugin, PreScorePlugin, ScorePlugin } from '../../framework/interfaces';
import { Code, MaxNodeScore, Status, SuccessStatus, type CycleState, type NodeInfo, type NodeScore } from '../../framework/types';
import { withScore } from '../helper/score-value';
import { defaultNormalizeScore, defaultNormalizeScoreValues } from '../helper/normalize-score';

export const TaintTolerationName = 'TaintToleration';

export function toleratesTaint(t: Toleration, taint: Pick<Taint, 'key' | 'value' | 'effect'>): boolean {
  if (t.effect && t.effect !== taint.effect) return false;
  if (t.key && t.key !== taint.key) return false;
  switch (t.operator ?? 'Equal') {
    case 'Exists':
      return true;
    case 'Equal':
      return (t.value ?? '') === (taint.value ?? '');
    default:
      return false;
  }
}

/** The first taint (with an effect passing `include`) no toleration covers. upstream: v1helper.FindMatchingUntoleratedTaint */
export function findUntoleratedTaint(taints: Taint[], tolerations: Toleration[], include: (t: Taint) => boolean): Taint | undefined {
  return taints.find((taint) => include(taint) && !tolerations.some((t) => toleratesTaint(t, taint)));
}

const PRESCORE_KEY = 'PreScore' + TaintTolerationName;
const noScheduleOrNoExecute = (t: Taint) => t.effect === 'NoSchedule' || t.effect === 'NoExecute';
const none: Toleration[] = [];

export function newTaintToleration() {
  return withScore({
    name: TaintTolerationName,
    /** This plugin's own loop over the candidate nodes, so the call inside is monomorphic (see FilterPlugin.filterNodes). */
    filterNodes(state: CycleState, pod: Pod, nodes: NodeInfo[], cand: Int32Array, count: number, rejected: (Status | undefined)[]): number {
      let kept = 0;
      for (let c = 0; c < count; c++) {
        const k = cand[c];
        // The common case inline: a node without taints passes (as in `filter`).
        const taints = nodes[k].node?.spec?.taints;
        if (!taints || taints.length === 0) {
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
      const taints = nodeInfo.node?.spec?.taints;
      if (!taints || taints.length === 0) return SuccessStatus;
      const taint = findUntoleratedTaint(taints, pod.spec?.tolerations ?? none, noScheduleOrNoExecute);
      if (!taint) return SuccessStatus;
      return new Status(Code.UnschedulableAndUnresolvable, `node(s) had untolerated taint {${taint.key}: ${taint.value ?? ''}}`);
    },
    preScore(state: CycleState, pod: Pod): Status {
      // Only tolerations that can cover a PreferNoSchedule taint matter for scoring.
      const tolerations = (pod.spec?.tolerations ?? []).filter((t) => !t.effect || t.effect === 'PreferNoSchedule');
      state.write(PRESCORE_KEY, tolerations);
      return SuccessStatus;
    },
    /** Every node's score into `out`: this plugin's own loop, so the call inside is monomorphic. */
    scoreNodes(state: CycleState, pod: Pod, nodes: NodeInfo[], out: Int32Array): void {
      for (let i = 0; i < nodes.length; i++) out[i] = this.scoreValue(state, pod, nodes[i]);
    },
    scoreValue(state: CycleState, _pod: Pod, nodeInfo: NodeInfo): number {
      const taints = nodeInfo.node?.spec?.taints;
      if (!taints || taints.length === 0) return 0;
      const tolerations = state.read<Toleration[]>(PRESCORE_KEY) ?? none;
      let count = 0;
      for (const taint of taints) {
        if (taint.effect === 'PreferNoSchedule' && !tolerations.some((t) => toleratesTaint(t, taint))) count++;
      }
      return count;
    },
    normalizeScore(_state: CycleState, _pod: Pod, scores: NodeScore[]): Status {
      return defaultNormalizeScore(MaxNodeScore, true, scores);
    },
    normalizeScoreValues(_state: CycleState, _pod: Pod, scores: Int32Array): Status {
      return defaultNormalizeScoreValues(MaxNodeScore, true, scores);
    }
  } satisfies Omit<FilterPlugin & PreScorePlugin & ScorePlugin, 'score'> & { scoreValue: NonNullable<ScorePlugin['scoreValue']> });
}

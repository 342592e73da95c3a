/**
 * TaintToleration: NoSchedule/NoExecute taints the pod does not tolerate rule a node out; each
 * untolerated PreferNoSchedule taint lowers its score.
 * upstream: pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go,
 * staging/src/k8s.io/api/core/v1/toleration.go ToleratesTaint
 */
import type { Pod, Taint, Toleration } from 'kubernetes-types/core/v1';
import type { FilterPlugin, PreScorePlugin, ScorePlugin } from '../../framework/interfaces';
import { Code, MaxNodeScore, Status, type CycleState, type NodeInfo, type NodeScore } from '../../framework/types';
import { defaultNormalizeScore } from '../helper/normalize-score';

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

export function newTaintToleration() {
  return {
    name: TaintTolerationName,
    filter(_state: CycleState, pod: Pod, nodeInfo: NodeInfo): Status {
      const taint = findUntoleratedTaint(nodeInfo.node?.spec?.taints ?? [], pod.spec?.tolerations ?? [], (t) => t.effect === 'NoSchedule' || t.effect === 'NoExecute');
      if (!taint) return new Status(Code.Success);
      return new Status(Code.UnschedulableAndUnresolvable, `node(s) had untolerated taint {${taint.key}: ${taint.value ?? ''}}`);
    },
    preScore(state: CycleState, pod: Pod): Status {
      // Only tolerations that can cover a PreferNoSchedule taint matter for scoring.
      const tolerations = (pod.spec?.tolerations ?? []).filter((t) => !t.effect || t.effect === 'PreferNoSchedule');
      state.write(PRESCORE_KEY, tolerations);
      return new Status(Code.Success);
    },
    score(state: CycleState, pod: Pod, nodeInfo: NodeInfo) {
      const tolerations = state.read<Toleration[]>(PRESCORE_KEY) ?? [];
      let count = 0;
      for (const taint of nodeInfo.node?.spec?.taints ?? []) {
        if (taint.effect === 'PreferNoSchedule' && !tolerations.some((t) => toleratesTaint(t, taint))) count++;
      }
      return { score: count, status: new Status(Code.Success) };
    },
    normalizeScore(_state: CycleState, _pod: Pod, scores: NodeScore[]): Status {
      return defaultNormalizeScore(MaxNodeScore, true, scores);
    }
  } satisfies FilterPlugin & PreScorePlugin & ScorePlugin;
}

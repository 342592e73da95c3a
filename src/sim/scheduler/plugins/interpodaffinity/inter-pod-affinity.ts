/**
 * InterPodAffinity: pods that want (or refuse) to share a topology domain with other pods.
 * Filter: the pod's required affinity and anti-affinity, and existing pods' required
 * anti-affinity against it. Score: preferred terms both ways, and existing pods' required
 * affinity toward it (hardPodAffinityWeight 1).
 * Not here: namespaceSelector other than {} (all namespaces); it needs the namespaces' labels.
 * upstream: pkg/scheduler/framework/plugins/interpodaffinity/{filtering,scoring}.go,
 * pkg/scheduler/framework/types.go (AffinityTerm.Matches)
 */
import type { Pod } from 'kubernetes-types/core/v1';
import type { FilterPlugin, Handle, PreFilterPlugin, PreScorePlugin, ScorePlugin } from '../../framework/interfaces';
import { Code, MaxNodeScore, Status, SuccessStatus, type CycleState, type NodeInfo, type NodeScore } from '../../framework/types';
import { podAffinityTerms, termMatches, type AffinityTerm } from '../../framework/affinity-term';

export const InterPodAffinityName = 'InterPodAffinity';
export const ErrReasonExistingAntiAffinityRulesNotMatch = "node(s) didn't satisfy existing pods anti-affinity rules";
export const ErrReasonAffinityRulesNotMatch = "node(s) didn't match pod affinity rules";
export const ErrReasonAntiAffinityRulesNotMatch = "node(s) didn't match pod anti-affinity rules";
// upstream: config.DefaultHardPodAffinityWeight
export const DefaultHardPodAffinityWeight = 1;

type Counts = Map<string, number>;
const pairKey = (k: string, v: string) => `${k}\u0000${v}`;
const bump = (m: Counts, k: string, v: string | undefined, by = 1) => {
  if (v !== undefined) m.set(pairKey(k, v), (m.get(pairKey(k, v)) ?? 0) + by);
};

interface PreFilterState {
  affinity: AffinityTerm[];
  antiAffinity: AffinityTerm[];
  affinityCounts: Counts;
  antiAffinityCounts: Counts;
  existingAntiAffinityCounts: Counts;
  selfMatchesAffinity: boolean;
}

const PREFILTER_KEY = 'PreFilter' + InterPodAffinityName;
const PRESCORE_KEY = 'PreScore' + InterPodAffinityName;

/** `hardPodAffinityWeight`: InterPodAffinityArgs' weight of existing pods' required affinity toward the pod. */
export function newInterPodAffinity(handle: Pick<Handle, 'nodeInfos' | 'havePodsWithAffinityNodeInfos' | 'havePodsWithRequiredAntiAffinityNodeInfos'>, hardPodAffinityWeight = DefaultHardPodAffinityWeight) {
  return {
    name: InterPodAffinityName,
    preFilter(state: CycleState, pod: Pod, nodes: NodeInfo[]) {
      const { requiredAffinityTerms: affinity, requiredAntiAffinityTerms: antiAffinity } = state.podInfo ?? podAffinityTerms(pod);
      const s: PreFilterState = {
        affinity,
        antiAffinity,
        affinityCounts: new Map(),
        antiAffinityCounts: new Map(),
        existingAntiAffinityCounts: new Map(),
        selfMatchesAffinity: affinity.every((t) => termMatches(t, pod))
      };
      const incoming = affinity.length > 0 || antiAffinity.length > 0;
      // upstream: only nodes with pods that have required anti-affinity (HavePodsWithRequiredAntiAffinityList),
      // unless the incoming pod has terms of its own to count.
      const scan = incoming ? nodes : (handle.havePodsWithRequiredAntiAffinityNodeInfos?.() ?? nodes);
      for (const ni of scan) {
        if (!incoming && ni.podsWithRequiredAntiAffinity.length === 0) continue;
        const labels = ni.node?.metadata?.labels ?? {};
        // upstream: getExistingAntiAffinityCounts
        for (const pi of ni.podsWithRequiredAntiAffinity) {
          for (const t of pi.requiredAntiAffinityTerms) if (termMatches(t, pod)) bump(s.existingAntiAffinityCounts, t.topologyKey, labels[t.topologyKey]);
        }
        if (!incoming) continue;
        for (const pi of ni.pods.values()) {
          const existing = pi.pod;
          // upstream: getIncomingAffinityAntiAffinityCounts
          if (affinity.length > 0 && affinity.every((t) => termMatches(t, existing))) for (const t of affinity) bump(s.affinityCounts, t.topologyKey, labels[t.topologyKey]);
          for (const t of antiAffinity) if (termMatches(t, existing)) bump(s.antiAffinityCounts, t.topologyKey, labels[t.topologyKey]);
        }
      }
      if (!incoming && s.existingAntiAffinityCounts.size === 0) return { status: new Status(Code.Skip) };
      state.write(PREFILTER_KEY, s);
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
      const s = state.read<PreFilterState>(PREFILTER_KEY);
      if (!s) return SuccessStatus;
      const labels = nodeInfo.node?.metadata?.labels ?? {};
      // upstream: satisfyPodAffinity (the first pod of a self-affine group may go anywhere with the labels)
      let podsExist = true;
      for (const t of s.affinity) {
        const v = labels[t.topologyKey];
        if (v === undefined) return new Status(Code.UnschedulableAndUnresolvable, ErrReasonAffinityRulesNotMatch);
        if ((s.affinityCounts.get(pairKey(t.topologyKey, v)) ?? 0) <= 0) podsExist = false;
      }
      if (!podsExist && !(s.affinityCounts.size === 0 && s.selfMatchesAffinity)) return new Status(Code.UnschedulableAndUnresolvable, ErrReasonAffinityRulesNotMatch);
      // upstream: satisfyPodAntiAffinity
      for (const t of s.antiAffinity) {
        const v = labels[t.topologyKey];
        if (v !== undefined && (s.antiAffinityCounts.get(pairKey(t.topologyKey, v)) ?? 0) > 0) return new Status(Code.Unschedulable, ErrReasonAntiAffinityRulesNotMatch);
      }
      // upstream: satisfyExistingPodsAntiAffinity
      if (s.existingAntiAffinityCounts.size > 0) {
        for (const k in labels) {
          if ((s.existingAntiAffinityCounts.get(pairKey(k, labels[k])) ?? 0) > 0) return new Status(Code.Unschedulable, ErrReasonExistingAntiAffinityRulesNotMatch);
        }
      }
      return SuccessStatus;
    },
    preScore(state: CycleState, pod: Pod): Status {
      const { preferredAffinityTerms: prefAffinity, preferredAntiAffinityTerms: prefAnti } = state.podInfo ?? podAffinityTerms(pod);
      const hasConstraints = prefAffinity.length > 0 || prefAnti.length > 0;
      const scores = new Map<string, number>();
      let any = false;
      for (const ni of hasConstraints ? handle.nodeInfos() : (handle.havePodsWithAffinityNodeInfos?.() ?? handle.nodeInfos())) {
        // upstream: unless the pod has preferred terms, only nodes hosting pods with affinity matter
        // (HavePodsWithAffinityList); a pod without affinity adds nothing then.
        const pods = hasConstraints ? ni.pods.values() : ni.podsWithAffinity;
        if (!hasConstraints && ni.podsWithAffinity.length === 0) continue;
        const labels = ni.node?.metadata?.labels ?? {};
        for (const pi of pods) {
          const e = pi.pod;
          // upstream: scoring.go processExistingPod
          for (const { term, weight } of prefAffinity) if (termMatches(term, e)) (any = true), bump(scores, term.topologyKey, labels[term.topologyKey], weight);
          for (const { term, weight } of prefAnti) if (termMatches(term, e)) (any = true), bump(scores, term.topologyKey, labels[term.topologyKey], -weight);
          for (const t of pi.requiredAffinityTerms) if (termMatches(t, pod)) (any = true), bump(scores, t.topologyKey, labels[t.topologyKey], hardPodAffinityWeight);
          for (const { term, weight } of pi.preferredAffinityTerms) if (termMatches(term, pod)) (any = true), bump(scores, term.topologyKey, labels[term.topologyKey], weight);
          for (const { term, weight } of pi.preferredAntiAffinityTerms) if (termMatches(term, pod)) (any = true), bump(scores, term.topologyKey, labels[term.topologyKey], -weight);
        }
      }
      if (!any && !hasConstraints) return new Status(Code.Skip);
      state.write(PRESCORE_KEY, scores);
      return SuccessStatus;
    },
    score(state: CycleState, _pod: Pod, nodeInfo: NodeInfo) {
      const scores = state.read<Counts>(PRESCORE_KEY) ?? new Map();
      let score = 0;
      const labels = nodeInfo.node?.metadata?.labels ?? {};
      if (scores.size > 0) for (const k in labels) score += scores.get(pairKey(k, labels[k])) ?? 0;
      return { score, status: new Status(Code.Success) };
    },
    normalizeScore(_state: CycleState, _pod: Pod, scores: NodeScore[]): Status {
      let min = Infinity;
      let max = -Infinity;
      for (const s of scores) {
        min = Math.min(min, s.score);
        max = Math.max(max, s.score);
      }
      const diff = max - min;
      for (const s of scores) s.score = diff > 0 ? Math.trunc(MaxNodeScore * ((s.score - min) / diff)) : 0;
      return new Status(Code.Success);
    }
  } satisfies PreFilterPlugin & FilterPlugin & PreScorePlugin & ScorePlugin;
}

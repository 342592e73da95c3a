/**
 * InterPodAffinity: pods that want (or refuse) to share a topology domain with other pods.
 * Filter: the pod's required affinity and anti-affinity, and existing pods' required
 * anti-affinity against it. Score: preferred terms both ways, and existing pods' required
 * affinity toward it (hardPodAffinityWeight 1).
 * Not here: namespaceSelector other than {} (all namespaces); it needs the namespaces' labels.
 * upstream: pkg/scheduler/framework/plugins/interpodaffinity/{filtering,scoring}.go,
 * pkg/scheduler/framework/types.go (AffinityTerm.Matches)
 */
import type { Pod, PodAffinityTerm, WeightedPodAffinityTerm } from 'kubernetes-types/core/v1';
import type { FilterPlugin, Handle, PreFilterPlugin, PreScorePlugin, ScorePlugin } from '../../framework/interfaces';
import { Code, MaxNodeScore, Status, type CycleState, type NodeInfo, type NodeScore } from '../../framework/types';
import { selectorFromLabelSelector, type Selector } from '../../../api/labels';

export const InterPodAffinityName = 'InterPodAffinity';
export const ErrReasonExistingAntiAffinityRulesNotMatch = "node(s) didn't satisfy existing pods anti-affinity rules";
export const ErrReasonAffinityRulesNotMatch = "node(s) didn't match pod affinity rules";
export const ErrReasonAntiAffinityRulesNotMatch = "node(s) didn't match pod anti-affinity rules";
// upstream: config.DefaultHardPodAffinityWeight
const hardPodAffinityWeight = 1;

interface AffinityTerm {
  namespaces: Set<string> | 'all';
  selector: Selector;
  topologyKey: string;
}

/** upstream: framework.newAffinityTerm (matchLabelKeys / mismatchLabelKeys merged) */
function affinityTerm(pod: Pod, t: PodAffinityTerm): AffinityTerm {
  const ls = { matchLabels: { ...(t.labelSelector?.matchLabels ?? {}) }, matchExpressions: [...(t.labelSelector?.matchExpressions ?? [])] };
  const labels = pod.metadata?.labels ?? {};
  for (const k of t.matchLabelKeys ?? []) if (labels[k] !== undefined) ls.matchExpressions.push({ key: k, operator: 'In', values: [labels[k]] });
  for (const k of t.mismatchLabelKeys ?? []) if (labels[k] !== undefined) ls.matchExpressions.push({ key: k, operator: 'NotIn', values: [labels[k]] });
  const namespaces: AffinityTerm['namespaces'] =
    t.namespaceSelector && Object.keys(t.namespaceSelector).length === 0
      ? 'all'
      : new Set(t.namespaces?.length ? t.namespaces : [pod.metadata?.namespace ?? 'default']);
  return { namespaces, selector: t.labelSelector ? selectorFromLabelSelector(ls) : selectorFromLabelSelector(undefined), topologyKey: t.topologyKey };
}

function termMatches(term: AffinityTerm, pod: Pod): boolean {
  const ns = pod.metadata?.namespace ?? 'default';
  if (term.namespaces !== 'all' && !term.namespaces.has(ns)) return false;
  return term.selector.matches(pod.metadata?.labels ?? {});
}

const requiredAffinity = (p: Pod) => (p.spec?.affinity?.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? []).map((t) => affinityTerm(p, t));
const requiredAntiAffinity = (p: Pod) => (p.spec?.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? []).map((t) => affinityTerm(p, t));
const weighted = (p: Pod, ts: WeightedPodAffinityTerm[] | undefined) => (ts ?? []).map((t) => ({ term: affinityTerm(p, t.podAffinityTerm), weight: t.weight }));

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

export function newInterPodAffinity(handle: Pick<Handle, 'nodeInfos'>) {
  return {
    name: InterPodAffinityName,
    preFilter(state: CycleState, pod: Pod, nodes: NodeInfo[]) {
      const affinity = requiredAffinity(pod);
      const antiAffinity = requiredAntiAffinity(pod);
      const s: PreFilterState = {
        affinity,
        antiAffinity,
        affinityCounts: new Map(),
        antiAffinityCounts: new Map(),
        existingAntiAffinityCounts: new Map(),
        selfMatchesAffinity: affinity.every((t) => termMatches(t, pod))
      };
      for (const ni of nodes) {
        const labels = ni.node?.metadata?.labels ?? {};
        for (const pi of ni.pods.values()) {
          const existing = pi.pod;
          // upstream: getExistingAntiAffinityCounts
          for (const t of requiredAntiAffinity(existing)) if (termMatches(t, pod)) bump(s.existingAntiAffinityCounts, t.topologyKey, labels[t.topologyKey]);
          // upstream: getIncomingAffinityAntiAffinityCounts
          if (affinity.length > 0 && affinity.every((t) => termMatches(t, existing))) for (const t of affinity) bump(s.affinityCounts, t.topologyKey, labels[t.topologyKey]);
          for (const t of antiAffinity) if (termMatches(t, existing)) bump(s.antiAffinityCounts, t.topologyKey, labels[t.topologyKey]);
        }
      }
      if (affinity.length === 0 && antiAffinity.length === 0 && s.existingAntiAffinityCounts.size === 0) return { status: new Status(Code.Skip) };
      state.write(PREFILTER_KEY, s);
      return { status: new Status(Code.Success) };
    },
    filter(state: CycleState, _pod: Pod, nodeInfo: NodeInfo): Status {
      const s = state.read<PreFilterState>(PREFILTER_KEY);
      if (!s) return new Status(Code.Success);
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
      for (const [k, v] of Object.entries(labels)) {
        if ((s.existingAntiAffinityCounts.get(pairKey(k, v)) ?? 0) > 0) return new Status(Code.Unschedulable, ErrReasonExistingAntiAffinityRulesNotMatch);
      }
      return new Status(Code.Success);
    },
    preScore(state: CycleState, pod: Pod): Status {
      const prefAffinity = weighted(pod, pod.spec?.affinity?.podAffinity?.preferredDuringSchedulingIgnoredDuringExecution);
      const prefAnti = weighted(pod, pod.spec?.affinity?.podAntiAffinity?.preferredDuringSchedulingIgnoredDuringExecution);
      const scores = new Map<string, number>();
      let any = false;
      for (const ni of handle.nodeInfos()) {
        const labels = ni.node?.metadata?.labels ?? {};
        for (const pi of ni.pods.values()) {
          const e = pi.pod;
          const aff = e.spec?.affinity;
          if (!aff?.podAffinity && !aff?.podAntiAffinity && prefAffinity.length === 0 && prefAnti.length === 0) continue;
          // upstream: scoring.go processExistingPod
          for (const { term, weight } of prefAffinity) if (termMatches(term, e)) (any = true), bump(scores, term.topologyKey, labels[term.topologyKey], weight);
          for (const { term, weight } of prefAnti) if (termMatches(term, e)) (any = true), bump(scores, term.topologyKey, labels[term.topologyKey], -weight);
          for (const t of requiredAffinity(e)) if (termMatches(t, pod)) (any = true), bump(scores, t.topologyKey, labels[t.topologyKey], hardPodAffinityWeight);
          for (const { term, weight } of weighted(e, aff?.podAffinity?.preferredDuringSchedulingIgnoredDuringExecution)) if (termMatches(term, pod)) (any = true), bump(scores, term.topologyKey, labels[term.topologyKey], weight);
          for (const { term, weight } of weighted(e, aff?.podAntiAffinity?.preferredDuringSchedulingIgnoredDuringExecution)) if (termMatches(term, pod)) (any = true), bump(scores, term.topologyKey, labels[term.topologyKey], -weight);
        }
      }
      if (!any && prefAffinity.length === 0 && prefAnti.length === 0) return new Status(Code.Skip);
      state.write(PRESCORE_KEY, scores);
      return new Status(Code.Success);
    },
    score(state: CycleState, _pod: Pod, nodeInfo: NodeInfo) {
      const scores = state.read<Counts>(PRESCORE_KEY) ?? new Map();
      let score = 0;
      for (const [k, v] of Object.entries(nodeInfo.node?.metadata?.labels ?? {})) score += scores.get(pairKey(k, v)) ?? 0;
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

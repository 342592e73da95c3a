/**
 * Pod (anti-)affinity terms compiled once per pod (namespaces and label selector), as upstream's
 * PodInfo keeps them: RequiredAffinityTerms, RequiredAntiAffinityTerms, PreferredAffinityTerms,
 * PreferredAntiAffinityTerms. Compiled when the pod enters the cache, not in every cycle.
 * upstream: pkg/scheduler/framework/types.go (AffinityTerm, newAffinityTerm, AffinityTerm.Matches,
 * getAffinityTerms, getWeightedAffinityTerms)
 */
import type { Pod, PodAffinityTerm, WeightedPodAffinityTerm } from 'kubernetes-types/core/v1';
import { selectorFromLabelSelector, type Selector } from '../../api/labels';

export interface AffinityTerm {
  namespaces: Set<string> | 'all';
  selector: Selector;
  topologyKey: string;
}

export interface WeightedAffinityTerm {
  term: AffinityTerm;
  weight: number;
}

/** upstream: framework.newAffinityTerm (matchLabelKeys / mismatchLabelKeys merged) */
export function newAffinityTerm(pod: Pod, t: PodAffinityTerm): AffinityTerm {
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

/** upstream: AffinityTerm.Matches */
export function termMatches(term: AffinityTerm, pod: Pod): boolean {
  const ns = pod.metadata?.namespace ?? 'default';
  if (term.namespaces !== 'all' && !term.namespaces.has(ns)) return false;
  return term.selector.matches(pod.metadata?.labels ?? {});
}

const none: never[] = [];

export const requiredAffinityTerms = (p: Pod): AffinityTerm[] => {
  const ts = p.spec?.affinity?.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  return ts?.length ? ts.map((t) => newAffinityTerm(p, t)) : none;
};
export const requiredAntiAffinityTerms = (p: Pod): AffinityTerm[] => {
  const ts = p.spec?.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  return ts?.length ? ts.map((t) => newAffinityTerm(p, t)) : none;
};
export const weightedAffinityTerms = (p: Pod, ts: WeightedPodAffinityTerm[] | undefined): WeightedAffinityTerm[] =>
  ts?.length ? ts.map((t) => ({ term: newAffinityTerm(p, t.podAffinityTerm), weight: t.weight })) : none;

/** The four term lists of a pod; all empty (shared) for a pod without pod (anti-)affinity. */
export interface PodAffinityTerms {
  requiredAffinityTerms: AffinityTerm[];
  requiredAntiAffinityTerms: AffinityTerm[];
  preferredAffinityTerms: WeightedAffinityTerm[];
  preferredAntiAffinityTerms: WeightedAffinityTerm[];
}

export function podAffinityTerms(p: Pod): PodAffinityTerms {
  const a = p.spec?.affinity;
  if (!a?.podAffinity && !a?.podAntiAffinity) return { requiredAffinityTerms: none, requiredAntiAffinityTerms: none, preferredAffinityTerms: none, preferredAntiAffinityTerms: none };
  return {
    requiredAffinityTerms: requiredAffinityTerms(p),
    requiredAntiAffinityTerms: requiredAntiAffinityTerms(p),
    preferredAffinityTerms: weightedAffinityTerms(p, a.podAffinity?.preferredDuringSchedulingIgnoredDuringExecution),
    preferredAntiAffinityTerms: weightedAffinityTerms(p, a.podAntiAffinity?.preferredDuringSchedulingIgnoredDuringExecution)
  };
}

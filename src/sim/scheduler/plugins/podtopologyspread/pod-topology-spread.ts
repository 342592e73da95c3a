/**
 * PodTopologySpread: keeps matching pods evenly spread over topology domains (nodes, zones).
 * DoNotSchedule constraints filter (skew = pods in the node's domain + self - global minimum must
 * not exceed maxSkew); ScheduleAnyway constraints score (fewer matching pods in the domain is better).
 * Not here: the system default constraints (they need the pod's Services/ReplicaSets as selector).
 * upstream: pkg/scheduler/framework/plugins/podtopologyspread/{common,filtering,scoring}.go
 */
import type { Pod, TopologySpreadConstraint } from 'kubernetes-types/core/v1';
import type { FilterPlugin, Handle, PreFilterPlugin, PreScorePlugin, ScorePlugin } from '../../framework/interfaces';
import { Code, MaxNodeScore, Status, type CycleState, type NodeInfo, type NodeScore } from '../../framework/types';
import { selectorFromLabelSelector, type Selector } from '../../../api/labels';
import { requiredNodeAffinityMatches } from '../nodeaffinity/node-affinity';
import { findUntoleratedTaint } from '../tainttoleration/taint-toleration';

export const PodTopologySpreadName = 'PodTopologySpread';
export const ErrReasonConstraintsNotMatch = "node(s) didn't match pod topology spread constraints";
export const ErrReasonNodeLabelNotMatch = ErrReasonConstraintsNotMatch + ' (missing required label)';
const LabelHostname = 'kubernetes.io/hostname';

export interface Constraint {
  maxSkew: number;
  topologyKey: string;
  selector: Selector;
  minDomains: number;
  nodeAffinityPolicy: 'Honor' | 'Ignore';
  nodeTaintsPolicy: 'Honor' | 'Ignore';
}

/** upstream: common.go filterTopologySpreadConstraints (matchLabelKeys merged into the selector) */
export function constraintsOf(pod: Pod, action: 'DoNotSchedule' | 'ScheduleAnyway'): Constraint[] {
  const out: Constraint[] = [];
  for (const c of (pod.spec?.topologySpreadConstraints ?? []) as TopologySpreadConstraint[]) {
    if (c.whenUnsatisfiable !== action) continue;
    const ls = { matchLabels: { ...(c.labelSelector?.matchLabels ?? {}) }, matchExpressions: [...(c.labelSelector?.matchExpressions ?? [])] };
    for (const k of c.matchLabelKeys ?? []) {
      const v = pod.metadata?.labels?.[k];
      if (v !== undefined) ls.matchLabels[k] = v;
    }
    out.push({
      maxSkew: c.maxSkew,
      topologyKey: c.topologyKey,
      selector: c.labelSelector ? selectorFromLabelSelector(ls) : selectorFromLabelSelector(undefined),
      minDomains: c.minDomains ?? 1,
      nodeAffinityPolicy: (c.nodeAffinityPolicy as 'Honor' | 'Ignore') ?? 'Honor',
      nodeTaintsPolicy: (c.nodeTaintsPolicy as 'Honor' | 'Ignore') ?? 'Ignore'
    });
  }
  return out;
}

function nodeLabelsMatchSpreadConstraints(labels: Record<string, string>, cs: Constraint[]): boolean {
  return cs.every((c) => c.topologyKey in labels);
}

/** upstream: common.go countPodsMatchSelector (same namespace, not terminating) */
export function countPodsMatchSelector(ni: NodeInfo, selector: Selector, namespace: string): number {
  let n = 0;
  for (const pi of ni.pods.values()) {
    if (pi.pod.metadata?.deletionTimestamp || (pi.pod.metadata?.namespace ?? 'default') !== namespace) continue;
    if (selector.matches(pi.pod.metadata?.labels ?? {})) n++;
  }
  return n;
}

/** Whether the node counts for the constraint's domains. upstream: common.go matchNodeInclusionPolicies */
function nodeIncluded(pod: Pod, ni: NodeInfo, c: Constraint): boolean {
  if (c.nodeAffinityPolicy === 'Honor' && !requiredNodeAffinityMatches(pod, ni.node!)) return false;
  if (c.nodeTaintsPolicy === 'Honor') {
    const t = findUntoleratedTaint(ni.node?.spec?.taints ?? [], pod.spec?.tolerations ?? [], (x) => x.effect === 'NoSchedule' || x.effect === 'NoExecute');
    if (t) return false;
  }
  return true;
}

interface PreFilterState {
  constraints: Constraint[];
  /** Per constraint: domain value -> matching pods. */
  counts: Map<string, number>[];
}

const PREFILTER_KEY = 'PreFilter' + PodTopologySpreadName;
const PRESCORE_KEY = 'PreScore' + PodTopologySpreadName;

export function newPodTopologySpread(handle: Pick<Handle, 'nodeInfos'>) {
  return {
    name: PodTopologySpreadName,
    preFilter(state: CycleState, pod: Pod, nodes: NodeInfo[]) {
      const constraints = constraintsOf(pod, 'DoNotSchedule');
      if (constraints.length === 0) return { status: new Status(Code.Skip) };
      const counts = constraints.map(() => new Map<string, number>());
      const ns = pod.metadata?.namespace ?? 'default';
      for (const ni of nodes) {
        const labels = ni.node?.metadata?.labels ?? {};
        if (!nodeLabelsMatchSpreadConstraints(labels, constraints)) continue;
        constraints.forEach((c, i) => {
          if (!nodeIncluded(pod, ni, c)) return;
          const v = labels[c.topologyKey];
          counts[i].set(v, (counts[i].get(v) ?? 0) + countPodsMatchSelector(ni, c.selector, ns));
        });
      }
      state.write(PREFILTER_KEY, { constraints, counts } satisfies PreFilterState);
      return { status: new Status(Code.Success) };
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
    filter(state: CycleState, pod: Pod, nodeInfo: NodeInfo): Status {
      const s = state.read<PreFilterState>(PREFILTER_KEY);
      if (!s) return new Status(Code.Success);
      const labels = nodeInfo.node?.metadata?.labels ?? {};
      const podLabels = pod.metadata?.labels ?? {};
      for (let i = 0; i < s.constraints.length; i++) {
        const c = s.constraints[i];
        const v = labels[c.topologyKey];
        if (v === undefined) return new Status(Code.UnschedulableAndUnresolvable, ErrReasonNodeLabelNotMatch);
        const selfMatch = c.selector.matches(podLabels) ? 1 : 0;
        // upstream: the global minimum is 0 while fewer domains than minDomains exist.
        let min = s.counts[i].size < c.minDomains ? 0 : Infinity;
        for (const n of s.counts[i].values()) min = Math.min(min, n);
        if (min === Infinity) min = 0;
        const matchNum = s.counts[i].get(v) ?? 0;
        if (matchNum + selfMatch - min > c.maxSkew) return new Status(Code.Unschedulable, ErrReasonConstraintsNotMatch);
      }
      return new Status(Code.Success);
    },
    preScore(state: CycleState, pod: Pod, filtered: NodeInfo[]): Status {
      const constraints = constraintsOf(pod, 'ScheduleAnyway');
      if (constraints.length === 0) return new Status(Code.Skip);
      const ns = pod.metadata?.namespace ?? 'default';
      const ignored = new Set<string>();
      const domains = constraints.map(() => new Set<string>());
      for (const ni of filtered) {
        const labels = ni.node?.metadata?.labels ?? {};
        if (!nodeLabelsMatchSpreadConstraints(labels, constraints)) ignored.add(ni.name);
        else constraints.forEach((c, i) => domains[i].add(labels[c.topologyKey]));
      }
      // upstream: pods on all nodes count for a domain (not only the filtered ones), hostname aside.
      const counts = constraints.map(() => new Map<string, number>());
      for (const ni of handle.nodeInfos()) {
        const labels = ni.node?.metadata?.labels ?? {};
        if (!nodeLabelsMatchSpreadConstraints(labels, constraints)) continue;
        constraints.forEach((c, i) => {
          if (c.topologyKey === LabelHostname || !domains[i].has(labels[c.topologyKey]) || !nodeIncluded(pod, ni, c)) return;
          counts[i].set(labels[c.topologyKey], (counts[i].get(labels[c.topologyKey]) ?? 0) + countPodsMatchSelector(ni, c.selector, ns));
        });
      }
      const weights = constraints.map((c, i) => Math.log((c.topologyKey === LabelHostname ? filtered.length - ignored.size : domains[i].size) + 2));
      state.write(PRESCORE_KEY, { constraints, counts, weights, ignored });
      return new Status(Code.Success);
    },
    score(state: CycleState, pod: Pod, nodeInfo: NodeInfo) {
      const s = state.read<{ constraints: Constraint[]; counts: Map<string, number>[]; weights: number[]; ignored: Set<string> }>(PRESCORE_KEY);
      if (!s || s.ignored.has(nodeInfo.name)) return { score: 0, status: new Status(Code.Success) };
      const labels = nodeInfo.node?.metadata?.labels ?? {};
      let score = 0;
      s.constraints.forEach((c, i) => {
        const v = labels[c.topologyKey];
        if (v === undefined) return;
        const cnt = c.topologyKey === LabelHostname ? countPodsMatchSelector(nodeInfo, c.selector, pod.metadata?.namespace ?? 'default') : (s.counts[i].get(v) ?? 0);
        // upstream: scoreForCount
        score += cnt * s.weights[i] + (c.maxSkew - 1);
      });
      return { score: Math.round(score), status: new Status(Code.Success) };
    },
    normalizeScore(state: CycleState, _pod: Pod, scores: NodeScore[]): Status {
      const s = state.read<{ ignored: Set<string> }>(PRESCORE_KEY);
      const ignored = s?.ignored ?? new Set<string>();
      let min = Infinity;
      let max = 0;
      for (const x of scores) {
        if (ignored.has(x.name)) continue;
        min = Math.min(min, x.score);
        max = Math.max(max, x.score);
      }
      for (const x of scores) {
        if (ignored.has(x.name)) x.score = 0;
        else if (max === 0) x.score = MaxNodeScore;
        else x.score = Math.trunc((MaxNodeScore * (max + min - x.score)) / max);
      }
      return new Status(Code.Success);
    }
  } satisfies PreFilterPlugin & FilterPlugin & PreScorePlugin & ScorePlugin;
}

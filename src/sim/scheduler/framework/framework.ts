/**
 * The framework: the default profile's plugins, in upstream's MultiPoint order, and the runners
 * for each extension point.
 * upstream: pkg/scheduler/framework/runtime/framework.go,
 * pkg/scheduler/apis/config/v1/default_plugins.go
 */
import type { Pod } from 'kubernetes-types/core/v1';
import {
  implementsPoint,
  type BindPlugin,
  type FilterPlugin,
  type Handle,
  type Plugin,
  type PostFilterPlugin,
  type PreEnqueuePlugin,
  type PreFilterPlugin,
  type PreScorePlugin,
  type QueueSortPlugin,
  type ScorePlugin
} from './interfaces';
import { Code, CycleState, Status, type NodeInfo, type NodeScore } from './types';
import { newSchedulingGates } from '../plugins/schedulinggates/scheduling-gates';
import { newPrioritySort } from '../plugins/queuesort/priority-sort';
import { newNodeUnschedulable } from '../plugins/nodeunschedulable/node-unschedulable';
import { newNodeName } from '../plugins/nodename/node-name';
import { newTaintToleration } from '../plugins/tainttoleration/taint-toleration';
import { newNodeAffinity } from '../plugins/nodeaffinity/node-affinity';
import { newNodePorts } from '../plugins/nodeports/node-ports';
import { newNodeResourcesFit, type ScoringStrategy } from '../plugins/noderesources/fit';
import { newBalancedAllocation } from '../plugins/noderesources/balanced-allocation';
import { newImageLocality } from '../plugins/imagelocality/image-locality';
import { newDefaultBinder } from '../plugins/defaultbinder/default-binder';
import { newPodTopologySpread } from '../plugins/podtopologyspread/pod-topology-spread';
import { newInterPodAffinity } from '../plugins/interpodaffinity/inter-pod-affinity';
import { newDefaultPreemption } from '../plugins/defaultpreemption/default-preemption';

export interface ProfileConfig {
  schedulerName: string;
  /** NodeResourcesFit's scoring strategy (default LeastAllocated, cpu 1 + memory 1). */
  scoringStrategy?: ScoringStrategy;
  /** 0 = adaptive, as upstream's default. */
  percentageOfNodesToScore?: number;
}

export const DefaultSchedulerName = 'default-scheduler';

/** Score weights. upstream: default_plugins.go getDefaultPlugins (MultiPoint weights) */
export const DefaultWeights: Record<string, number> = {
  TaintToleration: 3,
  NodeAffinity: 2,
  NodeResourcesFit: 1,
  PodTopologySpread: 2,
  InterPodAffinity: 2,
  NodeResourcesBalancedAllocation: 1,
  ImageLocality: 1
};

/** The default plugins in MultiPoint order (the volume plugins are not here yet). */
export function defaultPlugins(handle: Handle, cfg: ProfileConfig): Plugin[] {
  return [
    newSchedulingGates(),
    newPrioritySort(),
    newNodeUnschedulable(),
    newNodeName(),
    newTaintToleration(),
    newNodeAffinity(),
    newNodePorts(),
    newNodeResourcesFit(cfg.scoringStrategy),
    newPodTopologySpread(handle),
    newInterPodAffinity(handle),
    newDefaultPreemption(handle),
    newBalancedAllocation(),
    newImageLocality(handle),
    newDefaultBinder(handle)
  ];
}

export interface NodePluginScore {
  plugin: string;
  raw: number;
  normalized: number;
  weight: number;
  weighted: number;
}

export class Framework {
  readonly queueSort: QueueSortPlugin;
  readonly preEnqueue: PreEnqueuePlugin[];
  readonly preFilter: PreFilterPlugin[];
  readonly filter: FilterPlugin[];
  readonly postFilter: PostFilterPlugin[];
  readonly preScore: PreScorePlugin[];
  readonly score: ScorePlugin[];
  readonly bindPlugins: BindPlugin[];

  constructor(
    readonly plugins: Plugin[],
    readonly weights: Record<string, number> = DefaultWeights
  ) {
    const sorts = plugins.filter(implementsPoint.queueSort);
    if (sorts.length !== 1) throw new Error('exactly one QueueSort plugin must be enabled');
    this.queueSort = sorts[0];
    this.preEnqueue = plugins.filter(implementsPoint.preEnqueue);
    this.preFilter = plugins.filter(implementsPoint.preFilter);
    this.filter = plugins.filter(implementsPoint.filter);
    this.postFilter = plugins.filter(implementsPoint.postFilter);
    this.preScore = plugins.filter(implementsPoint.preScore);
    this.score = plugins.filter(implementsPoint.score);
    this.bindPlugins = plugins.filter(implementsPoint.bind);
  }

  runPreEnqueuePlugins(pod: Pod): Status {
    for (const p of this.preEnqueue) {
      const s = p.preEnqueue(pod);
      if (!s.isSuccess()) return s.withPlugin(p.name);
    }
    return new Status(Code.Success);
  }

  /** upstream: RunPreFilterPlugins: the first rejection ends the cycle; node sets intersect. */
  runPreFilterPlugins(state: CycleState, pod: Pod, nodes: NodeInfo[]): { nodeNames?: Set<string>; status: Status } {
    let nodeNames: Set<string> | undefined;
    for (const p of this.preFilter) {
      const { result, status } = p.preFilter(state, pod, nodes);
      if (status.isSkip()) {
        state.skipFilterPlugins.add(p.name);
        continue;
      }
      if (!status.isSuccess()) return { status: status.withPlugin(p.name) };
      if (result?.nodeNames) nodeNames = nodeNames ? new Set([...nodeNames].filter((n) => result.nodeNames!.has(n))) : result.nodeNames;
    }
    return { nodeNames, status: new Status(Code.Success) };
  }

  /** upstream: RunFilterPlugins: the first plugin that rejects a node decides its status. */
  runFilterPlugins(state: CycleState, pod: Pod, nodeInfo: NodeInfo): Status {
    for (const p of this.filter) {
      if (state.skipFilterPlugins.has(p.name)) continue;
      const s = p.filter(state, pod, nodeInfo);
      if (!s.isSuccess()) {
        // upstream: a non-rejection (Error) is reported as is; rejections carry the plugin name.
        return s.withPlugin(p.name);
      }
    }
    return new Status(Code.Success);
  }

  runPostFilterPlugins(state: CycleState, pod: Pod, nodeToStatus: Map<string, Status>): { nominatedNodeName?: string; status: Status } {
    const reasons: string[] = [];
    for (const p of this.postFilter) {
      const { result, status } = p.postFilter(state, pod, nodeToStatus);
      if (status.isSuccess()) return { nominatedNodeName: result?.nominatedNodeName, status };
      reasons.push(...status.reasons);
    }
    return { status: new Status(Code.Unschedulable, ...reasons) };
  }

  runPreScorePlugins(state: CycleState, pod: Pod, nodes: NodeInfo[]): Status {
    for (const p of this.preScore) {
      const s = p.preScore(state, pod, nodes);
      if (s.isSkip()) {
        state.skipScorePlugins.add(p.name);
        continue;
      }
      if (!s.isSuccess()) return s.withPlugin(p.name);
    }
    return new Status(Code.Success);
  }

  /**
   * Scores every node with every (not skipped) Score plugin, normalises, applies weights.
   * Returns per node the per-plugin breakdown and the total. upstream: RunScorePlugins
   */
  runScorePlugins(state: CycleState, pod: Pod, nodes: NodeInfo[]): { totals: NodeScore[]; breakdown: Map<string, NodePluginScore[]>; status: Status } {
    const breakdown = new Map<string, NodePluginScore[]>(nodes.map((n) => [n.name, []]));
    const totals: NodeScore[] = nodes.map((n) => ({ name: n.name, score: 0 }));
    for (const p of this.score) {
      if (state.skipScorePlugins.has(p.name)) continue;
      const scores: NodeScore[] = [];
      for (const n of nodes) {
        const { score, status } = p.score(state, pod, n);
        if (!status.isSuccess()) return { totals, breakdown, status: status.withPlugin(p.name) };
        scores.push({ name: n.name, score });
      }
      const raw = scores.map((s) => s.score);
      if (p.normalizeScore) {
        const s = p.normalizeScore(state, pod, scores);
        if (!s.isSuccess()) return { totals, breakdown, status: s.withPlugin(p.name) };
      }
      const weight = this.weights[p.name] ?? 1;
      scores.forEach((s, i) => {
        const weighted = s.score * weight;
        totals[i].score += weighted;
        breakdown.get(s.name)!.push({ plugin: p.name, raw: raw[i], normalized: s.score, weight, weighted });
      });
    }
    return { totals, breakdown, status: new Status(Code.Success) };
  }

  /** upstream: RunReservePluginsReserve; on failure the caller unreserves (in reverse order). */
  runReservePlugins(state: CycleState, pod: Pod, nodeName: string): Status {
    for (const p of this.plugins.filter(implementsPoint.reserve)) {
      const s = p.reserve(state, pod, nodeName);
      if (!s.isSuccess()) return s.withPlugin(p.name);
    }
    return new Status(Code.Success);
  }

  runUnreservePlugins(state: CycleState, pod: Pod, nodeName: string): void {
    for (const p of this.plugins.filter(implementsPoint.reserve).reverse()) p.unreserve(state, pod, nodeName);
  }

  /** upstream: RunPermitPlugins. Wait is not supported here (no default plugin returns it). */
  runPermitPlugins(state: CycleState, pod: Pod, nodeName: string): Status {
    for (const p of this.plugins.filter(implementsPoint.permit)) {
      const { status } = p.permit(state, pod, nodeName);
      if (!status.isSuccess()) return status.withPlugin(p.name);
    }
    return new Status(Code.Success);
  }

  runPreBindPlugins(state: CycleState, pod: Pod, nodeName: string): Status {
    for (const p of this.plugins.filter(implementsPoint.preBind)) {
      const s = p.preBind(state, pod, nodeName);
      if (!s.isSuccess()) return s.withPlugin(p.name);
    }
    return new Status(Code.Success);
  }

  runBindPlugins(state: CycleState, pod: Pod, nodeName: string, done: (s: Status) => void): void {
    const binder = this.bindPlugins[0];
    if (!binder) return done(new Status(Code.Error, 'no bind plugin'));
    binder.bind(state, pod, nodeName, (s) => done(s.withPlugin(binder.name)));
  }
}

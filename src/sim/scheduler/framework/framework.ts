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
  type PermitPlugin,
  type PreBindPlugin,
  type PreFilterPlugin,
  type PreScorePlugin,
  type QueueSortPlugin,
  type ReservePlugin,
  type ScorePlugin
} from './interfaces';
import { Code, CycleState, Status, SuccessStatus, type NodeInfo, type NodeScore } from './types';
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
import { newVolumeBinding } from '../plugins/volumebinding/volume-binding';
import { newVolumeRestrictions } from '../plugins/volumerestrictions/volume-restrictions';
import { newNodeVolumeLimits } from '../plugins/nodevolumelimits/csi';
import { newVolumeZone } from '../plugins/volumezone/volume-zone';

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

/** The default plugins in MultiPoint order (config/defaults.ts getDefaultPlugins lists the same names). */
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
    newVolumeRestrictions(handle),
    newNodeVolumeLimits(handle),
    newVolumeBinding(handle),
    newVolumeZone(handle),
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

/**
 * Score results, plugin by plugin, aligned with the scored nodes: raw and normalized scores in
 * typed arrays (no object per node and plugin), and the weighted totals.
 */
export interface ScoreResult {
  plugins: string[];
  weights: number[];
  /** Scores are integers (upstream int64; 32 bits are plenty for one plugin's score). */
  raw: Int32Array[];
  normalized: Int32Array[];
  totals: Float64Array;
  status: Status;
}

/** The plugins of each extension point, in order. upstream: frameworkImpl's per-point slices */
export interface PluginLists {
  queueSort: QueueSortPlugin[];
  preEnqueue: PreEnqueuePlugin[];
  preFilter: PreFilterPlugin[];
  filter: FilterPlugin[];
  postFilter: PostFilterPlugin[];
  preScore: PreScorePlugin[];
  score: ScorePlugin[];
  reserve: ReservePlugin[];
  permit: PermitPlugin[];
  preBind: PreBindPlugin[];
  bind: BindPlugin[];
}

/** Every plugin at every point it implements, in the given order (MultiPoint). */
export function multiPointLists(plugins: Plugin[]): PluginLists {
  return {
    queueSort: plugins.filter(implementsPoint.queueSort),
    preEnqueue: plugins.filter(implementsPoint.preEnqueue),
    preFilter: plugins.filter(implementsPoint.preFilter),
    filter: plugins.filter(implementsPoint.filter),
    postFilter: plugins.filter(implementsPoint.postFilter),
    preScore: plugins.filter(implementsPoint.preScore),
    score: plugins.filter(implementsPoint.score),
    reserve: plugins.filter(implementsPoint.reserve),
    permit: plugins.filter(implementsPoint.permit),
    preBind: plugins.filter(implementsPoint.preBind),
    bind: plugins.filter(implementsPoint.bind)
  };
}

export class Framework {
  readonly queueSort: QueueSortPlugin;
  readonly preEnqueue: PreEnqueuePlugin[];
  readonly preFilter: PreFilterPlugin[];
  readonly filter: FilterPlugin[];
  readonly postFilter: PostFilterPlugin[];
  readonly preScore: PreScorePlugin[];
  readonly score: ScorePlugin[];
  readonly reserve: ReservePlugin[];
  readonly permit: PermitPlugin[];
  readonly preBind: PreBindPlugin[];
  readonly bindPlugins: BindPlugin[];
  #scoreList: NodeScore[] = [];
  /** The current slab the cycles' score arrays are carved from, and how much of it is used (see #scoreBuffer). */
  #slab = new ArrayBuffer(0);
  #slabUsed = 0;

  /** `lists` sets each extension point's plugins (a configured profile); by default every plugin runs at every point it implements. */
  constructor(
    readonly plugins: Plugin[],
    readonly weights: Record<string, number> = DefaultWeights,
    lists: PluginLists = multiPointLists(plugins)
  ) {
    if (lists.queueSort.length !== 1) throw new Error('exactly one QueueSort plugin must be enabled');
    this.queueSort = lists.queueSort[0];
    this.preEnqueue = lists.preEnqueue;
    this.preFilter = lists.preFilter;
    this.filter = lists.filter;
    this.postFilter = lists.postFilter;
    this.preScore = lists.preScore;
    this.score = lists.score;
    this.reserve = lists.reserve;
    this.permit = lists.permit;
    this.preBind = lists.preBind;
    this.bindPlugins = lists.bind;
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

  /** The Filter plugins not skipped at PreFilter, computed once per cycle for the hot loop. */
  activeFilters(state: CycleState): FilterPlugin[] {
    return state.skipFilterPlugins.size === 0 ? this.filter : this.filter.filter((p) => !state.skipFilterPlugins.has(p.name));
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
   * upstream: RunScorePlugins (one NodeScore list per plugin, reused across plugins here)
   */
  runScorePlugins(state: CycleState, pod: Pod, nodes: NodeInfo[]): ScoreResult {
    const n = nodes.length;
    // One buffer per cycle for the totals and every plugin's raw and normalized scores (views
    // into it): one allocation instead of one per plugin. The arrays are kept by the attempt's record.
    const active: ScorePlugin[] = [];
    let slots = 0;
    for (const p of this.score) {
      if (state.skipScorePlugins.has(p.name)) continue;
      active.push(p);
      slots += p.normalizeScore ? 2 : 1;
    }
    // The totals (float64) first, then the int32 slots: one region of a shared slab per cycle.
    const [buf, base] = this.#scoreBuffer(8 * n + 4 * n * slots);
    let slot = 0;
    const out: ScoreResult = { plugins: [], weights: [], raw: [], normalized: [], totals: new Float64Array(buf, base, n), status: SuccessStatus };
    const totals = out.totals;
    let scores: NodeScore[] | undefined;
    for (let a = 0; a < active.length; a++) {
      const p = active[a];
      const raw = new Int32Array(buf, base + 8 * n + 4 * n * slot++, n);
      if (p.scoreNodes) p.scoreNodes(state, pod, nodes, raw);
      else if (p.scoreValue) {
        for (let i = 0; i < n; i++) raw[i] = p.scoreValue(state, pod, nodes[i]);
      } else {
        for (let i = 0; i < n; i++) {
          const { score, status } = p.score(state, pod, nodes[i]);
          if (status.code !== Code.Success) return { ...out, status: status.withPlugin(p.name) };
          raw[i] = score;
        }
      }
      let normalized = raw;
      if (p.normalizeScore && p.normalizeScoreValues) {
        normalized = new Int32Array(buf, base + 8 * n + 4 * n * slot++, n);
        normalized.set(raw);
        const s = p.normalizeScoreValues(state, pod, normalized);
        if (!s.isSuccess()) return { ...out, status: s.withPlugin(p.name) };
      } else if (p.normalizeScore) {
        if (!scores) {
          // One NodeScore list per cycle, reused across cycles of the same size (never kept).
          if (this.#scoreList.length !== n) this.#scoreList = nodes.map(() => ({ name: '', score: 0 }));
          scores = this.#scoreList;
          for (let i = 0; i < n; i++) scores[i].name = nodes[i].name;
        }
        for (let i = 0; i < n; i++) scores[i].score = raw[i];
        const s = p.normalizeScore(state, pod, scores);
        if (!s.isSuccess()) return { ...out, status: s.withPlugin(p.name) };
        normalized = new Int32Array(buf, base + 8 * n + 4 * n * slot++, n);
        for (let i = 0; i < n; i++) normalized[i] = scores[i].score;
      }
      const weight = this.weights[p.name] ?? 1;
      for (let i = 0; i < n; i++) totals[i] += normalized[i] * weight;
      out.plugins.push(p.name);
      out.weights.push(weight);
      out.raw.push(raw);
      out.normalized.push(normalized);
    }
    return out;
  }

  /**
   * A zeroed region of `bytes` for one cycle's score arrays, returned as (buffer, offset). Regions
   * are carved in turn from a slab of several cycles' worth and never reused (the attempt's record
   * keeps its arrays), so an ArrayBuffer, whose creation costs more than the scoring of a small
   * cycle, is created once per several cycles; a slab is freed when no record refers to it.
   */
  #scoreBuffer(bytes: number): [ArrayBuffer, number] {
    if (this.#slabUsed + bytes > this.#slab.byteLength) {
      this.#slab = new ArrayBuffer(Math.max(128 * 1024, bytes));
      this.#slabUsed = 0;
    }
    const base = this.#slabUsed;
    // Keep the next region 8-byte aligned (its totals are float64).
    this.#slabUsed += (bytes + 7) & ~7;
    return [this.#slab, base];
  }

  /** upstream: RunReservePluginsReserve; on failure the caller unreserves (in reverse order). */
  runReservePlugins(state: CycleState, pod: Pod, nodeName: string): Status {
    for (const p of this.reserve) {
      const s = p.reserve(state, pod, nodeName);
      if (!s.isSuccess()) return s.withPlugin(p.name);
    }
    return new Status(Code.Success);
  }

  runUnreservePlugins(state: CycleState, pod: Pod, nodeName: string): void {
    for (const p of [...this.reserve].reverse()) p.unreserve(state, pod, nodeName);
  }

  /** upstream: RunPermitPlugins. Wait is not supported here (no default plugin returns it). */
  runPermitPlugins(state: CycleState, pod: Pod, nodeName: string): Status {
    for (const p of this.permit) {
      const { status } = p.permit(state, pod, nodeName);
      if (!status.isSuccess()) return status.withPlugin(p.name);
    }
    return new Status(Code.Success);
  }

  /** upstream: RunPreBindPlugins: in order; the first failure ends it. Plugins may answer later. */
  runPreBindPlugins(state: CycleState, pod: Pod, nodeName: string, done: (s: Status) => void, from = 0): void {
    const p = this.preBind[from];
    if (!p) return done(new Status(Code.Success));
    p.preBind(state, pod, nodeName, (s) => (s.isSuccess() ? this.runPreBindPlugins(state, pod, nodeName, done, from + 1) : done(s.withPlugin(p.name))));
  }

  runBindPlugins(state: CycleState, pod: Pod, nodeName: string, done: (s: Status) => void): void {
    const binder = this.bindPlugins[0];
    if (!binder) return done(new Status(Code.Error, 'no bind plugin'));
    binder.bind(state, pod, nodeName, (s) => done(s.withPlugin(binder.name)));
  }
}

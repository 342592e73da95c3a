/**
 * The scheduling algorithm of one cycle: PreFilter, Filter over the sampled nodes (from the
 * rotating start index until numFeasibleNodesToFind are feasible), PreScore and Score on the
 * feasible nodes only, selectHost. Shared by the Scheduler and the bench.
 * The Filter loop is tight: the active (not skipped) Filter plugins are listed once per cycle,
 * each chunk of nodes goes plugin by plugin (see #findNodesThatPassFilters), a passing node costs
 * no allocation, and the attempt's record keeps only what the cycle computes anyway (see
 * explain.ts Attempt).
 * upstream: pkg/scheduler/schedule_one.go (schedulePod, findNodesThatFitPod,
 * findNodesThatPassFilters, numFeasibleNodesToFind, prioritizeNodes, selectHost)
 */
import type { Pod } from 'kubernetes-types/core/v1';
import type { Rand } from '../kernel/rand';
import type { SchedulerCache } from './cache';
import type { Framework } from './framework/framework';
import { Code, fitErrorMessage, type CycleState, type Diagnosis, type NodeInfo, type NodeScore, type Status } from './framework/types';
import type { Attempt } from './explain';

// upstream: pkg/scheduler/schedule_one.go
export const ErrNoNodesAvailable = 'no nodes available to schedule pods';
const minFeasibleNodesToFind = 100;
const minFeasibleNodesPercentageToFind = 5;
const basePercentageOfNodesToScore = 50;

/** How many feasible nodes to look for before scoring. upstream: schedule_one.go numFeasibleNodesToFind */
export function numFeasibleNodesToFind(percentageOfNodesToScore: number | undefined, numAllNodes: number): number {
  if (numAllNodes < minFeasibleNodesToFind) return numAllNodes;
  let adaptive = percentageOfNodesToScore ?? 0;
  if (adaptive >= 100) return numAllNodes;
  if (adaptive <= 0) {
    adaptive = basePercentageOfNodesToScore - Math.trunc(numAllNodes / 125);
    if (adaptive < minFeasibleNodesPercentageToFind) adaptive = minFeasibleNodesPercentageToFind;
  }
  const n = Math.trunc((numAllNodes * adaptive) / 100);
  return n < minFeasibleNodesToFind ? minFeasibleNodesToFind : n;
}

/** Among the top scores, one at random (reservoir sampling); returns its index. upstream: schedule_one.go selectHost */
export function selectHostIndex(scores: ArrayLike<number>, rand: Pick<Rand, 'int'>): number {
  let selected = 0;
  let count = 1;
  for (let i = 1; i < scores.length; i++) {
    if (scores[i] > scores[selected]) {
      selected = i;
      count = 1;
    } else if (scores[i] === scores[selected]) {
      count++;
      if (rand.int(count) === 0) selected = i;
    }
  }
  return selected;
}

export function selectHost(scores: NodeScore[], rand: Pick<Rand, 'int'>): string {
  return scores[selectHostIndex(scores.map((s) => s.score), rand)].name;
}

export type ScheduleResult = { host: string } | { error: string; code: Code; plugins: Set<string>; nominatedNodeName?: string };

export class ScheduleAlgorithm {
  #nextStartNodeIndex = 0;
  /** Filter loop buffers, reused across cycles: the chunk's node indices, and rejections by node index (cleared after each chunk). */
  #cand = new Int32Array(0);
  #rejected: (Status | undefined)[] = [];
  /**
   * The feasible nodes, reused across cycles (rewritten from the start, trimmed to the count): the
   * PreScore and Score plugins get it during the cycle only and keep no reference to it (see
   * interfaces.ts), so the cycle allocates no node list of its own.
   */
  #feasible: NodeInfo[] = [];

  constructor(
    readonly cache: SchedulerCache,
    readonly rand: Rand
  ) {}

  /** upstream: schedule_one.go schedulePod (with the pod's profile's framework) */
  schedulePod(framework: Framework, percentageOfNodesToScore: number | undefined, state: CycleState, pod: Pod, rec: Attempt): ScheduleResult {
    const all = this.cache.nodeList();
    rec.names = this.cache.nodeNames();
    if (all.length === 0) return { error: ErrNoNodesAvailable, code: Code.Error, plugins: new Set() };
    const diagnosis: Diagnosis = { nodeToStatus: new Map(), preFilterMsg: '', postFilterMsg: '' };
    rec.statuses = diagnosis.nodeToStatus;

    const pre = framework.runPreFilterPlugins(state, pod, all);
    let feasible: NodeInfo[] = [];
    if (!pre.status.isSuccess()) {
      if (pre.status.code === Code.Error) return { error: pre.status.message(), code: Code.Error, plugins: new Set() };
      // upstream: every node gets the PreFilter status; the message is printed once.
      diagnosis.preFilterMsg = pre.status.message();
      for (const n of all) diagnosis.nodeToStatus.set(n.name, pre.status);
      rec.preFilterStatus = pre.status;
    } else {
      const nodes = pre.nodeNames ? all.filter((n) => pre.nodeNames!.has(n.name)) : all;
      // The feasible nodes' names go straight into the record (from the snapshot's names when they align).
      feasible = this.#findNodesThatPassFilters(framework, percentageOfNodesToScore, state, pod, nodes, nodes === all ? rec.names : undefined, rec, diagnosis);
    }

    if (feasible.length === 0) {
      const plugins = new Set<string>();
      for (const s of diagnosis.nodeToStatus.values()) plugins.add(s.plugin);
      // PostFilter (preemption) runs only when the pod was rejected, not on an error.
      const post = framework.runPostFilterPlugins(state, pod, diagnosis.nodeToStatus);
      diagnosis.postFilterMsg = post.status.message();
      return { error: fitErrorMessage(all.length, diagnosis), code: Code.Unschedulable, plugins, nominatedNodeName: post.nominatedNodeName };
    }
    // upstream: one feasible node: no scoring.
    if (feasible.length === 1) return { host: feasible[0].name };
    const ps = framework.runPreScorePlugins(state, pod, feasible);
    if (!ps.isSuccess()) return { error: ps.message(), code: Code.Error, plugins: new Set() };
    const scores = framework.runScorePlugins(state, pod, feasible);
    if (!scores.status.isSuccess()) return { error: scores.status.message(), code: Code.Error, plugins: new Set() };
    rec.scores = scores;
    return { host: feasible[selectHostIndex(scores.totals, this.rand)].name };
  }

  /** Filters from where the last cycle stopped until enough feasible nodes are found. upstream: findNodesThatPassFilters */
  #findNodesThatPassFilters(
    framework: Framework,
    percentageOfNodesToScore: number | undefined,
    state: CycleState,
    pod: Pod,
    nodes: NodeInfo[],
    names: readonly string[] | undefined,
    rec: Attempt,
    diagnosis: Diagnosis
  ): NodeInfo[] {
    const n = nodes.length;
    const want = numFeasibleNodesToFind(percentageOfNodesToScore, n);
    const filters = framework.activeFilters(state);
    const nf = filters.length;
    // At most `want` feasible nodes. Their names go straight into the record, in an array sized
    // once and trimmed at the end (growing by push would reallocate several times per cycle).
    const feasible = this.#feasible;
    const feasibleNames = new Array<string>(want);
    let found = 0;
    const start = this.#nextStartNodeIndex % Math.max(1, n);
    if (this.#cand.length < n) {
      this.#cand = new Int32Array(n);
      this.#rejected = new Array<Status | undefined>(n).fill(undefined);
    }
    const cand = this.#cand;
    const rejected = this.#rejected;
    // Chunks of exactly as many nodes as are still wanted: every node of a chunk would be
    // evaluated by the node-by-node loop too, so running the chunk plugin by plugin (each
    // plugin's own loop over the nodes not yet rejected) evaluates the same (plugin, node) pairs
    // with the same results; statuses and feasible nodes are then recorded in node order.
    let processed = 0;
    while (processed < n && found < want) {
      const count = Math.min(n - processed, want - found);
      for (let c = 0; c < count; c++) {
        let k = start + processed + c;
        if (k >= n) k -= n;
        cand[c] = k;
        // (Cleared again below; this keeps a plugin that threw in an earlier cycle from leaving a stale entry.)
        rejected[k] = undefined;
      }
      let m = count;
      for (let j = 0; j < nf && m > 0; j++) {
        const p = filters[j];
        if (p.filterNodes) m = p.filterNodes(state, pod, nodes, cand, m, rejected);
        else {
          let kept = 0;
          for (let c = 0; c < m; c++) {
            const k = cand[c];
            const s = p.filter(state, pod, nodes[k]);
            // upstream: a non-rejection (Error) is reported as is; rejections carry the plugin name.
            if (s.code !== Code.Success) rejected[k] = s.withPlugin(p.name);
            else cand[kept++] = k;
          }
          m = kept;
        }
      }
      for (let c = 0; c < count; c++) {
        let k = start + processed + c;
        if (k >= n) k -= n;
        // (m === count: no node of the chunk was rejected.)
        const r = m === count ? undefined : rejected[k];
        if (r) {
          diagnosis.nodeToStatus.set(nodes[k].name, r);
          rejected[k] = undefined;
        } else {
          feasible[found] = nodes[k];
          feasibleNames[found++] = names ? names[k] : nodes[k].name;
        }
      }
      processed += count;
    }
    this.#nextStartNodeIndex = (this.#nextStartNodeIndex + processed) % Math.max(1, n);
    feasible.length = found;
    feasibleNames.length = found;
    rec.feasible = feasibleNames;
    return feasible;
  }
}

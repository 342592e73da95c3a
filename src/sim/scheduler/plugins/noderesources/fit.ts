/**
 * NodeResourcesFit: the node must have room for the pod's requests (and one more pod); scored by
 * the configured strategy (LeastAllocated by default).
 * upstream: pkg/scheduler/framework/plugins/noderesources/fit.go
 */
import type { Pod } from 'kubernetes-types/core/v1';
import type { FilterPlugin, PreFilterPlugin, PreScorePlugin, ScorePlugin } from '../../framework/interfaces';
import { Code, Status, SuccessStatus, podRequests, type CycleState, type NodeInfo, type Resource } from '../../framework/types';
import { withScore } from '../helper/score-value';
import {
  AllocationReader,
  DefaultResources,
  leastAllocatedScorer,
  mostAllocatedScorer,
  requestedToCapacityRatioScorer,
  type ResourceSpec,
  type UtilizationShapePoint
} from './resource-allocation';

export const NodeResourcesFitName = 'NodeResourcesFit';

export type ScoringStrategy =
  | { type: 'LeastAllocated'; resources?: ResourceSpec[] }
  | { type: 'MostAllocated'; resources?: ResourceSpec[] }
  | { type: 'RequestedToCapacityRatio'; resources?: ResourceSpec[]; shape: UtilizationShapePoint[] };

export interface InsufficientResource {
  resourceName: string;
  reason: string;
  requested: number;
  used: number;
  capacity: number;
}

/** Whether fitsRequest would find nothing missing, without building the list (the Filter hot path). */
function fitsAll(req: Resource, scalarNames: readonly string[], ni: NodeInfo): boolean {
  const a = ni.allocatable;
  const u = ni.requested;
  if (ni.pods.size + 1 > a.allowedPodNumber) return false;
  if (req.milliCPU > 0 && req.milliCPU > a.milliCPU - u.milliCPU) return false;
  if (req.memory > 0 && req.memory > a.memory - u.memory) return false;
  if (req.ephemeralStorage > 0 && req.ephemeralStorage > a.ephemeralStorage - u.ephemeralStorage) return false;
  for (let i = 0; i < scalarNames.length; i++) {
    const name = scalarNames[i];
    const r = req.scalar[name];
    if (r > 0 && r > (a.scalar[name] ?? 0) - (u.scalar[name] ?? 0)) return false;
  }
  return true;
}

/** Every resource the node lacks for the pod. upstream: fit.go fitsRequest */
export function fitsRequest(podRequest: Resource, nodeInfo: NodeInfo): InsufficientResource[] {
  const out: InsufficientResource[] = [];
  const allowed = nodeInfo.allocatable.allowedPodNumber;
  if (nodeInfo.pods.size + 1 > allowed) {
    out.push({ resourceName: 'pods', reason: 'Too many pods', requested: 1, used: nodeInfo.pods.size, capacity: allowed });
  }
  const check = (name: string, req: number, alloc: number, used: number) => {
    if (req > 0 && req > alloc - used) out.push({ resourceName: name, reason: `Insufficient ${name}`, requested: req, used, capacity: alloc });
  };
  check('cpu', podRequest.milliCPU, nodeInfo.allocatable.milliCPU, nodeInfo.requested.milliCPU);
  check('memory', podRequest.memory, nodeInfo.allocatable.memory, nodeInfo.requested.memory);
  check('ephemeral-storage', podRequest.ephemeralStorage, nodeInfo.allocatable.ephemeralStorage, nodeInfo.requested.ephemeralStorage);
  for (const name of Object.keys(podRequest.scalar).sort()) {
    check(name, podRequest.scalar[name], nodeInfo.allocatable.scalar[name] ?? 0, nodeInfo.requested.scalar[name] ?? 0);
  }
  return out;
}

const PREFILTER_KEY = 'PreFilter' + NodeResourcesFitName;
const PRESCORE_KEY = 'PreScore' + NodeResourcesFitName;

export function newNodeResourcesFit(strategy: ScoringStrategy = { type: 'LeastAllocated' }) {
  const resources = strategy.resources ?? DefaultResources;
  const scorer =
    strategy.type === 'MostAllocated'
      ? mostAllocatedScorer(resources)
      : strategy.type === 'RequestedToCapacityRatio'
        ? requestedToCapacityRatioScorer(resources, strategy.shape)
        : leastAllocatedScorer(resources);
  // Non-zero requests, as upstream's Fit scorer uses (useRequested false).
  const reader = new AllocationReader(resources, false);
  let filterCycle: CycleState | undefined;
  let filterReq: Resource;
  let filterScalarNames: string[] = [];
  /** The current cycle's requests, looked up once per cycle rather than once per node. */
  const startFilterCycle = (state: CycleState, pod: Pod): void => {
    if (state === filterCycle) return;
    filterCycle = state;
    filterReq = state.read<Resource>(PREFILTER_KEY) ?? podRequests(pod);
    // The scalar resources' names once per cycle (a for-in per node costs more than the check).
    filterScalarNames = Object.keys(filterReq.scalar);
  };
  let scoreCycle: CycleState | undefined;
  /** The current cycle's (non-zero) requests, looked up once per cycle rather than once per node. */
  const startScoreCycle = (state: CycleState, pod: Pod): void => {
    if (state === scoreCycle) return;
    scoreCycle = state;
    let req = state.read<Resource>(PRESCORE_KEY);
    if (!req) state.write(PRESCORE_KEY, (req = podRequests(pod, true)));
    reader.setPod(req);
  };
  return withScore({
    name: NodeResourcesFitName,
    preFilter(state: CycleState, pod: Pod) {
      state.write(PREFILTER_KEY, state.podInfo?.requests ?? podRequests(pod));
      return { status: SuccessStatus };
    },
    /** This plugin's own loop over the candidate nodes, so the call inside is monomorphic (see FilterPlugin.filterNodes). */
    filterNodes(state: CycleState, pod: Pod, nodes: NodeInfo[], cand: Int32Array, count: number, rejected: (Status | undefined)[]): number {
      startFilterCycle(state, pod);
      const req = filterReq;
      const scalarNames = filterScalarNames;
      let kept = 0;
      for (let c = 0; c < count; c++) {
        const k = cand[c];
        // The common case inline: a node with room passes (as in `filter`).
        if (fitsAll(req, scalarNames, nodes[k])) {
          cand[kept++] = k;
          continue;
        }
        const s = this.filter(state, pod, nodes[k]);
        if (s.code !== Code.Success) rejected[k] = s.withPlugin(this.name);
        else cand[kept++] = k;
      }
      return kept;
    },
    filter(state: CycleState, pod: Pod, nodeInfo: NodeInfo): Status {
      startFilterCycle(state, pod);
      const req = filterReq;
      if (fitsAll(req, filterScalarNames, nodeInfo)) return SuccessStatus;
      return new Status(Code.Unschedulable, ...fitsRequest(req, nodeInfo).map((i) => i.reason));
    },
    /** upstream: fit.go PreScore: the pod's (non-zero) requests, computed once per cycle. */
    preScore(state: CycleState, pod: Pod): Status {
      state.write(PRESCORE_KEY, state.podInfo?.nonZeroRequests ?? podRequests(pod, true));
      return SuccessStatus;
    },
    /** Every node's score into `out`: this plugin's own loop, so the calls inside are monomorphic. */
    scoreNodes(state: CycleState, pod: Pod, nodes: NodeInfo[], out: Int32Array): void {
      startScoreCycle(state, pod);
      if (reader.cpuMemory) {
        // The default resources: what reader.fill would put in the arrays, read straight from the node.
        const podCpu = reader.podRequestAt(0);
        const podMemory = reader.podRequestAt(1);
        const two = scorer.two;
        for (let i = 0; i < nodes.length; i++) {
          const ni = nodes[i];
          const used = ni.nonZeroRequested;
          const cpu = ni.allocatable.milliCPU;
          const memory = ni.allocatable.memory;
          out[i] = two(cpu === 0 ? 0 : used.milliCPU + podCpu, cpu, memory === 0 ? 0 : used.memory + podMemory, memory);
        }
        return;
      }
      for (let i = 0; i < nodes.length; i++) {
        reader.fill(nodes[i]);
        out[i] = scorer(reader.requested, reader.allocatable);
      }
    },
    scoreValue(state: CycleState, pod: Pod, nodeInfo: NodeInfo): number {
      startScoreCycle(state, pod);
      reader.fill(nodeInfo);
      return scorer(reader.requested, reader.allocatable);
    }
  } satisfies Omit<PreFilterPlugin & FilterPlugin & PreScorePlugin & ScorePlugin, 'score'> & { scoreValue: NonNullable<ScorePlugin['scoreValue']> });
}

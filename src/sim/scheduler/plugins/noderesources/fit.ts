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
  DefaultResources,
  fillAllocatableAndRequested,
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
  const requested = new Array<number>(resources.length);
  const allocatable = new Array<number>(resources.length);
  let filterCycle: CycleState | undefined;
  let filterReq: Resource;
  let filterScalarNames: string[] = [];
  let scoreCycle: CycleState | undefined;
  let scoreReq: Resource;
  return withScore({
    name: NodeResourcesFitName,
    preFilter(state: CycleState, pod: Pod) {
      state.write(PREFILTER_KEY, state.podInfo?.requests ?? podRequests(pod));
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
    filter(state: CycleState, pod: Pod, nodeInfo: NodeInfo): Status {
      // The current cycle's requests, looked up once per cycle rather than once per node.
      if (state !== filterCycle) {
        filterCycle = state;
        filterReq = state.read<Resource>(PREFILTER_KEY) ?? podRequests(pod);
        // The scalar resources' names once per cycle (a for-in per node costs more than the check).
        filterScalarNames = Object.keys(filterReq.scalar);
      }
      const req = filterReq;
      if (fitsAll(req, filterScalarNames, nodeInfo)) return SuccessStatus;
      return new Status(Code.Unschedulable, ...fitsRequest(req, nodeInfo).map((i) => i.reason));
    },
    /** upstream: fit.go PreScore: the pod's (non-zero) requests, computed once per cycle. */
    preScore(state: CycleState, pod: Pod): Status {
      state.write(PRESCORE_KEY, state.podInfo?.nonZeroRequests ?? podRequests(pod, true));
      return SuccessStatus;
    },
    /** Every node's score into `out`: this plugin's own loop, so the call inside is monomorphic. */
    scoreNodes(state: CycleState, pod: Pod, nodes: NodeInfo[], out: Int32Array): void {
      for (let i = 0; i < nodes.length; i++) out[i] = this.scoreValue(state, pod, nodes[i]);
    },
    scoreValue(state: CycleState, pod: Pod, nodeInfo: NodeInfo): number {
      if (state !== scoreCycle) {
        scoreCycle = state;
        let req = state.read<Resource>(PRESCORE_KEY);
        if (!req) state.write(PRESCORE_KEY, (req = podRequests(pod, true)));
        scoreReq = req;
      }
      const req = scoreReq;
      fillAllocatableAndRequested(nodeInfo, req, resources, false, requested, allocatable);
      return scorer(requested, allocatable);
    }
  } satisfies Omit<PreFilterPlugin & FilterPlugin & PreScorePlugin & ScorePlugin, 'score'> & { scoreValue: NonNullable<ScorePlugin['scoreValue']> });
}

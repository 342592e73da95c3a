/**
 * NodeResourcesFit: the node must have room for the pod's requests (and one more pod); scored by
 * the configured strategy (LeastAllocated by default).
 * upstream: pkg/scheduler/framework/plugins/noderesources/fit.go
 */
import type { Pod } from 'kubernetes-types/core/v1';
import type { FilterPlugin, PreFilterPlugin, ScorePlugin } from '../../framework/interfaces';
import { Code, Status, podRequests, type CycleState, type NodeInfo, type Resource } from '../../framework/types';
import {
  DefaultResources,
  allocatableAndRequested,
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

export function newNodeResourcesFit(strategy: ScoringStrategy = { type: 'LeastAllocated' }) {
  const resources = strategy.resources ?? DefaultResources;
  const scorer =
    strategy.type === 'MostAllocated'
      ? mostAllocatedScorer(resources)
      : strategy.type === 'RequestedToCapacityRatio'
        ? requestedToCapacityRatioScorer(resources, strategy.shape)
        : leastAllocatedScorer(resources);
  return {
    name: NodeResourcesFitName,
    preFilter(state: CycleState, pod: Pod) {
      state.write(PREFILTER_KEY, podRequests(pod));
      return { status: new Status(Code.Success) };
    },
    filter(state: CycleState, pod: Pod, nodeInfo: NodeInfo): Status {
      const req = state.read<Resource>(PREFILTER_KEY) ?? podRequests(pod);
      const insufficient = fitsRequest(req, nodeInfo);
      if (insufficient.length === 0) return new Status(Code.Success);
      return new Status(Code.Unschedulable, ...insufficient.map((i) => i.reason));
    },
    score(_state: CycleState, pod: Pod, nodeInfo: NodeInfo) {
      const { requested, allocatable } = allocatableAndRequested(nodeInfo, pod, resources, false);
      return { score: scorer(requested, allocatable), status: new Status(Code.Success) };
    }
  } satisfies PreFilterPlugin & FilterPlugin & ScorePlugin;
}

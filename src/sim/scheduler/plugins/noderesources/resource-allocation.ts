/**
 * The scorers shared by NodeResourcesFit and NodeResourcesBalancedAllocation: requested vs
 * allocatable per resource, then a strategy turns them into 0..100.
 * upstream: pkg/scheduler/framework/plugins/noderesources/resource_allocation.go,
 * least_allocated.go, most_allocated.go, requested_to_capacity_ratio.go
 */
import { MaxNodeScore, type NodeInfo, type Resource } from '../../framework/types';

export interface ResourceSpec {
  name: string;
  weight: number;
}

export const DefaultResources: ResourceSpec[] = [
  { name: 'cpu', weight: 1 },
  { name: 'memory', weight: 1 }
];

function get(r: Resource, name: string): number {
  switch (name) {
    case 'cpu':
      return r.milliCPU;
    case 'memory':
      return r.memory;
    case 'ephemeral-storage':
      return r.ephemeralStorage;
    default:
      return r.scalar[name] ?? 0;
  }
}

/**
 * allocatable and requested (node + pod) per resource; allocatable 0 marks a resource to skip.
 * `useRequested` false = the non-zero requests (100m/200Mi defaults), as the Fit scorer uses.
 */
/** The same, into caller-owned arrays (the Score hot loop allocates nothing per node). */
export function fillAllocatableAndRequested(nodeInfo: NodeInfo, req: Resource, resources: ResourceSpec[], useRequested: boolean, requested: number[], allocatable: number[]): void {
  const nodeReq = useRequested ? nodeInfo.requested : nodeInfo.nonZeroRequested;
  for (let i = 0; i < resources.length; i++) {
    const name = resources[i].name;
    const alloc = get(nodeInfo.allocatable, name);
    allocatable[i] = alloc;
    requested[i] = alloc === 0 ? 0 : get(nodeReq, name) + get(req, name);
  }
}

export type Scorer = (requested: number[], allocatable: number[]) => number;

const leastRequestedScore = (requested: number, capacity: number): number => {
  if (capacity === 0 || requested > capacity) return 0;
  return Math.trunc(((capacity - requested) * MaxNodeScore) / capacity);
};

const mostRequestedScore = (requested: number, capacity: number): number => {
  if (capacity === 0) return 0;
  if (requested > capacity) requested = capacity; // upstream: the pod can't fit; treat as full
  return Math.trunc((requested * MaxNodeScore) / capacity);
};

function weighted(resources: ResourceSpec[], each: (req: number, cap: number) => number): Scorer {
  return (requested, allocatable) => {
    let nodeScore = 0;
    let weightSum = 0;
    for (let i = 0; i < requested.length; i++) {
      if (allocatable[i] === 0) continue;
      nodeScore += each(requested[i], allocatable[i]) * resources[i].weight;
      weightSum += resources[i].weight;
    }
    return weightSum === 0 ? 0 : Math.trunc(nodeScore / weightSum);
  };
}

export const leastAllocatedScorer = (resources: ResourceSpec[]): Scorer => weighted(resources, leastRequestedScore);
export const mostAllocatedScorer = (resources: ResourceSpec[]): Scorer => weighted(resources, mostRequestedScore);

export interface UtilizationShapePoint {
  utilization: number;
  score: number;
}

// upstream: MaxCustomPriorityScore: shape scores are 0..10, scaled to MaxNodeScore.
const MaxCustomPriorityScore = 10;

/** A piecewise-linear function of utilization (0..100). upstream: helper.BuildBrokenLinearFunction */
function brokenLinear(shape: UtilizationShapePoint[]): (p: number) => number {
  return (p) => {
    for (let i = 0; i < shape.length; i++) {
      if (p <= shape[i].utilization) {
        if (i === 0) return shape[0].score;
        const a = shape[i - 1];
        const b = shape[i];
        return a.score + Math.trunc(((b.score - a.score) * (p - a.utilization)) / (b.utilization - a.utilization));
      }
    }
    return shape[shape.length - 1].score;
  };
}

export function requestedToCapacityRatioScorer(resources: ResourceSpec[], shape: UtilizationShapePoint[]): Scorer {
  const scaled = shape.map((p) => ({ utilization: p.utilization, score: p.score * (MaxNodeScore / MaxCustomPriorityScore) }));
  const fn = brokenLinear(scaled);
  return weighted(resources, (requested, capacity) => {
    if (capacity === 0 || requested > capacity) return fn(MaxNodeScore);
    return fn(Math.trunc((requested * MaxNodeScore) / capacity));
  });
}

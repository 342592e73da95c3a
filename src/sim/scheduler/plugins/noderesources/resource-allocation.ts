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

// A resource's field, resolved from its name once per plugin (the Score hot loop then switches on
// a small integer rather than comparing strings for every node and resource).
const CPU = 0;
const MEMORY = 1;
const EPHEMERAL_STORAGE = 2;
const SCALAR = 3;

const kindOf = (name: string): number => (name === 'cpu' ? CPU : name === 'memory' ? MEMORY : name === 'ephemeral-storage' ? EPHEMERAL_STORAGE : SCALAR);

function getKind(r: Resource, kind: number, name: string): number {
  if (kind === CPU) return r.milliCPU;
  if (kind === MEMORY) return r.memory;
  if (kind === EPHEMERAL_STORAGE) return r.ephemeralStorage;
  return r.scalar[name] ?? 0;
}

/**
 * allocatable and requested (node + pod) per resource; allocatable 0 marks a resource to skip.
 * `useRequested` false = the non-zero requests (100m/200Mi defaults), as the Fit scorer uses.
 */
export function fillAllocatableAndRequested(nodeInfo: NodeInfo, req: Resource, resources: ResourceSpec[], useRequested: boolean, requested: number[], allocatable: number[]): void {
  const nodeReq = useRequested ? nodeInfo.requested : nodeInfo.nonZeroRequested;
  for (let i = 0; i < resources.length; i++) {
    const name = resources[i].name;
    const alloc = get(nodeInfo.allocatable, name);
    allocatable[i] = alloc;
    requested[i] = alloc === 0 ? 0 : get(nodeReq, name) + get(req, name);
  }
}

/**
 * fillAllocatableAndRequested for a Score plugin's hot loop: the resources' fields resolved once,
 * the pod's requests read once per cycle (`setPod`), the results in reused arrays.
 */
export class AllocationReader {
  readonly requested: Float64Array;
  readonly allocatable: Float64Array;
  readonly #kinds: Int32Array;
  readonly #names: string[];
  readonly #podRequest: Float64Array;
  /** The resources are cpu then memory (the default): `fill` reads the two fields directly, and a plugin may too (see `podRequestAt`). */
  readonly cpuMemory: boolean;

  constructor(
    resources: ResourceSpec[],
    readonly useRequested: boolean
  ) {
    const n = resources.length;
    this.requested = new Float64Array(n);
    this.allocatable = new Float64Array(n);
    this.#podRequest = new Float64Array(n);
    this.#names = resources.map((r) => r.name);
    this.#kinds = Int32Array.from(this.#names, kindOf);
    this.cpuMemory = n === 2 && this.#kinds[0] === CPU && this.#kinds[1] === MEMORY;
  }

  /** The pod's request per resource (once per cycle). */
  setPod(req: Resource): void {
    for (let i = 0; i < this.#kinds.length; i++) this.#podRequest[i] = getKind(req, this.#kinds[i], this.#names[i]);
  }

  /** The pod's request of the i-th resource (after `setPod`). */
  podRequestAt(i: number): number {
    return this.#podRequest[i];
  }

  fill(nodeInfo: NodeInfo): void {
    const nodeReq = this.useRequested ? nodeInfo.requested : nodeInfo.nonZeroRequested;
    const nodeAlloc = nodeInfo.allocatable;
    if (this.cpuMemory) {
      // The same as the loop below for [cpu, memory].
      const cpu = nodeAlloc.milliCPU;
      const memory = nodeAlloc.memory;
      this.allocatable[0] = cpu;
      this.allocatable[1] = memory;
      this.requested[0] = cpu === 0 ? 0 : nodeReq.milliCPU + this.#podRequest[0];
      this.requested[1] = memory === 0 ? 0 : nodeReq.memory + this.#podRequest[1];
      return;
    }
    const kinds = this.#kinds, names = this.#names, podRequest = this.#podRequest, requested = this.requested, allocatable = this.allocatable;
    for (let i = 0; i < kinds.length; i++) {
      const kind = kinds[i];
      const alloc = getKind(nodeAlloc, kind, names[i]);
      allocatable[i] = alloc;
      requested[i] = alloc === 0 ? 0 : getKind(nodeReq, kind, names[i]) + podRequest[i];
    }
  }
}

export interface Scorer {
  (requested: ArrayLike<number>, allocatable: ArrayLike<number>): number;
  /** The same for exactly two resources, from the four values (no arrays): the Score hot loop's form. */
  two(requested0: number, allocatable0: number, requested1: number, allocatable1: number): number;
}

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
  // The weights in a typed array: the per-node loop reads numbers, not the specs' objects.
  const weights = Float64Array.from(resources, (r) => r.weight);
  const scorer = (requested: ArrayLike<number>, allocatable: ArrayLike<number>) => {
    let nodeScore = 0;
    let weightSum = 0;
    for (let i = 0; i < weights.length; i++) {
      const alloc = allocatable[i];
      if (alloc === 0) continue;
      const weight = weights[i];
      nodeScore += each(requested[i], alloc) * weight;
      weightSum += weight;
    }
    return weightSum === 0 ? 0 : Math.trunc(nodeScore / weightSum);
  };
  // The loop above unrolled for two resources (the same operations in the same order).
  const w0 = weights[0];
  const w1 = weights[1];
  const two = (requested0: number, allocatable0: number, requested1: number, allocatable1: number) => {
    let nodeScore = 0;
    let weightSum = 0;
    if (allocatable0 !== 0) {
      nodeScore += each(requested0, allocatable0) * w0;
      weightSum += w0;
    }
    if (allocatable1 !== 0) {
      nodeScore += each(requested1, allocatable1) * w1;
      weightSum += w1;
    }
    return weightSum === 0 ? 0 : Math.trunc(nodeScore / weightSum);
  };
  return Object.assign(scorer, { two });
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

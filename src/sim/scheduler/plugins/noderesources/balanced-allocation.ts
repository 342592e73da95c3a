/**
 * NodeResourcesBalancedAllocation: favours nodes whose cpu and memory fractions stay close after
 * placing the pod: score = (1 - standard deviation of the fractions) * 100.
 * upstream: pkg/scheduler/framework/plugins/noderesources/balanced_allocation.go
 */
import type { Pod } from 'kubernetes-types/core/v1';
import type { PreScorePlugin, ScorePlugin } from '../../framework/interfaces';
import { Code, MaxNodeScore, Status, SuccessStatus, podRequests, type CycleState, type NodeInfo, type Resource } from '../../framework/types';
import { withScore } from '../helper/score-value';
import { AllocationReader, DefaultResources, type ResourceSpec } from './resource-allocation';

export const BalancedAllocationName = 'NodeResourcesBalancedAllocation';
const PRESCORE_KEY = 'PreScore' + BalancedAllocationName;

/** balancedResourceScore for two resources, from the four values (no arrays): the Score hot loop's form. */
export function balancedResourceScoreTwo(requested0: number, allocatable0: number, requested1: number, allocatable1: number): number {
  // One resource or none allocatable: a single fraction (or none) has no deviation.
  if (allocatable0 === 0 || allocatable1 === 0) return MaxNodeScore;
  const std = Math.abs((Math.min(1, requested0 / allocatable0) - Math.min(1, requested1 / allocatable1)) / 2);
  return Math.trunc((1 - std) * MaxNodeScore);
}

export function balancedResourceScore(requested: ArrayLike<number>, allocatable: ArrayLike<number>): number {
  // The common case (two resources, both allocatable) without building the fractions list.
  if (requested.length === 2 && allocatable[0] !== 0 && allocatable[1] !== 0) return balancedResourceScoreTwo(requested[0], allocatable[0], requested[1], allocatable[1]);
  const fractions: number[] = [];
  for (let i = 0; i < requested.length; i++) {
    if (allocatable[i] === 0) continue;
    fractions.push(Math.min(1, requested[i] / allocatable[i]));
  }
  let std = 0;
  if (fractions.length === 2) std = Math.abs((fractions[0] - fractions[1]) / 2);
  else if (fractions.length > 2) {
    const mean = fractions.reduce((a, b) => a + b, 0) / fractions.length;
    std = Math.sqrt(fractions.reduce((a, f) => a + (f - mean) * (f - mean), 0) / fractions.length);
  }
  return Math.trunc((1 - std) * MaxNodeScore);
}

const isBestEffort = (r: Resource, resources: ResourceSpec[]) =>
  resources.every((s) => (s.name === 'cpu' ? r.milliCPU : s.name === 'memory' ? r.memory : s.name === 'ephemeral-storage' ? r.ephemeralStorage : (r.scalar[s.name] ?? 0)) === 0);

export function newBalancedAllocation(resources: ResourceSpec[] = DefaultResources) {
  // The requests as they are (useRequested true), as upstream's BalancedAllocation uses.
  const reader = new AllocationReader(resources, true);
  // The current cycle's requests, looked up once per cycle rather than once per node.
  let cycle: CycleState | undefined;
  const startCycle = (state: CycleState, pod: Pod): void => {
    if (state === cycle) return;
    cycle = state;
    reader.setPod(state.read<Resource>(PRESCORE_KEY) ?? podRequests(pod));
  };
  return withScore({
    name: BalancedAllocationName,
    preScore(state: CycleState, pod: Pod): Status {
      const req = state.podInfo?.requests ?? podRequests(pod);
      // upstream: best-effort pods are skipped: balancing nothing says nothing.
      if (isBestEffort(req, resources)) return new Status(Code.Skip);
      state.write(PRESCORE_KEY, req);
      return SuccessStatus;
    },
    /** Every node's score into `out`: this plugin's own loop, so the calls inside are monomorphic. */
    scoreNodes(state: CycleState, pod: Pod, nodes: NodeInfo[], out: Int32Array): void {
      startCycle(state, pod);
      if (reader.cpuMemory) {
        // The default resources: what reader.fill would put in the arrays, read straight from the node.
        const podCpu = reader.podRequestAt(0);
        const podMemory = reader.podRequestAt(1);
        for (let i = 0; i < nodes.length; i++) {
          const ni = nodes[i];
          const used = ni.requested;
          const cpu = ni.allocatable.milliCPU;
          const memory = ni.allocatable.memory;
          out[i] = balancedResourceScoreTwo(cpu === 0 ? 0 : used.milliCPU + podCpu, cpu, memory === 0 ? 0 : used.memory + podMemory, memory);
        }
        return;
      }
      for (let i = 0; i < nodes.length; i++) {
        reader.fill(nodes[i]);
        out[i] = balancedResourceScore(reader.requested, reader.allocatable);
      }
    },
    scoreValue(state: CycleState, pod: Pod, nodeInfo: NodeInfo): number {
      startCycle(state, pod);
      reader.fill(nodeInfo);
      return balancedResourceScore(reader.requested, reader.allocatable);
    }
  } satisfies Omit<PreScorePlugin & ScorePlugin, 'score'> & { scoreValue: NonNullable<ScorePlugin['scoreValue']> });
}

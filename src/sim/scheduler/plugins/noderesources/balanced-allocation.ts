/**
 * NodeResourcesBalancedAllocation: favours nodes whose cpu and memory fractions stay close after
 * placing the pod: score = (1 - standard deviation of the fractions) * 100.
 * upstream: pkg/scheduler/framework/plugins/noderesources/balanced_allocation.go
 */
import type { Pod } from 'kubernetes-types/core/v1';
import type { PreScorePlugin, ScorePlugin } from '../../framework/interfaces';
import { Code, MaxNodeScore, Status, SuccessStatus, podRequests, type CycleState, type NodeInfo, type Resource } from '../../framework/types';
import { withScore } from '../helper/score-value';
import { DefaultResources, fillAllocatableAndRequested, type ResourceSpec } from './resource-allocation';

export const BalancedAllocationName = 'NodeResourcesBalancedAllocation';
const PRESCORE_KEY = 'PreScore' + BalancedAllocationName;

export function balancedResourceScore(requested: number[], allocatable: number[]): number {
  // The common case (two resources, both allocatable) without building the fractions list.
  if (requested.length === 2 && allocatable[0] !== 0 && allocatable[1] !== 0) {
    const std = Math.abs((Math.min(1, requested[0] / allocatable[0]) - Math.min(1, requested[1] / allocatable[1])) / 2);
    return Math.trunc((1 - std) * MaxNodeScore);
  }
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
  const requested = new Array<number>(resources.length);
  const allocatable = new Array<number>(resources.length);
  // The current cycle's requests, looked up once per cycle rather than once per node.
  let cycle: CycleState | undefined;
  let req: Resource;
  return withScore({
    name: BalancedAllocationName,
    preScore(state: CycleState, pod: Pod): Status {
      const req = state.podInfo?.requests ?? podRequests(pod);
      // upstream: best-effort pods are skipped: balancing nothing says nothing.
      if (isBestEffort(req, resources)) return new Status(Code.Skip);
      state.write(PRESCORE_KEY, req);
      return SuccessStatus;
    },
    /** Every node's score into `out`: this plugin's own loop, so the call inside is monomorphic. */
    scoreNodes(state: CycleState, pod: Pod, nodes: NodeInfo[], out: Int32Array): void {
      for (let i = 0; i < nodes.length; i++) out[i] = this.scoreValue(state, pod, nodes[i]);
    },
    scoreValue(state: CycleState, pod: Pod, nodeInfo: NodeInfo): number {
      if (state !== cycle) {
        cycle = state;
        req = state.read<Resource>(PRESCORE_KEY) ?? podRequests(pod);
      }
      fillAllocatableAndRequested(nodeInfo, req, resources, true, requested, allocatable);
      return balancedResourceScore(requested, allocatable);
    }
  } satisfies Omit<PreScorePlugin & ScorePlugin, 'score'> & { scoreValue: NonNullable<ScorePlugin['scoreValue']> });
}

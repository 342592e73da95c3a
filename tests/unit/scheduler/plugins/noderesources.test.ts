import { describe, expect, it } from 'vitest';
import { newNodeResourcesFit, fitsRequest } from '../../../../src/sim/scheduler/plugins/noderesources/fit';
import { newBalancedAllocation } from '../../../../src/sim/scheduler/plugins/noderesources/balanced-allocation';
import { CycleState, podRequests, Code, DefaultMemoryRequest, DefaultMilliCPURequest } from '../../../../src/sim/scheduler/framework/types';
import { node, nodeInfo, pod, cpuOnly, cpuAndMemory, noResources } from '../helpers';

// upstream: pkg/scheduler/framework/plugins/noderesources/least_allocated_test.go (fact sheet 4.2)
describe('NodeResourcesFit LeastAllocated score', () => {
  const cases = [
    { name: 'nothing scheduled, nothing requested', n: [4000, 10000], existing: [], incoming: noResources(), want: 100 },
    { name: 'nothing scheduled, resources requested, differently sized nodes (4000)', n: [4000, 10000], existing: [], incoming: cpuAndMemory(), want: 37 },
    { name: 'nothing scheduled, resources requested, differently sized nodes (6000)', n: [6000, 10000], existing: [], incoming: cpuAndMemory(), want: 50 },
    { name: 'no resources requested, pods scheduled with resources (cpuOnly)', n: [10000, 20000], existing: [cpuOnly('a'), cpuOnly('b')], incoming: noResources(), want: 70 },
    { name: 'no resources requested, pods scheduled with resources (cpuAndMemory)', n: [10000, 20000], existing: [cpuOnly('a'), cpuAndMemory('b')], incoming: noResources(), want: 57 },
    { name: 'resources requested, pods scheduled with resources', n: [10000, 20000], existing: [cpuOnly('a')], incoming: cpuAndMemory(), want: 57 },
    { name: 'resources requested, pods scheduled with resources (both)', n: [10000, 20000], existing: [cpuAndMemory('a')], incoming: cpuAndMemory(), want: 45 },
    { name: 'differently sized nodes', n: [10000, 50000], existing: [cpuAndMemory('a')], incoming: cpuAndMemory(), want: 60 },
    { name: 'requested resources exceed node capacity (cpuOnly)', n: [4000, 10000], existing: [cpuOnly('a')], incoming: cpuOnly(), want: 50 },
    { name: 'requested resources exceed node capacity (cpuAndMemory)', n: [4000, 10000], existing: [cpuAndMemory('a')], incoming: cpuOnly(), want: 25 },
    { name: 'zero node resources', n: [0, 0], existing: [cpuAndMemory('a')], incoming: noResources(), want: 0 }
  ];
  for (const c of cases) {
    it(c.name, () => {
      // The existing pods' memory in the upstream tables is set so non-zero defaults do not apply:
      // give cpuOnly pods an explicit 0 memory by using requested values (see note below).
      const ni = nodeInfo(node('n', c.n[0], c.n[1]), ...c.existing.map(explicitZero));
      const p = explicitZero(c.incoming);
      const fit = newNodeResourcesFit();
      expect(fit.score(new CycleState(), p, ni).score).toBe(c.want);
    });
  }

  it('weights memory 2, cpu 1', () => {
    const fit = newNodeResourcesFit({ type: 'LeastAllocated', resources: [{ name: 'memory', weight: 2 }, { name: 'cpu', weight: 1 }] });
    expect(fit.score(new CycleState(), explicitZero(cpuAndMemory()), nodeInfo(node('n', 4000, 10000))).score).toBe(41);
  });

  it('MostAllocated and RequestedToCapacityRatio are selectable', () => {
    const ni = nodeInfo(node('n', 4000, 10000));
    const p = explicitZero(cpuAndMemory());
    // cpu 75, memory 50 -> 62
    expect(newNodeResourcesFit({ type: 'MostAllocated' }).score(new CycleState(), p, ni).score).toBe(62);
    // shape 0->10, 100->0 behaves like LeastAllocated
    const rtcr = newNodeResourcesFit({ type: 'RequestedToCapacityRatio', shape: [{ utilization: 0, score: 10 }, { utilization: 100, score: 0 }] });
    expect(rtcr.score(new CycleState(), p, ni).score).toBe(37);
  });
});

/**
 * upstream's tables set "0" explicitly for resources they do not request (a container with an
 * explicit memory request of 0 does not get the 200Mi non-zero default). Cases with no requests at
 * all keep the defaults only where upstream does: the "nothing requested" incoming pod.
 */
function explicitZero(p: ReturnType<typeof pod>) {
  const hasAny = p.spec!.containers.some((c) => Object.keys(c.resources?.requests ?? {}).length > 0);
  if (!hasAny) return { ...p, spec: { ...p.spec!, containers: p.spec!.containers.map((c) => ({ ...c, resources: { requests: { cpu: '0', memory: '0' } } })) } };
  return { ...p, spec: { ...p.spec!, containers: p.spec!.containers.map((c) => ({ ...c, resources: { requests: { cpu: '0', memory: '0', ...c.resources!.requests } } })) } };
}

describe('non-zero requests', () => {
  it('a container without requests counts 100m and 200Mi for scoring, nothing for fitting', () => {
    const p = pod('p', [[0, 0], [500, 0]]);
    expect(podRequests(p, true)).toMatchObject({ milliCPU: DefaultMilliCPURequest + 500, memory: 2 * DefaultMemoryRequest });
    expect(podRequests(p)).toMatchObject({ milliCPU: 500, memory: 0 });
  });

  it('init containers: the max of the largest init container and the app containers', () => {
    const p = pod('p', [[100, 100]], { initContainers: [{ name: 'i', image: 'busybox', resources: { requests: { cpu: '1', memory: '50' } } }] });
    expect(podRequests(p)).toMatchObject({ milliCPU: 1000, memory: 100 });
  });
});

// upstream: balanced_allocation_test.go (fact sheet 4.3)
describe('NodeResourcesBalancedAllocation', () => {
  const cases = [
    { name: 'nothing scheduled, resources requested (4000)', n: [4000, 10000], existing: [], incoming: cpuAndMemory(), want: 87 },
    { name: 'nothing scheduled, resources requested (6000)', n: [6000, 10000], existing: [], incoming: cpuAndMemory(), want: 100 },
    { name: 'resources requested, pods scheduled with resources (cpuOnly)', n: [10000, 20000], existing: [cpuOnly('a')], incoming: cpuAndMemory(), want: 82 },
    { name: 'resources requested, pods scheduled with resources (cpuAndMemory)', n: [10000, 20000], existing: [cpuAndMemory('a')], incoming: cpuAndMemory(), want: 95 },
    { name: 'differently sized nodes', n: [10000, 50000], existing: [cpuAndMemory('a')], incoming: cpuAndMemory(), want: 80 },
    { name: 'requested resources at node capacity (cpuOnly)', n: [6000, 10000], existing: [cpuOnly('a')], incoming: cpuOnly(), want: 50 },
    { name: 'requested resources at node capacity (cpuAndMemory)', n: [6000, 10000], existing: [cpuAndMemory('a')], incoming: cpuOnly(), want: 75 }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const ba = newBalancedAllocation();
      const state = new CycleState();
      expect(ba.preScore(state, c.incoming).code).toBe(Code.Success);
      expect(ba.score(state, c.incoming, nodeInfo(node('n', c.n[0], c.n[1]), ...c.existing)).score).toBe(c.want);
    });
  }

  it('skips best-effort pods at PreScore', () => {
    expect(newBalancedAllocation().preScore(new CycleState(), noResources()).code).toBe(Code.Skip);
  });
});

// upstream: fit_test.go reasons
describe('NodeResourcesFit filter', () => {
  const cases = [
    { name: 'fits', n: [4000, 10000, 110], existing: [], incoming: pod('p', [[1000, 1000]]), want: [] },
    { name: 'insufficient cpu', n: [1000, 10000, 110], existing: [pod('a', [[500, 0]])], incoming: pod('p', [[600, 0]]), want: ['Insufficient cpu'] },
    { name: 'insufficient cpu and memory', n: [1000, 1000, 110], existing: [], incoming: pod('p', [[2000, 2000]]), want: ['Insufficient cpu', 'Insufficient memory'] },
    { name: 'too many pods', n: [4000, 10000, 1], existing: [pod('a')], incoming: pod('p'), want: ['Too many pods'] },
    { name: 'best-effort pod fits a full node', n: [1000, 1000, 110], existing: [pod('a', [[1000, 1000]])], incoming: pod('p'), want: [] }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const fit = newNodeResourcesFit();
      const state = new CycleState();
      fit.preFilter(state, c.incoming);
      const s = fit.filter(state, c.incoming, nodeInfo(node('n', c.n[0], c.n[1], { pods: c.n[2] }), ...c.existing));
      expect(s.reasons).toEqual(c.want);
      expect(s.code).toBe(c.want.length ? Code.Unschedulable : Code.Success);
    });
  }

  it('reports extended resources', () => {
    const ni = nodeInfo(node('n', 4000, 10000));
    const p = pod('p');
    p.spec!.containers[0].resources = { requests: { 'example.com/gpu': '1' } };
    expect(fitsRequest(podRequests(p), ni).map((r) => r.reason)).toEqual(['Insufficient example.com/gpu']);
  });
});

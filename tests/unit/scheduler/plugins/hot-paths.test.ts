// The hot loops' fast paths (filterNodes, scoreNodes, the two-resource scorers, PodInfo's
// requests parsed once) must give exactly what the per-node reference paths give.
import { describe, expect, it } from 'vitest';
import type { Pod, Taint } from 'kubernetes-types/core/v1';
import { CycleState, NodeInfo, Status, newPodInfo, podRequests } from '../../../../src/sim/scheduler/framework/types';
import type { FilterPlugin, PreFilterPlugin, PreScorePlugin, ScorePlugin } from '../../../../src/sim/scheduler/framework/interfaces';
import { newNodeResourcesFit } from '../../../../src/sim/scheduler/plugins/noderesources/fit';
import { balancedResourceScore, balancedResourceScoreTwo, newBalancedAllocation } from '../../../../src/sim/scheduler/plugins/noderesources/balanced-allocation';
import { AllocationReader, DefaultResources, fillAllocatableAndRequested, leastAllocatedScorer, mostAllocatedScorer, requestedToCapacityRatioScorer } from '../../../../src/sim/scheduler/plugins/noderesources/resource-allocation';
import { newNodeUnschedulable } from '../../../../src/sim/scheduler/plugins/nodeunschedulable/node-unschedulable';
import { newNodeName } from '../../../../src/sim/scheduler/plugins/nodename/node-name';
import { newNodeAffinity } from '../../../../src/sim/scheduler/plugins/nodeaffinity/node-affinity';
import { newTaintToleration } from '../../../../src/sim/scheduler/plugins/tainttoleration/taint-toleration';
import { newImageLocality } from '../../../../src/sim/scheduler/plugins/imagelocality/image-locality';
import { node, nodeInfo, pod } from '../helpers';

const noSchedule: Taint = { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' };
const preferNo: Taint = { key: 'spot', effect: 'PreferNoSchedule' };

/** A mix of nodes: empty, loaded, full, cordoned, tainted, labelled, zero memory, with images, and a placeholder without its Node. */
function nodes(): NodeInfo[] {
  const out = [
    nodeInfo(node('empty', 4000, 8e9)),
    nodeInfo(node('loaded', 4000, 8e9, { labels: { disk: 'ssd' } }), pod('a', [[1500, 3e9]]), pod('b', [[500, 0]])),
    nodeInfo(node('full', 1000, 1e9, { pods: 1 }), pod('c', [[900, 9e8]])),
    nodeInfo(node('cordoned', 4000, 8e9, { unschedulable: true })),
    nodeInfo(node('tainted', 4000, 8e9, { taints: [noSchedule] })),
    nodeInfo(node('prefer', 4000, 8e9, { taints: [preferNo], labels: { disk: 'ssd' } })),
    nodeInfo(node('no-memory', 4000, 0)),
    nodeInfo(node('no-cpu', 0, 8e9), pod('d', [[0, 1e9]]))
  ];
  const withImages = node('images', 8000, 16e9);
  withImages.status!.images = [{ names: ['busybox:latest'], sizeBytes: 500 * 1024 * 1024 }];
  out.push(new NodeInfo(withImages));
  out.push(new NodeInfo());
  return out;
}

const pods: Record<string, Pod> = {
  plain: pod('p', [[200, 1e9]]),
  besteffort: pod('be'),
  nodeName: pod('nn', [[100, 0]], { nodeName: 'loaded' }),
  nodeSelector: pod('ns', [[100, 0]], { nodeSelector: { disk: 'ssd' } }),
  emptySelector: pod('es', [[100, 0]], { nodeSelector: {} }),
  required: pod('rq', [], { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'disk', operator: 'In', values: ['ssd'] }] }] } } } }),
  tolerating: pod('tol', [[100, 0]], { tolerations: [{ key: 'dedicated', operator: 'Exists' }] }),
  big: pod('big', [[3000, 6e9]])
};

type Filter = FilterPlugin & Partial<PreFilterPlugin>;
const filters: Record<string, () => Filter> = {
  NodeResourcesFit: () => newNodeResourcesFit(),
  NodeUnschedulable: newNodeUnschedulable,
  NodeName: newNodeName,
  NodeAffinity: newNodeAffinity,
  TaintToleration: newTaintToleration
};

const verdict = (s: Status | undefined) => (s ? { code: s.code, plugin: s.plugin, reasons: s.reasons } : 'passed');

describe('filterNodes gives what filter gives node by node', () => {
  for (const [name, make] of Object.entries(filters)) {
    for (const [podName, p] of Object.entries(pods)) {
      it(`${name}, pod ${podName}`, () => {
        const all = nodes();
        const want = all.map((ni) => {
          const plugin = make();
          const state = new CycleState();
          state.podInfo = newPodInfo(p);
          plugin.preFilter?.(state, p, all);
          const s = plugin.filter(state, p, ni);
          return s.isSuccess() ? 'passed' : verdict(s.withPlugin(plugin.name));
        });
        const plugin = make();
        const state = new CycleState();
        state.podInfo = newPodInfo(p);
        plugin.preFilter?.(state, p, all);
        const cand = Int32Array.from(all.keys());
        const rejected = new Array<Status | undefined>(all.length).fill(undefined);
        const kept = plugin.filterNodes!(state, p, all, cand, all.length, rejected);
        const got = all.map((_, k) => verdict(rejected[k]));
        expect(got).toEqual(want);
        expect([...cand.slice(0, kept)]).toEqual([...all.keys()].filter((k) => want[k] === 'passed'));
      });
    }
  }
});

type Scorer = ScorePlugin & Partial<PreScorePlugin>;
const scorers: Record<string, () => Scorer> = {
  'NodeResourcesFit LeastAllocated': () => newNodeResourcesFit(),
  'NodeResourcesFit MostAllocated': () => newNodeResourcesFit({ type: 'MostAllocated', resources: [{ name: 'cpu', weight: 2 }, { name: 'memory', weight: 1 }] }),
  'NodeResourcesFit RequestedToCapacityRatio': () =>
    newNodeResourcesFit({ type: 'RequestedToCapacityRatio', shape: [{ utilization: 0, score: 0 }, { utilization: 100, score: 10 }] }),
  'NodeResourcesFit memory first': () => newNodeResourcesFit({ type: 'LeastAllocated', resources: [{ name: 'memory', weight: 1 }, { name: 'cpu', weight: 3 }] }),
  NodeResourcesBalancedAllocation: () => newBalancedAllocation(),
  'NodeResourcesBalancedAllocation with ephemeral-storage': () => newBalancedAllocation([...DefaultResources, { name: 'ephemeral-storage', weight: 1 }]),
  ImageLocality: () => newImageLocality({ nodeInfos: () => nodes().filter((n) => n.node) }),
  TaintToleration: newTaintToleration
};

describe('scoreNodes gives what score gives node by node', () => {
  for (const [name, make] of Object.entries(scorers)) {
    for (const [podName, p] of Object.entries(pods)) {
      it(`${name}, pod ${podName}`, () => {
        const all = nodes().filter((n) => n.node);
        const run = (each: boolean) => {
          const plugin = make();
          const state = new CycleState();
          state.podInfo = newPodInfo(p);
          if (plugin.preScore?.(state, p, all).isSkip()) return 'skip';
          if (each) return all.map((ni) => plugin.score(state, p, ni).score);
          const out = new Int32Array(all.length);
          plugin.scoreNodes!(state, p, all, out);
          return [...out];
        };
        expect(run(false)).toEqual(run(true));
      });
    }
  }
});

describe('the two-resource scorers', () => {
  const values: [number, number, number, number][] = [
    [0, 4000, 0, 8e9],
    [1500, 4000, 3e9, 8e9],
    [5000, 4000, 3e9, 8e9],
    [100, 0, 3e9, 8e9],
    [100, 4000, 3e9, 0],
    [0, 0, 0, 0],
    [333, 1000, 7e9, 7e9 + 1]
  ];
  const resources = [
    { name: 'cpu', weight: 1 },
    { name: 'memory', weight: 5 }
  ];
  const shape = [
    { utilization: 0, score: 10 },
    { utilization: 50, score: 2 },
    { utilization: 100, score: 0 }
  ];
  for (const [name, scorer] of Object.entries({ least: leastAllocatedScorer(resources), most: mostAllocatedScorer(resources), ratio: requestedToCapacityRatioScorer(resources, shape) })) {
    it(`${name}: two() is the array form`, () => {
      for (const [r0, a0, r1, a1] of values) expect(scorer.two(r0, a0, r1, a1)).toBe(scorer([r0, r1], [a0, a1]));
    });
  }
  it('balanced: balancedResourceScoreTwo is the array form (one allocatable resource or none: no deviation)', () => {
    for (const [r0, a0, r1, a1] of values) expect(balancedResourceScoreTwo(r0, a0, r1, a1)).toBe(balancedResourceScore([r0, r1], [a0, a1]));
    expect(balancedResourceScoreTwo(100, 0, 3e9, 8e9)).toBe(100);
  });
});

describe('AllocationReader', () => {
  const specs = [DefaultResources, [{ name: 'memory', weight: 1 }, { name: 'cpu', weight: 1 }], [{ name: 'cpu', weight: 1 }, { name: 'ephemeral-storage', weight: 1 }, { name: 'example.com/gpu', weight: 1 }]];
  for (const resources of specs) {
    for (const useRequested of [true, false]) {
      it(`fills as fillAllocatableAndRequested (${resources.map((r) => r.name).join(', ')}; useRequested ${useRequested})`, () => {
        const req = podRequests(pod('p', [[250, 5e8]]), !useRequested);
        req.scalar['example.com/gpu'] = 1;
        const reader = new AllocationReader(resources, useRequested);
        reader.setPod(req);
        for (const ni of nodes()) {
          ni.allocatable.scalar['example.com/gpu'] = 4;
          const requested: number[] = [];
          const allocatable: number[] = [];
          fillAllocatableAndRequested(ni, req, resources, useRequested, requested, allocatable);
          reader.fill(ni);
          expect([...reader.requested]).toEqual(requested);
          expect([...reader.allocatable]).toEqual(allocatable);
        }
      });
    }
  }
});

describe('newPodInfo parses each container once, with the same requests as podRequests', () => {
  const cases: { name: string; pod: Pod }[] = [
    { name: 'cpu and memory', pod: pod('a', [[100, 128 * 1024 * 1024]]) },
    { name: 'unset requests (non-zero defaults)', pod: pod('b', [[0, 0], [1000, 0]]) },
    {
      name: 'init containers, a sidecar, extended resources and overhead',
      pod: {
        metadata: { name: 'c' },
        spec: {
          containers: [{ name: 'a', resources: { requests: { memory: '1Gi', 'example.com/foo': '2' } } }],
          initContainers: [
            { name: 'i', resources: { requests: { cpu: '2' } } },
            { name: 's', restartPolicy: 'Always', resources: { requests: { memory: '64Mi', 'example.com/foo': '1' } } },
            { name: 'j' }
          ],
          overhead: { cpu: '10m', memory: '1Mi' }
        }
      } as Pod
    },
    { name: 'no spec', pod: { metadata: { name: 'd' } } as Pod },
    { name: 'ephemeral storage, hugepages, pods', pod: { metadata: { name: 'e' }, spec: { containers: [{ name: 'a', resources: { requests: { pods: '1', 'ephemeral-storage': '1Gi', 'hugepages-2Mi': '4Mi' } } }] } } as Pod }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const pi = newPodInfo(c.pod);
      expect(pi.requests).toEqual(podRequests(c.pod));
      expect(pi.nonZeroRequests).toEqual(podRequests(c.pod, true));
    });
  }
});

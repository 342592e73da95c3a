import { describe, expect, it } from 'vitest';
import { Code, Status, fitErrorMessage } from '../../../src/sim/scheduler/framework/types';
import { numFeasibleNodesToFind, selectHost } from '../../../src/sim/scheduler/scheduler';
import { Rand } from '../../../src/sim/kernel/rand';

const taint = 'node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }';

// upstream: pkg/scheduler/framework/types.go FitError.Error (fact sheet 2.1)
describe('FitError message', () => {
  const cases = [
    {
      name: 'histogram sorted as strings, with the preemption message',
      statuses: { cp: [taint], w1: ['Insufficient memory'], w2: ['Insufficient memory'] },
      pre: '',
      post: 'preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.',
      want: `0/3 nodes are available: 1 ${taint}, 2 Insufficient memory. preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod..`
    },
    {
      name: 'several reasons on one node count once each',
      statuses: { a: ['Insufficient cpu', 'Insufficient memory'], b: ['Insufficient cpu'] },
      pre: '',
      post: '',
      want: '0/2 nodes are available: 1 Insufficient memory, 2 Insufficient cpu.'
    },
    { name: 'a PreFilter rejection is printed once', statuses: { a: ['x'], b: ['x'] }, pre: 'x', post: '', want: '0/2 nodes are available: x.' }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const nodeToStatus = new Map(Object.entries(c.statuses).map(([n, r]) => [n, new Status(Code.Unschedulable, ...r)]));
      expect(fitErrorMessage(nodeToStatus.size, { nodeToStatus, preFilterMsg: c.pre, postFilterMsg: c.post })).toBe(c.want);
    });
  }
});

// upstream: schedule_one_test.go TestNumFeasibleNodesToFind
describe('numFeasibleNodesToFind', () => {
  const cases = [
    { name: 'not set percentageOfNodesToScore and nodes number not more than 50', pct: undefined, nodes: 10, want: 10 },
    { name: 'set percentageOfNodesToScore and nodes number not more than 50', pct: 40, nodes: 10, want: 10 },
    { name: 'not set percentageOfNodesToScore and nodes number more than 50', pct: undefined, nodes: 1000, want: 420 },
    { name: 'set percentageOfNodesToScore and nodes number more than 50', pct: 40, nodes: 1000, want: 400 },
    { name: 'not set percentageOfNodesToScore and nodes number more than 50*125', pct: undefined, nodes: 6000, want: 300 },
    { name: 'set percentageOfNodesToScore and nodes number more than 50*125', pct: 40, nodes: 6000, want: 2400 }
  ];
  for (const c of cases) it(c.name, () => expect(numFeasibleNodesToFind(c.pct, c.nodes)).toBe(c.want));
});

describe('selectHost', () => {
  it('picks the top score', () => {
    expect(selectHost([{ name: 'a', score: 1 }, { name: 'b', score: 3 }, { name: 'c', score: 2 }], new Rand(1))).toBe('b');
  });
  it('breaks ties with the seeded RNG, reproducibly, reaching every tied node', () => {
    const scores = [{ name: 'a', score: 5 }, { name: 'b', score: 5 }, { name: 'c', score: 5 }, { name: 'd', score: 1 }];
    const pick = (seed: number) => {
      const r = new Rand(seed);
      return Array.from({ length: 30 }, () => selectHost(scores, r));
    };
    expect(pick(3)).toEqual(pick(3));
    expect(new Set(pick(3))).toEqual(new Set(['a', 'b', 'c']));
  });
});

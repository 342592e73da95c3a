import { describe, expect, it } from 'vitest';
import { CycleState } from '../../../../src/sim/scheduler/framework/types';
import { newNodeResourcesFit } from '../../../../src/sim/scheduler/plugins/noderesources/fit';
import { pickOneNodeForPreemption, selectVictimsOnNode, ErrNoVictims } from '../../../../src/sim/scheduler/plugins/defaultpreemption/default-preemption';
import { node, nodeInfo, pod } from '../helpers';

const fit = newNodeResourcesFit();
const fits = (p: any) => (ni: any) => fit.filter(new CycleState(), p, ni);
const prio = (name: string, cpu: number, priority: number) => pod(name, [[cpu, 0]], { priority });

// upstream: default_preemption_test.go TestSelectNodesForPreemption (shapes of its cases)
describe('selectVictimsOnNode', () => {
  const cases = [
    { name: 'no lower-priority pods', existing: [prio('a', 3000, 100)], incoming: prio('p', 2000, 100), victims: [], reason: ErrNoVictims },
    { name: 'evicting every lower-priority pod is not enough', existing: [prio('a', 1000, 0), prio('b', 3000, 200)], incoming: prio('p', 2000, 100), victims: [], reason: 'Insufficient cpu' },
    { name: 'only as many victims as needed, least important first', existing: [prio('a', 1000, 10), prio('b', 1000, 20), prio('c', 2000, 5)], incoming: prio('p', 2000, 100), victims: ['c'] },
    { name: 'reprieves the most important pods first', existing: [prio('a', 2000, 10), prio('b', 2000, 20)], incoming: prio('p', 2000, 100), victims: ['a'] }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const ni = nodeInfo(node('n', 4000, 1 << 30), ...c.existing);
      const r = selectVictimsOnNode(c.incoming, ni, fits(c.incoming));
      expect(r.victims.map((v) => v.metadata!.name)).toEqual(c.victims);
      if (c.reason) expect(r.status.reasons).toEqual([c.reason]);
      // The dry run leaves the real NodeInfo alone.
      expect(ni.pods.size).toBe(c.existing.length);
    });
  }
});

describe('pickOneNodeForPreemption', () => {
  it('prefers the lowest highest-victim priority, then the lowest sum, then fewer victims', () => {
    const c = (node: string, ...ps: number[]) => ({ node, victims: ps.map((p, i) => prio(`${node}${i}`, 1, p)) });
    expect(pickOneNodeForPreemption([c('a', 10), c('b', 5)])!.node).toBe('b');
    expect(pickOneNodeForPreemption([c('a', 5, 5), c('b', 5, 1)])!.node).toBe('b');
    expect(pickOneNodeForPreemption([c('a', 5, 0), c('b', 5)])!.node).toBe('b');
    expect(pickOneNodeForPreemption([c('a', 5), c('b', 5)])!.node).toBe('a');
    expect(pickOneNodeForPreemption([])).toBeUndefined();
  });
});

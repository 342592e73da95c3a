import { describe, expect, it } from 'vitest';
import { Code, CycleState, type NodeScore } from '../../../../src/sim/scheduler/framework/types';
import { newPodTopologySpread, ErrReasonConstraintsNotMatch, ErrReasonNodeLabelNotMatch } from '../../../../src/sim/scheduler/plugins/podtopologyspread/pod-topology-spread';
import { node, nodeInfo, pod } from '../helpers';

const labelled = (name: string, labels: Record<string, string>) => ({ ...pod(name), metadata: { name, namespace: 'default', labels } });
const spread = (name: string, whenUnsatisfiable: string, topologyKey: string, maxSkew = 1, extra: any = {}) => ({
  ...labelled(name, { foo: '' }),
  spec: { ...pod(name).spec!, topologySpreadConstraints: [{ maxSkew, topologyKey, whenUnsatisfiable, labelSelector: { matchExpressions: [{ key: 'foo', operator: 'Exists' }] }, ...extra }] }
});
const zoneNode = (name: string, zone: string) => node(name, 4000, 1 << 30, { labels: { zone, 'kubernetes.io/hostname': name } });
const foo = (name: string) => labelled(name, { foo: '' });

// upstream: podtopologyspread/filtering_test.go TestSingleConstraint (shapes)
describe('PodTopologySpread filter', () => {
  // zone1: node-a (2 pods) node-b (1); zone2: node-x (0) node-y (1) -> zone1 3, zone2 1
  const infos = () => [
    nodeInfo(zoneNode('node-a', 'zone1'), foo('p-a1'), foo('p-a2')),
    nodeInfo(zoneNode('node-b', 'zone1'), foo('p-b1')),
    nodeInfo(zoneNode('node-x', 'zone2')),
    nodeInfo(zoneNode('node-y', 'zone2'), foo('p-y1'))
  ];
  const cases = [
    { name: 'zone, maxSkew 1: only zone2 fits', incoming: spread('p', 'DoNotSchedule', 'zone', 1), want: { 'node-a': false, 'node-b': false, 'node-x': true, 'node-y': true } },
    { name: 'zone, maxSkew 3: everything fits', incoming: spread('p', 'DoNotSchedule', 'zone', 3), want: { 'node-a': true, 'node-b': true, 'node-x': true, 'node-y': true } },
    { name: 'hostname, maxSkew 1: only nodes with the minimum (0) or one more', incoming: spread('p', 'DoNotSchedule', 'kubernetes.io/hostname', 1), want: { 'node-a': false, 'node-b': false, 'node-x': true, 'node-y': false } },
    { name: 'minDomains above the domain count: the minimum is 0', incoming: spread('p', 'DoNotSchedule', 'zone', 2, { minDomains: 3 }), want: { 'node-a': false, 'node-b': false, 'node-x': true, 'node-y': true } }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const pl = newPodTopologySpread({ nodeInfos: infos });
      const state = new CycleState();
      const all = infos();
      expect(pl.preFilter(state, c.incoming, all).status.code).toBe(Code.Success);
      const got = Object.fromEntries(all.map((ni) => [ni.name, pl.filter(state, c.incoming, ni).isSuccess()]));
      expect(got).toEqual(c.want);
      const rejected = all.find((ni) => !pl.filter(state, c.incoming, ni).isSuccess());
      if (rejected) expect(pl.filter(state, c.incoming, rejected).reasons).toEqual([ErrReasonConstraintsNotMatch]);
    });
  }

  it('a node without the topology label is unresolvable', () => {
    const pl = newPodTopologySpread({ nodeInfos: () => [] });
    const state = new CycleState();
    const p = spread('p', 'DoNotSchedule', 'zone');
    pl.preFilter(state, p, []);
    expect(pl.filter(state, p, nodeInfo(node('bare', 1, 1)))).toMatchObject({ code: Code.UnschedulableAndUnresolvable, reasons: [ErrReasonNodeLabelNotMatch] });
  });

  it('skips pods without constraints', () => {
    expect(newPodTopologySpread({ nodeInfos: () => [] }).preFilter(new CycleState(), pod('p'), []).status.code).toBe(Code.Skip);
  });
});

describe('PodTopologySpread score', () => {
  it('prefers the emptier domain (ScheduleAnyway), normalised so the best gets 100', () => {
    const infos = [nodeInfo(zoneNode('node-a', 'zone1'), foo('p1'), foo('p2')), nodeInfo(zoneNode('node-b', 'zone1')), nodeInfo(zoneNode('node-x', 'zone2'))];
    const pl = newPodTopologySpread({ nodeInfos: () => infos });
    const p = spread('p', 'ScheduleAnyway', 'kubernetes.io/hostname', 1);
    const state = new CycleState();
    expect(pl.preScore(state, p, infos).code).toBe(Code.Success);
    const scores: NodeScore[] = infos.map((ni) => ({ name: ni.name, score: pl.score(state, p, ni).score }));
    // weight log(3+2) = 1.609: node-a 2 pods -> round(3.22) = 3; others 0
    expect(scores.map((s) => s.score)).toEqual([3, 0, 0]);
    pl.normalizeScore(state, p, scores);
    expect(scores.map((s) => s.score)).toEqual([0, 100, 100]);
  });
});

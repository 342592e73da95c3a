import { describe, expect, it } from 'vitest';
import { Code, CycleState, type NodeScore } from '../../../../src/sim/scheduler/framework/types';
import {
  newInterPodAffinity,
  ErrReasonAffinityRulesNotMatch,
  ErrReasonAntiAffinityRulesNotMatch,
  ErrReasonExistingAntiAffinityRulesNotMatch
} from '../../../../src/sim/scheduler/plugins/interpodaffinity/inter-pod-affinity';
import { node, nodeInfo, pod } from '../helpers';

const labelled = (name: string, labels: Record<string, string>, affinity?: any) => ({
  ...pod(name),
  metadata: { name, namespace: 'default', labels },
  spec: { ...pod(name).spec!, ...(affinity ? { affinity } : {}) }
});
const term = (key: string, value: string, topologyKey = 'zone') => ({ labelSelector: { matchLabels: { [key]: value } }, topologyKey });
const zoneNode = (name: string, zone: string) => node(name, 4000, 1 << 30, { labels: { zone, 'kubernetes.io/hostname': name } });

// upstream: interpodaffinity/filtering_test.go (shapes of its cases)
describe('InterPodAffinity filter', () => {
  const infos = () => [nodeInfo(zoneNode('a', 'z1'), labelled('db', { app: 'db' })), nodeInfo(zoneNode('b', 'z1')), nodeInfo(zoneNode('c', 'z2'))];
  const cases = [
    { name: 'required affinity: only the zone with the db', incoming: labelled('p', {}, { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term('app', 'db')] } }), want: { a: true, b: true, c: ErrReasonAffinityRulesNotMatch } },
    { name: 'required anti-affinity: not the zone with the db', incoming: labelled('p', {}, { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term('app', 'db')] } }), want: { a: ErrReasonAntiAffinityRulesNotMatch, b: ErrReasonAntiAffinityRulesNotMatch, c: true } },
    { name: 'affinity to nothing that exists: unschedulable everywhere', incoming: labelled('p', {}, { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term('app', 'cache')] } }), want: { a: ErrReasonAffinityRulesNotMatch, b: ErrReasonAffinityRulesNotMatch, c: ErrReasonAffinityRulesNotMatch } },
    { name: 'the first pod of a self-affine group goes anywhere', incoming: labelled('p', { app: 'cache' }, { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term('app', 'cache')] } }), want: { a: true, b: true, c: true } }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const pl = newInterPodAffinity({ nodeInfos: infos });
      const state = new CycleState();
      const all = infos();
      pl.preFilter(state, c.incoming, all);
      const got = Object.fromEntries(all.map((ni) => {
        const s = pl.filter(state, c.incoming, ni);
        return [ni.name, s.isSuccess() ? true : s.reasons[0]];
      }));
      expect(got).toEqual(c.want);
    });
  }

  it("existing pods' anti-affinity keeps the pod out of their zone", () => {
    const guard = labelled('guard', {}, { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term('app', 'web')] } });
    const all = [nodeInfo(zoneNode('a', 'z1'), guard), nodeInfo(zoneNode('c', 'z2'))];
    const pl = newInterPodAffinity({ nodeInfos: () => all });
    const state = new CycleState();
    const p = labelled('p', { app: 'web' });
    expect(pl.preFilter(state, p, all).status.code).toBe(Code.Success);
    expect(pl.filter(state, p, all[0])).toMatchObject({ code: Code.Unschedulable, reasons: [ErrReasonExistingAntiAffinityRulesNotMatch] });
    expect(pl.filter(state, p, all[1]).isSuccess()).toBe(true);
  });

  it('skips pods without affinity when no existing pod has anti-affinity', () => {
    const pl = newInterPodAffinity({ nodeInfos: () => [] });
    expect(pl.preFilter(new CycleState(), pod('p'), [nodeInfo(zoneNode('a', 'z1'), pod('x'))]).status.code).toBe(Code.Skip);
  });
});

describe('InterPodAffinity score', () => {
  it('preferred affinity and anti-affinity, min-max normalised', () => {
    const all = [nodeInfo(zoneNode('a', 'z1'), labelled('db', { app: 'db' })), nodeInfo(zoneNode('b', 'z2'), labelled('noisy', { app: 'noisy' })), nodeInfo(zoneNode('c', 'z3'))];
    const pl = newInterPodAffinity({ nodeInfos: () => all });
    const p = labelled('p', {}, {
      podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 10, podAffinityTerm: term('app', 'db') }] },
      podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 5, podAffinityTerm: term('app', 'noisy') }] }
    });
    const state = new CycleState();
    expect(pl.preScore(state, p).code).toBe(Code.Success);
    const scores: NodeScore[] = all.map((ni) => ({ name: ni.name, score: pl.score(state, p, ni).score }));
    expect(scores.map((s) => s.score)).toEqual([10, -5, 0]);
    pl.normalizeScore(state, p, scores);
    expect(scores.map((s) => s.score)).toEqual([100, 0, 33]);
  });
});

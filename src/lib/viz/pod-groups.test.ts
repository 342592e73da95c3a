import { describe, expect, it } from 'vitest';
import { applyChanges, type KObject, type Resources } from '../bridge/deltas';
import type { ObjectChange } from '../bridge/protocol';
import { layoutCluster } from './layout';
import { PodGroups } from './pod-groups';

const node = (name: string) => ({ metadata: { name, creationTimestamp: '2025-01-01T00:00:00Z' } });
const pod = (name: string, nodeName?: string, created = 10, phase = 'Running') => ({
  metadata: { name, namespace: 'default', creationTimestamp: `2025-01-01T00:00:${String(created).padStart(2, '0')}Z` },
  spec: nodeName ? { nodeName } : {},
  status: { phase }
});
const put = (p: KObject): ObjectChange => ({ type: 'MODIFIED', resource: 'pods', key: `default/${p.metadata.name}`, object: p });
const del = (name: string): ObjectChange => ({ type: 'DELETED', resource: 'pods', key: `default/${name}`, object: pod(name) });
const names = (list: readonly KObject[] | undefined) => (list ?? []).map((p) => p.metadata.name);
const NODES = ['worker-1', 'worker-2', 'worker-3'].map(node);

describe('PodGroups', () => {
  it('groups by node, oldest first, and after each batch agrees with grouping from scratch', () => {
    let r: Resources = applyChanges(new Map(), [put(pod('a', 'worker-1', 20)), put(pod('b', 'worker-1', 10)), put(pod('c')), put(pod('d', 'worker-2', 30))]);
    const groups = new PodGroups();
    const g0 = groups.update(r.get('pods')!, new Set());
    expect(names(g0.get('worker-1'))).toEqual(['b', 'a']);
    expect(names(g0.get(''))).toEqual(['c']);
    const batches: ObjectChange[][] = [
      [put(pod('c', 'worker-2', 5))], // bound: leaves the tray, first on worker-2 (oldest)
      [del('b'), put(pod('e', 'worker-1', 1))],
      [put(pod('a', 'worker-1', 20, 'Failed')), put(pod('f'))],
      [del('c'), del('d')]
    ];
    for (const batch of batches) {
      r = applyChanges(r, batch);
      const incremental = groups.update(r.get('pods')!, new Set());
      const fresh = new PodGroups().update(r.get('pods')!, new Set());
      expect(new Map([...incremental].map(([k, v]) => [k, names(v)]))).toEqual(new Map([...fresh].map(([k, v]) => [k, names(v)])));
    }
    const last = groups.update(r.get('pods')!, new Set());
    expect(names(last.get('worker-1'))).toEqual(['e', 'a']);
    expect(last.get('worker-1')![1].status.phase).toBe('Failed');
    expect(last.has('worker-2')).toBe(false);
    expect(names(last.get(''))).toEqual(['f']);
  });

  it('keeps every group in age order through random batches (binding, deletes, a pod made again under its name, holds)', () => {
    // A seeded walk: each batch binds, deletes, recreates (new creationTimestamp) or updates pods.
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    let r: Resources = applyChanges(new Map(), Array.from({ length: 60 }, (_, i) => put(pod(`p${i}`, undefined, rnd(60)))));
    const groups = new PodGroups();
    groups.update(r.get('pods')!, new Set());
    for (let b = 0; b < 40; b++) {
      const batch: ObjectChange[] = [];
      for (let i = 0; i < 8; i++) {
        const name = `p${rnd(70)}`;
        const what = rnd(4);
        if (what === 0) batch.push(del(name));
        else batch.push(put(pod(name, what === 1 ? undefined : `worker-${rnd(3) + 1}`, rnd(60), what === 3 ? 'Failed' : 'Running')));
      }
      r = applyChanges(r, batch);
      const hold = new Set(b % 3 === 0 ? [`default/p${rnd(70)}`] : []);
      const incremental = groups.update(r.get('pods')!, hold);
      const fresh = new PodGroups().update(r.get('pods')!, hold);
      expect(new Map([...incremental].map(([k, v]) => [k, v.map((p) => `${p.metadata.name}@${p.metadata.creationTimestamp}:${p.status.phase}`)]))).toEqual(
        new Map([...fresh].map(([k, v]) => [k, v.map((p) => `${p.metadata.name}@${p.metadata.creationTimestamp}:${p.status.phase}`)]))
      );
    }
  });

  it('re-sorts only the groups a batch touched: the others keep their arrays', () => {
    const pods = Array.from({ length: 30 }, (_, i) => pod(`p${i}`, `worker-${(i % 3) + 1}`, i));
    let r: Resources = applyChanges(new Map(), pods.map(put));
    const groups = new PodGroups();
    const before = groups.update(r.get('pods')!, new Set());
    r = applyChanges(r, [put(pod('p0', 'worker-1', 0, 'Failed'))]);
    const after = groups.update(r.get('pods')!, new Set());
    expect(after.get('worker-1')).not.toBe(before.get('worker-1'));
    expect(after.get('worker-2')).toBe(before.get('worker-2'));
    expect(after.get('worker-3')).toBe(before.get('worker-3'));
    // Nothing new: the very same groups.
    expect(groups.update(r.get('pods')!, new Set())).toBe(after);
  });

  it('draws a pod the scheduler is still deciding in the tray, Pending, until it is let go', () => {
    const r = applyChanges(new Map(), [put(pod('a', 'worker-1')), put(pod('b', 'worker-1', 11))]);
    const groups = new PodGroups();
    const holding = groups.update(r.get('pods')!, new Set(['default/a']));
    expect(names(holding.get(''))).toEqual(['a']);
    expect(holding.get('')![0].status.phase).toBe('Pending');
    expect(names(holding.get('worker-1'))).toEqual(['b']);
    const released = groups.update(r.get('pods')!, new Set());
    expect(released.has('')).toBe(false);
    expect(names(released.get('worker-1'))).toEqual(['a', 'b']);
  });
});

describe('layoutCluster with the previous layout', () => {
  it('keeps the placements of cards whose pods did not change, and lays out exactly as from scratch', () => {
    const pods = Array.from({ length: 12 }, (_, i) => pod(`p${i}`, `worker-${(i % 3) + 1}`, i));
    let r: Resources = applyChanges(new Map(), pods.map(put));
    const groups = new PodGroups();
    const first = layoutCluster(NODES, groups.update(r.get('pods')!, new Set()), { width: 960 });
    r = applyChanges(r, [put(pod('p1', 'worker-2', 1, 'Failed'))]);
    const next = layoutCluster(NODES, groups.update(r.get('pods')!, new Set()), { width: 960, previous: first.slots, reuse: first });
    const card = (l: typeof first, name: string) => l.nodes.find((n) => n.name === name)!;
    expect(card(next, 'worker-1')).toBe(card(first, 'worker-1'));
    expect(card(next, 'worker-3')).toBe(card(first, 'worker-3'));
    expect(card(next, 'worker-2')).not.toBe(card(first, 'worker-2'));
    expect(card(next, 'worker-2').pods.find((p) => p.key === 'default/p1')!.pod.status.phase).toBe('Failed');
    expect(next).toEqual(layoutCluster(NODES, [...r.get('pods')!.values()], { width: 960, previous: first.slots }));
  });

  it('moves the cards below when a card grows (new placements), and never reuses across dense mode', () => {
    let r: Resources = applyChanges(new Map(), [put(pod('a', 'worker-1'))]);
    const groups = new PodGroups();
    const first = layoutCluster(NODES, groups.update(r.get('pods')!, new Set()), { width: 320 });
    r = applyChanges(r, Array.from({ length: 9 }, (_, i) => put(pod(`x${i}`, 'worker-1', 20 + i))));
    const grown = layoutCluster(NODES, groups.update(r.get('pods')!, new Set()), { width: 320, previous: first.slots, reuse: first });
    const w2 = (l: typeof first) => l.nodes.find((n) => n.name === 'worker-2')!;
    expect(w2(grown).y).toBeGreaterThan(w2(first).y);
    expect(w2(grown)).not.toBe(w2(first));
    const dense = layoutCluster(NODES, groups.update(r.get('pods')!, new Set()), { width: 320, previous: grown.slots, reuse: grown, dense: true });
    expect(dense.nodes[0].pods[0].w).not.toBe(grown.nodes[0].pods[0].w);
  });
});

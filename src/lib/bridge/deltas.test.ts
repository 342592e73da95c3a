import { describe, expect, it } from 'vitest';
import { appendBounded, applyChanges, applyUsage, latestHeartbeats, usageMoved, type Resources } from './deltas';
import type { NodeUsageSample } from './protocol';

const pod = (name: string, phase = 'Pending') => ({ metadata: { name, namespace: 'default' }, status: { phase } });

describe('applyChanges', () => {
  const base: Resources = new Map([
    ['pods', new Map([['default/a', pod('a')]])],
    ['nodes', new Map([['worker-1', { metadata: { name: 'worker-1' } }]])]
  ]);

  it('returns the same snapshot when nothing changed', () => {
    expect(applyChanges(base, [])).toBe(base);
  });

  it('adds, modifies and deletes in order, copying only the touched resource', () => {
    const next = applyChanges(base, [
      { type: 'ADDED', resource: 'pods', key: 'default/b', object: pod('b') },
      { type: 'MODIFIED', resource: 'pods', key: 'default/a', object: pod('a', 'Running') },
      { type: 'DELETED', resource: 'pods', key: 'default/b', object: pod('b') }
    ]);
    expect(next).not.toBe(base);
    expect([...next.get('pods')!.keys()]).toEqual(['default/a']);
    expect(next.get('pods')!.get('default/a')!.status.phase).toBe('Running');
    expect(next.get('nodes')).toBe(base.get('nodes'));
    // The old snapshot is untouched.
    expect(base.get('pods')!.get('default/a')!.status.phase).toBe('Pending');
  });

  it('creates a resource map on its first object', () => {
    const next = applyChanges(new Map(), [{ type: 'ADDED', resource: 'events', key: 'default/e1', object: {} }]);
    expect(next.get('events')!.size).toBe(1);
  });
});

describe('appendBounded', () => {
  it.each([
    [[1, 2], [3], 5, [1, 2, 3]],
    [[1, 2, 3], [4, 5], 3, [3, 4, 5]],
    [[], [1, 2, 3, 4], 2, [3, 4]]
  ])('%j + %j (limit %i)', (current, incoming, limit, want) => {
    expect(appendBounded(current, incoming, limit)).toEqual(want);
  });
  it('returns the same array when nothing arrives', () => {
    const current = [1];
    expect(appendBounded(current, [], 3)).toBe(current);
  });
});

describe('latestHeartbeats', () => {
  const ev = (t: number, kind: string, node?: string) => ({ t, seq: t, component: 'kubelet', kind, node });
  it('keeps the last renewal per node', () => {
    const next = latestHeartbeats(new Map([['worker-1', 5]]), [ev(10, 'lease.renew', 'worker-2'), ev(12, 'cri.PullImage', 'worker-1'), ev(20, 'lease.renew', 'worker-2')]);
    expect([...next]).toEqual([['worker-1', 5], ['worker-2', 20]]);
  });
  it('returns the same map when no renewal arrived', () => {
    const current = new Map([['worker-1', 5]]);
    expect(latestHeartbeats(current, [ev(12, 'cri.PullImage', 'worker-1')])).toBe(current);
  });
});

describe('node usage deltas', () => {
  const MI = 2 ** 20;
  const sample = (memMi: number, diskMi = 6144): NodeUsageSample => ({
    t: 0,
    memory: { capacityBytes: 8192 * MI, workingSetBytes: memMi * MI, availableBytes: (8192 - memMi) * MI },
    fs: { capacityBytes: 102400 * MI, usedBytes: diskMi * MI, availableBytes: (102400 - diskMi) * MI }
  });
  it.each([
    ['the first sample', undefined, sample(520), true],
    ['memory up by 1 % exactly: not sent', sample(500), sample(505), false],
    ['memory up by more than 1 %', sample(500), sample(506), true],
    ['memory down by more than 1 %', sample(4596), sample(520), true],
    ['disk up by 1.5 %', sample(500, 6144), sample(500, 6237), true],
    ['a few pages more: not sent', sample(500), sample(500.1), false]
  ] as const)('usageMoved: %s', (_, prev, next, want) => expect(usageMoved(prev, next)).toBe(want));

  it('applyUsage sets new samples, drops nodes with no figure, and keeps the map when nothing came', () => {
    const current = new Map([['worker-1', sample(500)]]);
    expect(applyUsage(current, undefined)).toBe(current);
    expect(applyUsage(current, {})).toBe(current);
    const next = applyUsage(current, { 'worker-1': null, 'worker-2': sample(600) });
    expect([...next.keys()]).toEqual(['worker-2']);
    expect(current.has('worker-1')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { appendBounded, applyChanges, latestHeartbeats, type Resources } from './deltas';

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

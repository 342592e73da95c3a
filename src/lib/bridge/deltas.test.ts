import { describe, expect, it, vi } from 'vitest';
import { appendBounded, applyChanges, applyUsage, changedKeys, CHANGES_PER_MESSAGE, deltaMessages, EVENTS_KEPT, latestHeartbeats, MatchingKeys, ResourceView, usageMoved, type Resources } from './deltas';
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

  it('adds, modifies and deletes in order; a plain map is copied, untouched resources kept', () => {
    const next = applyChanges(base, [
      { type: 'ADDED', resource: 'pods', key: 'default/b', object: pod('b') },
      { type: 'MODIFIED', resource: 'pods', key: 'default/a', object: pod('a', 'Running') },
      { type: 'DELETED', resource: 'pods', key: 'default/b', object: pod('b') }
    ]);
    expect(next).not.toBe(base);
    expect([...next.get('pods')!.keys()]).toEqual(['default/a']);
    expect(next.get('pods')!.get('default/a')!.status.phase).toBe('Running');
    expect(next.get('nodes')).toBe(base.get('nodes'));
    // The plain map it started from is untouched.
    expect(base.get('pods')!.get('default/a')!.status.phase).toBe('Pending');
  });

  it('creates a resource map on its first object', () => {
    const next = applyChanges(new Map(), [{ type: 'ADDED', resource: 'events', key: 'default/e1', object: {} }]);
    expect(next.get('events')!.size).toBe(1);
  });
});

describe('the incremental store', () => {
  const add = (name: string, phase = 'Pending') => ({ type: 'ADDED' as const, resource: 'pods', key: `default/${name}`, object: pod(name, phase) });
  const modify = (name: string, phase: string) => ({ ...add(name, phase), type: 'MODIFIED' as const });
  const many = (n: number) => Array.from({ length: n }, (_, i) => add(`p${i}`));

  it("changes the latest view's table in place: a batch of 3 pods writes 3 entries, not 2,000", () => {
    const first = applyChanges(new Map(), many(2_000));
    const table = first.get('pods')!;
    const objects = (table as ResourceView).table.objects;
    const set = vi.spyOn(objects, 'set');
    const next = applyChanges(first, [modify('p1', 'Running'), modify('p2', 'Running'), modify('p3', 'Failed')]);
    expect(set).toHaveBeenCalledTimes(3);
    expect((next.get('pods') as ResourceView).table.objects).toBe(objects);
    // A new view, so Svelte sees the change; same contents otherwise.
    expect(next.get('pods')).not.toBe(table);
    expect(next.get('pods')!.size).toBe(2_000);
    expect(next.get('pods')!.get('default/p3')!.status.phase).toBe('Failed');
  });

  it('tells a reader which keys changed since the view it last drew', () => {
    const v0 = applyChanges(new Map(), many(5));
    const v1 = applyChanges(v0, [modify('p1', 'Running')]);
    const v2 = applyChanges(v1, [{ ...add('p4'), type: 'DELETED' }, add('p9')]);
    expect(changedKeys(v2.get('pods'), v2.get('pods')!)).toEqual(new Set());
    expect(changedKeys(v1.get('pods'), v2.get('pods')!)).toEqual(new Set(['default/p4', 'default/p9']));
    expect(changedKeys(v0.get('pods'), v2.get('pods')!)).toEqual(new Set(['default/p1', 'default/p4', 'default/p9']));
    // A plain map, nothing before, or a view of another table (a reset): redo everything.
    expect(changedKeys(undefined, v2.get('pods')!)).toBeUndefined();
    expect(changedKeys(new Map(), v2.get('pods')!)).toBeUndefined();
    expect(changedKeys(applyChanges(new Map(), many(5)).get('pods'), v2.get('pods')!)).toBeUndefined();
  });

  it('a pod change without its unchanged spec keeps the spec the page has', () => {
    const spec = { nodeName: 'worker-1', containers: [{ name: 'web', image: 'nginx' }] };
    const v0 = applyChanges(new Map(), [{ type: 'ADDED', resource: 'pods', key: 'default/a', object: { ...pod('a'), spec } }]);
    const v1 = applyChanges(v0, [{ type: 'MODIFIED', resource: 'pods', key: 'default/a', object: pod('a', 'Running'), sameSpec: true }]);
    expect(v1.get('pods')!.get('default/a')).toEqual({ ...pod('a', 'Running'), spec });
  });

  it('forgets what changed long ago: a reader that far behind redoes everything', () => {
    let r = applyChanges(new Map(), many(2));
    const old = r.get('pods');
    for (let i = 0; i < 100; i++) r = applyChanges(r, [modify('p0', i % 2 ? 'Running' : 'Pending')]);
    expect(changedKeys(old, r.get('pods')!)).toBeUndefined();
  });

  it('branching off an older view copies it, so the newer line keeps its objects', () => {
    const v0 = applyChanges(new Map(), many(2));
    const v1 = applyChanges(v0, [modify('p0', 'Running')]);
    const fork = applyChanges(v0, [modify('p1', 'Failed')]);
    expect(v1.get('pods')!.get('default/p1')!.status.phase).toBe('Pending');
    expect(fork.get('pods')!.get('default/p1')!.status.phase).toBe('Failed');
    expect(changedKeys(v1.get('pods'), fork.get('pods')!)).toBeUndefined();
  });

  it(`keeps the newest ${EVENTS_KEPT} Events by last change, and names the dropped ones as changed`, () => {
    const ev = (i: number, type: 'ADDED' | 'MODIFIED' = 'ADDED') => ({ type, resource: 'events', key: `default/e${i}`, object: { count: type === 'ADDED' ? 1 : 2 } });
    const v0 = applyChanges(new Map(), Array.from({ length: EVENTS_KEPT }, (_, i) => ev(i)));
    // e0 is seen again (count 2): it is now among the newest, so e1 and e2 go for two new ones.
    const v1 = applyChanges(v0, [ev(0, 'MODIFIED'), ev(EVENTS_KEPT), ev(EVENTS_KEPT + 1)]);
    const events = v1.get('events')!;
    expect(events.size).toBe(EVENTS_KEPT);
    expect(events.get('default/e0')!.count).toBe(2);
    expect(events.has('default/e1')).toBe(false);
    expect(events.has('default/e2')).toBe(false);
    expect(events.has('default/e3')).toBe(true);
    expect(changedKeys(v0.get('events'), events)).toEqual(new Set(['default/e0', `default/e${EVENTS_KEPT}`, `default/e${EVENTS_KEPT + 1}`, 'default/e1', 'default/e2']));
    // Pods are never dropped.
    expect(applyChanges(new Map(), many(EVENTS_KEPT + 10)).get('pods')!.size).toBe(EVENTS_KEPT + 10);
  });
});

describe('deltaMessages', () => {
  const clock = { t: 3000, running: true, speed: 10 };
  const change = (i: number) => ({ type: 'MODIFIED' as const, resource: 'pods', key: `default/web-${i}`, object: { metadata: { name: `web-${i}` } } });
  const trace = [{ t: 3000, seq: 1, component: 'kubelet', kind: 'lease.renew', node: 'worker-1' }];

  it('sends a batch of up to CHANGES_PER_MESSAGE changes as one message', () => {
    const changes = Array.from({ length: CHANGES_PER_MESSAGE }, (_, i) => change(i));
    expect(deltaMessages(clock, { changes, trace, usage: {} })).toEqual([{ type: 'delta', clock, changes, trace, usage: {} }]);
    expect(deltaMessages(clock, { changes: [], trace: [] })).toEqual([{ type: 'delta', clock, changes: [], trace: [] }]);
  });

  it('splits a bigger batch in order; the trace and usage ride with the first part', () => {
    const changes = Array.from({ length: 2 * CHANGES_PER_MESSAGE + 1 }, (_, i) => change(i));
    const messages = deltaMessages(clock, { changes, trace, usage: { 'worker-1': null } });
    expect(messages.map((m) => (m.type === 'delta' ? [m.changes.length, m.trace.length, m.usage] : []))).toEqual([
      [CHANGES_PER_MESSAGE, 1, { 'worker-1': null }],
      [CHANGES_PER_MESSAGE, 0, undefined],
      [1, 0, undefined]
    ]);
    expect(messages.flatMap((m) => (m.type === 'delta' ? m.changes : []))).toEqual(changes);
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

describe('MatchingKeys', () => {
  const event = (name: string, type: string) => ({ type: 'ADDED' as const, resource: 'events', key: `default/${name}`, object: { type } });
  it('follows the matching objects batch by batch, asking only about the changed keys', () => {
    const asked: string[] = [];
    const warnings = new MatchingKeys((key, e) => (asked.push(key), e.type === 'Warning'));
    let r = applyChanges(new Map(), [event('a', 'Warning'), event('b', 'Normal'), event('c', 'Warning')]);
    expect([...warnings.update(r.get('events')!).keys()]).toEqual(['default/a', 'default/c']);
    asked.length = 0;
    const before = warnings.update(r.get('events')!);
    r = applyChanges(r, [event('b', 'Warning'), { ...event('a', 'Warning'), type: 'DELETED' }]);
    const after = warnings.update(r.get('events')!);
    expect(asked).toEqual(['default/b']);
    expect([...after.keys()].sort()).toEqual(['default/b', 'default/c']);
    expect(after).not.toBe(before);
    // A change to a Normal event changes nothing counted: the same map.
    r = applyChanges(r, [event('d', 'Normal')]);
    expect(warnings.update(r.get('events')!)).toBe(after);
    // Another table (a reset to another moment): counted again from scratch.
    expect(warnings.update(applyChanges(new Map(), [event('z', 'Warning')]).get('events')!).size).toBe(1);
  });
});

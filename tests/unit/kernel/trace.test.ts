import { describe, expect, it } from 'vitest';
import { Trace, formatTraceEvent } from '../../../src/sim/kernel/trace';

describe('Trace', () => {
  it('is a bounded ring buffer that keeps the newest events', () => {
    const trace = new Trace(3);
    for (let i = 0; i < 5; i++) trace.record(i * 10, { component: 'kubelet', kind: 'lease.renew', node: 'worker-1' });
    expect(trace.size).toBe(3);
    expect(trace.dropped).toBe(2);
    expect(trace.list().map((e) => [e.t, e.seq])).toEqual([[20, 2], [30, 3], [40, 4]]);
  });

  it('filters by pod, node, kind prefix and time', () => {
    const trace = new Trace(100);
    trace.record(0, { component: 'kube-apiserver', kind: 'api.create', resource: 'pods' });
    trace.record(5, { component: 'kubelet', kind: 'cri.RunPodSandbox', node: 'worker-1', pod: 'default/web' });
    trace.record(9, { component: 'kubelet', kind: 'cri.PullImage', node: 'worker-2', pod: 'shop/web' });
    trace.record(12, { component: 'kubelet', kind: 'lease.renew', node: 'worker-1' });
    expect(trace.list({ kind: 'cri.' }).map((e) => e.kind)).toEqual(['cri.RunPodSandbox', 'cri.PullImage']);
    expect(trace.list({ pod: 'web' })).toHaveLength(2);
    expect(trace.list({ pod: 'shop/web' }).map((e) => e.node)).toEqual(['worker-2']);
    expect(trace.list({ node: 'worker-1' }).map((e) => e.kind)).toEqual(['cri.RunPodSandbox', 'lease.renew']);
    expect(trace.list({ since: 6, until: 12 }).map((e) => e.t)).toEqual([9, 12]);
  });

  it('gives events back with their keys in the order they were made, a wide one as it came', () => {
    const trace = new Trace(4);
    const wide = { component: 'containerd', kind: 'cri.PullImage', node: 'worker-1', pod: 'default/web', phase: 'return', image: 'nginx', imageRef: 'sha256:1', size: 1, layers: 2, bytes: 3, durationMs: 4, speed: 5, extra: 6 };
    trace.record(1, { component: 'kubelet', kind: 'probe.liveness', node: 'worker-1', pod: 'default/web', result: 'Success' });
    trace.record(2, { kind: 'probe.liveness', component: 'kubelet', pod: 'default/web', node: 'worker-1', result: 'Failure', output: undefined });
    const kept = trace.record(3, wide);
    expect(trace.list().map((e) => JSON.stringify(e))).toEqual([
      '{"t":1,"seq":0,"component":"kubelet","kind":"probe.liveness","node":"worker-1","pod":"default/web","result":"Success"}',
      '{"t":2,"seq":1,"kind":"probe.liveness","component":"kubelet","pod":"default/web","node":"worker-1","result":"Failure"}',
      JSON.stringify(kept)
    ]);
    expect(Object.keys(trace.list()[1])).toEqual(['t', 'seq', 'kind', 'component', 'pod', 'node', 'result', 'output']);
    // 15 keys: kept as the object itself.
    expect(trace.list({ kind: 'cri.PullImage' })[0]).toBe(kept);
    expect(trace.list({ node: 'worker-1', since: 2 }).map((e) => e.t)).toEqual([2, 3]);
  });

  it('gives back only the newest event of an overwritten slot', () => {
    const trace = new Trace(2);
    const cmd = ['cat', '/tmp/healthy'];
    trace.record(1, { component: 'containerd', kind: 'cri.ExecSync', node: 'worker-1', pod: 'default/web', phase: 'call', containerId: 'abc', cmd, timeout: 1 });
    trace.record(2, { component: 'kubelet', kind: 'lease.renew', node: 'worker-1' });
    trace.record(3, { component: 'kubelet', kind: 'lease.renew', node: 'worker-2' });
    expect(trace.list().map((e) => [e.t, e.node, e.cmd])).toEqual([[2, 'worker-1', undefined], [3, 'worker-2', undefined]]);
    expect(trace.list()[0]).not.toHaveProperty('cmd');
    expect(trace.dropped).toBe(1);
  });

  it('formats a line for sim trace', () => {
    const trace = new Trace(10);
    const e = trace.record(61_250, { component: 'kubelet', kind: 'cri.PullImage', node: 'worker-1', pod: 'default/web', image: 'nginx' });
    expect(formatTraceEvent(e)).toBe('00:01:01.250 kubelet worker-1 cri.PullImage default/web image=nginx');
  });
});

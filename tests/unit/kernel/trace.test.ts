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

  it('formats a line for sim trace', () => {
    const trace = new Trace(10);
    const e = trace.record(61_250, { component: 'kubelet', kind: 'cri.PullImage', node: 'worker-1', pod: 'default/web', image: 'nginx' });
    expect(formatTraceEvent(e)).toBe('00:01:01.250 kubelet worker-1 cri.PullImage default/web image=nginx');
  });
});

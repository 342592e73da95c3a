import { describe, expect, it } from 'vitest';
import { PlaygroundService } from './playground-service';
import { latestHeartbeats } from './deltas';
import type { PageMessage } from './protocol';
import type { TraceEvent } from '../../sim/kernel/trace';

describe('PlaygroundService deltas', () => {
  it('keeps every node’s newest Lease renewal when a busy batch is cut to its last events', async () => {
    const service = new PlaygroundService();
    await service.boot({ seed: 4, workers: 2 });
    const sent: PageMessage[] = [];
    const channel = new MessageChannel();
    channel.port2.onmessage = (e: MessageEvent<PageMessage>) => void sent.push(e.data);
    service.connect(channel.port1);
    // One busy batch: worker-1 and worker-2 renew, then 500 CRI calls, as a pod burst at 100x would.
    const t = service.cluster.now;
    const beat = (seq: number, node: string): TraceEvent => ({ t: t + seq, seq, component: 'kubelet', kind: 'lease.renew', node });
    const busy: TraceEvent[] = Array.from({ length: 500 }, (_, i) => ({ t: t + 10 + i, seq: 10 + i, component: 'kubelet', kind: 'cri.ContainerStatus', phase: 'call', node: 'worker-1' }));
    service.cluster.conductor.onTrace!([beat(1, 'worker-2'), beat(2, 'worker-1'), beat(3, 'worker-2'), ...busy]);
    service.pause(); // flushes
    await new Promise((r) => setTimeout(r, 50));
    channel.port2.close();
    const trace = sent.flatMap((m) => (m.type === 'delta' ? m.trace : []));
    // The batch keeps its newest 400 events, plus the newest renewal of each node, oldest first.
    expect(trace.length).toBe(402);
    expect(trace.slice(0, 2).map((e) => `${e.node}@${e.seq}`)).toEqual(['worker-1@2', 'worker-2@3']);
    expect(latestHeartbeats(new Map(), trace)).toEqual(new Map([['worker-1', t + 2], ['worker-2', t + 3]]));
  }, 60_000);
});

import { describe, expect, it } from 'vitest';
import { PlaygroundService } from './playground-service';
import { applyChanges, latestHeartbeats, type Resources } from './deltas';
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

describe('PlaygroundService object changes', () => {
  it('sends an object changed many times within a batch once, as it is now; every count of an Event', async () => {
    const service = new PlaygroundService();
    await service.boot({ seed: 4, workers: 2 });
    const sent: PageMessage[] = [];
    const channel = new MessageChannel();
    channel.port2.onmessage = (e: MessageEvent<PageMessage>) => void sent.push(e.data);
    service.connect(channel.port1);
    // One batch: the pod is created, then labelled three times (four changes of one object).
    await service.exec('kubectl run one --image=nginx\nkubectl label pod one a=1\nkubectl label pod one b=2\nkubectl label pod one c=3');
    service.pause(); // flushes
    await new Promise((r) => setTimeout(r, 50));
    channel.port2.close();
    const changes = sent.flatMap((m) => (m.type === 'delta' ? m.changes : []));
    const ofPod = changes.filter((c) => c.resource === 'pods' && c.key === 'default/one');
    expect(ofPod.length).toBe(1);
    expect(ofPod[0].object.metadata.labels).toMatchObject({ a: '1', b: '2', c: '3' });
  }, 60_000);
});

describe('PlaygroundService pod specs', () => {
  it("sends a status change without the unchanged spec, and the page's mirror still equals the API server's objects", async () => {
    const service = new PlaygroundService();
    await service.boot({ seed: 5, workers: 2 });
    let resources: Resources = new Map();
    const sent: PageMessage[] = [];
    const channel = new MessageChannel();
    channel.port2.onmessage = (e: MessageEvent<PageMessage>) => {
      sent.push(e.data);
      if (e.data.type !== 'output') resources = applyChanges(e.data.type === 'reset' ? new Map() : resources, e.data.changes);
    };
    service.connect(channel.port1);
    await service.exec('kubectl create deployment web --image=nginx --replicas=3');
    for (let i = 0; i < 20; i++) await service.advance(1000);
    await new Promise((r) => setTimeout(r, 100));
    channel.port2.close();
    const podChanges = sent.flatMap((m) => (m.type === 'delta' ? m.changes : [])).filter((c) => c.resource === 'pods' && c.key.startsWith('default/web-'));
    const slim = podChanges.filter((c) => c.sameSpec);
    // Bound (spec.nodeName: sent whole), then the kubelet's status updates, which leave the spec alone.
    expect(new Set(slim.map((c) => c.key)).size).toBe(3);
    expect(podChanges.filter((c) => !c.sameSpec).every((c) => c.type === 'ADDED' || c.object.spec)).toBe(true);
    for (const c of slim) expect(c.object.spec).toBeUndefined();
    const want = (await service.exec('kubectl get pods -o json')).output;
    const items = JSON.parse(want).items as { metadata: { namespace: string; name: string } }[];
    expect(items.length).toBe(3);
    for (const item of items) expect(resources.get('pods')!.get(`${item.metadata.namespace}/${item.metadata.name}`)).toEqual(item);
  }, 60_000);
});

describe('PlaygroundService metrics', () => {
  it('the default cluster scrapes from boot: the Metrics tab gets every node’s running pods', async () => {
    const service = new PlaygroundService();
    await service.boot({ seed: 4, workers: 2 });
    await service.advance(60_000);
    const now = service.cluster.now;
    const [r, bad] = await service.queryMetrics([
      { expr: 'kubelet_running_pods', start: 0, end: now, step: 15_000 },
      { expr: 'sum(', start: 0, end: now, step: 15_000 }
    ]);
    expect(r.ok && r.series.map((s) => s.labels.instance)).toEqual(['control-plane', 'worker-1', 'worker-2']);
    // A point per 15 s step once the kubelets answered; never past the present.
    expect(r.ok && r.series[0].points.at(-1)![0]).toBe(now);
    expect(r.ok && r.instant.find((s) => s.labels.instance === 'control-plane')?.value).toBe(5);
    expect(bad).toEqual({ ok: false, error: '1:5: parse error: unexpected end of input' });
    expect(await service.metricNames()).toContain('kubelet_pleg_relist_duration_seconds_bucket');
  }, 60_000);

  it('a cluster of more than 50 workers starts scraping when first asked', async () => {
    const service = new PlaygroundService();
    await service.boot({ seed: 4, workers: 51 });
    expect(service.cluster.metrics).toBeUndefined();
    const first = await service.queryMetrics([{ expr: 'up', start: 0, end: service.cluster.now, step: 15_000 }]);
    expect(first[0].ok && first[0].instant).toEqual([]);
    await service.advance(16_000);
    const later = await service.queryMetrics([{ expr: 'count(up == 1)', start: 0, end: service.cluster.now, step: 15_000 }]);
    expect(later[0].ok && later[0].instant[0].value).toBe(104); // 52 nodes, jobs kubelet and cadvisor
  }, 120_000);
});

describe('PlaygroundService restore (a share link, a file, the autosave)', () => {
  it('boots from the saved inputs into the same cluster at the same moment, and keeps logging on from there', async () => {
    const first = new PlaygroundService();
    await first.boot({ seed: 11, workers: 2 });
    await first.exec('kubectl create deployment web --image=nginx --replicas=3');
    await first.advance(20_000);
    await first.exec('kubectl scale deployment web --replicas=2');
    await first.advance(7_345);
    const saved = await first.inputs();
    expect(saved.t).toBe(first.live.now);
    expect(saved.log.map((e) => e.kind)).toEqual(['exec', 'advance', 'exec', 'advance']);
    const pods = (await first.exec('kubectl get pods -o wide')).output;
    expect(pods).toMatch(/^web-[a-z0-9]+-[a-z0-9]{5}\s+1\/1\s+Running/m);

    const second = new PlaygroundService();
    const clock = await second.boot({ seed: 11, workers: 2, restore: saved });
    expect(clock.t).toBe(saved.t);
    expect((await second.exec('kubectl get pods -o wide')).output).toBe(pods);
    const rv = (s: PlaygroundService) => [...s.live.objects.values()].map((c) => `${c.key}@${c.object.metadata.resourceVersion}`).sort();
    expect(rv(second)).toEqual(rv(first));
    // The restored log is the live one: what comes next is appended to it.
    expect((await second.inputs()).log.length).toBe(saved.log.length + 1);
  }, 60_000);
});

describe('PlaygroundService preboot (an early worker)', () => {
  it('the page’s boot() with the same options gets the boot already under way, not a second cluster', async () => {
    const early = new PlaygroundService();
    early.preboot({ seed: 4, workers: 2 });
    const cluster = early.cluster;
    const status = await early.boot({ seed: 4, workers: 2 });
    expect(early.cluster).toBe(cluster);
    // The same moment as a cluster booted on the page's call alone (same seed: same cluster).
    const plain = new PlaygroundService();
    expect(status).toEqual(await plain.boot({ seed: 4, workers: 2 }));
  }, 60_000);

  it('with play, the clock runs from the end of the boot: the page’s boot() reports it running', async () => {
    const early = new PlaygroundService();
    early.preboot({ seed: 4, workers: 2 }, true);
    const status = await early.boot({ seed: 4, workers: 2 });
    expect(status.running).toBe(true);
    early.pause();
  }, 60_000);

  it('other options boot the cluster they ask for', async () => {
    const early = new PlaygroundService();
    early.preboot({ seed: 4, workers: 2 });
    await early.boot({ seed: 4, workers: 1 });
    expect([...early.cluster.nodes.keys()]).toEqual(['control-plane', 'worker-1']);
  }, 60_000);
});

describe('PlaygroundService connect', () => {
  it('a port connected while the boot runs gets one reset, of the booted cluster, when the boot ends', async () => {
    const service = new PlaygroundService();
    const sent: PageMessage[] = [];
    const channel = new MessageChannel();
    channel.port2.onmessage = (e: MessageEvent<PageMessage>) => void sent.push(e.data);
    const booting = service.boot({ seed: 4, workers: 2 });
    service.connect(channel.port1);
    const status = await booting;
    await new Promise((r) => setTimeout(r, 50));
    channel.port2.close();
    expect(sent.map((m) => m.type)).toEqual(['reset']);
    const reset = sent[0].type === 'reset' ? sent[0] : undefined;
    expect(reset?.clock.t).toBe(status.t);
    const nodes = reset?.changes.filter((c) => c.resource === 'nodes').map((c) => c.key).sort();
    expect(nodes).toEqual(['control-plane', 'worker-1', 'worker-2']);
    // The nodes it booted with, for the map to keep their slots in this order whatever order they register in.
    expect(reset?.plannedNodes).toEqual(['control-plane', 'worker-1', 'worker-2']);
  }, 60_000);
});

import { describe, expect, it } from 'vitest';
import { MessageChannel as NodeMessageChannel } from 'node:worker_threads';
import { inProcessHosts, type HostFactory } from '../../sim/cluster/cluster';
import { PortHostLink, serveHost } from '../../sim/cluster/port-link';
import { PlaygroundService } from './playground-service';
import type { ClusterSession } from './cluster-session';
import type { PageMessage } from './protocol';

/** What must be identical between a cluster and its replay: API state (resourceVersions), kubectl's view, and the trace. */
async function fingerprint(session: ClusterSession) {
  const objects = [...session.objects.entries()].map(([id, c]) => `${id}@${c.object.metadata.resourceVersion}`).sort();
  const pods = (await session.console.exec('kubectl get pods -o wide')).output;
  const trace = session.cluster.conductor.trace.list({});
  return { now: session.now, objects, pods, traceLength: session.cluster.conductor.trace.list({}).length, trace };
}

const DEPLOY = 'kubectl create deployment web --image=nginx --replicas=2';

/** Every host behind a MessagePort, as in the page (where each is a Web Worker). */
const portHosts: HostFactory = (kind, name, seed) => {
  const { port1, port2 } = new NodeMessageChannel();
  serveHost(inProcessHosts(kind, name, seed), port2);
  return new PortHostLink(name, port1, () => {
    port1.close();
    port2.close();
  });
};

describe('time travel (TimelineService)', () => {
  for (const [mode, hosts] of [
    ['in-process', inProcessHosts],
    ['worker mode (hosts behind MessagePorts, as in the page)', portHosts]
  ] as const) it(`replays a session with usage sampling and explain calls into the same cluster: same resourceVersions, pods, trace (live ${mode})`, async () => {
    const service = new PlaygroundService(hosts);
    await service.boot({ seed: 7, workers: 2 });
    // In worker mode the replay starts from a spare booted early (before any input): the same cluster.
    if (hosts === portHosts) await service.prepareTimeline();
    const sent: PageMessage[] = [];
    const channel = new MessageChannel();
    channel.port2.onmessage = (e: MessageEvent<PageMessage>) => void sent.push(e.data);
    service.connect(channel.port1);

    await service.exec(DEPLOY);
    // Ticks as the page's clock makes them, each followed by a usage sample (conductor rounds,
    // no virtual time), and the page asking the scheduler about pods (more rounds): neither is an input.
    let explained = 0;
    for (let i = 0; i < 30; i++) {
      await service.advance(997);
      if (i % 5 === 2) {
        // The pods the page knows of (its mirror), as the map's scheduling marks ask.
        for (const c of service.live.snapshot()) if (c.resource === 'pods' && c.key.startsWith('default/')) if (await service.explain('default', c.object.metadata.name)) explained++;
        await service.live.sampleUsage(true);
      }
    }
    expect(explained).toBeGreaterThanOrEqual(10);
    await service.exec('kubectl scale deployment web --replicas=4');
    await service.step();
    await service.advance(20_000);
    await service.exec('sim advance 15s');
    await service.exec('sim node poweroff worker-2');
    await service.advance(3000);
    await new Promise((r) => setTimeout(r, 50));
    // The page got gauges: the kubelets were asked.
    expect(sent.some((m) => (m.type === 'delta' || m.type === 'reset') && m.usage !== undefined && Object.keys(m.usage).length === 3)).toBe(true);

    const end = service.cluster.now;
    const replayed = await service.timeline.seek(end);
    expect(service.timeline.hasSpare).toBe(false);
    const [a, b] = [await fingerprint(service.live), await fingerprint(replayed)];
    expect(b.now).toBe(end);
    expect(b.pods.split('\n').filter((l) => l.startsWith('web-')).length).toBe(4);
    expect(b.pods).toBe(a.pods);
    expect(b.objects.length).toBeGreaterThan(30);
    expect(b.objects).toEqual(a.objects);
    expect(b.traceLength).toBe(a.traceLength);
    expect(b.trace).toEqual(a.trace);
    channel.port2.close();
    service.live.cluster.conductor.dispose();
  }, 120_000);

  it('shows an earlier moment read-only, resumes from it (a fork) and returns to live', async () => {
    const service = new PlaygroundService();
    await service.boot({ seed: 2, workers: 2 });
    await service.exec(DEPLOY);
    await service.advance(30_000);
    const before = service.cluster.now;
    await service.exec('kubectl scale deployment web --replicas=4');
    await service.advance(30_000);
    const countWeb = (out: string) => out.split('\n').filter((l) => l.startsWith('web-')).length;
    expect(countWeb((await service.exec('kubectl get pods')).output)).toBe(4);

    // The page hovers the timeline first: a spare cluster boots, and the replay starts from it.
    await service.prepareTimeline();
    expect(service.timeline.hasSpare).toBe(true);
    const status = await service.viewAt(before - 1000);
    expect(service.timeline.hasSpare).toBe(false);
    expect(status).toMatchObject({ t: before - 1000, viewing: true, end: service.cluster.now, running: false });
    expect(countWeb((await service.exec('kubectl get pods')).output)).toBe(2);
    const refused = await service.exec('kubectl delete deployment web');
    expect(refused.exitCode).toBe(1);
    expect(refused.output).toContain('read-only: "kubectl delete"');
    // Scrubbing forward replays on from there (the worker booted the next spare meanwhile).
    await new Promise((r) => setTimeout(r, 10));
    await service.prepareTimeline();
    expect(service.timeline.hasSpare).toBe(true);
    await service.viewAt(before + 20_000);
    expect(countWeb((await service.exec('kubectl get pods')).output)).toBe(4);

    const sent: PageMessage[] = [];
    const channel = new MessageChannel();
    channel.port2.onmessage = (e: MessageEvent<PageMessage>) => void sent.push(e.data);
    service.connect(channel.port1);
    await new Promise((r) => setTimeout(r, 50));
    expect(sent[0]).toMatchObject({ type: 'reset', clock: { viewing: true }, plannedNodes: ['control-plane', 'worker-1', 'worker-2'] });
    sent.length = 0;
    await service.returnToLive();
    await new Promise((r) => setTimeout(r, 50));
    channel.port2.close();
    // The page is reset to the live cluster, then told each node's last heartbeat (a silent node's countdown reads it).
    expect(sent[0]).toMatchObject({ type: 'reset', clock: { t: service.cluster.now } });
    expect(sent[0].type === 'reset' && sent[0].changes.filter((c) => c.resource === 'pods' && c.key.startsWith('default/web-')).length).toBe(4);
    const beats = sent[1]?.type === 'delta' ? sent[1].trace.filter((e) => e.kind === 'lease.renew').map((e) => e.node) : [];
    expect(new Set(beats)).toEqual(new Set(['control-plane', 'worker-1', 'worker-2']));
    expect(countWeb((await service.exec('kubectl get pods')).output)).toBe(4);

    await service.viewAt(before - 1000);
    const forked = await service.resume();
    expect(forked.viewing).toBeUndefined();
    expect(forked.t).toBe(before - 1000);
    await service.advance(10_000);
    expect(countWeb((await service.exec('kubectl get pods')).output)).toBe(2);
    expect(service.timeline.log.end).toBe(before + 9000);
  }, 120_000);

  it('a fork in the middle of `sim advance 2m` replays the same: the script is cut at that moment for good', async () => {
    const service = new PlaygroundService();
    await service.boot({ seed: 11, workers: 2 });
    await service.exec(DEPLOY);
    const t0 = service.cluster.now;
    await service.exec('sim advance 2m\nkubectl create namespace after-the-wait');
    await service.advance(10_000);
    await service.viewAt(t0 + 30_000);
    const status = await service.resume();
    expect(status.t).toBe(t0 + 30_000);
    // The rest of that script never happened in the fork.
    expect((await service.exec('kubectl get namespace after-the-wait')).output).toContain('NotFound');
    await service.exec('kubectl scale deployment web --replicas=3');
    await service.advance(20_000);
    expect(service.timeline.log.entries.find((e) => e.kind === 'exec' && e.script.startsWith('sim advance'))).toMatchObject({ haltAt: t0 + 30_000 });

    const replayed = await service.timeline.seek(service.cluster.now);
    const [a, b] = [await fingerprint(service.live), await fingerprint(replayed)];
    expect(b.pods.split('\n').filter((l) => l.startsWith('web-')).length).toBe(3);
    expect(b.pods).toBe(a.pods);
    expect(b.objects).toEqual(a.objects);
    expect(b.trace).toEqual(a.trace);
  }, 120_000);
});

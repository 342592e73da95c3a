import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../src/sim/cluster/cluster';
import { EventRecorder } from '../../../src/sim/client/events';

describe('EventRecorder', () => {
  it('aggregates repeats into one Event with count, firstTimestamp and lastTimestamp', async () => {
    const cluster = new Cluster({ seed: 2, workers: 1 });
    await cluster.waitForNodesReady();
    const recorder = new EventRecorder(cluster.console.client('test-recorder'), { component: 'kubelet', host: 'worker-1' }, () => cluster.now);
    const created = await cluster.request({ verb: 'create', resource: 'pods', namespace: 'default', body: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const t0 = cluster.now;
    recorder.event(created.object, 'Warning', 'Unhealthy', 'Liveness probe failed: HTTP probe failed with statuscode: 500', 'spec.containers{c}');
    await cluster.advance(5_000);
    recorder.event(created.object, 'Warning', 'Unhealthy', 'Liveness probe failed: HTTP probe failed with statuscode: 500', 'spec.containers{c}');
    await cluster.advance(5_000);
    recorder.event(created.object, 'Warning', 'Unhealthy', 'Liveness probe failed: HTTP probe failed with statuscode: 500', 'spec.containers{c}');
    recorder.event(created.object, 'Normal', 'Killing', 'Container c failed liveness probe, will be restarted', 'spec.containers{c}');
    await cluster.advance(1_000);
    const list = await cluster.request({ verb: 'list', resource: 'events', namespace: 'default', fieldSelector: 'involvedObject.name=web' });
    expect(list.ok).toBe(true);
    if (!list.ok) return;
    // Only this recorder's events: the pod is also scheduled and started (Scheduled, Pulling, ...).
    const events = list.object.items.filter((e: any) => e.reason === 'Unhealthy' || e.reason === 'Killing');
    expect(events).toHaveLength(2);
    const unhealthy = events.find((e: any) => e.reason === 'Unhealthy');
    const sec = (ms: number) => new Date(Date.UTC(2025, 0, 1) + Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
    expect(unhealthy).toMatchObject({
      type: 'Warning',
      count: 3,
      firstTimestamp: sec(t0),
      lastTimestamp: sec(t0 + 10_000),
      source: { component: 'kubelet', host: 'worker-1' },
      involvedObject: { kind: 'Pod', name: 'web', namespace: 'default', fieldPath: 'spec.containers{c}' }
    });
    expect(unhealthy.metadata.name).toMatch(/^web\.[0-9a-f]+$/);
    expect(events.find((e: any) => e.reason === 'Killing').count).toBe(1);
  });

  it('expires Events an hour after their last write (--event-ttl 1h)', async () => {
    const cluster = new Cluster({ seed: 2, workers: 1 });
    await cluster.waitForNodesReady();
    const count = async () => {
      const r = await cluster.request({ verb: 'list', resource: 'events', namespace: 'default' });
      return r.ok ? r.object.items.length : -1;
    };
    const atBoot = await count();
    expect(atBoot).toBeGreaterThan(0);
    const recorder = new EventRecorder(cluster.console.client('test-recorder'), { component: 'test' }, () => cluster.now);
    const cm = await cluster.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } } });
    if (!cm.ok) throw new Error(cm.status.message);
    await cluster.advance(30 * 60_000);
    recorder.event(cm.object, 'Normal', 'Touched', 'first');
    await cluster.advance(31 * 60_000);
    // The boot events are 61 minutes old: gone. The new one is 31 minutes old.
    expect(await count()).toBe(1);
    recorder.event(cm.object, 'Normal', 'Touched', 'first');
    await cluster.advance(45 * 60_000);
    // Its repeat (count 2) renewed the TTL 45 minutes ago.
    expect(await count()).toBe(1);
    await cluster.advance(16 * 60_000);
    expect(await count()).toBe(0);
  });
});

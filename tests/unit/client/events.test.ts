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

/** A client that keeps Events in a map, as the API server would (create, merge patch, 404). */
function fakeEventSink() {
  const events = new Map<string, any>();
  const client = {
    create(_r: string, obj: any) {
      events.set(obj.metadata.name, structuredClone(obj));
    },
    patch(_r: string, _ns: string, name: string, patch: any, _t: string, cb?: (err?: { code: number }) => void) {
      const ev = events.get(name);
      if (!ev) return cb?.({ code: 404 });
      Object.assign(ev, patch);
      cb?.();
    }
  };
  return { events, client: client as any };
}

describe('EventRecorder: the EventCorrelator (client-go events_cache.go)', () => {
  const rs = { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'web-6dc5cd68db', namespace: 'secure', uid: 'u-1' } };
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'crash', namespace: 'default', uid: 'u-2' } };

  it('combines an object\'s events that differ only by message from the 10th distinct one within 10 minutes', () => {
    const { events, client } = fakeEventSink();
    let now = 0;
    const recorder = new EventRecorder(client, { component: 'replicaset-controller' }, () => now);
    for (let i = 1; i <= 12; i++) {
      recorder.event(rs, 'Warning', 'FailedCreate', `Error creating: pods "web-6dc5cd68db-${i}" is forbidden`);
      now += 1_000;
    }
    const all = [...events.values()];
    expect(all).toHaveLength(10);
    expect(all.slice(0, 9).map((e) => [e.message, e.count])).toEqual(Array.from({ length: 9 }, (_, i) => [`Error creating: pods "web-6dc5cd68db-${i + 1}" is forbidden`, 1]));
    const combined = all[9];
    expect(combined).toMatchObject({
      message: '(combined from similar events): Error creating: pods "web-6dc5cd68db-12" is forbidden',
      count: 3,
      firstTimestamp: '2025-01-01T00:00:09Z',
      lastTimestamp: '2025-01-01T00:00:11Z',
      reason: 'FailedCreate',
      type: 'Warning',
      reportingComponent: '',
      source: { component: 'replicaset-controller' }
    });
    // Ten quiet minutes later similar events are counted afresh: the next one stands alone.
    now += 601_000;
    recorder.event(rs, 'Warning', 'FailedCreate', 'Error creating: pods "web-6dc5cd68db-13" is forbidden');
    expect(events.size).toBe(11);
    expect([...events.values()][10]).toMatchObject({ message: 'Error creating: pods "web-6dc5cd68db-13" is forbidden', count: 1 });
  });

  it('lets a source write 25 events about an object, then one per 5 minutes carrying the whole count', () => {
    const { events, client } = fakeEventSink();
    let now = 0;
    const recorder = new EventRecorder(client, { component: 'kubelet', host: 'worker-1' }, () => now);
    const backOff = () => recorder.event(pod, 'Warning', 'BackOff', 'Back-off restarting failed container app in pod crash_default(u-2)', 'spec.containers{app}');
    for (let i = 0; i < 30; i++) {
      backOff();
      now += 1_000;
    }
    const [ev] = events.values();
    expect(events.size).toBe(1);
    // writes 26..30 were filtered: the stored Event stopped at the 25th (t = 24 s)
    expect([ev.count, ev.lastTimestamp]).toEqual([25, '2025-01-01T00:00:24Z']);
    // One token refills 300 s after the bucket emptied (t = 24 s, 0.08 token then): t = 300 s is too early.
    now = 299_000;
    backOff();
    expect(ev.count).toBe(25);
    now = 301_000;
    backOff();
    expect([ev.count, ev.lastTimestamp]).toEqual([32, '2025-01-01T00:05:01Z']);
    // Another object from the same source has its own 25.
    recorder.event({ ...pod, metadata: { ...pod.metadata, name: 'other', uid: 'u-3' } }, 'Normal', 'Pulled', 'Container image "busybox" already present on machine');
    expect(events.size).toBe(2);
  });

  it('creates a filtered or expired Event whole when its next occurrence finds it missing', () => {
    const { events, client } = fakeEventSink();
    let now = 0;
    const recorder = new EventRecorder(client, { component: 'kubelet', host: 'worker-1' }, () => now);
    for (let i = 0; i < 25; i++) recorder.event(pod, 'Normal', 'Pulling', 'Pulling image "nginx:1.27"');
    expect([...events.values()].map((e) => e.count)).toEqual([25]);
    // The 26th event about the pod, new to the server, is filtered: nothing written...
    recorder.event(pod, 'Warning', 'Failed', 'Error: ErrImagePull');
    expect(events.size).toBe(1);
    // ...and its next occurrence, once a token is back, creates it with the count seen so far.
    now = 301_000;
    recorder.event(pod, 'Warning', 'Failed', 'Error: ErrImagePull');
    const failed = [...events.values()].find((e) => e.reason === 'Failed');
    expect(failed).toMatchObject({ count: 2, firstTimestamp: '2025-01-01T00:00:00Z', lastTimestamp: '2025-01-01T00:05:01Z' });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { PlaygroundService } from '../bridge/playground-service';
import { latestHeartbeats } from '../bridge/deltas';
import { countdownText, nodeCountdown } from './node-failure';
import type { KObject } from '../bridge/deltas';

// A real cluster: a Deployment on both workers, then `sim node poweroff worker-2`.
let service: PlaygroundService;
let heartbeats: ReadonlyMap<string, number> = new Map();

async function state(): Promise<{ node: KObject; pods: KObject[]; now: number }> {
  const node = JSON.parse((await service.exec('kubectl get node worker-2 -o json')).output);
  const list = JSON.parse((await service.exec('kubectl get pods -o json')).output);
  return { node, pods: list.items.filter((p: KObject) => p.spec.nodeName === 'worker-2'), now: service.cluster.now };
}

beforeAll(async () => {
  service = new PlaygroundService();
  await service.boot({ seed: 5, workers: 2 });
  const onTrace = service.cluster.conductor.onTrace!;
  service.cluster.conductor.onTrace = (events) => {
    heartbeats = latestHeartbeats(heartbeats, events);
    onTrace(events);
  };
  await service.exec('kubectl create deployment web --image=nginx --replicas=4');
  await service.advance(15_000);
  await service.exec('sim node poweroff worker-2');
}, 60_000);

describe('nodeCountdown', () => {
  it('shows nothing while the kubelet renews its Lease', async () => {
    const { node, pods, now } = await state();
    expect(pods.length).toBeGreaterThan(0);
    expect(nodeCountdown(node, pods, heartbeats.get('worker-2'), now)).toBeUndefined();
  });

  it('counts the 50 s grace period down from the last renewal once the heartbeat stops', async () => {
    await service.advance(20_000);
    const { node, pods, now } = await state();
    const beat = heartbeats.get('worker-2')!;
    const c = nodeCountdown(node, pods, beat, now)!;
    expect(c).toMatchObject({ phase: 'grace', totalMs: 50_000, remainingMs: beat + 50_000 - now });
    expect(c.label).toBe(`no heartbeat: NotReady in ${countdownText(beat + 50_000 - now)}`);
  });

  it('then counts the pods’ 300 s toleration of the unreachable taint from its timeAdded', async () => {
    await service.advance(45_000);
    const { node, pods, now } = await state();
    expect(node.status.conditions.find((c: KObject) => c.type === 'Ready').status).toBe('Unknown');
    const taint = node.spec.taints.find((t: KObject) => t.key === 'node.kubernetes.io/unreachable' && t.effect === 'NoExecute');
    const added = Date.parse(taint.timeAdded) - Date.parse('2025-01-01T00:00:00Z');
    const c = nodeCountdown(node, pods, heartbeats.get('worker-2'), now)!;
    expect(c).toMatchObject({ phase: 'toleration', totalMs: 300_000, remainingMs: added + 300_000 - now });
    expect(c.label).toMatch(/^unreachable: evicting pods in [45]:\d\d$/);
  });

  it('says the pods were evicted once the toleration ran out and they are Terminating', async () => {
    await service.advance(300_000);
    const { node, pods, now } = await state();
    expect(pods.length).toBeGreaterThan(0);
    expect(pods.every((p) => p.metadata.deletionTimestamp)).toBe(true);
    expect(nodeCountdown(node, pods, heartbeats.get('worker-2'), now)).toMatchObject({ phase: 'evicted', remainingMs: 0, label: 'unreachable: pods evicted' });
  });
});

describe('countdownText', () => {
  it('prints minutes and seconds, rounding up', () => {
    expect([countdownText(272_400), countdownText(7_000), countdownText(-5)]).toEqual(['4:33', '0:07', '0:00']);
  });
});

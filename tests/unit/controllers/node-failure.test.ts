/**
 * A node dies: its Lease stops renewing; after the grace period the node controller marks it
 * Unknown, taints it unreachable and marks its pods not Ready; 300 s later (the default
 * toleration) the taint eviction controller deletes its pods, which stay Terminating because
 * no kubelet is there to confirm. Powered on again, the node is Ready and untainted.
 */
import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../src/sim/cluster/cluster';

async function ok(cluster: Cluster, req: any) {
  const r = await cluster.request(req);
  if (!r.ok) throw new Error(r.status.message);
  return r.object;
}

describe('node failure', () => {
  it('goes Unknown after the grace period, is tainted, and its pods are evicted after 300 s', async () => {
    const cluster = new Cluster({ seed: 7, workers: 2 });
    expect(await cluster.waitForNodesReady()).toBe(true);
    await ok(cluster, { verb: 'create', resource: 'pods', namespace: 'default', body: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web' }, spec: { nodeName: 'worker-2', containers: [{ name: 'c', image: 'nginx' }] } } });
    await cluster.advance(20_000);
    const running = await ok(cluster, { verb: 'get', resource: 'pods', namespace: 'default', name: 'web' });
    expect(running.status.conditions.find((c: any) => c.type === 'Ready').status).toBe('True');
    // Registered by the node controller.
    const events = await ok(cluster, { verb: 'list', resource: 'events', namespace: 'default', fieldSelector: 'reason=RegisteredNode' });
    expect(events.items.map((e: any) => e.message).sort()).toEqual([
      'Node control-plane event: Registered Node control-plane in Controller',
      'Node worker-1 event: Registered Node worker-1 in Controller',
      'Node worker-2 event: Registered Node worker-2 in Controller'
    ]);

    cluster.kubelet('worker-2', 'poweroff');
    const lastRenew = cluster.conductor.trace.list({ kind: 'lease.renew', node: 'worker-2' }).at(-1)!.t;
    await cluster.advance(70_000);

    const unknown = cluster.conductor.trace.list({ kind: 'nodelifecycle.unknown', node: 'worker-2' });
    expect(unknown).toHaveLength(1);
    // Grace period 50 s (v1.32), checked every 5 s.
    expect(unknown[0].t - lastRenew).toBeGreaterThan(50_000);
    expect(unknown[0].t - lastRenew).toBeLessThanOrEqual(60_000);
    const node = await ok(cluster, { verb: 'get', resource: 'nodes', name: 'worker-2' });
    expect(node.status.conditions.find((c: any) => c.type === 'Ready')).toMatchObject({ status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.' });
    expect(node.spec.taints.map((t: any) => `${t.key}:${t.effect}`)).toEqual(['node.kubernetes.io/unreachable:NoSchedule', 'node.kubernetes.io/unreachable:NoExecute']);
    const notReady = await ok(cluster, { verb: 'list', resource: 'events', namespace: 'default', fieldSelector: 'reason=NodeNotReady' });
    expect(notReady.items.map((e: any) => [e.involvedObject.kind, e.type, e.message, e.source.component]).sort()).toEqual([
      ['Node', 'Normal', 'Node worker-2 status is now: NodeNotReady', 'node-controller'],
      ['Pod', 'Warning', 'Node is not ready', 'node-controller']
    ]);
    const pod = await ok(cluster, { verb: 'get', resource: 'pods', namespace: 'default', name: 'web' });
    expect(pod.status.conditions.find((c: any) => c.type === 'Ready')).toMatchObject({ status: 'False' });
    const podEvents = await ok(cluster, { verb: 'list', resource: 'events', namespace: 'default', fieldSelector: 'involvedObject.name=web,reason=NodeNotReady' });
    expect(podEvents.items.map((e: any) => [e.type, e.reason, e.message, e.source.component])).toEqual([['Warning', 'NodeNotReady', 'Node is not ready', 'node-controller']]);
    // The healthy worker is untouched.
    const w1 = await ok(cluster, { verb: 'get', resource: 'nodes', name: 'worker-1' });
    expect(w1.spec.taints).toBeUndefined();

    // 300 s after the NoExecute taint, the pod is evicted (deleted, gracefully) and stays Terminating.
    await cluster.advance(300_000);
    const tainted = cluster.conductor.trace.list({ kind: 'nodelifecycle.taints', node: 'worker-2' }).at(-1)!;
    const evicted = cluster.conductor.trace.list({ kind: 'tainteviction.evict' });
    expect(evicted.map((e) => e.pod)).toEqual(['default/web']);
    // Scheduled once, when the taint appeared; nothing rescheduled by the eviction's own writes.
    expect(cluster.conductor.trace.list({ kind: 'tainteviction.schedule' }).map((e) => e.at)).toEqual([tainted.t + 300_000]);
    expect(evicted[0].t - tainted.t).toBe(300_000);
    const gone = await ok(cluster, { verb: 'get', resource: 'pods', namespace: 'default', name: 'web' });
    expect(gone.metadata.deletionTimestamp).toBeDefined();
    expect(gone.status.conditions.find((c: any) => c.type === 'DisruptionTarget')).toMatchObject({ status: 'True', reason: 'DeletionByTaintManager', message: 'Taint manager: deleting due to NoExecute taint' });
    await cluster.advance(120_000);
    expect((await cluster.request({ verb: 'get', resource: 'pods', namespace: 'default', name: 'web' })).ok).toBe(true);

    // Back on: Ready, and the controller removes its taints.
    cluster.kubelet('worker-2', 'poweron');
    await cluster.advance(15_000);
    const back = await ok(cluster, { verb: 'get', resource: 'nodes', name: 'worker-2' });
    expect(back.status.conditions.find((c: any) => c.type === 'Ready').status).toBe('True');
    expect(back.spec.taints).toBeUndefined();
  });

  it('taints a cordoned node node.kubernetes.io/unschedulable:NoSchedule', async () => {
    const cluster = new Cluster({ seed: 7, workers: 1 });
    await cluster.waitForNodesReady();
    await ok(cluster, { verb: 'patch', resource: 'nodes', name: 'worker-1', patchType: 'merge', body: { spec: { unschedulable: true } } });
    await cluster.advance(6_000);
    const n = await ok(cluster, { verb: 'get', resource: 'nodes', name: 'worker-1' });
    expect(n.spec.taints).toEqual([{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule', timeAdded: expect.stringMatching(/^2025-01-01T00:00:\d\dZ$/) }]);
  });
});

describe('zone disruption (handleDisruption)', () => {
  const noExecute = async (cluster: Cluster, node: string) =>
    ((await ok(cluster, { verb: 'get', resource: 'nodes', name: node })).spec.taints ?? []).filter((t: any) => t.effect === 'NoExecute').map((t: any) => t.key);

  it('taints dead nodes one at a time, 10 s apart (--node-eviction-rate 0.1)', async () => {
    const cluster = new Cluster({ seed: 3, workers: 2 });
    expect(await cluster.waitForNodesReady()).toBe(true);
    cluster.kubelet('worker-1', 'poweroff');
    cluster.kubelet('worker-2', 'poweroff');
    await cluster.advance(90_000);
    const tainted = cluster.conductor.trace.list({ kind: 'nodelifecycle.taints' }).filter((e) => (e as any).taints.includes('node.kubernetes.io/unreachable:NoExecute'));
    expect(tainted.map((e) => e.node).sort()).toEqual(['worker-1', 'worker-2']);
    expect(tainted[1].t - tainted[0].t).toBeGreaterThanOrEqual(10_000);
    expect(tainted[1].t - tainted[0].t).toBeLessThan(15_000);
  });

  it('stops tainting in a small cluster whose zone is mostly down (PartialDisruption), so nothing is evicted', async () => {
    const cluster = new Cluster({ seed: 3, workers: 3 });
    expect(await cluster.waitForNodesReady()).toBe(true);
    await ok(cluster, { verb: 'create', resource: 'pods', namespace: 'default', body: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web' }, spec: { nodeName: 'worker-3', containers: [{ name: 'c', image: 'nginx' }] } } });
    for (const n of ['worker-1', 'worker-2', 'worker-3']) cluster.kubelet(n, 'poweroff');
    await cluster.advance(420_000);
    expect(cluster.conductor.trace.list({ kind: 'nodelifecycle.zone' }).map((e) => (e as any).state)).toContain('PartialDisruption');
    const untainted = [];
    for (const n of ['worker-1', 'worker-2', 'worker-3']) if ((await noExecute(cluster, n)).length === 0) untainted.push(n);
    // At most two nodes were tainted before the third went down with them; the rest never are.
    expect(untainted.length).toBeGreaterThanOrEqual(1);
    const w3 = await ok(cluster, { verb: 'get', resource: 'nodes', name: untainted[0] });
    expect(w3.spec.taints.map((t: any) => `${t.key}:${t.effect}`)).toEqual(['node.kubernetes.io/unreachable:NoSchedule']);
  });

  it('enters master disruption mode when no node is Ready: removes the NoExecute taints and evicts nothing', async () => {
    const cluster = new Cluster({ seed: 3, workers: 1 });
    expect(await cluster.waitForNodesReady()).toBe(true);
    await ok(cluster, { verb: 'create', resource: 'pods', namespace: 'default', body: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web' }, spec: { nodeName: 'worker-1', containers: [{ name: 'c', image: 'nginx' }] } } });
    await cluster.advance(10_000);
    cluster.kubelet('worker-1', 'poweroff');
    await cluster.advance(30_000);
    cluster.kubelet('control-plane', 'poweroff');
    await cluster.advance(400_000);
    expect(cluster.conductor.trace.list({ kind: 'nodelifecycle.disruption' }).map((e) => (e as any).message)).toEqual(['Controller detected that all Nodes are not-Ready. Entering master disruption mode']);
    expect(await noExecute(cluster, 'worker-1')).toEqual([]);
    expect(await noExecute(cluster, 'control-plane')).toEqual([]);
    expect(cluster.conductor.trace.list({ kind: 'tainteviction.evict' })).toEqual([]);
    const pod = await ok(cluster, { verb: 'get', resource: 'pods', namespace: 'default', name: 'web' });
    expect(pod.metadata.deletionTimestamp).toBeUndefined();
    cluster.kubelet('control-plane', 'poweron');
    await cluster.advance(30_000);
    expect(cluster.conductor.trace.list({ kind: 'nodelifecycle.disruption' }).map((e) => (e as any).mode)).toEqual(['enter', 'exit']);
  });
});

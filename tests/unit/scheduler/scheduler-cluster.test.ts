import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../src/sim/cluster/cluster';

async function boot(seed = 1, workers = 2) {
  const cluster = new Cluster({ seed, workers });
  expect(await cluster.waitForNodesReady()).toBe(true);
  return cluster;
}

const ok = async (cluster: Cluster, req: any) => {
  const r = await cluster.request(req);
  if (!r.ok) throw new Error(r.status.message);
  return r.object;
};

const pod = (name: string, spec: any = {}) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'nginx:1.25' }], ...spec }
});

const withRequests = (name: string, requests: Record<string, string>, spec: any = {}) =>
  pod(name, { containers: [{ name: 'c', image: 'nginx:1.25', resources: { requests } }], ...spec });

async function create(cluster: Cluster, body: any) {
  return ok(cluster, { verb: 'create', resource: 'pods', namespace: 'default', body });
}

async function get(cluster: Cluster, name: string) {
  return ok(cluster, { verb: 'get', resource: 'pods', namespace: 'default', name });
}

async function events(cluster: Cluster, name: string) {
  const list = await ok(cluster, { verb: 'list', resource: 'events', namespace: 'default' });
  return list.items.filter((e: any) => e.involvedObject.name === name);
}

const PREEMPTION_NO_VICTIMS = 'preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.';

describe('kube-scheduler in the cluster', () => {
  it('places a pod with requests on a worker, never the tainted control-plane, with a Scheduled event', async () => {
    const cluster = await boot();
    await create(cluster, withRequests('web', { cpu: '500m', memory: '256Mi' }));
    await cluster.advance(2000);
    const p = await get(cluster, 'web');
    expect(p.spec.nodeName).toMatch(/^worker-\d$/);
    const ev = (await events(cluster, 'web')).find((e: any) => e.reason === 'Scheduled');
    expect(ev).toMatchObject({ type: 'Normal', message: `Successfully assigned default/web to ${p.spec.nodeName}`, source: { component: 'default-scheduler' } });
    const bind = cluster.conductor.trace.list({ kind: 'scheduler.bind', pod: 'default/web' });
    expect(bind).toHaveLength(1);
    expect(bind[0]).toMatchObject({ component: 'kube-scheduler', node: p.spec.nodeName });
  });

  it('leaves a pod asking for 1000Gi Pending with upstream FailedScheduling message and condition', async () => {
    const cluster = await boot();
    await create(cluster, withRequests('big', { memory: '1000Gi' }));
    await cluster.advance(2000);
    const p = await get(cluster, 'big');
    expect(p.spec.nodeName).toBeUndefined();
    const msg = '0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 Insufficient memory. ' + PREEMPTION_NO_VICTIMS + '.';
    const failed = (await events(cluster, 'big')).filter((e: any) => e.reason === 'FailedScheduling');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ type: 'Warning', message: msg, source: { component: 'default-scheduler' } });
    const cond = p.status.conditions.find((c: any) => c.type === 'PodScheduled');
    expect(cond).toMatchObject({ status: 'False', reason: 'Unschedulable', message: msg });
    expect(cluster.conductor.trace.list({ kind: 'scheduler.attempt', pod: 'default/big' })[0]).toMatchObject({ result: 'Unschedulable' });
  });

  it('reports a nodeSelector mismatch', async () => {
    const cluster = await boot();
    await create(cluster, pod('picky', { nodeSelector: { disktype: 'ssd' } }));
    await cluster.advance(2000);
    const failed = (await events(cluster, 'picky')).find((e: any) => e.reason === 'FailedScheduling');
    expect(failed.message).toBe(
      "0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 node(s) didn't match Pod's node affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.."
    );
  });

  it('does not touch a pod with spec.nodeName set', async () => {
    const cluster = await boot();
    await create(cluster, pod('pinned', { nodeName: 'worker-2' }));
    await cluster.advance(2000);
    expect(cluster.conductor.trace.list({ kind: 'scheduler', pod: 'default/pinned' })).toHaveLength(0);
    const ev = await events(cluster, 'pinned');
    expect(ev.filter((e: any) => e.source.component === 'default-scheduler')).toHaveLength(0);
    expect((await get(cluster, 'pinned')).spec.nodeName).toBe('worker-2');
  });

  it('schedules the pod once room appears (a new node), and records an explain record', async () => {
    const cluster = await boot();
    await create(cluster, withRequests('wide', { cpu: '6' }));
    await cluster.advance(2000);
    expect((await get(cluster, 'wide')).spec.nodeName).toBeUndefined();
    cluster.addNode('worker-3', { cpu: '8' });
    expect(await cluster.waitForNodesReady()).toBe(true);
    await cluster.advance(12_000);
    expect((await get(cluster, 'wide')).spec.nodeName).toBe('worker-3');
  });

  it('is deterministic: the same seed gives the same placements', async () => {
    const run = async (seed: number) => {
      const cluster = await boot(seed, 3);
      for (let i = 0; i < 8; i++) await create(cluster, withRequests(`p${i}`, { cpu: '100m', memory: '64Mi' }));
      await cluster.advance(3000);
      const list = await ok(cluster, { verb: 'list', resource: 'pods', namespace: 'default' });
      return list.items.map((p: any) => `${p.metadata.name}=${p.spec.nodeName}`);
    };
    const a = await run(7);
    expect(a.every((s: string) => /=worker-\d$/.test(s))).toBe(true);
    expect(await run(7)).toEqual(a);
  });

  it('explains the last attempt per node and plugin (sim explain pod)', async () => {
    const cluster = await boot();
    await create(cluster, withRequests('web', { cpu: '1', memory: '1Gi' }));
    await create(cluster, withRequests('big', { memory: '1000Gi' }));
    await cluster.advance(2000);
    const rec = await cluster.explain('default', 'web');
    expect(rec?.result).toBe('Scheduled');
    const cp = rec!.nodes.find((n) => n.node === 'control-plane')!;
    expect(cp.filter).toMatchObject({ passed: false, plugin: 'TaintToleration', code: 'UnschedulableAndUnresolvable' });
    const chosen = rec!.nodes.find((n) => n.node === rec!.chosen)!;
    expect(chosen.filter?.passed).toBe(true);
    expect(chosen.scores.map((s) => s.plugin)).toEqual(['TaintToleration', 'NodeResourcesFit', 'NodeResourcesBalancedAllocation', 'ImageLocality']);
    expect(chosen.total).toBe(chosen.scores.reduce((a, s) => a + s.weighted, 0));

  });

  it('preempts lower-priority pods for a higher-priority pod, nominating the node', async () => {
    const cluster = await boot();
    await ok(cluster, { verb: 'create', resource: 'priorityclasses', body: { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'high' }, value: 1000 } });
    await create(cluster, withRequests('low-1', { cpu: '3' }));
    await create(cluster, withRequests('low-2', { cpu: '3' }));
    await cluster.advance(2000);
    await create(cluster, withRequests('vip', { cpu: '3' }, { priorityClassName: 'high' }));
    await cluster.advance(1000);
    const vip = await get(cluster, 'vip');
    expect(vip.status.nominatedNodeName).toMatch(/^worker-\d$/);
    const failed = (await events(cluster, 'vip')).find((e: any) => e.reason === 'FailedScheduling');
    expect(failed.message).toBe('0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 Insufficient cpu.');
    const preempted = cluster.conductor.trace.list({ kind: 'scheduler.preempt' });
    expect(preempted).toHaveLength(1);
    const victim = preempted[0].pod!.split('/')[1];
    const ev = (await events(cluster, victim)).find((e: any) => e.reason === 'Preempted');
    expect(ev.message).toBe(`Preempted by pod ${vip.metadata.uid} on node ${vip.status.nominatedNodeName}`);
    // While the victim terminates, later attempts do not preempt again.
    await cluster.advance(10_000);
    expect(cluster.conductor.trace.list({ kind: 'scheduler.preempt' })).toHaveLength(1);
    // If the kubelet has not finished terminating the victim by now, stand in for it.
    const still = await cluster.request({ verb: 'get', resource: 'pods', namespace: 'default', name: victim });
    if (still.ok) await ok(cluster, { verb: 'delete', resource: 'pods', namespace: 'default', name: victim, gracePeriodSeconds: 0 });
    await cluster.advance(5000);
    expect((await get(cluster, 'vip')).spec.nodeName).toBe(vip.status.nominatedNodeName);
  });

  it('says preemption cannot help when there is nothing of lower priority', async () => {
    const cluster = await boot();
    await create(cluster, withRequests('a', { cpu: '3' }));
    await create(cluster, withRequests('b', { cpu: '3' }));
    await create(cluster, withRequests('c', { cpu: '3' }));
    await cluster.advance(2000);
    const failed = (await events(cluster, 'c')).find((e: any) => e.reason === 'FailedScheduling');
    expect(failed.message).toBe('0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 Insufficient cpu. ' + PREEMPTION_NO_VICTIMS + '.');
  });
});

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

describe('the default cluster', () => {
  it('registers control-plane and worker nodes that turn Ready within seconds', async () => {
    const cluster = await boot();
    expect(cluster.now).toBeLessThanOrEqual(15_000);
    const nodes = await ok(cluster, { verb: 'list', resource: 'nodes' });
    expect(nodes.items.map((n: any) => n.metadata.name)).toEqual(['control-plane', 'worker-1', 'worker-2']);
    const cp = nodes.items[0];
    expect(cp.spec.taints).toEqual([{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }]);
    expect(cp.metadata.labels['node-role.kubernetes.io/control-plane']).toBe('');
    const w1 = nodes.items[1];
    expect(w1.spec.podCIDR).toBe('10.244.1.0/24');
    expect(w1.status.capacity).toMatchObject({ cpu: '4', memory: '8Gi', pods: '110' });
    expect(w1.status.allocatable.memory).toBe('8092Mi');
    expect(w1.status.nodeInfo.kubeletVersion).toBe('v1.32.0');
    expect(w1.status.nodeInfo.containerRuntimeVersion).toMatch(/^containerd:\/\/1\.7\./);
    const ready = w1.status.conditions.find((c: any) => c.type === 'Ready');
    expect(ready).toMatchObject({ status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status' });
  });

  it('creates default ServiceAccounts and kube-root-ca.crt in every namespace', async () => {
    const cluster = await boot();
    await ok(cluster, { verb: 'create', resource: 'namespaces', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' } } });
    await cluster.advance(1000);
    const sas = await ok(cluster, { verb: 'list', resource: 'serviceaccounts' });
    expect(sas.items.map((s: any) => `${s.metadata.namespace}/${s.metadata.name}`)).toEqual(['default/default', 'kube-node-lease/default', 'kube-public/default', 'kube-system/default', 'kube-system/kube-proxy', 'shop/default']);
    const cm = await ok(cluster, { verb: 'get', resource: 'configmaps', namespace: 'shop', name: 'kube-root-ca.crt' });
    expect(cm.data['ca.crt']).toContain('BEGIN CERTIFICATE');
  });

  it('renews each node Lease every 10 s, and stops when the node is powered off', async () => {
    const cluster = await boot();
    const t0 = cluster.now;
    await cluster.advance(60_000);
    const renewals = cluster.conductor.trace.list({ kind: 'lease.renew', node: 'worker-1', since: t0 + 1 });
    const gaps = renewals.slice(1).map((e, i) => e.t - renewals[i].t);
    expect(gaps.length).toBeGreaterThanOrEqual(5);
    expect(new Set(gaps)).toEqual(new Set([10_000]));
    const lease = await ok(cluster, { verb: 'get', resource: 'leases', namespace: 'kube-node-lease', name: 'worker-1' });
    expect(lease.spec).toMatchObject({ holderIdentity: 'worker-1', leaseDurationSeconds: 40 });
    expect(lease.metadata.ownerReferences[0]).toMatchObject({ kind: 'Node', name: 'worker-1' });

    cluster.kubelet('worker-1', 'poweroff');
    const off = cluster.now;
    await cluster.advance(60_000);
    expect(cluster.conductor.trace.list({ kind: 'lease.renew', node: 'worker-1', since: off + 1 })).toHaveLength(0);
    expect(cluster.conductor.trace.list({ kind: 'lease.renew', node: 'worker-2', since: off + 1 }).length).toBeGreaterThanOrEqual(5);

    cluster.kubelet('worker-1', 'poweron');
    await cluster.advance(15_000);
    expect(cluster.conductor.trace.list({ kind: 'lease.renew', node: 'worker-1', since: off + 60_001 }).length).toBeGreaterThanOrEqual(1);
  });

  it('adds a node that registers with its own size', async () => {
    const cluster = await boot();
    cluster.addNode('big', { cpu: '16', memory: '64Gi', pods: 250 });
    await cluster.advance(15_000);
    const node = await ok(cluster, { verb: 'get', resource: 'nodes', name: 'big' });
    expect(node.status.capacity).toMatchObject({ cpu: '16', memory: '64Gi', pods: '250' });
    expect(node.spec.podCIDR).toBe('10.244.3.0/24');
  });

  it('garbage-collects dependents: background, foreground and orphan', async () => {
    const cluster = await boot();
    const rs = (name: string) => ({
      apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name },
      spec: { replicas: 0, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } }
    });
    const dependent = (name: string, owner: any) => ({
      apiVersion: 'v1', kind: 'ConfigMap',
      metadata: { name, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: owner.metadata.name, uid: owner.metadata.uid, controller: true, blockOwnerDeletion: true }] }
    });
    const exists = async (res: string, name: string) => (await cluster.request({ verb: 'get', resource: res, namespace: 'default', name })).ok;
    for (const policy of ['Background', 'Foreground', 'Orphan'] as const) {
      const owner = await ok(cluster, { verb: 'create', resource: 'replicasets', namespace: 'default', body: rs(`rs-${policy.toLowerCase()}`) });
      await ok(cluster, { verb: 'create', resource: 'configmaps', namespace: 'default', body: dependent(`dep-${policy.toLowerCase()}`, owner) });
      await cluster.advance(1000);
      await ok(cluster, { verb: 'delete', resource: 'replicasets', namespace: 'default', name: owner.metadata.name, propagationPolicy: policy });
      await cluster.advance(2000);
      expect(await exists('replicasets', owner.metadata.name)).toBe(false);
      const depName = `dep-${policy.toLowerCase()}`;
      if (policy === 'Orphan') {
        expect(await exists('configmaps', depName)).toBe(true);
        const dep = await ok(cluster, { verb: 'get', resource: 'configmaps', namespace: 'default', name: depName });
        expect(dep.metadata.ownerReferences).toBeUndefined();
      } else {
        expect(await exists('configmaps', depName)).toBe(false);
      }
    }
  });

  it('empties and removes a deleted namespace', async () => {
    const cluster = await boot();
    await ok(cluster, { verb: 'create', resource: 'namespaces', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'tmp' } } });
    await ok(cluster, { verb: 'create', resource: 'configmaps', namespace: 'tmp', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } } });
    await cluster.advance(1000);
    await ok(cluster, { verb: 'delete', resource: 'namespaces', name: 'tmp' });
    await cluster.advance(10_000);
    expect((await cluster.request({ verb: 'get', resource: 'namespaces', name: 'tmp' })).ok).toBe(false);
    expect((await cluster.request({ verb: 'get', resource: 'configmaps', namespace: 'tmp', name: 'c' })).ok).toBe(false);
  });
});

describe('determinism', () => {
  async function run(seed: number) {
    const cluster = await boot(seed);
    await ok(cluster, { verb: 'create', resource: 'pods', namespace: 'default', body: { apiVersion: 'v1', kind: 'Pod', metadata: { generateName: 'web-' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } });
    await cluster.advance(120_000);
    return JSON.stringify(cluster.conductor.trace.list()) + JSON.stringify((await ok(cluster, { verb: 'list', resource: 'pods' })).items);
  }

  it('gives a byte-identical trace and state for the same seed, and a different one for another seed', async () => {
    const a = await run(11);
    const b = await run(11);
    const c = await run(12);
    expect(a.length).toBeGreaterThan(10_000);
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });
});

describe('kubectl during a run', () => {
  it('goes on at the instant each answer comes, while `sim advance` runs the cluster', async () => {
    const cluster = await boot(3, 1);
    const start = cluster.now;
    const answered: number[] = [];
    // Two requests one after the other (as `kubectl apply` gets, then patches), begun as time runs.
    const kubectl = (async () => {
      await ok(cluster, { verb: 'create', resource: 'configmaps', namespace: 'default', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { k: '1' } } });
      answered.push(cluster.now);
      await ok(cluster, { verb: 'patch', resource: 'configmaps', namespace: 'default', name: 'a', patchType: 'merge', body: { data: { k: '2' } } });
      answered.push(cluster.now);
    })();
    await cluster.advance(30_000);
    await kubectl;
    expect(cluster.now).toBe(start + 30_000);
    // Each answer where it came (10 and 76 ms into the run: the same rounds as when every round was
    // awaited), not once the 30 s are over.
    expect(answered.map((t) => t - start)).toEqual([10, 76]);
    const cm = await ok(cluster, { verb: 'get', resource: 'configmaps', namespace: 'default', name: 'a' });
    expect(cm.data).toEqual({ k: '2' });
    // The patch reached the API server between the two answers, not after the run.
    const patch = cluster.conductor.trace.list({ kind: 'api.patch', since: start }).find((e) => e.resource === 'configmaps');
    expect(patch?.t).toBeGreaterThanOrEqual(answered[0]);
    expect(patch?.t).toBeLessThanOrEqual(answered[1]);
  });
});

describe('the conductor breather', () => {
  it('lets the thread run other tasks during a long run (the page flushes), and the run does the same', async () => {
    const hash = (c: Awaited<ReturnType<typeof boot>>) => JSON.stringify(c.conductor.trace.list({}).map((e) => [e.t, e.kind, e.component]));
    const plain = await boot(2, 7);
    await plain.advance(20_000);

    const cluster = await boot(2, 7);
    // A timer, as the page's flush is: without a breath it fires only after the whole run.
    const flushedAt: number[] = [];
    let rounds = 0;
    const flush = () => flushedAt.push(cluster.now);
    setTimeout(flush, 0);
    cluster.conductor.breather = () => (++rounds % 50 === 0 ? new Promise<void>((r) => setTimeout(() => (setTimeout(flush, 0), r()), 0)) : undefined);
    const start = cluster.now;
    await cluster.advance(20_000);
    expect(flushedAt.length).toBeGreaterThan(2);
    expect(flushedAt[0]).toBeLessThan(start + 20_000);
    expect(hash(cluster)).toBe(hash(plain));
  });
});

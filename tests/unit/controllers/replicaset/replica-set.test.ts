import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../../src/sim/cluster/cluster';

// The docs' ReplicaSet: kubernetes/website content/en/examples/controllers/frontend.yaml
const frontend = (replicas = 3) => ({
  apiVersion: 'apps/v1',
  kind: 'ReplicaSet',
  metadata: { name: 'frontend', labels: { app: 'guestbook', tier: 'frontend' } },
  spec: {
    replicas,
    selector: { matchLabels: { tier: 'frontend' } },
    template: {
      metadata: { labels: { tier: 'frontend' } },
      spec: { containers: [{ name: 'php-redis', image: 'us-docker.pkg.dev/google-samples/containers/gke/gb-frontend:v5' }] }
    }
  }
});

const barePod = (name: string) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, labels: { tier: 'frontend' } },
  spec: { containers: [{ name: 'hello1', image: 'gcr.io/google-samples/hello-app:2.0' }] }
});

async function boot(seed = 7) {
  const cluster = new Cluster({ seed, workers: 1 });
  expect(await cluster.waitForNodesReady()).toBe(true);
  return cluster;
}

async function ok(cluster: Cluster, req: any): Promise<any> {
  const r = await cluster.request(req);
  if (!r.ok) throw new Error(r.status.message);
  return r.object;
}

const create = (cluster: Cluster, resource: string, body: any) => ok(cluster, { verb: 'create', resource, namespace: 'default', body });
const allPods = async (cluster: Cluster) => (await ok(cluster, { verb: 'list', resource: 'pods', namespace: 'default' })).items as any[];
// The scheduler binds the pods, but no kubelet runs them in this tree yet: a deleted pod that was
// bound stays Terminating (deletionTimestamp set) for want of a kubelet to finish it.
const pods = async (cluster: Cluster) => (await allPods(cluster)).filter((p) => !p.metadata.deletionTimestamp);
const getRS = (cluster: Cluster) => ok(cluster, { verb: 'get', resource: 'replicasets', namespace: 'default', name: 'frontend' });
const rsEvents = async (cluster: Cluster, reason: string) =>
  ((await ok(cluster, { verb: 'list', resource: 'events', namespace: 'default' })).items as any[]).filter((e) => e.reason === reason && e.involvedObject.kind === 'ReplicaSet');
const scale = (cluster: Cluster, replicas: number) => ok(cluster, { verb: 'patch', resource: 'replicasets', namespace: 'default', name: 'frontend', patchType: 'merge', body: { spec: { replicas } } });

describe('the ReplicaSet controller', () => {
  it('creates the docs frontend ReplicaSet’s 3 pods, owned by it, with SuccessfulCreate events', async () => {
    const cluster = await boot();
    const rs = await create(cluster, 'replicasets', frontend());
    await cluster.advance(2000);
    const items = await pods(cluster);
    expect(items).toHaveLength(3);
    for (const p of items) {
      expect(p.metadata.name).toMatch(/^frontend-[a-z0-9]{5}$/);
      expect(p.metadata.generateName).toBe('frontend-');
      expect(p.metadata.labels).toEqual({ tier: 'frontend' });
      expect(p.metadata.ownerReferences).toEqual([{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'frontend', uid: rs.metadata.uid, controller: true, blockOwnerDeletion: true }]);
      expect(p.spec.containers[0].image).toBe('us-docker.pkg.dev/google-samples/containers/gke/gb-frontend:v5');
    }
    const events = await rsEvents(cluster, 'SuccessfulCreate');
    expect(events.map((e) => e.message).sort()).toEqual(items.map((p) => `Created pod: ${p.metadata.name}`).sort());
    for (const e of events) {
      expect(e).toMatchObject({ type: 'Normal', source: { component: 'replicaset-controller' }, involvedObject: { kind: 'ReplicaSet', name: 'frontend', uid: rs.metadata.uid } });
    }
    const traced = cluster.conductor.trace.list({ kind: 'replicaset.create' });
    expect(traced.map((e) => e.pod).sort()).toEqual(items.map((p) => `default/${p.metadata.name}`).sort());
    expect(traced.every((e) => e.component === 'replicaset-controller')).toBe(true);
    // No kubelet runs these pods yet: none is ready.
    expect((await getRS(cluster)).status).toEqual({ replicas: 3, fullyLabeledReplicas: 3, observedGeneration: 1 });
  });

  it('creates the pods in slow-start batches of 1, 2, 4', async () => {
    const cluster = await boot();
    await create(cluster, 'replicasets', frontend(7));
    await cluster.advance(3000);
    expect(await pods(cluster)).toHaveLength(7);
    // Each batch is sent once the previous one's answers are in: API creates and the controller's
    // replicaset.create (on each answer) alternate in groups of 1, 2, 4.
    const seq = cluster.conductor.trace
      .list()
      .filter((e) => (e.kind === 'api.create' && e.resource === 'pods' && e.user === 'replicaset-controller') || e.kind === 'replicaset.create')
      .map((e) => (e.kind === 'api.create' ? 'C' : 'r'))
      .join('');
    expect(seq).toBe('CrCCrrCCCCrrrr');
  });

  it('scaling to 1 deletes 2 pods with SuccessfulDelete events', async () => {
    const cluster = await boot();
    await create(cluster, 'replicasets', frontend());
    await cluster.advance(2000);
    const before = (await pods(cluster)).map((p) => p.metadata.name);
    const scaled = await scale(cluster, 1);
    expect(scaled.metadata.generation).toBe(2);
    await cluster.advance(2000);
    const after = (await pods(cluster)).map((p) => p.metadata.name);
    expect(after).toHaveLength(1);
    // Deleted: gone, or Terminating on its node.
    for (const p of await allPods(cluster)) if (!after.includes(p.metadata.name)) expect(p.metadata.deletionTimestamp).toBeDefined();
    const deleted = before.filter((n) => !after.includes(n));
    const events = await rsEvents(cluster, 'SuccessfulDelete');
    expect(events.map((e) => e.message).sort()).toEqual(deleted.map((n) => `Deleted pod: ${n}`).sort());
    expect(cluster.conductor.trace.list({ kind: 'replicaset.delete' }).map((e) => e.pod).sort()).toEqual(deleted.map((n) => `default/${n}`).sort());
    expect((await getRS(cluster)).status).toEqual({ replicas: 1, fullyLabeledReplicas: 1, observedGeneration: 2 });
  });

  it('adopts matching bare pods created before it, and creates only the rest', async () => {
    const cluster = await boot();
    await create(cluster, 'pods', barePod('pod1'));
    await create(cluster, 'pods', barePod('pod2'));
    const rs = await create(cluster, 'replicasets', frontend());
    await cluster.advance(2000);
    const items = await pods(cluster);
    expect(items).toHaveLength(3);
    const byName = new Map(items.map((p) => [p.metadata.name, p]));
    for (const name of ['pod1', 'pod2']) expect(byName.get(name)?.metadata.ownerReferences).toEqual([{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'frontend', uid: rs.metadata.uid, controller: true, blockOwnerDeletion: true }]);
    expect(await rsEvents(cluster, 'SuccessfulCreate')).toHaveLength(1);
    expect((await getRS(cluster)).status.replicas).toBe(3);
  });

  it('adopts matching bare pods created after it, then deletes them as extras', async () => {
    const cluster = await boot();
    await create(cluster, 'replicasets', frontend());
    await cluster.advance(60_000);
    const own = (await pods(cluster)).map((p) => p.metadata.name).sort();
    await create(cluster, 'pods', barePod('pod1'));
    await create(cluster, 'pods', barePod('pod2'));
    await cluster.advance(2000);
    expect((await pods(cluster)).map((p) => p.metadata.name).sort()).toEqual(own);
    // Adopted first (a patch of ownerReferences), then deleted: the newest pods go first.
    const patches = cluster.conductor.trace.list({ kind: 'api.patch' }).filter((e) => e.user === 'replicaset-controller');
    expect(patches.map((e) => e.name).sort()).toEqual(['pod1', 'pod2']);
    expect((await rsEvents(cluster, 'SuccessfulDelete')).map((e) => e.message).sort()).toEqual(['Deleted pod: pod1', 'Deleted pod: pod2']);
    expect(await rsEvents(cluster, 'SuccessfulCreate')).toHaveLength(3);
  });

  it('replaces a deleted pod', async () => {
    const cluster = await boot();
    await create(cluster, 'replicasets', frontend());
    await cluster.advance(2000);
    const [victim, ...rest] = (await pods(cluster)).map((p) => p.metadata.name);
    await ok(cluster, { verb: 'delete', resource: 'pods', namespace: 'default', name: victim });
    await cluster.advance(2000);
    const now = (await pods(cluster)).map((p) => p.metadata.name);
    expect(now).toHaveLength(3);
    expect(now).not.toContain(victim);
    for (const n of rest) expect(now).toContain(n);
    expect(await rsEvents(cluster, 'SuccessfulCreate')).toHaveLength(4);
  });

  it('releases a pod whose labels stop matching, and replaces it', async () => {
    const cluster = await boot();
    await create(cluster, 'replicasets', frontend());
    await cluster.advance(2000);
    const [relabelled] = (await pods(cluster)).map((p) => p.metadata.name);
    await ok(cluster, { verb: 'patch', resource: 'pods', namespace: 'default', name: relabelled, patchType: 'merge', body: { metadata: { labels: { tier: 'debug' } } } });
    await cluster.advance(2000);
    const items = await pods(cluster);
    expect(items).toHaveLength(4);
    const released = items.find((p) => p.metadata.name === relabelled);
    expect(released.metadata.ownerReferences ?? []).toEqual([]);
    expect(items.filter((p) => p.metadata.labels.tier === 'frontend').every((p) => p.metadata.ownerReferences?.length === 1)).toBe(true);
    expect((await getRS(cluster)).status.replicas).toBe(3);
  });

  it('does not count terminal pods, and replaces them', async () => {
    const cluster = await boot();
    await create(cluster, 'replicasets', frontend(1));
    await cluster.advance(2000);
    const [p] = await pods(cluster);
    await ok(cluster, { verb: 'update', resource: 'pods', subresource: 'status', namespace: 'default', name: p.metadata.name, body: { ...p, status: { ...p.status, phase: 'Failed' } } });
    await cluster.advance(2000);
    const items = await pods(cluster);
    expect(items).toHaveLength(2);
    expect(items.filter((x) => x.status.phase !== 'Failed')).toHaveLength(1);
    expect((await getRS(cluster)).status.replicas).toBe(1);
  });

  it('deleting it with the default cascade deletes its pods (garbage collector)', async () => {
    const cluster = await boot();
    await create(cluster, 'replicasets', frontend());
    await cluster.advance(2000);
    expect(await pods(cluster)).toHaveLength(3);
    await ok(cluster, { verb: 'delete', resource: 'replicasets', namespace: 'default', name: 'frontend' });
    await cluster.advance(5000);
    expect(await pods(cluster)).toHaveLength(0);
    const gcDeletes = cluster.conductor.trace.list({ kind: 'gc.delete' }).filter((e) => e.resource === 'pods');
    expect(gcDeletes).toHaveLength(3);
    expect(await rsEvents(cluster, 'SuccessfulDelete')).toHaveLength(0);
  });

  it('deleting it with --cascade=orphan leaves its pods, without owner references', async () => {
    const cluster = await boot();
    await create(cluster, 'replicasets', frontend());
    await cluster.advance(2000);
    const names = (await pods(cluster)).map((p) => p.metadata.name).sort();
    await ok(cluster, { verb: 'delete', resource: 'replicasets', namespace: 'default', name: 'frontend', propagationPolicy: 'Orphan' });
    await cluster.advance(5000);
    const r = await cluster.request({ verb: 'get', resource: 'replicasets', namespace: 'default', name: 'frontend' });
    expect(r.ok).toBe(false);
    const items = await pods(cluster);
    expect(items.map((p) => p.metadata.name).sort()).toEqual(names);
    for (const p of items) expect(p.metadata.ownerReferences).toBeUndefined();
    // A new ReplicaSet with the same selector adopts the orphans instead of creating pods.
    await create(cluster, 'replicasets', frontend());
    await cluster.advance(2000);
    expect((await pods(cluster)).every((p) => p.metadata.ownerReferences?.[0]?.name === 'frontend')).toBe(true);
    expect(await rsEvents(cluster, 'SuccessfulCreate')).toHaveLength(3);
  });
});

import { describe, expect, it } from 'vitest';
import { newServer, pod } from './helpers';
import { kubectlErrorMessage } from '../../../src/sim/api/errors';

describe('API server: create, get, list', () => {
  it('boots with the four namespaces and the kubernetes Service', () => {
    const { ok } = newServer();
    const names = ok({ verb: 'list', resource: 'namespaces' }).items.map((n: any) => n.metadata.name);
    expect(names).toEqual(['default', 'kube-node-lease', 'kube-public', 'kube-system']);
    const svc = ok({ verb: 'get', resource: 'services', namespace: 'default', name: 'kubernetes' });
    expect(svc.spec.clusterIP).toBe('10.96.0.1');
  });

  it('gives uid, resourceVersion from one global counter and a creationTimestamp in virtual time', () => {
    const { ok, tick } = newServer();
    tick(95_000);
    const a = ok({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('a') });
    const b = ok({ verb: 'create', resource: 'configmaps', namespace: 'default', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { k: 'v' } } });
    expect(a.metadata.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number(b.metadata.resourceVersion)).toBe(Number(a.metadata.resourceVersion) + 1);
    expect(a.metadata.creationTimestamp).toBe('2025-01-01T00:01:35Z');
    expect(a.status).toEqual({ phase: 'Pending', qosClass: 'BestEffort' });
  });

  it('defaults a pod as upstream and its admission does', () => {
    const { ok } = newServer();
    const p = ok({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('web') });
    expect(p.spec.restartPolicy).toBe('Always');
    expect(p.spec.terminationGracePeriodSeconds).toBe(30);
    expect(p.spec.dnsPolicy).toBe('ClusterFirst');
    expect(p.spec.schedulerName).toBe('default-scheduler');
    expect(p.spec.containers[0].imagePullPolicy).toBe('IfNotPresent');
    expect(p.spec.tolerations).toEqual([
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }
    ]);
    expect(p.spec.priority).toBe(0);
  });

  it('names from generateName with 5 random characters', () => {
    const { ok } = newServer();
    const p = ok({ verb: 'create', resource: 'pods', namespace: 'default', body: { ...pod(''), metadata: { generateName: 'frontend-' } } });
    expect(p.metadata.name).toMatch(/^frontend-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
  });

  it('answers 404, 409 AlreadyExists and 404 for a missing namespace in kubectl wording', () => {
    const { call, ok } = newServer();
    const missing = call({ verb: 'get', resource: 'pods', namespace: 'default', name: 'x' });
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(kubectlErrorMessage(missing.status)).toBe('Error from server (NotFound): pods "x" not found');
    ok({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('web') });
    const dup = call({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('web') });
    expect(dup.ok ? 0 : dup.status.code).toBe(409);
    if (!dup.ok) expect(kubectlErrorMessage(dup.status)).toBe('Error from server (AlreadyExists): pods "web" already exists');
    const nons = call({ verb: 'create', resource: 'pods', namespace: 'nope', body: pod('web') });
    if (!nons.ok) expect(kubectlErrorMessage(nons.status)).toBe('Error from server (NotFound): namespaces "nope" not found');
    expect(nons.ok).toBe(false);
    const dep = call({ verb: 'get', resource: 'deployments', namespace: 'default', name: 'web' });
    if (!dep.ok) expect(kubectlErrorMessage(dep.status)).toBe('Error from server (NotFound): deployments.apps "web" not found');
  });

  it('rejects invalid objects with 422, upstream field paths, and writes nothing', () => {
    const { call, ok } = newServer();
    const before = ok({ verb: 'list', resource: 'pods', namespace: 'default' }).metadata.resourceVersion;
    const bad = { ...pod('web'), spec: { containers: [{ name: 'nginx' }] } };
    const r = call({ verb: 'create', resource: 'pods', namespace: 'default', body: bad });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.status.code).toBe(422);
    expect(kubectlErrorMessage(r.status)).toBe('The Pod "web" is invalid: spec.containers[0].image: Required value');
    expect(ok({ verb: 'list', resource: 'pods', namespace: 'default' }).items).toHaveLength(0);
    expect(ok({ verb: 'list', resource: 'pods', namespace: 'default' }).metadata.resourceVersion).toBe(before);
  });

  it('lists with label and field selectors', () => {
    const { ok, call } = newServer();
    ok({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('a', { metadata: { labels: { app: 'web', tier: 'fe' } } }) });
    ok({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('b', { metadata: { labels: { app: 'db' } } }) });
    ok({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('c', { metadata: { labels: { app: 'web' } }, spec: { nodeName: 'worker-1', containers: [{ name: 'x', image: 'busybox' }] } }) });
    const names = (req: any) => ok({ verb: 'list', resource: 'pods', namespace: 'default', ...req }).items.map((p: any) => p.metadata.name);
    expect(names({ labelSelector: 'app=web' })).toEqual(['a', 'c']);
    expect(names({ labelSelector: 'app in (web,db),tier!=fe' })).toEqual(['b', 'c']);
    expect(names({ labelSelector: '!tier' })).toEqual(['b', 'c']);
    expect(names({ fieldSelector: 'spec.nodeName=worker-1' })).toEqual(['c']);
    expect(names({ fieldSelector: 'spec.nodeName=', labelSelector: 'app=web' })).toEqual(['a']);
    expect(names({ fieldSelector: 'metadata.name!=a,status.phase=Pending' })).toEqual(['b', 'c']);
    const bad = call({ verb: 'list', resource: 'pods', namespace: 'default', fieldSelector: 'spec.foo=bar' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.status.message).toContain('field label not supported: spec.foo');
  });
});

describe('API server: update semantics', () => {
  it('rejects a stale resourceVersion with 409 Conflict in kubectl wording', () => {
    const { ok, call } = newServer();
    const created = ok({ verb: 'create', resource: 'configmaps', namespace: 'default', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { a: '1' } } });
    ok({ verb: 'update', resource: 'configmaps', namespace: 'default', name: 'c', body: { ...created, data: { a: '2' } } });
    const stale = call({ verb: 'update', resource: 'configmaps', namespace: 'default', name: 'c', body: { ...created, data: { a: '3' } } });
    expect(stale.ok).toBe(false);
    if (stale.ok) return;
    expect(stale.status.code).toBe(409);
    expect(kubectlErrorMessage(stale.status)).toBe('Error from server (Conflict): Operation cannot be fulfilled on configmaps "c": the object has been modified; please apply your changes to the latest version and try again');
  });

  it('bumps generation on spec changes only, and ignores status on the main resource', () => {
    const { ok } = newServer();
    const rs = {
      apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'fe' },
      spec: { replicas: 2, selector: { matchLabels: { app: 'fe' } }, template: { metadata: { labels: { app: 'fe' } }, spec: { containers: [{ name: 'nginx', image: 'nginx' }] } } }
    };
    const v1 = ok({ verb: 'create', resource: 'replicasets', namespace: 'default', body: rs });
    expect(v1.metadata.generation).toBe(1);
    const v2 = ok({ verb: 'update', resource: 'replicasets', namespace: 'default', name: 'fe', body: { ...v1, metadata: { ...v1.metadata, labels: { x: 'y' } }, status: { replicas: 9 } } });
    expect(v2.metadata.generation).toBe(1);
    expect(v2.status).toEqual({});
    const v3 = ok({ verb: 'update', resource: 'replicasets', namespace: 'default', name: 'fe', body: { ...v2, spec: { ...v2.spec, replicas: 3 } } });
    expect(v3.metadata.generation).toBe(2);
    const v4 = ok({ verb: 'update', resource: 'replicasets', namespace: 'default', name: 'fe', subresource: 'status', body: { ...v3, spec: { ...v3.spec, replicas: 7 }, status: { replicas: 3, observedGeneration: 2 } } });
    expect(v4.spec.replicas).toBe(3);
    expect(v4.status).toEqual({ replicas: 3, observedGeneration: 2 });
    expect(v4.metadata.generation).toBe(2);
    const stored = ok({ verb: 'get', resource: 'replicasets', namespace: 'default', name: 'fe' });
    expect(stored.status).toEqual({ replicas: 3, observedGeneration: 2 });
    expect(Number(stored.metadata.resourceVersion)).toBeGreaterThan(Number(v3.metadata.resourceVersion));
  });

  it('keeps the resourceVersion on a no-op update', () => {
    const { ok } = newServer();
    const c = ok({ verb: 'create', resource: 'configmaps', namespace: 'default', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { a: '1' } } });
    const same = ok({ verb: 'update', resource: 'configmaps', namespace: 'default', name: 'c', body: c });
    expect(same.metadata.resourceVersion).toBe(c.metadata.resourceVersion);
  });

  it('patches with merge, strategic merge (containers by name) and JSON patch', () => {
    const { ok } = newServer();
    ok({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('web', { spec: { containers: [{ name: 'a', image: 'nginx:1' }, { name: 'b', image: 'redis:7' }] } }) });
    const p1 = ok({ verb: 'patch', resource: 'pods', namespace: 'default', name: 'web', patchType: 'strategic', body: { spec: { containers: [{ name: 'b', image: 'redis:8' }] } } });
    expect(p1.spec.containers.map((c: any) => c.image)).toEqual(['nginx:1', 'redis:8']);
    const p2 = ok({ verb: 'patch', resource: 'pods', namespace: 'default', name: 'web', patchType: 'merge', body: { metadata: { labels: { app: null, tier: 'x' } } } });
    expect(p2.metadata.labels).toEqual({ tier: 'x' });
    const p3 = ok({ verb: 'patch', resource: 'pods', namespace: 'default', name: 'web', patchType: 'json', body: [{ op: 'add', path: '/metadata/annotations', value: { a: 'b' } }] as any });
    expect(p3.metadata.annotations).toEqual({ a: 'b' });
  });

  it('binds a pod once; a second binding conflicts', () => {
    const { ok, call } = newServer();
    ok({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('web') });
    ok({ verb: 'create', resource: 'pods', namespace: 'default', name: 'web', subresource: 'binding', body: { target: { name: 'worker-1' } } });
    const p = ok({ verb: 'get', resource: 'pods', namespace: 'default', name: 'web' });
    expect(p.spec.nodeName).toBe('worker-1');
    expect(p.status.conditions[0]).toMatchObject({ type: 'PodScheduled', status: 'True' });
    const again = call({ verb: 'create', resource: 'pods', namespace: 'default', name: 'web', subresource: 'binding', body: { target: { name: 'worker-2' } } });
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.status.message).toBe('Operation cannot be fulfilled on pods "web": pod web is already assigned to node "worker-1"');
  });
});

describe('API server: admission', () => {
  it('sets a pod priority from its PriorityClass and refuses an unknown class', () => {
    const { ok, call } = newServer();
    ok({ verb: 'create', resource: 'priorityclasses', body: { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'high' }, value: 1000 } });
    const p = ok({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('vip', { spec: { priorityClassName: 'high', containers: [{ name: 'c', image: 'nginx' }] } }) });
    expect(p.spec.priority).toBe(1000);
    expect(p.spec.preemptionPolicy).toBe('PreemptLowerPriority');
    const r = call({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('nope', { spec: { priorityClassName: 'missing', containers: [{ name: 'c', image: 'nginx' }] } }) });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(kubectlErrorMessage(r.status)).toBe('Error from server (Forbidden): pods "nope" is forbidden: no PriorityClass with name missing was found');
  });

  it('mounts the service-account token volume and refuses a missing service account', () => {
    const { ok, call } = newServer();
    ok({ verb: 'create', resource: 'serviceaccounts', namespace: 'default', body: { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default' } } });
    const p = ok({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('web') });
    expect(p.spec.serviceAccountName).toBe('default');
    expect(p.spec.volumes[0].name).toMatch(/^kube-api-access-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect(p.spec.containers[0].volumeMounts).toEqual([{ name: p.spec.volumes[0].name, mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', readOnly: true }]);
    const r = call({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('bot', { spec: { serviceAccountName: 'robot', containers: [{ name: 'c', image: 'nginx' }] } }) });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.status.message).toBe('pods "bot" is forbidden: error looking up service account default/robot: serviceaccount "robot" not found');
  });
});

describe('API server: deletion', () => {
  it('evicts a pod through the eviction subresource, gracefully', () => {
    const { ok, call } = newServer();
    ok({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('bound', { spec: { nodeName: 'worker-1', containers: [{ name: 'c', image: 'nginx' }] } }) });
    const r = ok({ verb: 'create', resource: 'pods', namespace: 'default', name: 'bound', subresource: 'eviction', body: { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: 'bound' }, deleteOptions: { gracePeriodSeconds: 5 } } });
    expect(r.status).toBe('Success');
    const p = ok({ verb: 'get', resource: 'pods', namespace: 'default', name: 'bound' });
    expect(p.metadata.deletionGracePeriodSeconds).toBe(5);
    const missing = call({ verb: 'create', resource: 'pods', namespace: 'default', name: 'ghost', subresource: 'eviction', body: {} });
    expect(missing.ok ? 200 : missing.status.code).toBe(404);
  });

  it('deletes an unscheduled pod at once, a scheduled one gracefully', () => {
    const { ok, call, tick } = newServer();
    ok({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('pending') });
    ok({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'pending' });
    expect(call({ verb: 'get', resource: 'pods', namespace: 'default', name: 'pending' }).ok).toBe(false);

    ok({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('bound', { spec: { nodeName: 'worker-1', containers: [{ name: 'c', image: 'nginx' }] } }) });
    tick(10_000);
    const marked = ok({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'bound' });
    expect(marked.metadata.deletionTimestamp).toBe('2025-01-01T00:00:40Z');
    expect(marked.metadata.deletionGracePeriodSeconds).toBe(30);
    // The kubelet confirms with grace 0.
    ok({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'bound', gracePeriodSeconds: 0 });
    expect(call({ verb: 'get', resource: 'pods', namespace: 'default', name: 'bound' }).ok).toBe(false);
  });

  it('keeps an object with finalizers until they are removed', () => {
    const { ok, call } = newServer();
    ok({ verb: 'create', resource: 'configmaps', namespace: 'default', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', finalizers: ['example.com/keep'] } } });
    const marked = ok({ verb: 'delete', resource: 'configmaps', namespace: 'default', name: 'c' });
    expect(marked.metadata.deletionTimestamp).toBeDefined();
    expect(call({ verb: 'get', resource: 'configmaps', namespace: 'default', name: 'c' }).ok).toBe(true);
    ok({ verb: 'patch', resource: 'configmaps', namespace: 'default', name: 'c', patchType: 'merge', body: { metadata: { finalizers: null } } });
    expect(call({ verb: 'get', resource: 'configmaps', namespace: 'default', name: 'c' }).ok).toBe(false);
  });

  it('marks foreground and orphan deletions with their finalizers', () => {
    const { ok } = newServer();
    const rs = (name: string) => ({
      apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name },
      spec: { selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } }
    });
    ok({ verb: 'create', resource: 'replicasets', namespace: 'default', body: rs('fg') });
    ok({ verb: 'create', resource: 'replicasets', namespace: 'default', body: rs('or') });
    expect(ok({ verb: 'delete', resource: 'replicasets', namespace: 'default', name: 'fg', propagationPolicy: 'Foreground' }).metadata.finalizers).toEqual(['foregroundDeletion']);
    expect(ok({ verb: 'delete', resource: 'replicasets', namespace: 'default', name: 'or', propagationPolicy: 'Orphan' }).metadata.finalizers).toEqual(['orphan']);
  });

  it('puts a deleted namespace into Terminating and refuses new content', () => {
    const { ok, call } = newServer();
    ok({ verb: 'create', resource: 'namespaces', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' } } });
    const ns = ok({ verb: 'delete', resource: 'namespaces', name: 'shop' });
    expect(ns.status.phase).toBe('Terminating');
    const r = call({ verb: 'create', resource: 'pods', namespace: 'shop', body: pod('x') });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.status.message).toBe('pods "x" is forbidden: unable to create new content in namespace shop because it is being terminated');
    const def = call({ verb: 'delete', resource: 'namespaces', name: 'default' });
    expect(def.ok).toBe(false);
  });
});

describe('API server: watch', () => {
  it('streams ADDED, MODIFIED and DELETED of shared frozen objects, filtered', () => {
    const { server, ok } = newServer();
    const seen: string[] = [];
    const objs: any[] = [];
    server.watch({ verb: 'watch', resource: 'pods', namespace: 'default', resourceVersion: String(server.store.resourceVersion), labelSelector: 'app=web' }, (e) => {
      seen.push(`${e.type} ${e.object.metadata.name}`);
      objs.push(e.object);
    });
    const created = ok({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('a') });
    ok({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('b', { metadata: { labels: { app: 'db' } } }) });
    ok({ verb: 'patch', resource: 'pods', namespace: 'default', name: 'a', patchType: 'merge', body: { metadata: { annotations: { x: 'y' } } } });
    ok({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'a' });
    expect(seen).toEqual(['ADDED a', 'MODIFIED a', 'DELETED a']);
    expect(objs[0]).toBe(created);
    expect(Object.isFrozen(objs[0].metadata)).toBe(true);
  });

  it('resumes from a resourceVersion and answers 410 Gone when it is too old', () => {
    const { server, ok } = newServer({ watchHistory: 5 });
    const start = server.store.resourceVersion;
    for (let i = 0; i < 3; i++) ok({ verb: 'create', resource: 'configmaps', namespace: 'default', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `c${i}` } } });
    const resumed: string[] = [];
    const r1 = server.watch({ verb: 'watch', resource: 'configmaps', resourceVersion: String(start + 1) }, (e) => resumed.push(e.object.metadata.name));
    expect(r1.ok).toBe(true);
    expect(resumed).toEqual(['c1', 'c2']);
    for (let i = 3; i < 12; i++) ok({ verb: 'create', resource: 'configmaps', namespace: 'default', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `c${i}` } } });
    const r2 = server.watch({ verb: 'watch', resource: 'configmaps', resourceVersion: String(start + 1) }, () => {});
    expect(r2.ok).toBe(false);
    if (!r2.ok) {
      expect(r2.status.code).toBe(410);
      expect(r2.status.reason).toBe('Expired');
      expect(r2.status.message).toMatch(/^too old resource version: \d+ \(\d+\)$/);
    }
  });

  it('hands a pod to the watches of its node only, in the order every watch started', () => {
    const { server, ok } = newServer();
    const seen: string[] = [];
    const rv = () => String(server.store.resourceVersion);
    const watch = (name: string, fieldSelector?: string) => {
      const r = server.watch({ verb: 'watch', resource: 'pods', resourceVersion: rv(), fieldSelector }, (e) => seen.push(`${name} ${e.type} ${e.object.metadata.name}`));
      if (!r.ok) throw new Error(r.status.message);
      return r.id;
    };
    // Started in this order: kubelets of two nodes between watches of every pod.
    watch('all-1');
    const n1 = watch('node-1', 'spec.nodeName=node-1');
    watch('all-2', 'status.phase!=Failed');
    watch('node-2', 'spec.nodeName=node-2,status.phase!=Succeeded');
    watch('unbound', 'spec.nodeName=');
    ok({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('a', { spec: { nodeName: 'node-1' } }) });
    ok({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('b', { spec: { nodeName: 'node-2' } }) });
    ok({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('c') });
    expect(seen).toEqual(['all-1 ADDED a', 'node-1 ADDED a', 'all-2 ADDED a', 'all-1 ADDED b', 'all-2 ADDED b', 'node-2 ADDED b', 'all-1 ADDED c', 'all-2 ADDED c', 'unbound ADDED c']);
    // A stopped watch hears nothing more; the other watches of the pod still do, in order.
    seen.length = 0;
    server.stopWatch(n1);
    expect(server.store.watcherCount()).toBe(4);
    ok({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'a', gracePeriodSeconds: 0 });
    expect(seen).toEqual(['all-1 DELETED a', 'all-2 DELETED a']);
  });

  it('sends BOOKMARK events to watches that asked for them', () => {
    const { server, ok } = newServer();
    const types: string[] = [];
    server.watch({ verb: 'watch', resource: 'pods', resourceVersion: String(server.store.resourceVersion), allowWatchBookmarks: true }, (e) => types.push(e.type));
    server.watch({ verb: 'watch', resource: 'pods', resourceVersion: String(server.store.resourceVersion) }, (e) => types.push('plain:' + e.type));
    ok({ verb: 'create', resource: 'configmaps', namespace: 'default', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } } });
    server.sendBookmarks();
    expect(types).toEqual(['BOOKMARK']);
  });
});

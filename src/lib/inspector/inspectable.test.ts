import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { KObject } from '../bridge/deltas';
import { controlledLinks, INSPECTABLE, isInspectable, ownerLinks, resourceOfKind, summaryOf } from './inspectable';
import { toDescribe } from './to-yaml';

// Real objects: `kubectl create deployment web --image=nginx --replicas=3`, `kubectl expose
// deployment web --port=80`, `sim advance 20s`, then `kubectl get deploy,rs,svc,endpointslices,pods
// -l app=web -o json` in the kubarium CLI (managedFields dropped).
const items = JSON.parse(readFileSync(new URL('./fixtures/web.json', import.meta.url), 'utf8')) as KObject[];
const RESOURCE: Record<string, string> = { Deployment: 'deployments', ReplicaSet: 'replicasets', Service: 'services', EndpointSlice: 'endpointslices', Pod: 'pods' };
const resources = new Map<string, Map<string, KObject>>();
for (const o of items) {
  const r = RESOURCE[o.kind];
  if (!resources.has(r)) resources.set(r, new Map());
  resources.get(r)!.set(`${o.metadata.namespace}/${o.metadata.name}`, o);
}
const one = (r: string) => [...resources.get(r)!.values()][0];
const deploy = one('deployments');
const rs = one('replicasets');
const svc = one('services');
const pods = [...resources.get('pods')!.values()];

describe('summaryOf', () => {
  it.each([
    ['deployments', deploy, '3/3 ready · 3 up-to-date · 3 available'],
    ['replicasets', rs, '3 current / 3 desired · 3 ready'],
    ['services', svc, `ClusterIP ${svc.spec.clusterIP} · 80/TCP · 3/3 endpoints ready`],
    ['pods', pods[0], `Running · 1/1 ready · on ${pods[0].spec.nodeName} · ${pods[0].status.podIP}`],
    ['jobs', { kind: 'Job', spec: { completions: 2 }, status: { succeeded: 1, active: 1 } }, 'Running · 1/2 completions · 1 active'],
    ['jobs', { kind: 'Job', spec: {}, status: { succeeded: 1, conditions: [{ type: 'Complete', status: 'True' }] } }, 'Complete · 1/1 completions'],
    ['statefulsets', { kind: 'StatefulSet', spec: { replicas: 3 }, status: { readyReplicas: 2, currentReplicas: 3, updatedReplicas: 3 } }, '2/3 ready · 3 current · 3 up-to-date'],
    ['daemonsets', { kind: 'DaemonSet', spec: {}, status: { desiredNumberScheduled: 3, currentNumberScheduled: 3, numberReady: 2, updatedNumberScheduled: 3, numberAvailable: 2 } }, '3 desired · 3 current · 2 ready · 3 up-to-date · 2 available'],
    ['cronjobs', { kind: 'CronJob', spec: { schedule: '*/5 * * * *', suspend: true }, status: {} }, '*/5 * * * * · 0 active · suspended'],
    ['configmaps', { kind: 'ConfigMap' }, '']
  ])('%s: %s', (resource, object, want) => {
    expect(summaryOf(resource, object as KObject, resources)).toBe(want);
  });

  it('a Service without EndpointSlices has no endpoints; a new Deployment nothing ready', () => {
    expect(summaryOf('services', svc, new Map())).toBe(`ClusterIP ${svc.spec.clusterIP} · 80/TCP · no endpoints`);
    expect(summaryOf('deployments', { ...deploy, status: {} }, resources)).toBe('0/3 ready · 0 up-to-date · 0 available');
  });
});

describe('links', () => {
  it('a pod: its ReplicaSet and that ReplicaSet’s Deployment, outermost first', () => {
    expect(ownerLinks(pods[0], resources)).toEqual([
      { resource: 'deployments', key: 'default/web', kind: 'Deployment', name: 'web' },
      { resource: 'replicasets', key: `default/${rs.metadata.name}`, kind: 'ReplicaSet', name: rs.metadata.name }
    ]);
    expect(ownerLinks(rs, resources)).toEqual([{ resource: 'deployments', key: 'default/web', kind: 'Deployment', name: 'web' }]);
    expect(ownerLinks(deploy, resources)).toEqual([]);
  });

  it('a static pod: its Node, by name', () => {
    const mirror = { kind: 'Pod', metadata: { name: 'etcd-control-plane', namespace: 'kube-system', ownerReferences: [{ kind: 'Node', name: 'control-plane', controller: true }] } };
    expect(ownerLinks(mirror, resources)).toEqual([{ resource: 'nodes', key: 'control-plane', kind: 'Node', name: 'control-plane' }]);
  });

  it('what a ReplicaSet, a Deployment and a Service lead to', () => {
    const podKeys = pods.map((p) => `default/${p.metadata.name}`).sort();
    expect(controlledLinks('replicasets', rs, resources)).toEqual({ title: 'Pods', total: 3, links: podKeys.map((key) => ({ resource: 'pods', key, kind: 'Pod', name: key.slice(8) })) });
    expect(controlledLinks('deployments', deploy, resources)).toEqual({ title: 'ReplicaSets', total: 1, links: [{ resource: 'replicasets', key: `default/${rs.metadata.name}`, kind: 'ReplicaSet', name: rs.metadata.name }] });
    const endpoints = controlledLinks('services', svc, resources, 2)!;
    expect(endpoints.title).toBe('Endpoints');
    expect(endpoints.total).toBe(3);
    expect(endpoints.links.map((l) => l.key)).toEqual(podKeys.slice(0, 2));
    expect(controlledLinks('pods', pods[0], resources)).toBeUndefined();
    expect(controlledLinks('configmaps', pods[0], resources)).toBeUndefined();
  });

  it('kinds and resources', () => {
    expect(resourceOfKind('ReplicaSet')).toBe('replicasets');
    expect(resourceOfKind('EndpointSlice')).toBeUndefined();
    expect(isInspectable('services')).toBe(true);
    expect(isInspectable('toString')).toBe(false);
    for (const [resource, { kind }] of Object.entries(INSPECTABLE)) expect(resourceOfKind(kind)).toBe(resource);
  });
});

describe('toDescribe from the mirror', () => {
  const ctx = { now: Date.parse('2025-01-01T00:00:22Z'), events: [], resources };
  it('a Service: its EndpointSlices’ addresses', async () => {
    const ips = pods.map((p) => `${p.status.podIP}:80`);
    const text = await toDescribe(svc, ctx);
    const line = /^Endpoints:\s+(.*)$/m.exec(text)![1];
    expect(line.split(',').sort()).toEqual(ips.sort());
  });
  it('a ReplicaSet: its pods by its selector', async () => {
    const text = await toDescribe(rs, ctx);
    expect(text).toMatch(/^Replicas:\s+3 current \/ 3 desired$/m);
    expect(text).toMatch(/^Pods Status:\s+3 Running \/ 0 Waiting \/ 0 Succeeded \/ 0 Failed$/m);
    expect(text).toMatch(/^Controlled By:\s+Deployment\/web$/m);
  });
  it('a Deployment: its ReplicaSets by its selector', async () => {
    const text = await toDescribe(deploy, ctx);
    expect(text).toMatch(/^Replicas:\s+3 desired \| 3 updated \| 3 total \| 3 available \| 0 unavailable$/m);
    expect(text).toMatch(new RegExp(`^NewReplicaSet:\\s+${rs.metadata.name} \\(3/3 replicas created\\)$`, 'm'));
  });
});

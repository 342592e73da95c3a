import { describe, expect, it } from 'vitest';
import { inProcessHosts } from '../../sim/cluster/cluster';
import { ClusterSession, kubeletsPerHost, MAX_KUBELET_HOSTS } from './cluster-session';

describe('ClusterSession mirror', () => {
  it('keeps only the newest Events (by last change) for the page; kubectl get events still lists every one', async () => {
    const session = new ClusterSession({ seed: 3, workers: 2, eventsKept: 4, hostFactory: inProcessHosts, print: () => {}, onDirty: () => {} });
    await session.boot();
    await session.console.exec('kubectl create deployment web --image=nginx --replicas=3');
    for (let i = 0; i < 20; i++) await session.cluster.conductor.runUntil(session.now + 1000);
    const listed = JSON.parse((await session.console.exec('kubectl get events -A -o json')).output).items as { metadata: { namespace: string; name: string; resourceVersion: string } }[];
    expect(listed.length).toBeGreaterThan(10);
    const mirrored = [...session.objects.values()].filter((c) => c.resource === 'events');
    expect(mirrored.length).toBe(4);
    // The four kept are the four changed last: the highest resourceVersions the API server has.
    const newest = listed.map((e) => Number(e.metadata.resourceVersion)).sort((a, b) => b - a).slice(0, 4);
    expect(mirrored.map((c) => Number(c.object.metadata.resourceVersion)).sort((a, b) => b - a)).toEqual(newest);
    // A reset sends just those; the other resources in full.
    const snapshot = session.snapshot();
    expect(snapshot.filter((c) => c.resource === 'events').length).toBe(4);
    expect(snapshot.filter((c) => c.resource === 'pods' && c.key.startsWith('default/web-')).length).toBe(3);
  }, 60_000);
});

describe('kubelet hosts of a big cluster', () => {
  it('50 kubelets per host up to 1,000 nodes, then at most 20 hosts (3,000 nodes: 150 each)', () => {
    expect(kubeletsPerHost(2)).toBe(50);
    expect(kubeletsPerHost(1000)).toBe(50);
    expect(kubeletsPerHost(3000)).toBe(150);
    expect(Math.ceil(3001 / kubeletsPerHost(3001))).toBeLessThanOrEqual(MAX_KUBELET_HOSTS);
  });
});

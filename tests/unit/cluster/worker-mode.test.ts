import { describe, expect, it } from 'vitest';
import { MessageChannel } from 'node:worker_threads';
import { Cluster, inProcessHosts, type HostFactory } from '../../../src/sim/cluster/cluster';
import { PortHostLink, serveHost } from '../../../src/sim/cluster/port-link';

/**
 * Worker mode in Node: every host sits behind a MessagePort (structured clone, asynchronous
 * delivery), exactly as between Web Workers. The trace must match in-process mode byte for byte.
 */
const portHosts: HostFactory = (kind, name, seed) => {
  const { port1, port2 } = new MessageChannel();
  serveHost(inProcessHosts(kind, name, seed), port2);
  return new PortHostLink(name, port1);
};

async function scenario(factory: HostFactory) {
  const cluster = new Cluster({ seed: 5, workers: 2 }, factory);
  expect(await cluster.waitForNodesReady()).toBe(true);
  const r = await cluster.request({ verb: 'create', resource: 'namespaces', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' } } });
  expect(r.ok).toBe(true);
  await cluster.request({ verb: 'create', resource: 'pods', namespace: 'shop', body: { apiVersion: 'v1', kind: 'Pod', metadata: { generateName: 'web-' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } });
  await cluster.advance(30_000);
  cluster.kubelet('worker-2', 'poweroff');
  await cluster.advance(30_000);
  const nodes = await cluster.request({ verb: 'list', resource: 'nodes' });
  return { trace: JSON.stringify(cluster.conductor.trace.list()), nodes: JSON.stringify(nodes), rounds: cluster.conductor.rounds };
}

describe('worker mode', () => {
  it('gives the same trace as in-process mode for the same seed', async () => {
    const inProcess = await scenario(inProcessHosts);
    const overPorts = await scenario(portHosts);
    expect(inProcess.trace.length).toBeGreaterThan(5_000);
    expect(overPorts.trace).toBe(inProcess.trace);
    expect(overPorts.nodes).toBe(inProcess.nodes);
    expect(overPorts.rounds).toBe(inProcess.rounds);
  });
});

/** An HPA scaling a busy Deployment: the controller manager asks the kubelet hosts for usage across ports too. */
async function autoscaled(factory: HostFactory) {
  const cluster = new Cluster({ seed: 5, workers: 2 }, factory);
  expect(await cluster.waitForNodesReady()).toBe(true);
  const labels = { app: 'spin' };
  const container = { name: 'spin', image: 'busybox', command: ['sh', '-c', 'while true; do :; done'], resources: { requests: { cpu: '100m' }, limits: { cpu: '100m' } } };
  await cluster.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'spin' }, spec: { selector: { matchLabels: labels }, template: { metadata: { labels }, spec: { containers: [container] } } } } });
  const hpa = { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'spin' }, spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'spin' }, maxReplicas: 4, metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }] } };
  await cluster.request({ verb: 'create', resource: 'horizontalpodautoscalers', namespace: 'default', body: hpa });
  await cluster.advance(90_000);
  const rescales = cluster.conductor.trace.list().filter((e) => e.kind === 'hpa.rescale').map((e) => `${e.from}->${e.to}`);
  return { trace: JSON.stringify(cluster.conductor.trace.list()), rescales };
}

describe('worker mode, autoscaling', () => {
  it('the HPA reads the same metrics and rescales the same way over ports', async () => {
    const inProcess = await autoscaled(inProcessHosts);
    const overPorts = await autoscaled(portHosts);
    expect(inProcess.rescales).toEqual(['1->2', '2->4']);
    expect(overPorts.rescales).toEqual(inProcess.rescales);
    expect(overPorts.trace).toBe(inProcess.trace);
  }, 60_000);
});

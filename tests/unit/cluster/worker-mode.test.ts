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

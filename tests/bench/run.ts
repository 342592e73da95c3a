/**
 * `npm run bench`: the numbers issue notes report. Wall-clock timing lives here, never in tests.
 *  1. API server throughput: creates/s with 100 watchers on the resource.
 *  2. Watch fan-out: one write delivered to 1,000 watchers in one host (shared frozen objects).
 *  3. Headless speed: virtual seconds per wall second for the default cluster and for 100 nodes.
 *  4. Worker-mode overhead: the same scenario in-process and with every host behind a MessagePort.
 */
import { performance } from 'node:perf_hooks';
import { MessageChannel } from 'node:worker_threads';
import { ApiServer } from '../../src/sim/apiserver/apiserver';
import { Rand } from '../../src/sim/kernel/rand';
import { Cluster, inProcessHosts, type HostFactory } from '../../src/sim/cluster/cluster';
import { PortHostLink, serveHost } from '../../src/sim/cluster/port-link';

function fmt(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(2)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)}k` : n.toFixed(1);
}

function report(name: string, value: string, goal?: string): void {
  console.log(`${name.padEnd(58)} ${value.padStart(14)}${goal ? `   (goal ${goal})` : ''}`);
}

function pod(i: number) {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: `p-${i}`, labels: { app: 'bench' } }, spec: { containers: [{ name: 'c', image: 'nginx:1.27', resources: { requests: { cpu: '100m', memory: '64Mi' } } }] } };
}

function apiThroughput(): void {
  const server = new ApiServer({ rand: new Rand(1), now: () => 0, trace: () => {} });
  server.bootstrap();
  let delivered = 0;
  for (let i = 0; i < 100; i++) server.watch({ verb: 'watch', resource: 'pods', resourceVersion: '1' }, () => delivered++);
  const n = 5000;
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const r = server.handle({ verb: 'create', resource: 'pods', namespace: 'default', body: pod(i), user: 'bench' });
    if (!r.ok) throw new Error(r.status.message);
  }
  const secs = (performance.now() - start) / 1000;
  report('API server: pod creates/s with 100 watchers', fmt(n / secs));
  report('  watch events delivered during it', fmt(delivered));
}

function fanOut(): void {
  const server = new ApiServer({ rand: new Rand(1), now: () => 0, trace: () => {} });
  server.bootstrap();
  const seen = new Set<object>();
  let delivered = 0;
  for (let i = 0; i < 1000; i++) {
    server.watch({ verb: 'watch', resource: 'configmaps', resourceVersion: '1' }, (e) => {
      delivered++;
      if (delivered <= 2000) seen.add(e.object);
    });
  }
  const writes = 2000;
  const start = performance.now();
  for (let i = 0; i < writes; i++) {
    server.handle({ verb: 'create', resource: 'configmaps', namespace: 'default', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `c-${i}` }, data: { k: 'v' } }, user: 'bench' });
  }
  const ms = performance.now() - start;
  report('watch fan-out: deliveries/s (1 write -> 1,000 watchers)', fmt(delivered / (ms / 1000)), '>= 1M/s');
  report('  wall time per write reaching 1,000 watchers (ms)', (ms / writes).toFixed(3), '<= 1 ms');
  report('  distinct objects seen by the first 2 writes\' watchers', String(seen.size), '2 (shared, never cloned)');
}

async function headless(workers: number, virtualMs: number): Promise<void> {
  const cluster = new Cluster({ seed: 1, workers });
  await cluster.waitForNodesReady(120_000);
  // Let the add-ons settle (kube-proxy and the static pods start), then measure the idle cluster.
  await cluster.advance(60_000);
  const v0 = cluster.now;
  const start = performance.now();
  await cluster.advance(virtualMs);
  const wall = (performance.now() - start) / 1000;
  report(`headless speed, ${workers + 1} nodes idle (system pods only): virtual s per wall s`, fmt((cluster.now - v0) / 1000 / wall));
}

const portHosts: HostFactory = (kind, name, seed) => {
  const { port1, port2 } = new MessageChannel();
  serveHost(inProcessHosts(kind, name, seed), port2);
  return new PortHostLink(name, port1);
};

async function workerOverhead(): Promise<void> {
  const run = async (factory: HostFactory) => {
    const cluster = new Cluster({ seed: 3, workers: 10 }, factory);
    await cluster.waitForNodesReady(120_000);
    const rounds0 = cluster.conductor.rounds;
    const start = performance.now();
    await cluster.advance(600_000);
    return { wall: performance.now() - start, rounds: cluster.conductor.rounds - rounds0, hosts: cluster.conductor.hostNames().length };
  };
  const a = await run(inProcessHosts);
  const b = await run(portHosts);
  report('worker mode (MessagePort per host) vs in-process: wall ms', `${b.wall.toFixed(0)} vs ${a.wall.toFixed(0)}`);
  report('  lockstep overhead share of the worker-mode wall time', `${(((b.wall - a.wall) / b.wall) * 100).toFixed(1)}%`);
  report('  conductor rounds (10 min virtual, 11 nodes)', String(b.rounds));
  report('  rounds per virtual second', (b.rounds / 600).toFixed(1));
  report('  overhead per round (all hosts stepped in parallel), µs', (((b.wall - a.wall) / b.rounds) * 1000).toFixed(1));
  report('  virtual s per wall s in worker mode', fmt(600 / (b.wall / 1000)));
}

/** Steady state with pods running: N worker nodes, 30 pods each (one Deployment), leases, PLEG, status. */
async function withPods(workers: number, steadyVirtualMs: number): Promise<void> {
  const cluster = new Cluster({ seed: 1, workers, kubeletsPerHost: 50 });
  await cluster.waitForNodesReady(300_000);
  const replicas = workers * 30;
  const heap0 = process.memoryUsage().heapUsed;
  const startUp = performance.now();
  const r = await cluster.request({
    verb: 'create', resource: 'deployments', namespace: 'default',
    body: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'bench' }, spec: { replicas, selector: { matchLabels: { app: 'bench' } }, template: { metadata: { labels: { app: 'bench' } }, spec: { containers: [{ name: 'c', image: 'registry.k8s.io/pause:3.10' }] } } } }
  });
  if (!r.ok) throw new Error(r.status.message);
  // Let every pod start (virtual time), then measure a steady stretch.
  let running = 0;
  for (let i = 0; i < 60 && running < replicas; i++) {
    await cluster.advance(10_000);
    const pods = await cluster.request({ verb: 'list', resource: 'pods', namespace: 'default', fieldSelector: 'status.phase=Running' });
    running = pods.ok ? pods.object.items.length : 0;
  }
  const startUpWall = (performance.now() - startUp) / 1000;
  const v0 = cluster.now;
  const start = performance.now();
  await cluster.advance(steadyVirtualMs);
  const wall = (performance.now() - start) / 1000;
  const heap = process.memoryUsage().heapUsed - heap0;
  report(`${workers} nodes x 30 pods: pods Running / wanted`, `${running}/${replicas}`);
  report(`  wall s to start them all`, startUpWall.toFixed(1));
  report(`  steady state: virtual s per wall s`, fmt((cluster.now - v0) / 1000 / wall), workers >= 100 ? '>= 300x' : '>= 1000x');
  report(`  heap per node (MB, incl. its pods)`, (heap / (workers + 1) / 1e6).toFixed(2));
}

console.log(`kubarium bench — node ${process.version}, ${new Date().toISOString()}`);
apiThroughput();
fanOut();
await headless(2, 600_000);
await headless(99, 120_000);
await workerOverhead();
await withPods(10, 600_000);
await withPods(100, 120_000);

/**
 * `npm run bench`: the numbers issue notes report. Wall-clock timing lives here, never in tests.
 * `npm run bench` runs this file bundled by esbuild without keepNames, as the page's build runs
 * the simulation (tests/bench/bundle.mjs: tsx's keepNames wrappers cost ~10% of a probe-heavy
 * steady state); `node --import tsx tests/bench/run.ts` still works, with that overhead.
 *  1. API server throughput: creates/s with 100 watchers on the resource.
 *  2. Watch fan-out: one write delivered to 1,000 watchers in one host (shared frozen objects).
 *  3. Headless speed: virtual seconds per wall second for the default cluster and for 100 nodes.
 *  4. Worker-mode overhead: the same scenario in-process and with every host behind a MessagePort.
 *  5. Scheduler throughput: the scheduling algorithm with the default plugins driven directly (no
 *     API server): 1,000 and 5,000 fake nodes, 10,000 pending pods, adaptive
 *     percentageOfNodesToScore. `npm run bench -- --scheduler` runs only this part
 *     (BENCH_SCHEDULER_NODES=1000|5000 one size, BENCH_SCHEDULER_BUDGET_MS the wall budget per size).
 *     pods/s is given per wall second and per second of this process's CPU time (on a shared,
 *     loaded machine the wall figure also counts other processes' turns).
 *  8. Embed (last in `npm run bench` when build/ exists; alone with `npm run bench -- --embed`, tests/bench/embed.mjs): /embed's first-load JS (gzip) and
 *     the time to its first animated frame at 1x and 4x CPU throttling, direct and sandboxed.
 *  7. Frames (`npm run bench -- --frames`, tests/bench/frames.mjs): the page in headless Chromium,
 *     10 / 100 / 1,000 nodes x 10 pods at 10x: frame time p50/p95, fps, main-thread long tasks.
 *  6. Probes: the 30-pods-per-node clusters again with three probes per container (exec, httpGet,
 *     tcpSocket, every 10 s), against the same clusters without probes. `npm run bench -- --probes`
 *     runs only this part (BENCH_PROBE_NODES=100,1000 picks the sizes; BENCH_CPU_PROFILE=DIR
 *     profiles each steady stretch, or with BENCH_ALLOC_PROFILE=all|promoted samples what it
 *     allocates instead; BENCH_PROBE_BASELINE=0 skips the cluster without probes).
 *  8. Metrics store: the 10 and 100 node x 30 pod clusters with and without the store scraping
 *     every kubelet's /metrics and /metrics/cadvisor every 15 s. `npm run bench -- --metrics` runs
 *     only this part (BENCH_METRICS_NODES=10,100 picks the sizes).
 *  7. Time travel: the wall time to replay 1 and 10 minutes of the default cluster with a
 *     Deployment (boot from the seed, then the input log), as the timeline does when scrubbed.
 *     `npm run bench -- --replay` runs only this part.
 */
import { performance } from 'node:perf_hooks';
import { MessageChannel } from 'node:worker_threads';
import { ApiServer } from '../../src/sim/apiserver/apiserver';
import { Rand } from '../../src/sim/kernel/rand';
import { Cluster, inProcessHosts, type HostFactory } from '../../src/sim/cluster/cluster';
import { PortHostLink, serveHost } from '../../src/sim/cluster/port-link';
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { SchedulerCache } from '../../src/sim/scheduler/cache';
import { ScheduleAlgorithm, numFeasibleNodesToFind } from '../../src/sim/scheduler/schedule-one';
import { Attempt } from '../../src/sim/scheduler/explain';
import { DefaultSchedulerName, DefaultWeights, Framework, defaultPlugins } from '../../src/sim/scheduler/framework/framework';
import type { Handle } from '../../src/sim/scheduler/framework/interfaces';
import { CycleState, newPodInfo, podKey } from '../../src/sim/scheduler/framework/types';
import { PlaygroundService } from '../../src/lib/bridge/playground-service';

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

/** How many steady stretches withPods measures (BENCH_STEADY_STRETCHES, default 3). */
const STEADY_STRETCHES = Number(process.env.BENCH_STEADY_STRETCHES ?? 3);

/**
 * BENCH_CPU_PROFILE=DIR: a V8 CPU profile of each steady stretch of withPods (the boot left out),
 * written to DIR/<nodes>-nodes-<label>.cpuprofile (open in Chrome DevTools' Performance panel).
 * With BENCH_ALLOC_PROFILE=all, a sampling heap profile instead (.heapprofile, DevTools' Memory
 * panel): every allocation, the scavenges' work; =promoted leaves out what died in the young
 * generation: what was copied into the old one, whose growth brings the major GCs of a big heap.
 */
async function startProfile(): Promise<{ stop(name: string): Promise<void> } | undefined> {
  const dir = process.env.BENCH_CPU_PROFILE;
  if (!dir) return undefined;
  const { Session } = await import('node:inspector/promises');
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  const alloc = process.env.BENCH_ALLOC_PROFILE;
  if (alloc === 'all' || alloc === 'promoted') {
    await session.post('HeapProfiler.enable');
    // (Both flags are V8's; @types/node's parameter type lacks them.)
    await session.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: alloc === 'all' } as object);
    return {
      async stop(name) {
        const { profile } = await session.post('HeapProfiler.stopSampling');
        session.disconnect();
        mkdirSync(dir, { recursive: true });
        writeFileSync(`${dir}/${name}-${alloc}.heapprofile`, JSON.stringify(profile));
      }
    };
  }
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(name) {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      mkdirSync(dir, { recursive: true });
      writeFileSync(`${dir}/${name}.cpuprofile`, JSON.stringify(profile));
    }
  };
}

/** nginx with an exec, an httpGet and a tcpSocket probe (the defaults: every 10 s, timeout 1 s). */
const PROBED_CONTAINER = {
  name: 'c',
  image: 'nginx:1.27',
  livenessProbe: { exec: { command: ['true'] } },
  readinessProbe: { httpGet: { path: '/', port: 80 } },
  startupProbe: { tcpSocket: { port: 80 } }
};

/** Steady state with pods running: N worker nodes, 30 pods each (one Deployment), leases, PLEG, status. */
async function withPods(workers: number, steadyVirtualMs: number, container: object = { name: 'c', image: 'registry.k8s.io/pause:3.10' }, label = '', settleVirtualMs = 0, metrics = false): Promise<number> {
  // 10.244.0.0/16 holds 256 nodes' /24s: a bigger cluster needs a bigger pod subnet, as kubeadm's would.
  const cluster = new Cluster({ seed: 1, workers, kubeletsPerHost: 50, metrics, ...(workers > 255 ? { podSubnet: '10.0.0.0/8' } : {}) });
  await cluster.waitForNodesReady(300_000);
  const replicas = workers * 30;
  const heap0 = process.memoryUsage().heapUsed;
  const startUp = performance.now();
  // One Deployment per 3,000 replicas, each in its own namespace (the ReplicaSet controller's claim
  // walks its namespace's pods recursively: past ~5,000 pods the stack overflows).
  const namespaces: string[] = [];
  for (let d = 0; d * 3000 < replicas; d++) {
    const name = d === 0 ? 'bench' : `bench-${d}`;
    const namespace = d === 0 ? 'default' : name;
    namespaces.push(namespace);
    if (d > 0) await cluster.request({ verb: 'create', resource: 'namespaces', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } } });
    const r = await cluster.request({
      verb: 'create', resource: 'deployments', namespace,
      body: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name }, spec: { replicas: Math.min(3000, replicas - d * 3000), selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [container] } } } }
    });
    if (!r.ok) throw new Error(r.status.message);
  }
  // Let every pod start (virtual time), then measure a steady stretch.
  let running = 0;
  for (let i = 0; i < 60 && running < replicas; i++) {
    await cluster.advance(10_000);
    running = 0;
    for (const namespace of namespaces) {
      const pods = await cluster.request({ verb: 'list', resource: 'pods', namespace, fieldSelector: 'status.phase=Running' });
      running += pods.ok ? pods.object.items.length : 0;
    }
  }
  const startUpWall = (performance.now() - startUp) / 1000;
  // Probed pods turn Ready a probe period after Running (startup, then readiness): let that settle first.
  if (settleVirtualMs > 0) await cluster.advance(settleVirtualMs);
  const v0 = cluster.now;
  const profiler = await startProfile();
  const start = performance.now();
  // Three steady stretches, the median taken: a stretch of a small cluster is well under a CPU
  // second, and one major GC falling in it or not moves it by a third.
  const cpuSpeeds: number[] = [];
  let cpuSeconds = 0;
  for (let i = 0; i < STEADY_STRETCHES; i++) {
    const t0 = cluster.now;
    const cpu0 = process.cpuUsage();
    await cluster.advance(steadyVirtualMs);
    const cpu = process.cpuUsage(cpu0);
    // Per second of this process's CPU time (GC threads included): on a shared, loaded machine the
    // wall figure also counts other processes' turns. The goals are read on this one.
    cpuSpeeds.push((cluster.now - t0) / 1000 / ((cpu.user + cpu.system) / 1e6));
    cpuSeconds += (cpu.user + cpu.system) / 1e6;
  }
  await profiler?.stop(`${workers}-nodes${label.replace(/\W+/g, '-')}`);
  const wall = (performance.now() - start) / 1000;
  const heap = process.memoryUsage().heapUsed - heap0;
  const speed = (cluster.now - v0) / 1000 / wall;
  const cpuSpeed = [...cpuSpeeds].sort((a, b) => a - b)[Math.floor(cpuSpeeds.length / 2)];
  report(`${workers} nodes x 30 pods${label}: pods Running / wanted`, `${running}/${replicas}`);
  report(`  wall s to start them all`, startUpWall.toFixed(1));
  report(`  steady state: virtual s per wall s`, fmt(speed));
  report(`  steady state: virtual s per CPU s (median of ${cpuSpeeds.map(fmt).join(' / ')})`, fmt(cpuSpeed), label ? (workers >= 1000 ? '>= 50x' : undefined) : workers >= 100 ? '>= 300x' : '>= 1000x');
  // All the stretches together: a major GC of a big heap lands in one stretch or none, which the median leaves out.
  report(`  steady state: virtual s per CPU s, all ${STEADY_STRETCHES} stretches together`, fmt((cluster.now - v0) / 1000 / cpuSeconds));
  report(`  heap per node (MB, incl. its pods)`, (heap / (workers + 1) / 1e6).toFixed(2));
  const store = cluster.metrics;
  if (store) {
    report(`  metrics store: series kept (cap) / samples / samples dropped`, `${store.seriesCount} (${store.maxSeries}) / ${store.sampleCount()} / ${store.droppedSamples}`);
    report(`  scrapes (every 15 s) / failed parses`, `${cluster.scraper!.scrapes} / ${cluster.scraper!.failedParses}`);
  }
  return cpuSpeed;
}

/** The cost of probing: the same cluster with and without three probes per container. */
async function probeCost(workers: number, steadyVirtualMs: number): Promise<void> {
  try {
    // BENCH_PROBE_BASELINE=0: the probed cluster only (a profile of it takes half the time).
    const nginx = process.env.BENCH_PROBE_BASELINE === '0' ? undefined : await withPodsApart(workers, steadyVirtualMs, 'nginx');
    const probed = await withPodsApart(workers, steadyVirtualMs, 'probed');
    if (nginx) report(`  probes: speed (per CPU s) with / without`, `${((probed / nginx) * 100).toFixed(0)}%`);
  } catch (e) {
    report(`${workers} nodes x 30 pods with probes: cannot boot`, (e as Error).message.slice(0, 40));
  }
}

const WITH_PODS_VARIANTS = {
  nginx: { container: { name: 'c', image: 'nginx:1.27' }, label: ' (nginx, no probes)' },
  probed: { container: PROBED_CONTAINER, label: ' (nginx, exec+http+tcp probes)' }
} as const;

/**
 * withPods in a process of its own (this bundle again, `--with-pods N MS VARIANT`), as a page runs
 * a cluster in a fresh worker: a cluster measured after another in the same process is not
 * measured alone. The probed 1,000-node cluster ran at 44x after the one without probes, and at
 * 57x alone (at 300 nodes the order made no difference: 213.5x and 213.9x). Its report lines
 * pass through; its last line is the speed.
 */
async function withPodsApart(workers: number, steadyVirtualMs: number, variant: keyof typeof WITH_PODS_VARIANTS): Promise<number> {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1], '--with-pods', String(workers), String(steadyVirtualMs), variant], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  let speed = NaN;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    out += chunk;
    const lines = out.split('\n');
    out = lines.pop()!;
    for (const line of lines) {
      if (line.startsWith(SPEED_LINE)) speed = Number(line.slice(SPEED_LINE.length));
      else console.log(line);
    }
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0 || Number.isNaN(speed)) throw new Error(`the ${variant} cluster's process failed (exit ${code})`);
  return speed;
}

const SPEED_LINE = 'with-pods speed ';

/**
 * One scheduling cycle per pod as Scheduler.scheduleOne runs it (the same ScheduleAlgorithm:
 * PreFilter, Filter from the rotating start index until numFeasibleNodesToFind, PreScore, Score,
 * selectHost, the explain record; then assume + Reserve + Permit), against a SchedulerCache filled
 * with fake nodes.
 * Binding is left out: there is no API server; the assumed pod stays counted on its node.
 */
function schedulerThroughput(nodes: number, pods: number, budgetMs: number): void {
  const cache = new SchedulerCache();
  const zones = ['zone-a', 'zone-b', 'zone-c'];
  for (let i = 0; i < nodes; i++) {
    const name = `node-${i}`;
    const node: Node = {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name, labels: { 'kubernetes.io/hostname': name, 'kubernetes.io/os': 'linux', 'topology.kubernetes.io/zone': zones[i % 3] } },
      spec: {},
      status: { capacity: { cpu: '32', memory: '128Gi', pods: '110' }, allocatable: { cpu: '32', memory: '128Gi', pods: '110' }, conditions: [{ type: 'Ready', status: 'True' }] }
    };
    cache.addNode(node);
  }
  const rand = new Rand(1);
  let framework!: Framework;
  const handle: Handle = {
    nodeInfos: () => cache.nodeList(),
    nodeInfo: (name) => cache.nodeInfo(name),
    havePodsWithAffinityNodeInfos: () => cache.havePodsWithAffinityNodeInfos(),
    havePodsWithRequiredAntiAffinityNodeInfos: () => cache.havePodsWithRequiredAntiAffinityNodeInfos(),
    bind: (_pod, _node, done) => done(undefined),
    runFilterPlugins: (state, pod, ni) => framework.runFilterPlugins(state, pod, ni),
    preempt: () => {}
  };
  const profile = { schedulerName: DefaultSchedulerName, percentageOfNodesToScore: 0 };
  framework = new Framework(defaultPlugins(handle, profile), DefaultWeights);
  const pending: Pod[] = [];
  for (let i = 0; i < pods; i++) {
    const app = `app-${i % 50}`;
    pending.push({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: `p-${i}`, namespace: 'default', uid: `uid-${i}`, labels: { app }, creationTimestamp: '2025-01-01T00:00:00Z' },
      spec: { schedulerName: DefaultSchedulerName, containers: [{ name: 'c', image: 'registry.k8s.io/pause:3.10', resources: { requests: { cpu: '100m', memory: '128Mi' } } }] },
      status: { phase: 'Pending' }
    });
  }
  // upstream: the activeQ pops by PrioritySort (priority, then queue time): all equal here.
  pending.sort((a, b) => (framework.queueSort.less({ pod: a, timestamp: 0, attempts: 1 } as never, { pod: b, timestamp: 0, attempts: 1 } as never) ? -1 : 1));
  const algorithm = new ScheduleAlgorithm(cache, rand);
  const latencies: number[] = [];
  let scheduled = 0;
  let failed = 0;
  let evaluated = 0;
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  for (const pod of pending) {
    const t0 = performance.now();
    const state = new CycleState();
    state.podInfo = newPodInfo(pod);
    // The same record the Scheduler keeps for `sim explain pod` (verdicts expanded only when asked).
    const rec = new Attempt(podKey(pod), 0, 1);
    const result = algorithm.schedulePod(framework, profile.percentageOfNodesToScore, state, pod, rec);
    evaluated += rec.feasible.length + (rec.statuses?.size ?? 0);
    if ('host' in result) {
      const host = result.host;
      cache.assumePod(pod, host, state.podInfo);
      const s = framework.runReservePlugins(state, pod, host);
      if (s.isSuccess() && framework.runPermitPlugins(state, pod, host).isSuccess()) scheduled++;
      else {
        framework.runUnreservePlugins(state, pod, host);
        cache.forgetPod(pod);
        failed++;
      }
    } else failed++;
    latencies.push(performance.now() - t0);
    if (performance.now() - start > budgetMs) break;
  }
  const wall = (performance.now() - start) / 1000;
  // CPU time of this process: on a loaded machine, wall time also counts other processes' turns.
  const cpu = process.cpuUsage(cpu0);
  const cpuSecs = (cpu.user + cpu.system) / 1e6;
  const sorted = [...latencies].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  const attempts = latencies.length;
  report(`scheduler: ${nodes} nodes, ${pods} pending pods: attempts done`, `${attempts}/${pods}${attempts < pods ? ' (budget)' : ''}`);
  report(`  nodes to find per cycle (adaptive %)`, `${numFeasibleNodesToFind(0, nodes)}`);
  report(`  nodes filtered per attempt (mean)`, (evaluated / attempts).toFixed(0));
  report(`  scheduled / failed`, `${scheduled}/${failed}`);
  report(`  pods/s (wall)`, fmt(attempts / wall), nodes >= 5000 ? '>= 5,000' : '>= 10,000');
  report(`  pods/s (process CPU time)`, fmt(attempts / cpuSecs));
  report(`  attempt latency p50 / p99 (ms)`, `${q(0.5).toFixed(2)} / ${q(0.99).toFixed(2)}`);
  if (attempts < pods) report(`  extrapolated wall s for all ${pods} pods`, ((wall * pods) / attempts).toFixed(1));
}

/**
 * The cost of the metrics store: the same N x 30 pods cluster with and without it (every
 * kubelet's /metrics and /metrics/cadvisor scraped and parsed every 15 s of virtual time).
 */
async function scrapeCost(workers: number, steadyVirtualMs: number): Promise<void> {
  const without = await withPods(workers, steadyVirtualMs, undefined, ' (no metrics store)');
  const withStore = await withPods(workers, steadyVirtualMs, undefined, ' (metrics store, 15 s scrapes)', 0, true);
  report(`  scraping costs (share of the steady-state CPU time)`, `${((1 - withStore / without) * 100).toFixed(1)}%`);
}

/** Replays `minutes` of a default cluster running a 3-replica Deployment (the page's clock ticking each virtual second). */
async function replayCost(minutes: number): Promise<void> {
  const service = new PlaygroundService();
  await service.boot({ seed: 1, workers: 2 });
  await service.exec('kubectl create deployment web --image=nginx --replicas=3');
  const liveStart = performance.now();
  for (let s = 0; s < minutes * 60; s++) await service.advance(1000);
  const liveWall = performance.now() - liveStart;
  const end = service.cluster.now;
  const t0 = performance.now();
  const past = await service.timeline.seek(end);
  const wall = performance.now() - t0;
  const mid = performance.now();
  service.timeline.returnToLive();
  await service.timeline.seek(end / 2);
  const midWall = performance.now() - mid;
  const fwd = performance.now();
  await service.timeline.seek(end);
  const fwdWall = performance.now() - fwd;
  report(`time travel: ${minutes} min run (live, 1 s ticks) wall ms`, liveWall.toFixed(0));
  report(`  replay to the end (boot + ${service.timeline.log.entries.length} inputs) ms`, wall.toFixed(0));
  report(`  replay to the middle ms`, midWall.toFixed(0));
  report(`  scrub forward middle -> end (replays on) ms`, fwdWall.toFixed(0));
  report(`  same pods as live`, String((await past.console.exec('kubectl get pods')).output === (await service.live.console.exec('kubectl get pods')).output));
}

const withPodsAt = process.argv.indexOf('--with-pods');
if (withPodsAt >= 0) {
  const [workers, steadyVirtualMs, variant] = process.argv.slice(withPodsAt + 1);
  const { container, label } = WITH_PODS_VARIANTS[variant as keyof typeof WITH_PODS_VARIANTS];
  console.log(SPEED_LINE + (await withPods(Number(workers), Number(steadyVirtualMs), container, label, 30_000)));
  process.exit(0);
}
console.log(`kubarium bench — node ${process.version}, ${new Date().toISOString()}`);
if (process.argv.includes('--scheduler')) {
  const budget = Number(process.env.BENCH_SCHEDULER_BUDGET_MS ?? 45_000);
  if (process.env.BENCH_SCHEDULER_NODES !== '5000') schedulerThroughput(1000, 10_000, budget);
  if (process.env.BENCH_SCHEDULER_NODES !== '1000') schedulerThroughput(5000, 10_000, budget);
  process.exit(0);
}
if (process.argv.includes('--frames')) {
  // The page in headless Chromium (tests/bench/frames.mjs): its own process, it needs a build.
  const { spawnSync } = await import('node:child_process');
  process.exit(spawnSync(process.execPath, ['tests/bench/frames.mjs'], { stdio: 'inherit' }).status ?? 1);
}
if (process.argv.includes('--embed')) {
  // /embed's first-load bytes and time to the first animated frame (tests/bench/embed.mjs): needs a build.
  const { spawnSync } = await import('node:child_process');
  process.exit(spawnSync(process.execPath, ['tests/bench/embed.mjs'], { stdio: 'inherit' }).status ?? 1);
}
if (process.argv.includes('--replay')) {
  await replayCost(1);
  await replayCost(10);
  process.exit(0);
}
if (process.argv.includes('--metrics')) {
  for (const n of (process.env.BENCH_METRICS_NODES ?? '10,100').split(',').map(Number)) await scrapeCost(n, 120_000);
  process.exit(0);
}
if (process.argv.includes('--probes')) {
  for (const n of (process.env.BENCH_PROBE_NODES ?? '100,1000').split(',').map(Number)) await probeCost(n, n >= 1000 ? 60_000 : 120_000);
  process.exit(0);
}
apiThroughput();
fanOut();
await headless(2, 600_000);
await headless(99, 120_000);
await workerOverhead();
await withPods(10, 600_000);
await withPods(100, 120_000);
schedulerThroughput(1000, 10_000, 45_000);
schedulerThroughput(5000, 10_000, 45_000);
await probeCost(100, 120_000);
await probeCost(1000, 60_000);
await replayCost(1);
await replayCost(10);
await scrapeCost(10, 120_000);
await scrapeCost(100, 120_000);
// /embed in headless Chromium needs a build; the frames bench (minutes per size) runs only with --frames.
{
  const { existsSync } = await import('node:fs');
  const { spawnSync } = await import('node:child_process');
  if (existsSync('build/embed.html')) spawnSync(process.execPath, ['tests/bench/embed.mjs'], { stdio: 'inherit' });
  else report('/embed first-load JS and first animated frame', 'skipped', 'needs a build: npx vite build');
}

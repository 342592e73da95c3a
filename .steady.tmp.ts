// N nodes x 30 pods (one Deployment per 3000), optional probes; measures steady virtual s per wall s and per CPU s.
import { performance } from 'node:perf_hooks';
import { Cluster } from './src/sim/cluster/cluster';
const N = Number(process.env.N ?? 100);
const PROBES = process.env.PROBES !== '0';
const STEADY = Number(process.env.STEADY ?? 60_000);
const container = PROBES
  ? { name: 'c', image: 'nginx:1.27', livenessProbe: { exec: { command: ['true'] } }, readinessProbe: { httpGet: { path: '/', port: 80 } }, startupProbe: { tcpSocket: { port: 80 } } }
  : { name: 'c', image: 'nginx:1.27' };
const t0 = performance.now(); const c0 = process.cpuUsage();
const cluster = new Cluster({ seed: 1, workers: N, kubeletsPerHost: 50, ...(N > 255 ? { podSubnet: '10.0.0.0/8' } : {}) });
await cluster.waitForNodesReady(600_000);
const lap = (what: string, t: number, c: NodeJS.CpuUsage) => { const cu = process.cpuUsage(c); console.log(`${what}: wall ${((performance.now() - t) / 1000).toFixed(1)} s cpu ${((cu.user + cu.system) / 1e6).toFixed(1)} s`); };
lap('nodes ready', t0, c0);
const { Session: S0 } = await import('node:inspector'); const s0 = new S0(); s0.connect(); const post0 = (m: string, a?: object) => new Promise<any>((res, rej) => s0.post(m, a ?? {}, (e, r) => e ? rej(e) : res(r)));
if (process.env.BOOTPROF) { await post0('Profiler.enable'); await post0('Profiler.setSamplingInterval', { interval: 500 }); await post0('Profiler.start'); }
const t1 = performance.now(); const c1 = process.cpuUsage();
const replicas = N * 30; const namespaces: string[] = [];
for (let d = 0; d * 3000 < replicas; d++) {
  const name = d === 0 ? 'bench' : `bench-${d}`; const namespace = d === 0 ? 'default' : name; namespaces.push(namespace);
  if (d > 0) await cluster.request({ verb: 'create', resource: 'namespaces', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } } });
  const r = await cluster.request({ verb: 'create', resource: 'deployments', namespace, body: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name }, spec: { replicas: Math.min(3000, replicas - d * 3000), selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [container] } } } } });
  if (!r.ok) throw new Error(r.status.message);
}
let running = 0;
for (let i = 0; i < 60 && running < replicas; i++) {
  await cluster.advance(10_000); running = 0;
  for (const namespace of namespaces) { const pods = await cluster.request({ verb: 'list', resource: 'pods', namespace, fieldSelector: 'status.phase=Running' }); running += pods.ok ? pods.object.items.length : 0; }
}
if (process.env.BOOTPROF) { const { profile } = await post0('Profiler.stop'); (await import('node:fs')).writeFileSync(process.env.BOOTPROF, JSON.stringify(profile)); if (process.env.BOOTONLY) process.exit(0); }
lap(`pods running ${running}/${replicas}`, t1, c1);
await cluster.advance(30_000);
const { Session } = await import('node:inspector');
const sess = new Session(); sess.connect();
const post = (m: string, a?: object) => new Promise<any>((res, rej) => sess.post(m, a ?? {}, (e, r) => e ? rej(e) : res(r)));
if (process.env.PROF) { await post('Profiler.enable'); await post('Profiler.setSamplingInterval', { interval: 200 }); await post('Profiler.start'); }
const v0 = cluster.now; const t2 = performance.now(); const c2 = process.cpuUsage();
await cluster.advance(STEADY);
const wall = (performance.now() - t2) / 1000; const cu = process.cpuUsage(c2); const cpu = (cu.user + cu.system) / 1e6;
console.log(`steady N=${N} probes=${PROBES}: ${((cluster.now - v0) / 1000 / wall).toFixed(1)}x wall, ${((cluster.now - v0) / 1000 / cpu).toFixed(1)}x per CPU s (cpu ${cpu.toFixed(1)} s over ${(STEADY/1000)} virtual s)`);
if (process.env.PROF) { const { profile } = await post('Profiler.stop'); (await import('node:fs')).writeFileSync(process.env.PROF, JSON.stringify(profile)); }
process.exit(0);

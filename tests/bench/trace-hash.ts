/**
 * The determinism check of performance work: a seeded 10-node cluster with 30 probed nginx pods
 * per node (the bench's probe shape), 4 kubelets per pool host, run for 3 virtual minutes; every
 * trace event the conductor produces is hashed in order (JSON of each, keys as made). A change
 * that only makes the simulation faster must leave the hash byte-identical.
 * Usage: [TRACE_DUMP=FILE] node tests/bench/bundle.mjs tests/bench/trace-hash.ts [WORKERS] [VIRTUAL_MS]
 * The defaults print "10 nodes, 90416 trace events (998 probe failures), now 363000:
 * bd87d29fdf80e661846526cd6cc8ddf453f6cb4ef069018dd6d42503fa806df9" since watch events name the
 * object's namespace (53259e4d... before, the same events otherwise; before that, probe workers
 * sleeping (prober/worker.ts) changed same-instant order and the CRI latency draws: 4c17ac11...,
 * 90428 events). A change that means to alter the trace changes this line.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, writeFileSync } from 'node:fs';
import { Cluster } from '../../src/sim/cluster/cluster';

const workers = Number(process.argv[2] ?? 10);
const virtualMs = Number(process.argv[3] ?? 180_000);
const hash = createHash('sha256');
let events = 0;
let probeFailures = 0;
// TRACE_DUMP=FILE: every event as a line of JSON, to find where two traces part.
const dump = process.env.TRACE_DUMP;
if (dump) writeFileSync(dump, '');
const cluster = new Cluster({ seed: 7, workers, kubeletsPerHost: 4 });
cluster.conductor.onTrace = (batch) => {
  if (dump) appendFileSync(dump, batch.map((e) => JSON.stringify(e) + '\n').join(''));
  for (const e of batch) {
    hash.update(JSON.stringify(e));
    hash.update('\n');
    events++;
    if (e.kind.startsWith('probe.') && e.result === 'Failure') probeFailures++;
  }
};
await cluster.waitForNodesReady(300_000);
const container = {
  name: 'c',
  image: 'nginx:1.27',
  livenessProbe: { exec: { command: ['true'] } },
  readinessProbe: { httpGet: { path: '/', port: 80 } },
  startupProbe: { tcpSocket: { port: 80 } }
};
const r = await cluster.request({
  verb: 'create', resource: 'deployments', namespace: 'default',
  body: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'bench' }, spec: { replicas: workers * 30, selector: { matchLabels: { app: 'bench' } }, template: { metadata: { labels: { app: 'bench' } }, spec: { containers: [container] } } } }
});
if (!r.ok) throw new Error(r.status.message);
await cluster.advance(virtualMs);
// A failing readiness probe and a failing liveness probe too: patch one pod's nginx to 404 is not
// possible from here, so a second Deployment probes a port nothing listens on.
const failing = { ...container, name: 'f', livenessProbe: { tcpSocket: { port: 81 }, failureThreshold: 2 }, readinessProbe: { httpGet: { path: '/missing', port: 80 } } };
delete (failing as { startupProbe?: unknown }).startupProbe;
const r2 = await cluster.request({
  verb: 'create', resource: 'deployments', namespace: 'default',
  body: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'failing' }, spec: { replicas: workers, selector: { matchLabels: { app: 'failing' } }, template: { metadata: { labels: { app: 'failing' } }, spec: { containers: [failing] } } } }
});
if (!r2.ok) throw new Error(r2.status.message);
await cluster.advance(virtualMs);
console.log(`${workers} nodes, ${events} trace events (${probeFailures} probe failures), now ${cluster.now}: ${hash.digest('hex')}`);

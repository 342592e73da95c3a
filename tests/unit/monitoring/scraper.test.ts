/** The scrape loop over a real cluster: what /metrics says at that instant, and a trace unchanged by scraping. */
import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../src/sim/cluster/cluster';
import { Console } from '../../../src/sim/cluster/console';
import { isStale } from '../../../src/sim/monitoring/store';
import { APISERVER_KUBELET_CLIENT } from '../../../src/sim/kubelet/server/auth';

const SCRIPT = `kubectl create deployment web --image=nginx --replicas=3
sim advance 40s
sim kubelet stop worker-2
sim advance 30s`;

async function run(metrics: boolean) {
  const cluster = new Cluster({ seed: 3, workers: 2, metrics });
  await cluster.waitForNodesReady();
  await new Console(cluster).exec(SCRIPT);
  return cluster;
}

describe('MetricsScraper', () => {
  it('leaves the trace as it is without the store', async () => {
    const [off, on] = [await run(false), await run(true)];
    const strip = (c: Cluster) => c.conductor.trace.list().map((e) => JSON.stringify(e));
    expect(on.conductor.trace.size).toBeGreaterThan(1000);
    expect(strip(on)).toEqual(strip(off));
    expect(on.now).toBe(off.now);
  });

  it('scrapes every node every 15 s: running pods as /metrics says, up 0 once the kubelet stops', async () => {
    const cluster = await run(true);
    const store = cluster.metrics!;
    const pods = [...store.select('kubelet_running_pods')].sort((a, b) => (a.labels.instance < b.labels.instance ? -1 : 1));
    expect(pods.map((s) => s.labels.instance)).toEqual(['control-plane', 'worker-1', 'worker-2']);
    for (const s of pods) for (const t of s.t) expect(t % 15_000).toBe(0);
    // The last sample of worker-1 equals what its /metrics serves now (nothing changed since the last scrape at a 15 s mark).
    const last = cluster.now - (cluster.now % 15_000);
    const w1 = pods[1];
    expect(w1.t.at(-1)).toBe(last);
    const served = await cluster.kubeletRequest('worker-1', { method: 'GET', path: '/metrics', clientCertificate: APISERVER_KUBELET_CLIENT });
    const line = served.ok ? served.res.body.split('\n').find((l) => l.startsWith('kubelet_running_pods ')) : undefined;
    expect(line).toBe(`kubelet_running_pods ${w1.v.at(-1)}`);
    // worker-2's kubelet stopped at 40 s after boot + ready: its last sample is a staleness marker and up is 0.
    expect(isStale(pods[2].v.at(-1)!)).toBe(true);
    const up = [...store.select('up')].filter((s) => s.labels.instance === 'worker-2' && s.labels.job === 'kubelet')[0];
    expect(up.v.at(-1)).toBe(0);
    expect(up.v.slice(-4, -2)).toEqual([1, 1]);
    expect(store.names()).toContain('container_memory_working_set_bytes');
    expect(cluster.scraper!.failedParses).toBe(0);
  });
});

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

describe('sim metrics', () => {
  it('starts the store on first use, then answers instant queries as promtool prints them', async () => {
    const cluster = new Cluster({ seed: 5, workers: 2 });
    await cluster.waitForNodesReady();
    const con = new Console(cluster);
    const run = async (line: string) => (await con.exec(line)).output;
    await run('kubectl create deployment web --image=nginx --replicas=4');
    expect(await run('sim metrics query kubelet_running_pods')).toBe('The metrics store was off: it scrapes every kubelet every 15s from now on (sim advance 30s, then ask again).\nEmpty query result\n');
    await run('sim advance 1m');
    // Each node's kubelet_running_pods is the number of its pods with a running sandbox: kubectl's Running pods there.
    const wide = await run('kubectl get pods -A -o wide --no-headers');
    const perNode = new Map<string, number>();
    for (const line of wide.trim().split('\n')) {
      const cols = line.split(/\s+/);
      if (cols[3] === 'Running') perNode.set(cols[7], (perNode.get(cols[7]) ?? 0) + 1);
    }
    const want = [...perNode].sort().map(([node, n]) => `kubelet_running_pods{instance="${node}", job="kubelet"} => ${n} @[${(1735689600000 + cluster.now) / 1000}]\n`).join('');
    expect(await run('sim metrics query kubelet_running_pods')).toBe(want);
    expect(await run(`sim metrics query 'sum(kubelet_running_pods{instance=~"worker-.*"})'`)).toBe(`{} => ${(perNode.get('worker-1') ?? 0) + (perNode.get('worker-2') ?? 0)} @[${(1735689600000 + cluster.now) / 1000}]\n`);
    // Before the store started, nothing.
    expect(await run('sim metrics query up --at 1s')).toBe('Empty query result\n');
    expect(await run("sim metrics query 'rate(up[1m)'")).toBe('Error: query error: 1:11: parse error: unexpected ")" in range, expected "]"\n');
    expect(await run('sim metrics query up --at 9h')).toMatch(/^error: --at 9h is in the future: the cluster is at /);
    expect(await run('sim metrics status')).toMatch(/targets up: {7}6\/6\n/);
  });
});

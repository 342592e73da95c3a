/**
 * `kubectl top pod|node` through the console (seed 0): metrics-server's figures at its last
 * 15 s scrape, in kubectl's table format (metricsutil/metrics_printer.go), and its errors.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Cluster } from '../../../src/sim/cluster/cluster';
import { Console } from '../../../src/sim/cluster/console';

describe('kubectl top (seed 0)', () => {
  let cluster: Cluster;
  let con: Console;
  const run = async (line: string) => (await con.exec(line)).output;
  let fresh = '';

  beforeAll(async () => {
    cluster = new Cluster({ seed: 0, workers: 2 });
    expect(await cluster.waitForNodesReady()).toBe(true);
    con = new Console(cluster);
    await run('kubectl run hog --image=polinux/stress --command -- stress --vm 1 --vm-bytes 250M --vm-hang 1');
    await run('kubectl run spin --image=busybox --command -- sh -c "while true; do :; done"');
    await run('kubectl run web --image=nginx');
    await run('sim advance 5s');
    fresh = await run('kubectl top pod');
    await run('sim advance 40s');
  });

  it('says "metrics not available yet" before metrics-server has scraped a new pod twice', () => {
    expect(fresh).toBe('error: metrics not available yet\n');
  });

  it('prints NAME CPU(cores) MEMORY(bytes) with each pod at its program\'s usage, padded as kubectl pads', async () => {
    const out = await run('kubectl top pod');
    const lines = out.split('\n').filter(Boolean);
    expect(lines[0]).toBe('NAME   CPU(cores)   MEMORY(bytes)   ');
    const row = (name: string) => lines.find((l) => l.startsWith(name + ' '))!.trim().split(/\s+/);
    const [, hogCPU, hogMem] = row('hog');
    expect(hogCPU).toMatch(/^\d+m$/);
    expect(Number(hogMem.replace('Mi', ''))).toBeGreaterThanOrEqual(245);
    expect(Number(hogMem.replace('Mi', ''))).toBeLessThanOrEqual(257);
    // the busy loop burns about a core; nginx idles
    expect(Number(row('spin')[1].replace('m', ''))).toBeGreaterThan(900);
    expect(Number(row('web')[2].replace('Mi', ''))).toBeLessThan(5);
    expect(lines.map((l) => l.split(' ')[0])).toEqual(['NAME', 'hog', 'spin', 'web']);
  });

  it('shows the same figures until the next scrape', async () => {
    const a = await run('kubectl top pod');
    await run(`sim advance ${14_999 - (cluster.now % 15_000)}ms`);
    expect(await run('kubectl top pod')).toBe(a);
  });

  it('sorts by memory, lists containers, namespaces with -A', async () => {
    const byMem = (await run('kubectl top pod --sort-by=memory --no-headers')).split('\n').filter(Boolean).map((l) => l.split(/\s+/)[0]);
    expect(byMem[0]).toBe('hog');
    expect((await run('kubectl top pod web --containers')).split('\n')[0]).toBe('POD   NAME   CPU(cores)   MEMORY(bytes)   ');
    const all = await run('kubectl top pod -A');
    expect(all.split('\n')[0]).toMatch(/^NAMESPACE\s+NAME\s+CPU\(cores\)\s+MEMORY\(bytes\)\s+$/);
    expect(all).toMatch(/\nkube-system\s+kube-proxy-\w+\s+\d+m\s+\d+Mi/);
  });

  it('kubectl top node: usage and percentages of allocatable', async () => {
    const out = await run('kubectl top node');
    const lines = out.split('\n').filter(Boolean);
    expect(lines[0]).toBe('NAME            CPU(cores)   CPU(%)   MEMORY(bytes)   MEMORY(%)   ');
    expect(lines.map((l) => l.split(/\s+/)[0])).toEqual(['NAME', 'control-plane', 'worker-1', 'worker-2']);
    const alloc = await run(`kubectl get node worker-1 -o jsonpath='{.status.allocatable.memory}'`);
    const allocMi = Number(alloc.replace('Ki', '')) / 1024 || Number(alloc.replace('Mi', ''));
    for (const l of lines.slice(1)) {
      const [, cpu, cpuPct, mem, memPct] = l.trim().split(/\s+/);
      expect(Number(cpuPct.replace('%', ''))).toBe(Math.trunc((Number(cpu.replace('m', '')) / 4000) * 100));
      // memory in whole Mi; the percentage from bytes, so allow the rounding of the Mi shown
      expect(Math.abs(Number(memPct.replace('%', '')) - (Number(mem.replace('Mi', '')) / allocMi) * 100)).toBeLessThan(1.01);
    }
  });

  it('errors as kubectl does', async () => {
    expect(await run('kubectl top pod nope')).toBe('Error from server (NotFound): podmetrics.metrics.k8s.io "default/nope" not found\n');
    expect(await run('kubectl top pod --sort-by=disk')).toBe('error: --sort-by accepts only cpu or memory\n');
    expect(await run('kubectl top pod web -l run=web')).toBe('error: only one of NAME or selector can be provided\n');
    expect(await run('kubectl top pod -n kube-public')).toBe('No resources found in kube-public namespace.\n');
  });

  it("the docs' cpu-request-limit example: asking for 2 CPUs, throttled at its 1 CPU limit", async () => {
    con = new Console(cluster, { readFile: async (p) => (await import('node:fs')).readFileSync(p, 'utf8') });
    await run('kubectl create namespace cpu-example');
    await run('kubectl apply -f /work/shared/examples/kubernetes-website/cpu-request-limit.yaml --namespace=cpu-example');
    await run('sim advance 45s');
    expect((await run('kubectl top pod cpu-demo --namespace=cpu-example --no-headers')).trim().split(/\s+/)[1]).toBe('1000m');
  });

  it('a node whose kubelet is down has no metrics', async () => {
    await run('sim kubelet stop worker-2');
    await run('sim advance 15s');
    expect((await run('kubectl top node')).split('\n').find((l) => l.startsWith('worker-2'))).toMatch(/^worker-2\s+<unknown>\s+<unknown>\s+<unknown>\s+<unknown>\s+$/);
    expect(await run('kubectl top node worker-2')).toBe('Error from server (NotFound): nodemetrics.metrics.k8s.io "worker-2" not found\n');
  });
});

import { describe, expect, it } from 'vitest';
import { boot } from './harness';

/** The value of the one sample of `metric` whose label text contains every `parts` (and its timestamp). */
function sample(text: string, metric: string, ...parts: string[]): { value: number; ts?: number } {
  const lines = text.split('\n').filter((l) => l.startsWith(metric + '{') && parts.every((p) => l.includes(p)));
  expect(lines, `${metric} ${parts.join(' ')}`).toHaveLength(1);
  const [, value, ts] = /\} (\S+)(?: (\d+))?$/.exec(lines[0])!;
  return { value: Number(value), ...(ts ? { ts: Number(ts) } : {}) };
}

const STRESS_POD = `apiVersion: v1
kind: Pod
metadata:
  name: burn
spec:
  containers:
  - name: burn
    image: polinux/stress
    command: ["stress", "--cpu", "1", "--vm", "1", "--vm-bytes", "64M", "--vm-hang", "3600"]
    resources:
      limits:
        cpu: 500m
        memory: 256Mi
`;

describe('/metrics/cadvisor (kubectl get --raw /api/v1/nodes/NODE/proxy/metrics/cadvisor)', () => {
  it("exposes each container's, pod's and the node's CPU and memory with cAdvisor's names, labels and timestamps", async () => {
    const b = await boot();
    expect((await b.run('kubectl apply -f -', STRESS_POD)).exitCode).toBe(0);
    await b.cluster.advance(20_000);
    const node = (await b.pod('burn')).spec.nodeName as string;
    const scrape = async () => (await b.run(`kubectl get --raw /api/v1/nodes/${node}/proxy/metrics/cadvisor`)).stdout;

    const first = await scrape();
    expect(first).toContain('# HELP container_cpu_usage_seconds_total Cumulative cpu time consumed in seconds.\n# TYPE container_cpu_usage_seconds_total counter\n');
    const cpu1 = sample(first, 'container_cpu_usage_seconds_total', 'container="burn"', 'cpu="total"', 'namespace="default"', 'pod="burn"', 'image="polinux/stress:latest"');
    // cAdvisor stamps each sample with the time its stats were read (ms since the epoch).
    expect(cpu1.ts).toBe(1735689600000 + b.cluster.now);
    await b.cluster.advance(30_000);
    const second = await scrape();
    const cpu2 = sample(second, 'container_cpu_usage_seconds_total', 'container="burn"');
    // stress --cpu 1 wants a whole core; cpu.max holds it at 500m: 30 s at half a core is 15 CPU-seconds.
    expect(cpu2.value - cpu1.value).toBeCloseTo(15, 6);
    // The pod's cgroup (container="") sums its one container's.
    expect(sample(second, 'container_cpu_usage_seconds_total', 'container=""', 'pod="burn"').value).toBeCloseTo(cpu2.value, 6);
    // The node's root cgroup counts the system's 100m as well: more than the pods' sum, and growing.
    const root1 = sample(first, 'container_cpu_usage_seconds_total', 'id="/"').value;
    const root2 = sample(second, 'container_cpu_usage_seconds_total', 'id="/"').value;
    expect(root2 - root1).toBeGreaterThan(15 + 30 * 0.1 - 1e-6);

    // Memory: the container's working set is its 64M plus stress's own MiB (+-2 %), in whole pages; the limit is 256Mi.
    const ws = sample(second, 'container_memory_working_set_bytes', 'container="burn"').value;
    expect(ws % 4096).toBe(0);
    expect(ws).toBeGreaterThan(65 * 1024 * 1024 * 0.98);
    expect(ws).toBeLessThan(65 * 1024 * 1024 * 1.02);
    expect(sample(second, 'container_spec_memory_limit_bytes', 'container="burn"').value).toBe(256 * 1024 * 1024);
    expect(second).toMatch(/^machine_memory_bytes\{boot_id="[^"]+",machine_id="[0-9a-f]{32}",system_uuid="[0-9a-f]{32}"\} 8\.589934592e\+09 \d+$/m);
    expect(second).toMatch(/^machine_cpu_cores\{[^}]*\} 4 \d+$/m);
    // The root filesystem: 100Gi on the node's disk.
    expect(sample(second, 'container_fs_limit_bytes', 'id="/"', 'device="/dev/sda1"').value).toBe(100 * 1024 ** 3);
    // The systemd driver's cgroup path of the container, under its pod's slice (limits only: requests = limits, Guaranteed).
    expect(second).toMatch(/container_memory_working_set_bytes\{container="burn",id="\/kubepods\.slice\/kubepods-pod[0-9a-f_]+\.slice\/cri-containerd-[0-9a-f]{64}\.scope"/);
  });

  it('a scrape changes nothing: two at the same instant read the same, and /metrics makes no CRI call', async () => {
    const b = await boot();
    await b.cluster.advance(5_000);
    const a = (await b.run('kubectl get --raw /api/v1/nodes/worker-1/proxy/metrics')).stdout;
    const c = (await b.run('kubectl get --raw /api/v1/nodes/worker-1/proxy/metrics')).stdout;
    expect(c).toBe(a);
    expect((await b.run('sim trace --kind cri.List --node worker-1 --since 1s')).stdout).toBe('');
  });
});

describe('kubelet_started_containers_total, kubelet_started_pods_total and kubelet_evictions (/metrics)', () => {
  it('counts every start attempt of a crashing container, restarts included', async () => {
    const b = await boot();
    const pod = `apiVersion: v1\nkind: Pod\nmetadata:\n  name: crash\nspec:\n  nodeName: worker-1\n  containers:\n  - name: crash\n    image: busybox\n    command: ["sh", "-c", "exit 1"]\n`;
    expect((await b.run('kubectl apply -f -', pod)).exitCode).toBe(0);
    const before = Number(/^kubelet_started_containers_total\{container_type="container"\} (\d+)$/m.exec((await b.run('kubectl get --raw /api/v1/nodes/worker-1/proxy/metrics')).stdout)?.[1] ?? 0);
    // Restarted with back-off (10 s, then 20 s) as it keeps failing.
    await b.cluster.advance(35_000);
    const metrics = (await b.run('kubectl get --raw /api/v1/nodes/worker-1/proxy/metrics')).stdout;
    const restarts = (await b.pod('crash')).status.containerStatuses[0].restartCount as number;
    expect(restarts).toBeGreaterThanOrEqual(2);
    expect(Number(/^kubelet_started_containers_total\{container_type="container"\} (\d+)$/m.exec(metrics)![1]) - before).toBe(restarts + 1);
    expect(metrics).toContain('# HELP kubelet_started_containers_total [ALPHA] Cumulative number of containers started\n# TYPE kubelet_started_containers_total counter\n');
    expect(metrics).toMatch(/^kubelet_started_pods_total [1-9]\d*$/m);
  });

  it('counts an eviction by its signal', async () => {
    const b = await boot();
    const pod = `apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  nodeName: worker-1\n  containers:\n  - name: web\n    image: nginx:1.27\n`;
    expect((await b.run('kubectl apply -f -', pod)).exitCode).toBe(0);
    await b.cluster.advance(10_000);
    expect((await b.run('kubectl get --raw /api/v1/nodes/worker-1/proxy/metrics')).stdout).not.toContain('kubelet_evictions');
    await b.run('sim node pressure disk worker-1 95Gi');
    await b.cluster.advance(30_000);
    expect((await b.pod('web')).status.reason).toBe('Evicted');
    expect((await b.run('kubectl get --raw /api/v1/nodes/worker-1/proxy/metrics')).stdout).toContain('# TYPE kubelet_evictions counter\nkubelet_evictions{eviction_signal="nodefs.available"} 1\n');
  });
});

/**
 * The docs' memory-request-limit-2 example end to end (seed 0): polinux/stress allocates 250M in
 * a container limited to 100Mi. The kernel OOM-kills it as its working set reaches memory.max
 * (exit 137, OOMKilled); the kubelet restarts it at once, then with back-off 10 s, 20 s, 40 s...
 * (CrashLoopBackOff between restarts, a Warning BackOff event).
 * upstream: website content/en/docs/tasks/configure-pod-container/assign-memory-resource.md,
 * pkg/kubelet/kuberuntime/kuberuntime_manager.go doBackOff, client-go util/flowcontrol/backoff.go.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Cluster } from '../../../../src/sim/cluster/cluster';
import { Console } from '../../../../src/sim/cluster/console';

const EXAMPLE = '/work/shared/examples/kubernetes-website/memory-request-limit-2.yaml';

describe('memory-request-limit-2: OOMKilled, then CrashLoopBackOff (seed 0)', () => {
  let cluster: Cluster;
  let con: Console;
  const run = async (line: string) => (await con.exec(line)).output;
  const statuses: string[] = [];
  let appliedAt = 0;

  beforeAll(async () => {
    cluster = new Cluster({ seed: 0, workers: 2 });
    expect(await cluster.waitForNodesReady()).toBe(true);
    con = new Console(cluster, { readFile: async (p) => readFileSync(p, 'utf8') });
    await run('kubectl create namespace mem-example');
    appliedAt = cluster.now;
    expect(await run(`kubectl apply -f ${EXAMPLE} --namespace=mem-example`)).toBe('pod/memory-demo-2 created\n');
    // Watch the STATUS column every 500 ms for two minutes.
    for (let i = 0; i < 240; i++) {
      await run('sim advance 500ms');
      const line = (await run('kubectl get pod memory-demo-2 -n mem-example --no-headers')).trim().split(/\s+/);
      if (statuses[statuses.length - 1] !== line[2]) statuses.push(line[2]);
    }
  });

  it('shows OOMKilled, then CrashLoopBackOff between restarts', () => {
    expect(statuses).toContain('OOMKilled');
    expect(statuses).toContain('CrashLoopBackOff');
    expect(statuses.indexOf('OOMKilled')).toBeLessThan(statuses.indexOf('CrashLoopBackOff'));
  });

  it('is killed by the kernel as it crosses 100Mi, less than a second after each start', () => {
    const kills = cluster.conductor.trace.list({ kind: 'kernel.oomKill' });
    const starts = cluster.conductor.trace.list({ kind: 'process.start', pod: 'mem-example/memory-demo-2' }).filter((e) => (e as any).container === 'memory-demo-2-ctr');
    expect(kills.length).toBeGreaterThanOrEqual(4);
    for (let i = 0; i < kills.length; i++) {
      expect((kills[i] as any).limitBytes).toBe(100 * 1024 * 1024);
      expect(kills[i].t - starts[i].t).toBeGreaterThan(0);
      expect(kills[i].t - starts[i].t).toBeLessThan(1000);
    }
    expect(kills[0].t - appliedAt).toBeLessThan(10_000);
  });

  it('restarts at once, then after 10 s, 20 s, 40 s of back-off', () => {
    const kills = cluster.conductor.trace.list({ kind: 'kernel.oomKill' }).map((e) => e.t);
    const starts = cluster.conductor.trace.list({ kind: 'process.start', pod: 'mem-example/memory-demo-2' }).filter((e) => (e as any).container === 'memory-demo-2-ctr').map((e) => e.t);
    const waits = starts.slice(1, 5).map((s, i) => s - kills[i]);
    const expected = [0, 10_000, 20_000, 40_000];
    waits.forEach((w, i) => {
      // the back-off counts from the container's finishedAt; PLEG (1 s) and CRI calls add a little
      expect(w).toBeGreaterThanOrEqual(expected[i]);
      expect(w).toBeLessThan(expected[i] + 2500);
    });
  });

  it('records the last termination: OOMKilled, exit code 137, restarts counted, a Warning BackOff event', async () => {
    expect(await run(`kubectl get pod memory-demo-2 -n mem-example -o jsonpath='{.status.containerStatuses[0].lastState.terminated.reason} {.status.containerStatuses[0].lastState.terminated.exitCode}'`)).toBe('OOMKilled 137');
    expect(Number(await run(`kubectl get pod memory-demo-2 -n mem-example -o jsonpath='{.status.containerStatuses[0].restartCount}'`))).toBeGreaterThanOrEqual(4);
    expect(await run('kubectl get events -n mem-example --field-selector reason=BackOff --no-headers -o custom-columns=T:.type,M:.message')).toMatch(/^Warning\s+Back-off restarting failed container memory-demo-2-ctr in pod memory-demo-2_mem-example\(/);
  });
});

describe('memory-request-limit-3: a request larger than any node stays Pending (Insufficient memory)', () => {
  it('is never scheduled: PodScheduled False, a FailedScheduling event naming the memory, retried', async () => {
    const cluster = new Cluster({ seed: 0, workers: 2 });
    expect(await cluster.waitForNodesReady()).toBe(true);
    const con = new Console(cluster, { readFile: async (p) => readFileSync(p, 'utf8') });
    const run = async (line: string) => (await con.exec(line)).output;
    await run('kubectl create namespace mem-example');
    expect(await run('kubectl apply -f /work/shared/examples/kubernetes-website/memory-request-limit-3.yaml')).toBe('pod/memory-demo-3 created\n');
    await run('sim advance 2m');
    expect((await run('kubectl get pod memory-demo-3 -n mem-example --no-headers')).trim().split(/\s+/).slice(1, 3)).toEqual(['0/1', 'Pending']);
    expect(await run(`kubectl get pod memory-demo-3 -n mem-example -o jsonpath='{.status.conditions[0].type} {.status.conditions[0].status} {.status.conditions[0].reason}'`)).toBe('PodScheduled False Unschedulable');
    const describe = await run('kubectl describe pod memory-demo-3 -n mem-example');
    // The docs: "0/3 nodes are available: 3 Insufficient memory." (their three nodes are all workers)
    expect(describe).toMatch(/Warning\s+FailedScheduling\s+\S+(?: \(x\d+ over \S+\))?\s+default-scheduler\s+0\/3 nodes are available: 1 node\(s\) had untolerated taint \{node-role\.kubernetes\.io\/control-plane: \}, 2 Insufficient memory\./);
  });
});

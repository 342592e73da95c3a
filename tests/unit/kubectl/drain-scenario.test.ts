// `kubectl drain` in a running cluster: a Deployment of 3 nginx pods guarded by a PodDisruptionBudget
// (minAvailable 2), two of them on worker-1. Drain evicts one; the second eviction gets 429 until
// the disruption controller sees the replacement Ready on worker-2, then goes through.
// upstream: staging/src/k8s.io/kubectl/pkg/drain/drain.go evictPods, pkg/controller/disruption,
// pkg/registry/core/pod/storage/eviction.go
import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../src/sim/cluster/cluster';
import { Console } from '../../../src/sim/cluster/console';
import { parseTimestamp } from '../../../src/sim/kernel/clock';

/* eslint-disable @typescript-eslint/no-explicit-any */

const SETUP = (minAvailable: number) => `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: web
spec:
  minAvailable: ${minAvailable}
  selector:
    matchLabels: {app: web}
EOF
`;

async function cluster(minAvailable: number) {
  // Seed 2 puts two of the three pods on worker-1.
  const c = new Cluster({ seed: 2, workers: 2 });
  expect(await c.waitForNodesReady()).toBe(true);
  const con = new Console(c);
  await con.exec(SETUP(minAvailable));
  await c.advance(30_000);
  const run = async (line: string) => (await con.exec(line)).results[0].output;
  const pods = JSON.parse((await run('kubectl get pods -l app=web -o json')).stdout).items;
  const onWorker1: string[] = pods.filter((p: any) => p.spec.nodeName === 'worker-1').map((p: any) => p.metadata.name).sort();
  expect(onWorker1).toHaveLength(2);
  return { c, run, onWorker1 };
}

describe('kubectl drain with a PodDisruptionBudget', () => {
  it('evicts one pod at a time, retrying the second until the replacement is Ready on the other node', async () => {
    const { c, run, onWorker1 } = await cluster(2);
    const [first, second] = onWorker1;
    expect((await run('kubectl get pdb')).stdout).toMatch(/^NAME\s+MIN AVAILABLE\s+MAX UNAVAILABLE\s+ALLOWED DISRUPTIONS\s+AGE\nweb\s+2\s+N\/A\s+1\s+30s\n$/);

    const start = c.now;
    const out = await run('kubectl drain worker-1 --ignore-daemonsets');
    const proxy = (await run('kubectl get pods -n kube-system -l k8s-app=kube-proxy --field-selector spec.nodeName=worker-1 -o name')).stdout.trim().replace('pod/', '');
    expect(out.stdout.split('\n')).toEqual([
      'node/worker-1 cordoned',
      `Warning: ignoring DaemonSet-managed Pods: kube-system/${proxy}`,
      `evicting pod default/${first}`,
      `evicting pod default/${second}`,
      `error when evicting pods/"${second}" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.`,
      `pod/${first} evicted`,
      `evicting pod default/${second}`,
      `pod/${second} evicted`,
      'node/worker-1 drained',
      ''
    ]);
    expect(out.stderr).toBe('');
    expect(out.exitCode).toBe(0);
    // The retry came 5 s later; nginx stops within the next second.
    expect(c.now - start).toBe(6000);

    // The evictions as the API server answered them: 201, 429, then 201 at the retry.
    const evictions = c.conductor.trace.list({ kind: 'api.create' }).filter((e: any) => e.resource === 'pods/eviction');
    expect(evictions.map((e: any) => [e.t - start, e.name, e.code])).toEqual([
      [0, first, 201],
      [0, second, 429],
      [5000, second, 201]
    ]);
    // The retry went through because the first pod's replacement had turned Ready on worker-2 by then.
    const now = JSON.parse((await run('kubectl get pods -l app=web -o json')).stdout).items;
    expect(now.map((p: any) => p.spec.nodeName)).toEqual(['worker-2', 'worker-2', 'worker-2']);
    const readyAt = now
      .filter((p: any) => parseTimestamp(p.metadata.creationTimestamp)! >= start)
      .map((p: any) => parseTimestamp(p.status.conditions.find((x: any) => x.type === 'Ready').lastTransitionTime)! - start)
      .sort((a: number, b: number) => a - b);
    expect(readyAt).toHaveLength(2);
    expect(readyAt[0]).toBeGreaterThanOrEqual(0);
    expect(readyAt[0]).toBeLessThan(5000);
    // ... and the disruption controller had given the budget its disruption back before the retry.
    const statusWrites = c.conductor.trace.list({ kind: 'api.update' }).filter((e: any) => e.resource === 'poddisruptionbudgets/status' && e.user === 'disruption-controller' && e.t > start);
    expect(statusWrites.some((e: any) => e.t < start + 5000)).toBe(true);

    expect((await run('kubectl get nodes worker-1 --no-headers')).stdout).toMatch(/^worker-1\s+Ready,SchedulingDisabled\s/);
    expect((await run('kubectl describe pdb web')).stdout).toBe(
      [
        'Name:           web',
        'Namespace:      default',
        'Min available:  2',
        'Selector:       app=web',
        'Status:',
        '    Allowed disruptions:  1',
        '    Current:              3',
        '    Desired:              2',
        '    Total:                3',
        'Events:                   <none>',
        ''
      ].join('\n')
    );
  }, 60_000);

  it('keeps retrying while the budget allows nothing, and stops at --timeout', async () => {
    const { c, run, onWorker1 } = await cluster(3);
    const pdb = JSON.parse((await run('kubectl get pdb web -o json')).stdout);
    expect(pdb.status).toMatchObject({ currentHealthy: 3, desiredHealthy: 3, expectedPods: 3, disruptionsAllowed: 0 });
    expect(pdb.status.conditions[0]).toMatchObject({ type: 'DisruptionAllowed', status: 'False', reason: 'InsufficientPods' });

    const start = c.now;
    const out = await run('kubectl drain worker-1 --ignore-daemonsets --timeout=7s');
    const tries = out.stdout.split('\n').filter((l: string) => l.startsWith('error when evicting'));
    // At 0 s and 5 s for each pod; the wake-up at 10 s is past the timeout.
    expect(tries).toHaveLength(4);
    const err = (p: string) => `error when evicting pods/"${p}" -n "default": global timeout reached: 7s`;
    const both = `[${err(onWorker1[0])}, ${err(onWorker1[1])}]`;
    expect(out.stderr).toBe(
      `There are pending pods in node "worker-1" when an error occurred: ${both}\npod/${onWorker1[0]}\npod/${onWorker1[1]}\n` +
        `error: unable to drain node "worker-1" due to error: ${both}, continuing command...\n` +
        'There are pending nodes to be drained:\n worker-1\n' +
        `${err(onWorker1[0])}\n${err(onWorker1[1])}\n`
    );
    expect(out.exitCode).toBe(1);
    expect(c.now - start).toBe(10_000);
    // Nothing was evicted.
    const after = JSON.parse((await run('kubectl get pods -l app=web -o json')).stdout).items;
    expect(after.filter((p: any) => p.spec.nodeName === 'worker-1' && !p.metadata.deletionTimestamp)).toHaveLength(2);
  }, 60_000);
});

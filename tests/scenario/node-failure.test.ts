/**
 * Issue 4's node-failure story, end to end, on seed 0: a Deployment's pods are spread over two
 * workers; worker-2 loses power. Nothing tells the control plane but the silence of its Lease.
 * The timings are upstream's: node-monitor-period 5 s, node-monitor-grace-period 50 s (v1.32),
 * the unreachable NoExecute taint's default tolerationSeconds 300 (DefaultTolerationSeconds
 * admission), and the ReplicaSet replaces the evicted pods at once.
 * upstream: pkg/controller/nodelifecycle/node_lifecycle_controller.go (tryUpdateNodeHealth,
 * monitorNodeHealth), pkg/controller/tainteviction/taint_eviction.go,
 * plugin/pkg/admission/defaulttolerationseconds/admission.go.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Cluster } from '../../src/sim/cluster/cluster';
import { Console } from '../../src/sim/cluster/console';
import type { TraceEvent } from '../../src/sim/kernel/trace';

const GRACE_MS = 50_000;
const MONITOR_PERIOD_MS = 5_000;
const TOLERATION_MS = 300_000;

describe('node failure, end to end (seed 0)', () => {
  let cluster: Cluster;
  let con: Console;
  const run = async (line: string) => (await con.exec(line)).output;
  const trace = (f: Partial<Pick<TraceEvent, 'kind' | 'node' | 'component' | 'pod'>>) =>
    cluster.conductor.trace.list({}).filter((e) => Object.entries(f).every(([k, v]) => (k === 'kind' ? e.kind.startsWith(v as string) : (e as any)[k] === v)));
  const podsOn = async (node: string) =>
    (await run(`kubectl get pods -l app=web --field-selector spec.nodeName=${node} --no-headers -o custom-columns=NAME:.metadata.name,STATUS:.status.phase,DEL:.metadata.deletionTimestamp`))
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split(/\s+/));

  let poweroffAt = 0;
  let doomed: string[] = [];

  beforeAll(async () => {
    cluster = new Cluster({ seed: 0, workers: 2 });
    expect(await cluster.waitForNodesReady()).toBe(true);
    con = new Console(cluster);
    expect(await run('kubectl create deployment web --image=nginx:1.27 --replicas=4')).toBe('deployment.apps/web created\n');
    await run('sim advance 30s');
  });

  it('spreads the four pods over both workers before the failure', async () => {
    const w1 = await podsOn('worker-1');
    const w2 = await podsOn('worker-2');
    expect(w1.map((p) => p[1])).toEqual(['Running', 'Running']);
    expect(w2.map((p) => p[1])).toEqual(['Running', 'Running']);
    doomed = w2.map((p) => p[0]);
  });

  it('stops renewing the Lease at power-off; the node stays Ready until the grace period runs out', async () => {
    poweroffAt = cluster.now;
    expect(await run('sim node poweroff worker-2')).toBe('node/worker-2 powered off\n');
    await run('sim advance 40s');
    const renewals = trace({ kind: 'lease.renew', node: 'worker-2' });
    const last = renewals[renewals.length - 1];
    expect(last.t).toBeLessThanOrEqual(poweroffAt);
    expect(poweroffAt - last.t).toBeLessThan(10_000); // renewed every 10 s until then
    expect(await run(`kubectl get node worker-2 --no-headers -o custom-columns='S:.status.conditions[?(@.type=="Ready")].status'`)).toBe('True\n');
  });

  it('marks the node Unknown at the first monitor tick after lastSeen + 50 s, and taints it unreachable', async () => {
    await run('sim advance 20s');
    const [unknown] = trace({ kind: 'nodelifecycle.unknown', node: 'worker-2' });
    const lastSeen = Number((unknown as any).lastSeen);
    // The controller's probe timestamp is its own observation of the last renewal, on a 5 s tick.
    expect(lastSeen % MONITOR_PERIOD_MS).toBe(0);
    expect(unknown.t).toBe(Math.ceil((lastSeen + GRACE_MS + 1) / MONITOR_PERIOD_MS) * MONITOR_PERIOD_MS);
    expect(unknown.t - poweroffAt).toBeGreaterThan(GRACE_MS - 10_000);
    expect(unknown.t - poweroffAt).toBeLessThanOrEqual(GRACE_MS + 2 * MONITOR_PERIOD_MS);
    expect(await run('kubectl get node worker-2 --no-headers')).toMatch(/^worker-2\s+NotReady\s/);
    expect(await run(`kubectl get node worker-2 -o jsonpath='{range .status.conditions[*]}{.type}={.status}/{.reason}/{.message}{"\\n"}{end}'`)).toBe(
      [
        'MemoryPressure=Unknown/NodeStatusUnknown/Kubelet stopped posting node status.',
        'DiskPressure=Unknown/NodeStatusUnknown/Kubelet stopped posting node status.',
        'PIDPressure=Unknown/NodeStatusUnknown/Kubelet stopped posting node status.',
        'Ready=Unknown/NodeStatusUnknown/Kubelet stopped posting node status.',
        ''
      ].join('\n')
    );
    expect(await run(`kubectl get node worker-2 -o jsonpath='{range .spec.taints[*]}{.key}:{.effect}{"\\n"}{end}'`)).toBe(
      'node.kubernetes.io/unreachable:NoSchedule\nnode.kubernetes.io/unreachable:NoExecute\n'
    );
    expect(await run('kubectl get events --field-selector reason=NodeNotReady,involvedObject.kind=Node -o jsonpath={.items[*].message}')).toBe('Node worker-2 status is now: NodeNotReady');
    // MarkPodsNotReady records a Warning on each pod it marks (controller_utils.go).
    expect(await run('kubectl get events --field-selector reason=NodeNotReady,involvedObject.kind=Pod -o jsonpath={.items[*].message}')).toBe('Node is not ready Node is not ready');
  });

  it('keeps counting the pods on the dead node, but no longer as ready', async () => {
    // Pods on worker-2 still exist and still count toward the ReplicaSet: nothing replaces them yet.
    expect(await run('kubectl get rs --no-headers')).toMatch(/^web-\w+\s+4\s+4\s+2\s/);
    expect((await podsOn('worker-2')).map((p) => p[0])).toEqual(doomed);
    expect(await run(`kubectl get pod ${doomed[0]} -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}'`)).toBe('False');
  });

  it('evicts them exactly tolerationSeconds (300 s) after the taint; they stay Terminating; the ReplicaSet replaces them on worker-1', async () => {
    const [taint] = trace({ kind: 'nodelifecycle.taints', node: 'worker-2' });
    await run('sim advance 300s');
    const evictions = trace({ kind: 'tainteviction.evict' });
    expect(evictions.map((e) => e.pod).sort()).toEqual(doomed.map((p) => `default/${p}`).sort());
    for (const e of evictions) expect(e.t).toBe(taint.t + TOLERATION_MS);
    const creates = trace({ kind: 'replicaset.create' }).filter((e) => e.t >= taint.t + TOLERATION_MS);
    expect(creates).toHaveLength(2);
    for (const c of creates) expect(c.t).toBe(taint.t + TOLERATION_MS);
    await run('sim advance 30s');
    // No kubelet confirms the deletion: the pods keep their deletionTimestamp and stay on worker-2.
    const w2 = await podsOn('worker-2');
    expect(w2.map((p) => p[0])).toEqual(doomed);
    for (const p of w2) expect(p[2]).not.toBe('<none>');
    expect(await run(`kubectl get pods --no-headers`)).toMatch(new RegExp(`^${doomed[0]}\\s+1/1\\s+Terminating\\s`, 'm'));
    const binds = trace({ kind: 'scheduler.bind' }).filter((e) => e.t >= taint.t + TOLERATION_MS);
    expect(binds.map((b) => (b as any).node)).toEqual(['worker-1', 'worker-1']);
    expect((await podsOn('worker-1')).map((p) => p[1])).toEqual(['Running', 'Running', 'Running', 'Running']);
    expect(await run('kubectl get deploy web --no-headers')).toMatch(/^web\s+4\/4\s+4\s+4\s/);
  });

  it('on power-on the kubelet re-registers, confirms the deletions and the taints go', async () => {
    expect(await run('sim node poweron worker-2')).toBe('node/worker-2 powered on\n');
    await run('sim advance 30s');
    expect(await run('kubectl get node worker-2 --no-headers')).toMatch(/^worker-2\s+Ready\s/);
    expect(await podsOn('worker-2')).toEqual([]);
    expect(await run(`kubectl get node worker-2 -o jsonpath='{.spec.taints}'`)).toBe('');
    expect(await run('kubectl get pods --no-headers')).not.toMatch(/Terminating/);
  });
});

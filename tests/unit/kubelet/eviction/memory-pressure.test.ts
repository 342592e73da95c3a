/**
 * Node-pressure eviction end to end through the console (seed 0): worker-1 runs a BestEffort
 * memory hog, a Burstable pod over its request and two pods of a Deployment. `sim node pressure
 * memory` starves it: the eviction manager (every 10 s) sets MemoryPressure, the node lifecycle
 * controller taints the node, and the kubelet evicts one pod per interval in upstream's order
 * (usage above request, priority, usage - request); the ReplicaSet replaces its pods on worker-2.
 * upstream: pkg/kubelet/eviction/eviction_manager.go, helpers.go; pkg/controller/nodelifecycle.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Cluster } from '../../../../src/sim/cluster/cluster';
import { Console } from '../../../../src/sim/cluster/console';

const PODS = `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: hog
spec:
  nodeSelector:
    kubernetes.io/hostname: worker-1
  containers:
  - name: hog
    image: polinux/stress
    command: ["stress", "--vm", "1", "--vm-bytes", "200M", "--vm-hang", "1"]
---
apiVersion: v1
kind: Pod
metadata:
  name: mid
spec:
  nodeSelector:
    kubernetes.io/hostname: worker-1
  containers:
  - name: mid
    image: polinux/stress
    command: ["stress", "--vm", "1", "--vm-bytes", "150M", "--vm-hang", "1"]
    resources:
      requests:
        memory: 50Mi
EOF`;

describe('memory pressure on worker-1 (seed 0)', () => {
  let cluster: Cluster;
  let con: Console;
  const run = async (line: string) => (await con.exec(line)).output;
  const evictions = () => cluster.conductor.trace.list({ kind: 'eviction.evict' });
  let webOnWorker1: string[] = [];
  let pressureAt = 0;

  beforeAll(async () => {
    cluster = new Cluster({ seed: 0, workers: 2 });
    expect(await cluster.waitForNodesReady()).toBe(true);
    con = new Console(cluster);
    await run('kubectl create deployment web --image=nginx --replicas=4');
    await run(PODS);
    await run('sim advance 30s');
    webOnWorker1 = (await run('kubectl get pods -l app=web --field-selector spec.nodeName=worker-1 --no-headers -o custom-columns=N:.metadata.name')).split('\n').filter(Boolean);
  });

  it('starts with no pressure: every pod runs, the node has no taint', async () => {
    expect(webOnWorker1).toHaveLength(2);
    expect(await run('kubectl get pod hog mid --no-headers -o custom-columns=S:.status.phase')).toBe('Running\nRunning\n');
    expect(await run(`kubectl get node worker-1 -o jsonpath='{.status.conditions[?(@.type=="MemoryPressure")].status}'`)).toBe('False');
  });

  it('evicts the hog first with Evicted status, upstream message, DisruptionTarget and a Warning event', async () => {
    pressureAt = cluster.now;
    expect(await run('sim node pressure memory worker-1 7570Mi')).toBe('node/worker-1: 7570Mi memory used outside pods\n');
    while (evictions().length === 0) await run('sim advance 1s');
    expect(cluster.now - pressureAt).toBeLessThanOrEqual(11_000); // evictionMonitoringPeriod
    expect(evictions()[0].pod).toBe('default/hog');
    // Right after the eviction the STATUS column reads the pod's reason.
    expect(await run('kubectl get pod hog --no-headers -o custom-columns=S:.status.phase,R:.status.reason')).toBe('Failed   Evicted\n');
    expect((await run('kubectl get pod hog')).split('\n')[1]).toMatch(/^hog\s+\S+\s+Evicted\s/);
    const msg = await run(`kubectl get pod hog -o jsonpath='{.status.message}'`);
    expect(msg).toMatch(/^The node was low on resource: memory\. Threshold quantity: 100Mi, available: (0|\d+Ki)\. Container hog was using \d+(Ki|Mi), request is 0, has larger consumption of memory\. $/);
    expect(await run(`kubectl get pod hog -o jsonpath='{.status.conditions[?(@.type=="DisruptionTarget")].reason}'`)).toBe('TerminationByKubelet');
    expect(await run('kubectl get events --field-selector reason=Evicted --no-headers -o custom-columns=T:.type,O:.involvedObject.name')).toBe('Warning   hog\n');
  });

  it('then the Burstable pod over its request, then the Deployment pods, one per 10 s interval', async () => {
    await run('sim advance 40s');
    const order = evictions().map((e) => e.pod);
    expect(order.slice(0, 2)).toEqual(['default/hog', 'default/mid']);
    expect(order.slice(2, 4).sort()).toEqual(webOnWorker1.map((n) => `default/${n}`).sort());
    const times = evictions().map((e) => e.t);
    for (let i = 1; i < 4; i++) expect(times[i] - times[i - 1]).toBe(10_000);
    expect(await run(`kubectl get pod mid -o jsonpath='{.status.message}'`)).toMatch(/Container mid was using \d+(Ki|Mi), request is 50Mi, has larger consumption of memory\. $/);
    // kube-proxy is system-node-critical: never evicted.
    expect(order.some((p) => p?.includes('kube-proxy'))).toBe(false);
  });

  it('reports MemoryPressure and gets the memory-pressure NoSchedule taint', async () => {
    expect(await run(`kubectl get node worker-1 -o jsonpath='{.status.conditions[?(@.type=="MemoryPressure")].reason}'`)).toBe('KubeletHasInsufficientMemory');
    expect(await run(`kubectl get node worker-1 -o jsonpath='{.spec.taints[*].key}:{.spec.taints[*].effect}'`)).toBe('node.kubernetes.io/memory-pressure:NoSchedule');
  });

  it("the ReplicaSet's replacements run on worker-2", async () => {
    await run('sim advance 20s');
    const rows = (await run('kubectl get pods -l app=web --no-headers -o custom-columns=N:.metadata.name,P:.status.phase,NODE:.spec.nodeName')).split('\n').filter(Boolean).map((l) => l.split(/\s+/));
    const running = rows.filter((r) => r[1] === 'Running');
    expect(running).toHaveLength(4);
    expect(running.every((r) => r[2] === 'worker-2')).toBe(true);
    expect(rows.filter((r) => r[1] === 'Failed').map((r) => r[0]).sort()).toEqual([...webOnWorker1].sort());
  });

  it('clears the condition evictionPressureTransitionPeriod (5m) after the pressure ends', async () => {
    await run('sim node pressure memory worker-1 0');
    await run('sim advance 4m');
    expect(await run(`kubectl get node worker-1 -o jsonpath='{.status.conditions[?(@.type=="MemoryPressure")].status}'`)).toBe('True');
    await run('sim advance 80s');
    expect(await run(`kubectl get node worker-1 -o jsonpath='{.status.conditions[?(@.type=="MemoryPressure")].status}'`)).toBe('False');
    await run('sim advance 10s');
    expect(await run(`kubectl get node worker-1 -o jsonpath='{.spec.taints}'`)).toBe('');
  });
});

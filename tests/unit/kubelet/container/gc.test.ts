import { describe, expect, it } from 'vitest';
import { containerGCPlan, DEFAULT_CONTAINER_GC_POLICY } from '../../../../src/sim/kubelet/container/gc';
import type { Container, PodSandbox } from '../../../../src/sim/node/cri/types';
import { Cluster } from '../../../../src/sim/cluster/cluster';
import { Console } from '../../../../src/sim/cluster/console';

const ctr = (id: string, uid: string, name: string, createdAt: number, state: Container['state'] = 'CONTAINER_EXITED', sandbox = `sb-${uid}`): Container => ({
  id,
  podSandboxId: sandbox,
  metadata: { name, attempt: 0 },
  image: 'img',
  imageRef: 'img',
  state,
  createdAt,
  labels: { 'io.kubernetes.pod.uid': uid },
  annotations: {}
});
const sb = (id: string, uid: string, createdAt: number, state: PodSandbox['state'] = 'SANDBOX_NOTREADY'): PodSandbox => ({ id, metadata: { name: uid, namespace: 'default', uid, attempt: 0 }, state, createdAt, labels: {}, annotations: {} });

describe('container GC plan (kuberuntime_gc.go, kubelet defaults)', () => {
  const cases: { name: string; containers: Container[]; sandboxes: PodSandbox[]; gone?: string[]; want: { containers: string[]; sandboxes: string[] } }[] = [
    {
      name: 'keeps the newest dead container per (pod, container) and never a running one',
      containers: [ctr('a0', 'u1', 'app', 1), ctr('a1', 'u1', 'app', 2), ctr('a2', 'u1', 'app', 3), ctr('a3', 'u1', 'app', 4, 'CONTAINER_RUNNING'), ctr('s0', 'u1', 'side', 1)],
      sandboxes: [sb('sb-u1', 'u1', 0, 'SANDBOX_READY')],
      want: { containers: ['a1', 'a0'], sandboxes: [] }
    },
    {
      name: 'removes every container and sandbox of a deleted pod',
      containers: [ctr('b0', 'u2', 'app', 1), ctr('b1', 'u2', 'app', 2)],
      sandboxes: [sb('sb-u2', 'u2', 0)],
      gone: ['u2'],
      want: { containers: ['b1', 'b0'], sandboxes: ['sb-u2'] }
    },
    {
      name: 'removes old empty sandboxes of a live pod, keeping the newest',
      containers: [],
      sandboxes: [sb('old', 'u3', 1), sb('new', 'u3', 2)],
      want: { containers: [], sandboxes: ['old'] }
    },
    { name: 'nothing to do', containers: [ctr('c0', 'u4', 'app', 1)], sandboxes: [sb('sb-u4', 'u4', 0, 'SANDBOX_READY')], want: { containers: [], sandboxes: [] } }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const gone = new Set(c.gone ?? []);
      expect(containerGCPlan(c.containers, c.sandboxes, 100, DEFAULT_CONTAINER_GC_POLICY, (uid) => gone.has(uid))).toEqual(c.want);
    });
  }
});

describe('container GC in a cluster', () => {
  it('removes the dead containers of a crash-looping pod every minute, keeping the newest, and its restart count', async () => {
    const cluster = new Cluster({ seed: 1, workers: 2 });
    expect(await cluster.waitForNodesReady()).toBe(true);
    const con = new Console(cluster);
    const r = await con.exec(
      [
        'kubectl apply -f - <<EOF',
        'apiVersion: v1',
        'kind: Pod',
        'metadata: {name: crash}',
        'spec: {nodeName: worker-1, containers: [{name: c, image: busybox:1.36, command: ["sh", "-c", "exit 1"]}]}',
        'EOF',
        'sim advance 3m',
        'kubectl get pod crash'
      ].join('\n')
    );
    expect(r.output).toMatch(/\ncrash\s+0\/1\s+CrashLoopBackOff\s+5 \(\d+s ago\)\s+3m\n/);
    const gc = cluster.conductor.trace.list({ kind: 'gc.container' });
    expect(gc.length).toBeGreaterThan(0);
    expect(gc.every((e) => e.node === 'worker-1' && (e.t - gc[0].t) % 60_000 === 0)).toBe(true);
    const removed = cluster.conductor.trace.list({ pod: 'default/crash', kind: 'cri.RemoveContainer' }).filter((e) => e.phase === 'return');
    expect(removed).toHaveLength(gc.reduce((s, e) => s + Number(e.removedContainers), 0));
    expect(removed.length).toBeGreaterThanOrEqual(4);
  }, 60_000);
});

/**
 * The eviction manager wired into the kubelet: as the first pod admit handler (upstream:
 * kubelet.go canAdmitPod, rejectPod) and reclaiming node-level resources before a disk eviction
 * (upstream: eviction_manager.go synchronize, reclaimNodeLevelResources; helpers.go
 * buildSignalToNodeReclaimFuncs; container_gc.go DeleteAllUnusedContainers).
 */
import { describe, expect, it } from 'vitest';
import { SimClock } from '../../../../src/sim/kernel/clock';
import { EvictionManager } from '../../../../src/sim/kubelet/eviction/eviction-manager';
import { signalToNodeReclaimFuncs, type NodeReclaimFunc } from '../../../../src/sim/kubelet/eviction/helpers';
import { PodAdmission, REJECTION_REPORT_LATENCY_MS } from '../../../../src/sim/kubelet/lifecycle/admission';
import { containerGCPlan, DEFAULT_CONTAINER_GC_POLICY } from '../../../../src/sim/kubelet/container/gc';
import type { Container } from '../../../../src/sim/node/cri/types';
import type { NodeOS, NodeUsage } from '../../../../src/sim/node/os/node-os';

/* eslint-disable @typescript-eslint/no-explicit-any */

const Mi = 1024 * 1024;
const Gi = 1024 * Mi;

const pod = (name: string, opts: { burstable?: boolean; priority?: number } = {}) => ({
  metadata: { name, namespace: 'default', uid: `uid-${name}`, annotations: {} },
  spec: { nodeName: 'worker-1', priority: opts.priority ?? 0, containers: [{ name: 'c', image: 'x', resources: opts.burstable ? { requests: { memory: '10Mi' } } : {} }] },
  status: {}
});

/** A node whose memory and disk availability the test sets (the disk changes as the fake collectors free it). */
function node(state: { memMi: number; diskAvailable: number }) {
  return {
    nodeSignals: (): NodeUsage => ({
      memory: { capacityBytes: 8192 * Mi, workingSetBytes: (8192 - state.memMi) * Mi, availableBytes: state.memMi * Mi },
      cpu: { usageNanoCores: 0 },
      fs: { capacityBytes: 100 * Gi, usedBytes: 100 * Gi - state.diskAvailable, availableBytes: state.diskAvailable, inodes: 1e6, inodesFree: 1e6 },
      pids: { max: 4194304, used: 100 }
    }),
    podUsage: () => new Map()
  } as unknown as NodeOS;
}

function evictionManager(state: { memMi: number; diskAvailable: number }, reclaim?: { containers: number; images: number; bytes: number; delayMs: number }) {
  const clock = new SimClock();
  const killed: string[] = [];
  const logs: string[] = [];
  const traces: any[] = [];
  const calls: string[] = [];
  const collector =
    (name: string, freed: () => Record<string, number>): NodeReclaimFunc =>
    (done) => {
      calls.push(name);
      // The runtime's removals take time; the disk is freed when they end.
      clock.after(reclaim!.delayMs, () => {
        const r = freed();
        state.diskAvailable += r.bytes ?? 0;
        done(r);
      });
    };
  let active = [pod('a'), pod('b', { burstable: true })];
  const m = new EvictionManager({
    node: 'worker-1',
    clock,
    os: node(state),
    config: {},
    recorder: { event: () => {} } as never,
    trace: (e) => traces.push(e),
    activePods: () => active,
    killPod: (p) => {
      killed.push(p.metadata.name);
      active = active.filter((x) => x !== p);
    },
    onConditions: () => {},
    ...(reclaim
      ? {
          containerGC: { deleteAllUnusedContainers: collector('containers', () => ({ containers: reclaim.containers })) },
          imageGC: { deleteUnusedImages: collector('images', () => ({ images: reclaim.images, bytes: reclaim.bytes })) }
        }
      : {}),
    log: (_s, source, msg, kv) => logs.push(`${source} ${msg} ${JSON.stringify(kv ?? {})}`)
  });
  return { m, clock, killed, logs, traces, calls };
}

describe('EvictionManager: node-level reclaim before a disk eviction', () => {
  // imagefs.available<15% of 100Gi = 15Gi (nodefs.available<10% is not met at these values).
  const threshold = Math.floor(100 * Gi * 0.15);
  const cases = [
    {
      name: 'unused images free enough: no pod is evicted',
      diskAvailable: threshold - Mi,
      reclaim: { containers: 2, images: 3, bytes: 2 * Mi, delayMs: 80 },
      killed: [],
      still: 0,
      last: 'eviction_manager.go:346 Eviction manager: able to reduce resource pressure without evicting pods. {"resourceName":"ephemeral-storage"}'
    },
    {
      name: 'not enough: the first pod in the disk ranking is evicted once the reclaim ends',
      diskAvailable: threshold - 10 * Mi,
      reclaim: { containers: 0, images: 1, bytes: 2 * Mi, delayMs: 80 },
      killed: ['a'],
      still: 1,
      last: 'eviction_manager.go:349 Eviction manager: must evict pod(s) to reclaim {"resourceName":"ephemeral-storage"}'
    }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const { m, clock, killed, logs, traces, calls } = evictionManager({ memMi: 4096, diskAvailable: c.diskAvailable }, c.reclaim);
      // The eviction (if any) waits for the collectors: none in the pass itself.
      expect(m.synchronize()).toBeUndefined();
      expect(m.isUnderPressure('DiskPressure')).toBe(true);
      expect(calls).toEqual(['containers']);
      expect(killed).toEqual([]);
      clock.runUntil(80);
      expect(calls).toEqual(['containers', 'images']);
      clock.runUntil(160);
      expect(killed).toEqual(c.killed);
      expect(traces.filter((e) => e.kind === 'eviction.reclaim')).toEqual([
        { component: 'kubelet', node: 'worker-1', kind: 'eviction.reclaim', signal: 'imagefs.available', containers: c.reclaim.containers, images: c.reclaim.images, bytes: c.reclaim.bytes, available: c.diskAvailable + c.reclaim.bytes, thresholdsStillMet: c.still }
      ]);
      expect(logs).toEqual(['eviction_manager.go:339 Eviction manager: attempting to reclaim {"resourceName":"ephemeral-storage"}', c.last]);
    });
  }

  it('memory has nothing to reclaim at node level: the collectors are not asked, a pod goes in the same pass', () => {
    const { m, killed, calls, logs } = evictionManager({ memMi: 50, diskAvailable: 50 * Gi }, { containers: 1, images: 1, bytes: Gi, delayMs: 80 });
    expect(m.synchronize()?.metadata.name).toBe('a');
    expect(killed).toEqual(['a']);
    expect(calls).toEqual([]);
    expect(logs).toEqual(['eviction_manager.go:339 Eviction manager: attempting to reclaim {"resourceName":"memory"}', 'eviction_manager.go:349 Eviction manager: must evict pod(s) to reclaim {"resourceName":"memory"}']);
  });

  it('without collectors (no imagefs reclaim wired) a disk threshold evicts at once', () => {
    const { m, killed } = evictionManager({ memMi: 4096, diskAvailable: threshold - Mi });
    expect(m.synchronize()?.metadata.name).toBe('a');
    expect(killed).toEqual(['a']);
  });

  it('reclaims for the disk signals only, dead containers first (no dedicated imagefs)', () => {
    const order: string[] = [];
    const funcs = signalToNodeReclaimFuncs({ deleteAllUnusedContainers: (done) => (order.push('containers'), done({})) }, { deleteUnusedImages: (done) => (order.push('images'), done({})) });
    expect(Object.keys(funcs).sort()).toEqual(['imagefs.available', 'imagefs.inodesFree', 'nodefs.available', 'nodefs.inodesFree']);
    for (const f of funcs['nodefs.available']!) f(() => {});
    expect(order).toEqual(['containers', 'images']);
  });
});

describe('DeleteAllUnusedContainers: every dead container goes, of live pods too', () => {
  const ctr = (id: string, uid: string, createdAt: number, state: Container['state'] = 'CONTAINER_EXITED'): Container => ({
    id,
    podSandboxId: `sb-${uid}`,
    metadata: { name: 'app', attempt: 0 },
    image: 'img',
    imageRef: 'img',
    state,
    createdAt,
    labels: { 'io.kubernetes.pod.uid': uid },
    annotations: {}
  });
  const containers = [ctr('old', 'u1', 1), ctr('newest', 'u1', 2), ctr('running', 'u1', 3, 'CONTAINER_RUNNING')];
  it.each([
    { evictNonDeletedPods: false, want: ['old'] },
    { evictNonDeletedPods: true, want: ['newest', 'old'] }
  ])('evictNonDeletedPods=$evictNonDeletedPods removes $want', ({ evictNonDeletedPods, want }) => {
    expect(containerGCPlan(containers, [], 10, DEFAULT_CONTAINER_GC_POLICY, () => false, evictNonDeletedPods).containers).toEqual(want);
  });
});

describe('PodAdmission with the eviction manager as its first admit handler', () => {
  function setup(maxPods: number) {
    const clock = new SimClock();
    const events: string[] = [];
    const statuses = new Map<string, any>();
    const admission = new PodAdmission({
      node: () => ({ metadata: { name: 'worker-1', labels: {} }, status: { allocatable: { cpu: '4', memory: '8Gi', pods: String(maxPods) } } }),
      recorder: { event: (_o: any, type: string, reason: string, message: string) => events.push(`${type} ${reason} ${message}`) } as any,
      setStatus: (p, status) => statuses.set(p.metadata.uid, status),
      phase: (uid) => statuses.get(uid)?.phase,
      terminated: () => false,
      trace: () => {},
      clock
    });
    const { m } = evictionManager({ memMi: 50, diskAvailable: 50 * Gi });
    admission.addPodAdmitHandler(m);
    return { admission, m, clock, events, statuses };
  }

  it('refuses a BestEffort pod under MemoryPressure: Warning Evicted at once, Failed status reported a second later', () => {
    const { admission, m, clock, events, statuses } = setup(110);
    expect(admission.canRun(pod('before'))).toBe(true);
    m.synchronize();
    expect(admission.canRun(pod('be'))).toBe(false);
    expect(events).toEqual(['Warning Evicted The node had condition: [MemoryPressure]. ']);
    expect(statuses.get('uid-be')).toBeUndefined();
    clock.runUntil(REJECTION_REPORT_LATENCY_MS - 1);
    expect(statuses.get('uid-be')).toBeUndefined();
    clock.runUntil(REJECTION_REPORT_LATENCY_MS);
    expect(statuses.get('uid-be')).toEqual({ phase: 'Failed', reason: 'Evicted', message: 'Pod was rejected: The node had condition: [MemoryPressure]. ' });
    // A Burstable pod still gets in; a refused pod stays refused.
    expect(admission.canRun(pod('bu', { burstable: true }))).toBe(true);
    expect(admission.canRun(pod('be'))).toBe(false);
  });

  it('asks the eviction manager before the predicates (Evicted, not OutOfpods)', () => {
    const { admission, m, events } = setup(0);
    m.synchronize();
    expect(admission.canRun(pod('be'))).toBe(false);
    expect(admission.canRun(pod('bu', { burstable: true }))).toBe(false);
    expect(events.map((e) => e.split(' ')[1])).toEqual(['Evicted', 'OutOfpods']);
  });
});

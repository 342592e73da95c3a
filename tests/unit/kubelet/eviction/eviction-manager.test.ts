import { describe, expect, it } from 'vitest';
import { SimClock } from '../../../../src/sim/kernel/clock';
import { EvictionManager } from '../../../../src/sim/kubelet/eviction/eviction-manager';
import type { NodeOS, NodeUsage } from '../../../../src/sim/node/os/node-os';

const Mi = 1024 * 1024;

function pod(name: string, opts: { qos?: 'BestEffort' | 'Burstable'; priority?: number; static?: boolean; tolerations?: unknown[] } = {}) {
  return {
    metadata: { name, namespace: 'default', uid: `uid-${name}`, annotations: opts.static ? { 'kubernetes.io/config.source': 'file' } : {} },
    spec: { priority: opts.priority ?? 0, tolerations: opts.tolerations ?? [], containers: [{ name, image: 'x', resources: opts.qos === 'Burstable' ? { requests: { memory: '10Mi' } } : {} }] }
  };
}

function setup(availableMi: { v: number }, usageMi: Record<string, number>) {
  const clock = new SimClock();
  const os = {
    nodeSignals: (): NodeUsage => ({
      memory: { capacityBytes: 8192 * Mi, workingSetBytes: (8192 - availableMi.v) * Mi, availableBytes: availableMi.v * Mi },
      cpu: { usageNanoCores: 0 },
      fs: { capacityBytes: 100 * 1024 * Mi, usedBytes: 0, availableBytes: 100 * 1024 * Mi, inodes: 1e6, inodesFree: 1e6 },
      pids: { max: 4194304, used: 100 }
    }),
    podUsage: () => new Map(Object.entries(usageMi).map(([n, u]) => [`uid-${n}`, { containers: new Map([[n, { usageNanoCores: 0, workingSetBytes: u * Mi }]]), usageNanoCores: 0, workingSetBytes: u * Mi }]))
  } as unknown as NodeOS;
  const killed: { name: string; grace: number; reason: string }[] = [];
  const events: string[] = [];
  const conditions: string[][] = [];
  let active = [pod('static-web', { static: true }), pod('a'), pod('b', { qos: 'Burstable' })];
  const m = new EvictionManager({
    node: 'worker-1',
    clock,
    os,
    config: {},
    recorder: { event: (_o: unknown, type: string, reason: string) => events.push(`${type} ${reason}`) } as never,
    trace: () => {},
    activePods: () => active,
    killPod: (p, grace, s) => {
      killed.push({ name: p.metadata.name, grace, reason: s.reason });
      active = active.filter((x) => x !== p);
    },
    onConditions: (c) => conditions.push([...c])
  });
  return { m, clock, killed, events, conditions };
}

describe('EvictionManager.synchronize', () => {
  it('does nothing above the threshold', () => {
    const { m, killed, conditions } = setup({ v: 500 }, { a: 100, b: 50 });
    expect(m.synchronize()).toBeUndefined();
    expect(killed).toEqual([]);
    expect(conditions).toEqual([]);
  });
  it('below memory.available<100Mi: MemoryPressure, one pod per pass with a 1 s grace period, never a static pod', () => {
    const { m, killed, events, conditions } = setup({ v: 50 }, { 'static-web': 900, a: 100, b: 50 });
    m.synchronize();
    expect(conditions).toEqual([['MemoryPressure']]);
    expect(killed).toEqual([{ name: 'a', grace: 1, reason: 'Evicted' }]);
    expect(events).toEqual(['Warning EvictionThresholdMet', 'Warning Evicted']);
    m.synchronize();
    expect(killed.map((k) => k.name)).toEqual(['a', 'b']);
    m.synchronize();
    expect(killed.map((k) => k.name)).toEqual(['a', 'b']);
  });
});

describe('EvictionManager.admit (upstream eviction_manager.go Admit)', () => {
  it('under MemoryPressure refuses BestEffort pods only, unless they tolerate the taint', () => {
    const { m } = setup({ v: 50 }, {});
    expect(m.admit(pod('x'))).toEqual({ admit: true });
    m.synchronize();
    expect(m.admit(pod('x'))).toEqual({ admit: false, reason: 'Evicted', message: 'The node had condition: [MemoryPressure]. ' });
    expect(m.admit(pod('y', { qos: 'Burstable' }))).toEqual({ admit: true });
    expect(m.admit(pod('z', { tolerations: [{ key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' }] }))).toEqual({ admit: true });
    expect(m.admit(pod('critical', { priority: 2_000_001_000 }))).toEqual({ admit: true });
  });
});

import { describe, expect, it } from 'vitest';
import { computeZoneState, DEFAULT_NODE_LIFECYCLE, noExecuteTaint, noScheduleTaints, reconcileTaints, staleConditions, zoneEvictionRate, zoneKey } from '../../../src/sim/controllers/nodelifecycle/health';
import { minTolerationMs, toleratesTaint } from '../../../src/sim/controllers/tainteviction/tolerations';

const cond = (type: string, status: string) => ({ type, status, reason: 'r', message: 'm', lastHeartbeatTime: '2025-01-01T00:00:10Z', lastTransitionTime: '2025-01-01T00:00:01Z' });
const node = (conditions: any[], taints?: any[], unschedulable?: boolean) => ({ metadata: { name: 'n', creationTimestamp: '2025-01-01T00:00:00Z' }, spec: { taints, unschedulable }, status: { conditions } });

describe('NoSchedule taints from conditions (doNoScheduleTaintingPass)', () => {
  const cases: [string, any, string[]][] = [
    ['healthy', node([cond('Ready', 'True'), cond('MemoryPressure', 'False')]), []],
    ['not ready', node([cond('Ready', 'False')]), ['node.kubernetes.io/not-ready']],
    ['unknown', node([cond('Ready', 'Unknown')]), ['node.kubernetes.io/unreachable']],
    ['memory and disk pressure', node([cond('Ready', 'True'), cond('MemoryPressure', 'True'), cond('DiskPressure', 'True')]), ['node.kubernetes.io/memory-pressure', 'node.kubernetes.io/disk-pressure']],
    ['PID pressure', node([cond('PIDPressure', 'True')]), ['node.kubernetes.io/pid-pressure']],
    ['cordoned', node([cond('Ready', 'True')], undefined, true), ['node.kubernetes.io/unschedulable']]
  ];
  for (const [name, n, want] of cases) it(name, () => expect(noScheduleTaints(n)).toEqual(want));
});

describe('NoExecute taint for the Ready condition', () => {
  it.each([
    ['True', undefined],
    ['False', 'node.kubernetes.io/not-ready'],
    ['Unknown', 'node.kubernetes.io/unreachable']
  ])('Ready=%s -> %s', (status, want) => expect(noExecuteTaint(cond('Ready', status))).toBe(want));
});

describe('reconcileTaints', () => {
  it('adds managed taints with timeAdded and keeps the user taints', () => {
    const n = node([cond('Ready', 'Unknown')], [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }]);
    expect(reconcileTaints(n, 'node.kubernetes.io/unreachable', '2025-01-01T00:01:00Z')).toEqual([
      { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule', timeAdded: '2025-01-01T00:01:00Z' },
      { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: '2025-01-01T00:01:00Z' }
    ]);
  });
  it('removes them when the node is Ready again, and reports no change when there is none', () => {
    const tainted = node([cond('Ready', 'True')], [
      { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule', timeAdded: 'x' },
      { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: 'x' }
    ]);
    expect(reconcileTaints(tainted, undefined, 'y')).toEqual([]);
    expect(reconcileTaints(node([cond('Ready', 'True')], []), undefined, 'y')).toBeUndefined();
  });
  it('swaps not-ready for unreachable', () => {
    const n = node([cond('Ready', 'Unknown')], [
      { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule', timeAdded: 'a' },
      { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute', timeAdded: 'a' }
    ]);
    expect(reconcileTaints(n, 'node.kubernetes.io/unreachable', 'b')!.map((t) => `${t.key}:${t.effect}`)).toEqual(['node.kubernetes.io/unreachable:NoSchedule', 'node.kubernetes.io/unreachable:NoExecute']);
  });
});

describe('staleConditions (tryUpdateNodeHealth past the grace period)', () => {
  it('turns posted conditions Unknown with upstream reason and message, keeping heartbeats', () => {
    const { conditions, changed } = staleConditions(node([cond('MemoryPressure', 'False'), cond('DiskPressure', 'False'), cond('PIDPressure', 'False'), cond('Ready', 'True')]), '2025-01-01T00:02:00Z');
    expect(changed).toBe(true);
    for (const c of conditions) {
      expect(c).toMatchObject({ status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.', lastHeartbeatTime: '2025-01-01T00:00:10Z', lastTransitionTime: '2025-01-01T00:02:00Z' });
    }
  });
  it('adds never-posted conditions as NodeStatusNeverUpdated', () => {
    const { conditions } = staleConditions(node([]), '2025-01-01T00:02:00Z');
    expect(conditions.map((c) => c.type)).toEqual(['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure']);
    expect(conditions[0]).toMatchObject({ status: 'Unknown', reason: 'NodeStatusNeverUpdated', message: 'Kubelet never posted node status.', lastHeartbeatTime: '2025-01-01T00:00:00Z' });
  });
  it('changes nothing when already Unknown', () => {
    const unknown = [cond('Ready', 'Unknown'), cond('MemoryPressure', 'Unknown'), cond('DiskPressure', 'Unknown'), cond('PIDPressure', 'Unknown')];
    expect(staleConditions(node(unknown), 'z').changed).toBe(false);
  });
});

describe('tolerations (ToleratesTaint, getMinTolerationTime)', () => {
  const unreachable = { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' };
  const notReady = { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' };
  const dflt = [
    { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
    { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }
  ];
  it.each([
    ['Exists with no key tolerates everything', { operator: 'Exists' }, { key: 'a', value: 'b', effect: 'NoExecute' }, true],
    ['Equal matches key and value', { key: 'a', value: 'b', effect: 'NoExecute' }, { key: 'a', value: 'b', effect: 'NoExecute' }, true],
    ['Equal with another value', { key: 'a', value: 'c' }, { key: 'a', value: 'b', effect: 'NoExecute' }, false],
    ['other effect', { key: 'a', operator: 'Exists', effect: 'NoSchedule' }, { key: 'a', effect: 'NoExecute' }, false]
  ])('%s', (_n, tol, taint, want) => expect(toleratesTaint(tol, taint)).toBe(want));
  it('gives the default 300 s for an unreachable node, 0 for an untolerated taint, forever without a limit', () => {
    expect(minTolerationMs(dflt, [unreachable])).toBe(300_000);
    expect(minTolerationMs(dflt, [unreachable, notReady])).toBe(300_000);
    expect(minTolerationMs([{ ...dflt[1], tolerationSeconds: 30 }, dflt[0]], [unreachable])).toBe(30_000);
    expect(minTolerationMs(dflt, [{ key: 'dedicated', effect: 'NoExecute' }])).toBe(0);
    expect(minTolerationMs([{ operator: 'Exists' }], [unreachable])).toBe(Infinity);
    expect(minTolerationMs(dflt, [])).toBe(Infinity);
  });
});

describe('zone health (ComputeZoneState, setLimiterInZone)', () => {
  it.each([
    [['True', 'True', 'True'], 0, 'Normal'],
    [['True', 'Unknown', 'Unknown'], 2, 'Normal'], // two not-Ready nodes never make a disruption
    [['True', 'Unknown', 'Unknown', 'False'], 3, 'PartialDisruption'], // 3/4 >= 0.55
    [['True', 'True', 'Unknown', 'Unknown', 'False'], 3, 'PartialDisruption'], // 3/5 = 0.6
    [['True', 'True', 'True', 'Unknown', 'Unknown', 'False'], 3, 'Normal'], // 3/6 = 0.5
    [['Unknown', undefined], 2, 'FullDisruption'],
    [['Unknown'], 1, 'FullDisruption']
  ] as [(string | undefined)[], number, string][])('%j -> %i not ready, %s', (statuses, notReady, state) => {
    expect(computeZoneState(statuses, 0.55)).toEqual({ notReady, state });
  });

  it('taints 0.1 nodes/s normally; stops in a partially disrupted small zone, slows to 0.01/s in a large one', () => {
    expect(zoneEvictionRate(DEFAULT_NODE_LIFECYCLE, 'Normal', 3)).toBe(0.1);
    expect(zoneEvictionRate(DEFAULT_NODE_LIFECYCLE, 'PartialDisruption', 50)).toBe(0);
    expect(zoneEvictionRate(DEFAULT_NODE_LIFECYCLE, 'PartialDisruption', 51)).toBe(0.01);
    expect(zoneEvictionRate(DEFAULT_NODE_LIFECYCLE, 'FullDisruption', 3)).toBe(0.1);
  });

  it('keys zones by region and zone labels', () => {
    expect(zoneKey({ metadata: { labels: {} } })).toBe('');
    expect(zoneKey({ metadata: { labels: { 'topology.kubernetes.io/region': 'eu', 'topology.kubernetes.io/zone': 'eu-1a' } } })).toBe('eu:\x00:eu-1a');
  });
});

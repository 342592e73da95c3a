import { describe, expect, it } from 'vitest';
import {
  DefaultEvictionHard,
  evictionMessage,
  makeSignalObservations,
  parseThresholds,
  pressureConditions,
  rankMemoryPressure,
  rankPIDPressure,
  thresholdsFirstObservedAt,
  thresholdsMet,
  thresholdsMetGracePeriod,
  type PodStats
} from '../../../../src/sim/kubelet/eviction/helpers';
import type { NodeUsage } from '../../../../src/sim/node/os/node-os';

const Mi = 1024 * 1024;
const Ki = 1024;

function pod(name: string, memRequest?: string, priority = 0) {
  return {
    metadata: { name, namespace: 'default', uid: `uid-${name}` },
    spec: { priority, containers: [{ name, image: 'x', resources: memRequest ? { requests: { memory: memRequest } } : {} }] }
  };
}

function statsOf(usageMi: Record<string, number | undefined>) {
  return (p: { metadata: { name: string } }): PodStats | undefined => {
    const u = usageMi[p.metadata.name];
    return u === undefined ? undefined : { containers: [{ name: p.metadata.name, workingSetBytes: u * Mi }] };
  };
}

function usage(availableMemoryBytes: number, capacity = 8192 * Mi): NodeUsage {
  return {
    memory: { capacityBytes: capacity, workingSetBytes: capacity - availableMemoryBytes, availableBytes: availableMemoryBytes },
    cpu: { usageNanoCores: 0 },
    fs: { capacityBytes: 100 * 1024 * Mi, usedBytes: 10 * 1024 * Mi, availableBytes: 90 * 1024 * Mi, inodes: 6_553_600, inodesFree: 6_300_000 },
    pids: { max: 4_194_304, used: 300 }
  };
}

describe('rankMemoryPressure (upstream helpers.go: exceeds requests, then priority, then usage - request)', () => {
  const cases: { name: string; pods: ReturnType<typeof pod>[]; usage: Record<string, number | undefined>; order: string[] }[] = [
    {
      name: 'a pod over its request goes before one under it, whatever their sizes',
      pods: [pod('big-within', '1Gi'), pod('small-over', '10Mi')],
      usage: { 'big-within': 900, 'small-over': 20 },
      order: ['small-over', 'big-within']
    },
    {
      name: 'among pods over request, lower priority first',
      pods: [pod('high', undefined, 1000), pod('low', undefined, 0)],
      usage: { high: 500, low: 10 },
      order: ['low', 'high']
    },
    {
      name: 'same priority: the larger usage above request first (BestEffort is not special)',
      pods: [pod('besteffort-small'), pod('burstable-big', '100Mi'), pod('besteffort-big')],
      usage: { 'besteffort-small': 50, 'burstable-big': 400, 'besteffort-big': 250 },
      order: ['burstable-big', 'besteffort-big', 'besteffort-small']
    },
    {
      name: 'a pod without stats sorts first',
      pods: [pod('measured'), pod('unmeasured')],
      usage: { measured: 300, unmeasured: undefined },
      order: ['unmeasured', 'measured']
    }
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(rankMemoryPressure(c.pods, statsOf(c.usage)).map((p) => p.metadata.name)).toEqual(c.order);
    });
  }
  it('PID pressure: priority, then more processes first', () => {
    const pods = [pod('a', undefined, 10), pod('b'), pod('c')];
    const stats = (p: { metadata: { name: string } }): PodStats => ({ containers: [], processes: { a: 1, b: 2, c: 5 }[p.metadata.name as 'a'] });
    expect(rankPIDPressure(pods, stats).map((p) => p.metadata.name)).toEqual(['c', 'b', 'a']);
  });
});

describe('evictionMessage (upstream helpers.go evictionMessage)', () => {
  it('names the threshold, what was available and each container over its request, with trailing spaces', () => {
    const [memory] = parseThresholds({});
    const obs = makeSignalObservations(usage(91280 * Ki));
    const stats = (): PodStats => ({ containers: [{ name: 'stress', workingSetBytes: 7523148 * Ki }] });
    expect(evictionMessage('memory', pod('stress'), stats, memory, obs)).toBe(
      'The node was low on resource: memory. Threshold quantity: 100Mi, available: 91280Ki. Container stress was using 7523148Ki, request is 0, has larger consumption of memory. '
    );
  });
  it('leaves out containers within their request', () => {
    const [memory] = parseThresholds({});
    const obs = makeSignalObservations(usage(50 * Mi));
    const stats = (): PodStats => ({ containers: [{ name: 'web', workingSetBytes: 20 * Mi }] });
    expect(evictionMessage('memory', pod('web', '64Mi'), stats, memory, obs)).toBe('The node was low on resource: memory. Threshold quantity: 100Mi, available: 50Mi. ');
  });
});

describe('thresholds', () => {
  it('evictionHard defaults apply only when the user set none', () => {
    expect(parseThresholds({}).map((t) => t.signal)).toEqual(Object.keys(DefaultEvictionHard));
    expect(parseThresholds({ evictionHard: { 'memory.available': '500Mi' } }).map((t) => [t.signal, t.value.quantity])).toEqual([['memory.available', 500 * Mi]]);
  });
  it('a percentage is of capacity; min-reclaim keeps a met threshold met until it is reclaimed too', () => {
    const [t] = parseThresholds({ evictionHard: { 'memory.available': '10%' }, evictionMinimumReclaim: { 'memory.available': '200Mi' } });
    const below = makeSignalObservations(usage(800 * Mi));
    const between = makeSignalObservations(usage(900 * Mi));
    expect(thresholdsMet([t], below, false)).toHaveLength(1);
    expect(thresholdsMet([t], between, false)).toHaveLength(0);
    expect(thresholdsMet([t], between, true)).toHaveLength(1);
  });
  it('a soft threshold acts only after its grace period', () => {
    const thresholds = parseThresholds({ evictionHard: {}, evictionSoft: { 'memory.available': '1Gi' }, evictionSoftGracePeriod: { 'memory.available': '1m30s' } });
    expect(thresholds[0].gracePeriodMs).toBe(90_000);
    const met = thresholdsMet(thresholds, makeSignalObservations(usage(512 * Mi)), false);
    const first = thresholdsFirstObservedAt(met, new Map(), 10_000);
    expect(thresholdsMetGracePeriod(met, first, 60_000)).toHaveLength(0);
    expect(thresholdsMetGracePeriod(met, thresholdsFirstObservedAt(met, first, 100_000), 100_000)).toHaveLength(1);
  });
  it('a pressure condition stays for evictionPressureTransitionPeriod after it was last observed', () => {
    const [t] = parseThresholds({});
    const on = pressureConditions([t], new Map(), 300_000, 10_000);
    expect([...on.conditions]).toEqual(['MemoryPressure']);
    expect([...pressureConditions([], on.lastObservedAt, 300_000, 309_999).conditions]).toEqual(['MemoryPressure']);
    expect([...pressureConditions([], on.lastObservedAt, 300_000, 310_000).conditions]).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { evictionTick, formatBytes, formatMilliCpu, nodeGauges, podRequest } from './usage';

const pod = (cpu: string[], memory: string[], phase = 'Running', init?: { cpu: string }) => ({
  spec: {
    containers: cpu.map((c, i) => ({ name: `c${i}`, resources: { requests: { cpu: c, memory: memory[i] } } })),
    initContainers: init ? [{ name: 'init', resources: { requests: init } }] : undefined
  },
  status: { phase }
});

describe('podRequest', () => {
  it.each([
    ['sums containers', pod(['100m', '250m'], ['64Mi', '64Mi']), 'cpu', 350],
    ['memory in bytes', pod(['100m'], ['128Mi']), 'memory', 128 * 2 ** 20],
    ['a larger init container wins', pod(['100m'], ['1Mi'], 'Running', { cpu: '1' }), 'cpu', 1000],
    ['no requests', { spec: { containers: [{ name: 'a' }] } }, 'cpu', 0]
  ] as const)('%s', (_, p, resource, want) => expect(podRequest(p, resource)).toBe(want));
});

describe('nodeGauges', () => {
  it('sums active pods against allocatable', () => {
    const node = { status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } } };
    const gauges = nodeGauges(node, [pod(['500m'], ['1Gi']), pod(['1'], ['1Gi'], 'Succeeded')]);
    expect(gauges.map((g) => [g.label, g.used, g.capacity])).toEqual([
      ['CPU', 500, 4000],
      ['MEM', 2 ** 30, 8 * 2 ** 30],
      ['DISK', 0, 0],
      ['PODS', 1, 110]
    ]);
    expect(gauges.map((g) => g.detail)).toEqual([
      '500m / 4 requested',
      '1Gi requested of 8Gi (allocatable 8Gi); the kubelet evicts when memory.available < 100Mi',
      '0 ephemeral-storage requested of 0; the kubelet evicts when nodefs.available < 10%',
      '1 / 110 pods'
    ]);
  });

  it('draws memory and disk against capacity, with the eviction threshold and the pressure condition', () => {
    const node = {
      status: {
        capacity: { cpu: '4', memory: '1000Mi', 'ephemeral-storage': '100Gi', pods: '110' },
        allocatable: { cpu: '4', memory: '900Mi', 'ephemeral-storage': '90Gi', pods: '110' },
        conditions: [
          { type: 'MemoryPressure', status: 'True' },
          { type: 'DiskPressure', status: 'False' }
        ]
      }
    };
    const [, mem, disk] = nodeGauges(node, []);
    expect([mem.capacity, mem.threshold, mem.pressure]).toEqual([1000 * 2 ** 20, 0.9, 'MemoryPressure']);
    expect([disk.capacity, disk.threshold, disk.pressure]).toEqual([100 * 2 ** 30, 0.9, undefined]);
  });
});

describe('evictionTick', () => {
  it.each([
    ['a quantity', '100Mi', 8 * 2 ** 30, 1 - 100 / 8192],
    ['a percentage', '10%', 100, 0.9],
    ['no capacity', '100Mi', 0, undefined],
    ['no threshold', undefined, 100, undefined]
  ] as const)('%s', (_, threshold, capacity, want) => expect(evictionTick(threshold, capacity)).toBe(want));
});

describe('formatters', () => {
  it.each([
    [0, '0'],
    [250, '250m'],
    [4000, '4']
  ])('cpu %i', (m, want) => expect(formatMilliCpu(m)).toBe(want));
  it.each([
    [0, '0'],
    [128 * 2 ** 20, '128Mi'],
    [8 * 2 ** 30, '8Gi'],
    [1.5 * 2 ** 30, '1.5Gi']
  ])('bytes %i', (b, want) => expect(formatBytes(b)).toBe(want));
});

import { beforeAll, describe, expect, it } from 'vitest';
import { PlaygroundService } from '../bridge/playground-service';
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

describe('nodeGauges with the usage the kubelet reports', () => {
  // A real cluster: the MEM gauge draws what the eviction manager sees (pods + system working
  // set), the same figure `kubectl top node` prints; `sim node pressure memory` moves it.
  let service: PlaygroundService;
  const MI = 2 ** 20;

  async function worker1() {
    const node = JSON.parse((await service.exec('kubectl get node worker-1 -o json')).output);
    const pods = JSON.parse((await service.exec('kubectl get pods -A -o json')).output).items.filter((p: { spec: { nodeName?: string } }) => p.spec.nodeName === 'worker-1');
    return { node, pods, usage: service.nodeUsage().get('worker-1')! };
  }

  beforeAll(async () => {
    service = new PlaygroundService();
    await service.boot({ seed: 11, workers: 2 });
    const created = await service.exec('kubectl apply -f - <<EOF\napiVersion: v1\nkind: Pod\nmetadata:\n  name: big\nspec:\n  nodeName: worker-1\n  containers:\n  - name: big\n    image: nginx\n    resources:\n      requests:\n        memory: 1Gi\nEOF');
    expect(created.output).toBe('pod/big created\n');
    await service.advance(30_000);
  }, 60_000);

  it('draws the working set against capacity, the requests as the underline, and agrees with kubectl top', async () => {
    const { node, pods, usage } = await worker1();
    expect(usage.memory.capacityBytes).toBe(8 * 1024 * MI);
    const [, mem, disk] = nodeGauges(node, pods, usage);
    expect([mem.inUse, mem.used, mem.capacity]).toEqual([true, usage.memory.workingSetBytes, 8 * 1024 * MI]);
    // 512Mi for the system, a few MiB for nginx and kube-proxy: in use, well under the 1Gi requested.
    expect(mem.used).toBeGreaterThan(512 * MI);
    expect(mem.used).toBeLessThan(600 * MI);
    expect(mem.requested).toBeCloseTo((1024 * MI) / (8 * 1024 * MI), 6);
    expect(mem.detail).toMatch(/^5\d\d\.\dMi in use of 8Gi \(working set of the pods and the system; memory\.available 7\.\dGi\); 1Gi requested \(the underline\)/);
    expect([disk.inUse, disk.used, disk.capacity]).toEqual([true, usage.fs.usedBytes, 100 * 1024 ** 3]);
    expect(disk.used).toBeGreaterThan(6 * 1024 * MI);
    await service.advance(15_000 - (service.cluster.now % 15_000));
    const top = (await service.exec('kubectl top node worker-1 --no-headers')).output;
    expect(top.split(/\s+/)[3]).toBe(`${Math.floor(service.nodeUsage().get('worker-1')!.memory.workingSetBytes / MI)}Mi`);
  });

  it('moves when memory is used outside the pods (sim node pressure memory)', async () => {
    const before = (await worker1()).usage.memory.workingSetBytes;
    await service.exec('sim node pressure memory worker-1 4Gi');
    const { node, pods, usage } = await worker1();
    expect(usage.memory.workingSetBytes - before).toBe(4 * 1024 * MI);
    const [, mem] = nodeGauges(node, pods, usage);
    expect(mem.used / mem.capacity).toBeGreaterThan(0.56);
    expect(mem.used / mem.capacity).toBeLessThan(mem.threshold!);
  });
});

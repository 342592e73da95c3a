import { describe, expect, it } from 'vitest';
import { cgroupPath, containerResourceConfig, cpuMaxValue, cpuSharesToWeight, milliCPUToQuota, milliCPUToShares, podCgroupName, podQOS, podResourceConfig } from '../../../../src/sim/kubelet/cm/cgroups';

const pod = (containers: { requests?: Record<string, string>; limits?: Record<string, string> }[]) => ({
  metadata: { uid: '6ccbdda2-ca68-44e6', name: 'p', namespace: 'default' },
  spec: { containers: containers.map((r, i) => ({ name: `c${i}`, image: 'nginx', resources: r })) }
});

describe('cpu conversions (upstream helpers_linux.go, libcontainer ConvertCPUSharesToCgroupV2Value)', () => {
  const cases: [number, number, number][] = [
    // milliCPU, shares, cgroup v2 weight
    [0, 2, 1],
    [1, 2, 1],
    [100, 102, 4],
    [250, 256, 10],
    [1000, 1024, 39],
    [4000, 4096, 157]
  ];
  for (const [m, shares, weight] of cases) {
    it(`${m}m -> cpu.shares ${shares} -> cpu.weight ${weight}`, () => {
      expect(milliCPUToShares(m)).toBe(shares);
      expect(cpuSharesToWeight(shares)).toBe(weight);
    });
  }
  it('cpu.max: quota per 100ms period, at least 1ms; max without a limit', () => {
    expect(milliCPUToQuota(500)).toBe(50000);
    expect(milliCPUToQuota(5)).toBe(1000);
    expect(cpuMaxValue(1000)).toBe('100000 100000');
    expect(cpuMaxValue(undefined)).toBe('max 100000');
  });
});

describe('QoS cgroup names per cgroupDriver (upstream cgroup_manager_linux.go)', () => {
  const cases: { qos: 'Guaranteed' | 'Burstable' | 'BestEffort'; systemd: string; cgroupfs: string }[] = [
    { qos: 'Guaranteed', systemd: '/kubepods.slice/kubepods-pod6ccbdda2_ca68_44e6.slice', cgroupfs: '/kubepods/pod6ccbdda2-ca68-44e6' },
    { qos: 'Burstable', systemd: '/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod6ccbdda2_ca68_44e6.slice', cgroupfs: '/kubepods/burstable/pod6ccbdda2-ca68-44e6' },
    { qos: 'BestEffort', systemd: '/kubepods.slice/kubepods-besteffort.slice/kubepods-besteffort-pod6ccbdda2_ca68_44e6.slice', cgroupfs: '/kubepods/besteffort/pod6ccbdda2-ca68-44e6' }
  ];
  for (const c of cases) {
    it(c.qos, () => {
      expect(cgroupPath(podCgroupName(c.qos, '6ccbdda2-ca68-44e6'), 'systemd')).toBe(c.systemd);
      expect(cgroupPath(podCgroupName(c.qos, '6ccbdda2-ca68-44e6'), 'cgroupfs')).toBe(c.cgroupfs);
    });
  }
});

describe('pod and container resource configs from requests and limits', () => {
  const cases: { name: string; pod: ReturnType<typeof pod>; qos: string; weight: number; cpuMax?: number; memMax?: number }[] = [
    { name: 'BestEffort: minimum weight, no limits', pod: pod([{}]), qos: 'BestEffort', weight: 1 },
    { name: 'Burstable memory only (the docs OOM example)', pod: pod([{ requests: { memory: '50Mi' }, limits: { memory: '100Mi' } }]), qos: 'Burstable', weight: 1, memMax: 100 * 1024 * 1024 },
    { name: 'Guaranteed 500m/128Mi', pod: pod([{ requests: { cpu: '500m', memory: '128Mi' }, limits: { cpu: '500m', memory: '128Mi' } }]), qos: 'Guaranteed', weight: 20, cpuMax: 500, memMax: 128 * 1024 * 1024 },
    { name: 'pod limit only when every container has one', pod: pod([{ limits: { cpu: '1', memory: '64Mi' } }, { requests: { cpu: '250m' } }]), qos: 'Burstable', weight: 49 }
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(podQOS(c.pod)).toBe(c.qos);
      const cfg = podResourceConfig(c.pod);
      expect(cfg.cpuWeight).toBe(c.weight);
      expect(cfg.cpuLimitMilli).toBe(c.cpuMax);
      expect(cfg.memoryLimit).toBe(c.memMax);
    });
  }
  it("a container's own cgroup carries its limits", () => {
    expect(containerResourceConfig({ resources: { limits: { cpu: '1', memory: '200Mi' } } })).toEqual({ cpuWeight: 39, cpuLimitMilli: 1000, memoryLimit: 200 * 1024 * 1024 });
  });
});

import { describe, expect, it } from 'vitest';
import { MI, PAGE_SIZE, timeToReach, usageNanoCores, usageProfile, workingSetBytes, type ContainerProcess } from '../../../../src/sim/node/os/usage';

const proc = (program: string, argv: string[], extra: Partial<ContainerProcess> = {}): ContainerProcess => ({
  containerId: 'c0ffee0000000000',
  profile: usageProfile(program, argv),
  startedAt: 1000,
  ...extra
});

describe('usageProfile: what each program uses once settled', () => {
  const cases: { name: string; program: string; argv: string[]; memMi: [number, number]; cpuMilli: [number, number] }[] = [
    { name: 'stress --vm 1 --vm-bytes 250M (the docs OOM example)', program: 'stress', argv: ['stress', '--vm', '1', '--vm-bytes', '250M', '--vm-hang', '1'], memMi: [245, 257], cpuMilli: [0, 50] },
    { name: 'stress --vm 2 --vm-bytes 100M without hang burns two cores', program: 'stress', argv: ['stress', '--vm', '2', '--vm-bytes', '100M'], memMi: [195, 206], cpuMilli: [1900, 2100] },
    { name: 'stress --cpu 2', program: 'stress', argv: ['stress', '--cpu', '2'], memMi: [0.5, 1.5], cpuMilli: [1900, 2100] },
    { name: 'vish/stress -mem-total 150Mi', program: 'stress', argv: ['/stress', '-logtostderr', '-mem-total', '150Mi', '-mem-alloc-size', '10Mi', '-mem-alloc-sleep', '1s'], memMi: [148, 155], cpuMilli: [0, 0] },
    { name: 'nginx idles at ~3 MiB', program: 'nginx', argv: ['nginx', '-g', 'daemon off;'], memMi: [2.5, 3.5], cpuMilli: [0, 2] },
    { name: 'pause ~0.5 MiB', program: 'pause', argv: ['/pause'], memMi: [0.4, 0.6], cpuMilli: [0, 0] },
    { name: 'a busy sh loop burns a core', program: 'sh', argv: ['sh', '-c', 'while true; do :; done'], memMi: [0.4, 0.6], cpuMilli: [950, 1050] },
    { name: 'a sh loop with sleep idles', program: 'sh', argv: ['sh', '-c', 'while true; do echo hi; sleep 5; done'], memMi: [0.4, 0.6], cpuMilli: [0, 2] },
    { name: 'redis', program: 'redis', argv: ['redis-server'], memMi: [3, 8], cpuMilli: [1, 3] },
    { name: 'postgres', program: 'postgres', argv: ['postgres'], memMi: [20, 40], cpuMilli: [1, 5] }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const p = proc(c.program, c.argv);
      const t = 120_000;
      const mem = workingSetBytes(p, t) / MI;
      const cpu = usageNanoCores(p, t) / 1e6;
      expect(mem).toBeGreaterThanOrEqual(c.memMi[0]);
      expect(mem).toBeLessThanOrEqual(c.memMi[1]);
      expect(cpu).toBeGreaterThanOrEqual(c.cpuMilli[0]);
      expect(cpu).toBeLessThanOrEqual(c.cpuMilli[1]);
    });
  }
});

describe('workingSetBytes', () => {
  const stress = proc('stress', ['stress', '--vm', '1', '--vm-bytes', '250M', '--vm-hang', '1']);
  it('is 0 before the start, ramps over ~1 s, then stays', () => {
    expect(workingSetBytes(stress, 999)).toBe(0);
    const half = workingSetBytes(stress, 1500);
    const full = workingSetBytes(stress, 2000);
    expect(half).toBeGreaterThan(100 * MI);
    expect(half).toBeLessThan(full);
    expect(workingSetBytes(stress, 60_000)).toBe(full);
  });
  it('counts whole pages and is the same at the same time (deterministic)', () => {
    expect(workingSetBytes(stress, 1234) % PAGE_SIZE).toBe(0);
    expect(workingSetBytes({ ...stress }, 1234)).toBe(workingSetBytes(stress, 1234));
  });
  it('grows with a leak from its start', () => {
    const leaky = { ...proc('nginx', ['nginx']), leak: { bytesPerMs: (10 * MI) / 1000, since: 5000 } };
    expect(workingSetBytes(leaky, 15_000) - workingSetBytes(leaky, 5000)).toBeGreaterThanOrEqual(100 * MI - PAGE_SIZE);
  });
});

describe('usageNanoCores', () => {
  it('is throttled at cpu.max', () => {
    const spin = proc('sh', ['sh', '-c', 'while true; do :; done'], { cpuLimitMilli: 500 });
    expect(usageNanoCores(spin, 30_000)).toBe(500e6);
  });
  it('jitters per 15 s window only', () => {
    const p = proc('stress', ['stress', '--cpu', '1']);
    expect(usageNanoCores(p, 15_001)).toBe(usageNanoCores(p, 29_999));
  });
});

describe('timeToReach', () => {
  const stress = proc('stress', ['stress', '--vm', '1', '--vm-bytes', '250M', '--vm-hang', '1']);
  it('finds the moment a 100Mi limit is crossed within the ramp, to the millisecond', () => {
    const t = timeToReach(stress, 100 * MI, 1000)!;
    expect(t).toBeGreaterThan(1000);
    expect(t).toBeLessThan(2000);
    expect(workingSetBytes(stress, t)).toBeGreaterThanOrEqual(100 * MI);
    expect(workingSetBytes(stress, t - 1)).toBeLessThan(100 * MI);
  });
  it('is undefined when the process settles below the limit', () => {
    expect(timeToReach(stress, 300 * MI, 1000)).toBeUndefined();
  });
  it('follows a leak past the ramp', () => {
    const leaky = { ...proc('nginx', ['nginx']), leak: { bytesPerMs: MI / 1000, since: 10_000 } };
    const t = timeToReach(leaky, 64 * MI, 10_000)!;
    expect(workingSetBytes(leaky, t)).toBeGreaterThanOrEqual(64 * MI);
    expect(workingSetBytes(leaky, t - 1)).toBeLessThan(64 * MI);
    expect(t).toBeGreaterThan(10_000 + 55_000);
  });
});

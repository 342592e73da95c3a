import { describe, expect, it } from 'vitest';
import { NodeOS, nodeOSFor, SYSTEM_MEMORY_BYTES } from '../../../../src/sim/node/os/node-os';
import { MI, usageProfile } from '../../../../src/sim/node/os/usage';
import type { ContainerExitEvent, ContainerStatus } from '../../../../src/sim/node/cri/types';
import { sandboxConfig, setup } from '../cri/harness';

function startStress(h: ReturnType<typeof setup>, args: string[]) {
  const sb = sandboxConfig('memory-demo-2');
  h.ok<string>((cb) => h.rt.PullImage('polinux/stress', sb, cb));
  const sandboxId = h.ok<string>((cb) => h.rt.RunPodSandbox(sb, cb));
  const argv = ['stress', ...args];
  const containerId = h.ok<string>((cb) => h.rt.CreateContainer(sandboxId, { metadata: { name: 'memory-demo-2-ctr', attempt: 0 }, image: 'polinux/stress', command: argv }, sb, cb));
  h.ok<void>((cb) => h.rt.StartContainer(containerId, cb));
  return { containerId, argv, startedAt: h.clock.now() };
}

const track = (os: NodeOS, id: string, argv: string[], startedAt: number, memoryLimit?: number) =>
  os.track({ containerId: id, podUID: 'uid-memory-demo-2', namespace: 'default', pod: 'memory-demo-2', container: 'memory-demo-2-ctr', profile: usageProfile('stress', argv), startedAt, memoryLimit });

describe('NodeOS: the memcg OOM killer', () => {
  it('kills a container at the moment its working set reaches memory.max: exit 137, OOMKilled', () => {
    const h = setup();
    const os = new NodeOS(h.rt, h.clock, (e) => h.events.push({ t: h.clock.now(), seq: h.events.length, ...e } as never));
    const { containerId, argv, startedAt } = startStress(h, ['--vm', '1', '--vm-bytes', '250M', '--vm-hang', '1']);
    const exits: ContainerExitEvent[] = [];
    h.rt.onContainerExit((e) => exits.push(e));
    track(os, containerId, argv, startedAt, 100 * MI);
    h.clock.runUntil(startedAt + 5000);
    expect(exits).toHaveLength(1);
    expect(exits[0]).toMatchObject({ exitCode: 137, reason: 'OOMKilled' });
    // 100Mi of a ~251Mi ramp over 1 s: about 0.4 s after the start.
    expect(exits[0].finishedAt - startedAt).toBeGreaterThan(300);
    expect(exits[0].finishedAt - startedAt).toBeLessThan(500);
    const status = h.ok<ContainerStatus>((cb) => h.rt.ContainerStatus(containerId, cb));
    expect(status.reason).toBe('OOMKilled');
    expect(os.containers()).toHaveLength(0);
    expect(h.events.some((e) => e.kind === 'kernel.oomKill')).toBe(true);
  });

  it('leaves a container below its limit alone, until a leak takes it over', () => {
    const h = setup();
    const os = new NodeOS(h.rt, h.clock);
    const { containerId, argv, startedAt } = startStress(h, ['--vm', '1', '--vm-bytes', '150M', '--vm-hang', '1']);
    const exits: ContainerExitEvent[] = [];
    h.rt.onContainerExit((e) => exits.push(e));
    track(os, containerId, argv, startedAt, 200 * MI);
    h.clock.runUntil(startedAt + 60_000);
    expect(exits).toHaveLength(0);
    const leakAt = h.clock.now();
    expect(os.leak(containerId, 10 * MI)).toBe(true);
    h.clock.runUntil(leakAt + 60_000);
    expect(exits).toHaveLength(1);
    expect(exits[0].reason).toBe('OOMKilled');
    // ~49Mi of headroom at 10Mi/s: about 5 s.
    expect(exits[0].finishedAt - leakAt).toBeGreaterThan(4000);
    expect(exits[0].finishedAt - leakAt).toBeLessThan(6000);
  });
});

describe('NodeOS: node accounting', () => {
  it('memory available is capacity minus system, pressure and pods', () => {
    const h = setup();
    const os = nodeOSFor(h.rt, h.clock);
    expect(nodeOSFor(h.rt, h.clock)).toBe(os);
    os.capacity = { memoryBytes: 8192 * MI, diskBytes: 100 * 1024 * MI };
    const before = os.nodeUsage(h.clock.now());
    expect(before.memory.workingSetBytes).toBe(SYSTEM_MEMORY_BYTES);
    os.setPressure('memory', 7 * 1024 * MI);
    const after = os.nodeUsage(h.clock.now());
    expect(after.memory.availableBytes).toBe(before.memory.availableBytes - 7 * 1024 * MI);
    os.setPressure('memory', 0);
    expect(os.nodeUsage(h.clock.now()).memory.availableBytes).toBe(before.memory.availableBytes);
  });
  it('pod memory read every 10 s (kept incrementally) equals the sum of the working sets: ramps, leaks, exits, a reading of the past', () => {
    const h = setup();
    const os = new NodeOS(h.rt, h.clock);
    const sum = (t: number) => SYSTEM_MEMORY_BYTES + os.containers().reduce((n, c) => n + (os.containerUsage(c.containerId, t)?.workingSetBytes ?? 0), 0);
    // A 1 s ramp to ~150Mi, and a flat nginx-like container.
    const ramp = startStress(h, ['--vm', '1', '--vm-bytes', '150M', '--vm-hang', '1']);
    track(os, ramp.containerId, ramp.argv, ramp.startedAt);
    os.track({ containerId: 'f'.repeat(64), podUID: 'uid-web', namespace: 'default', pod: 'web', container: 'nginx', profile: usageProfile('nginx', ['nginx']), startedAt: ramp.startedAt });
    const readings: [number, number][] = [];
    const read = (t: number) => readings.push([os.nodeSignals(t).memory.workingSetBytes, sum(t)]);
    read(ramp.startedAt + 500); // mid-ramp
    read(ramp.startedAt + 10_000); // both settled
    expect(os.nodeSignals(ramp.startedAt + 10_000).memory.workingSetBytes).toBeGreaterThan(SYSTEM_MEMORY_BYTES + 150 * MI);
    h.clock.runUntil(ramp.startedAt + 20_000);
    os.leak(ramp.containerId, 10 * MI);
    read(ramp.startedAt + 25_000); // leaking: 5 s x 10Mi more
    read(ramp.startedAt + 700); // the past, mid-ramp
    os.leak(ramp.containerId, 0);
    read(ramp.startedAt + 30_000);
    read(ramp.startedAt + 40_000);
    expect(readings[2][0] - readings[1][0]).toBeGreaterThanOrEqual(50 * MI - 4096);
    h.ok<void>((cb) => h.rt.StopContainer(ramp.containerId, 0, cb));
    expect(os.containers()).toHaveLength(1);
    read(h.clock.now() + 10_000); // only nginx left
    for (const [incremental, full] of readings) expect(incremental).toBe(full);
    expect(readings.at(-1)![0]).toBe(sum(h.clock.now() + 10_000));
    expect(readings.at(-1)![0]).toBeLessThan(SYSTEM_MEMORY_BYTES + 4 * MI);
  });
  it('disk pressure fills nodefs, pids pressure takes PIDs', () => {
    const h = setup();
    const os = new NodeOS(h.rt, h.clock);
    const free = os.nodeUsage(0).fs.availableBytes;
    os.setPressure('disk', 50 * 1024 * MI);
    expect(os.nodeUsage(0).fs.availableBytes).toBe(free - 50 * 1024 * MI);
    const pids = os.nodeUsage(0).pids.used;
    os.setPressure('pids', 30000);
    expect(os.nodeUsage(0).pids.used).toBe(pids + 30000);
  });
});

describe('nodeOSFor', () => {
  it('is the same kernel through a proxy of the runtime (the kubelet instruments its CRI calls)', () => {
    const h = setup();
    const proxy = new Proxy(h.rt, { get: (t, p) => { const v = Reflect.get(t, p, t); return typeof v === 'function' ? v.bind(t) : v; } });
    expect(nodeOSFor(proxy, h.clock)).toBe(nodeOSFor(h.rt, h.clock));
  });
});

import { describe, expect, it } from 'vitest';
import { PAUSE_IMAGE } from '../../../../src/sim/node/images/catalog';
import { pullDurationMs } from '../../../../src/sim/node/images/registry';
import { CRI_LATENCY_MS } from '../../../../src/sim/node/cri/latency';
import { processArgs } from '../../../../src/sim/node/cri/helpers';
import { type Container, type ContainerExitEvent, type ContainerStatus, type Image, type PodSandbox, type PodSandboxStatus } from '../../../../src/sim/node/cri/types';
import { sandboxConfig, setup } from './harness';

/** Pulls the image, runs a sandbox and creates + starts one container; returns the IDs. */
function startPod(h: ReturnType<typeof setup>, name: string, image: string, command?: string[], args?: string[]) {
  const sb = sandboxConfig(name);
  h.ok<string>((cb) => h.rt.PullImage(image, sb, cb));
  const sandboxId = h.ok<string>((cb) => h.rt.RunPodSandbox(sb, cb));
  const containerId = h.ok<string>((cb) => h.rt.CreateContainer(sandboxId, { metadata: { name: 'main', attempt: 0 }, image, command, args }, sb, cb));
  h.ok<void>((cb) => h.rt.StartContainer(containerId, cb));
  return { sandboxId, containerId, sb };
}

describe('RunPodSandbox', () => {
  it('pulls pause, runs CNI ADD inside the call, returns a READY sandbox with the pod IP', () => {
    const h = setup();
    const r = h.call<string>((cb) => h.rt.RunPodSandbox(sandboxConfig('web'), cb));
    expect(r.ok).toBe(true);
    const kinds = h.events.map((e) => `${e.kind}${e.phase ? ':' + e.phase : ''}`);
    expect(kinds).toEqual(['cri.RunPodSandbox:call', 'image.fetch', 'cni.ADD', 'cri.RunPodSandbox:return']);
    const [call, , add, ret] = h.events;
    expect(call).toMatchObject({ component: 'containerd', node: 'worker-1', pod: 'default/web' });
    expect(add).toMatchObject({ pod: 'default/web', ip: '10.244.1.2/24' });
    expect(ret).toMatchObject({ ok: true, ip: '10.244.1.2' });
    const latency = (ret.durationMs as number) - pullDurationMs(320_000);
    expect(latency).toBeGreaterThanOrEqual(CRI_LATENCY_MS.RunPodSandbox[0]);
    expect(latency).toBeLessThanOrEqual(CRI_LATENCY_MS.RunPodSandbox[1]);
    const status = h.ok<PodSandboxStatus>((cb) => h.rt.PodSandboxStatus(r.ok ? r.value : '', cb));
    expect(status).toMatchObject({ state: 'SANDBOX_READY', network: { ip: '10.244.1.2' }, metadata: { name: 'web', namespace: 'default' } });
    expect(h.rt.images.get(PAUSE_IMAGE)).toBeDefined();
  });

  it('does not pull pause again, and latencies stay within the table', () => {
    const h = setup(7);
    for (let i = 0; i < 20; i++) {
      const before = h.events.length;
      const r = h.call<string>((cb) => h.rt.RunPodSandbox(sandboxConfig(`p${i}`), cb));
      expect(r.ok).toBe(true);
      const ret = h.events.at(-1)!;
      if (i > 0) {
        expect(h.events.slice(before).some((e) => e.kind === 'image.fetch')).toBe(false);
        expect(ret.durationMs).toBeGreaterThanOrEqual(250);
        expect(ret.durationMs).toBeLessThanOrEqual(600);
      }
    }
  });

  it('hostNetwork sandboxes skip CNI', () => {
    const h = setup();
    const id = h.ok<string>((cb) => h.rt.RunPodSandbox(sandboxConfig('etcd', { hostNetwork: true }), cb));
    expect(h.events.some((e) => e.kind === 'cni.ADD')).toBe(false);
    expect(h.ok<PodSandboxStatus>((cb) => h.rt.PodSandboxStatus(id, cb)).network.ip).toBe('');
  });

  it('fails with containerd\'s message when the pod CIDR is exhausted, and releases nothing twice', () => {
    const h = setup(1, { podCIDR: '10.0.0.0/30' });
    h.ok<string>((cb) => h.rt.RunPodSandbox(sandboxConfig('a'), cb));
    const r = h.call<string>((cb) => h.rt.RunPodSandbox(sandboxConfig('b'), cb));
    expect(r.ok).toBe(false);
    const id = h.events.filter((e) => e.kind === 'cri.RunPodSandbox').at(-1)!.podSandboxId as string;
    expect(!r.ok && r.error.message).toBe(
      `failed to setup network for sandbox "${id}": plugin type="bridge" name="cbr0" failed (add): failed to allocate for range 0: no IP addresses available in range set: 10.0.0.1-10.0.0.2`
    );
    expect(h.ok<PodSandbox[]>((cb) => h.rt.ListPodSandbox(undefined, cb))).toHaveLength(1);
  });

  it('StopPodSandbox kills containers, runs CNI DEL once, and the address is reusable', () => {
    const h = setup(1, { podCIDR: '10.0.0.0/30' });
    const { sandboxId, containerId } = startPod(h, 'web', 'nginx');
    h.ok<void>((cb) => h.rt.StopPodSandbox(sandboxId, cb));
    h.ok<void>((cb) => h.rt.StopPodSandbox(sandboxId, cb));
    expect(h.events.filter((e) => e.kind === 'cni.DEL')).toHaveLength(1);
    expect(h.ok<ContainerStatus>((cb) => h.rt.ContainerStatus(containerId, cb))).toMatchObject({ state: 'CONTAINER_EXITED', exitCode: 137, reason: 'Error' });
    expect(h.ok<PodSandboxStatus>((cb) => h.rt.PodSandboxStatus(sandboxId, cb)).state).toBe('SANDBOX_NOTREADY');
    h.ok<void>((cb) => h.rt.RemovePodSandbox(sandboxId, cb));
    h.ok<void>((cb) => h.rt.RemovePodSandbox(sandboxId, cb)); // idempotent
    expect(h.ok<Container[]>((cb) => h.rt.ListContainers(undefined, cb))).toEqual([]);
    expect(h.call((cb) => h.rt.ContainerStatus(containerId, cb)).ok).toBe(false);
    expect(h.ok<string>((cb) => h.rt.RunPodSandbox(sandboxConfig('next'), cb))).toBeTruthy();
  });
});

describe('containers', () => {
  it('create / start / status with the call sequence and latencies on the clock', () => {
    const h = setup();
    const sb = sandboxConfig('web');
    h.ok<string>((cb) => h.rt.PullImage('nginx', sb, cb));
    const sandboxId = h.ok<string>((cb) => h.rt.RunPodSandbox(sb, cb));
    const t0 = h.clock.now();
    const created = h.call<string>((cb) => h.rt.CreateContainer(sandboxId, { metadata: { name: 'nginx', attempt: 0 }, image: 'nginx' }, sb, cb));
    expect(created.at - t0).toBeGreaterThanOrEqual(40);
    expect(created.at - t0).toBeLessThanOrEqual(60);
    const id = created.ok ? created.value : '';
    expect(h.ok<ContainerStatus>((cb) => h.rt.ContainerStatus(id, cb))).toMatchObject({ state: 'CONTAINER_CREATED', startedAt: 0 });
    const t1 = h.clock.now();
    const started = h.call<void>((cb) => h.rt.StartContainer(id, cb));
    expect(started.at - t1).toBeGreaterThanOrEqual(60);
    expect(started.at - t1).toBeLessThanOrEqual(100);
    const st = h.ok<ContainerStatus>((cb) => h.rt.ContainerStatus(id, cb));
    expect(st).toMatchObject({ state: 'CONTAINER_RUNNING', startedAt: started.at, exitCode: 0, reason: '' });
    expect(st.imageRef).toMatch(/^docker\.io\/library\/nginx@sha256:/);
    const kinds = h.events.filter((e) => e.kind.startsWith('cri.') && e.phase === 'call').map((e) => e.kind);
    expect(kinds).toEqual(['cri.PullImage', 'cri.RunPodSandbox', 'cri.CreateContainer', 'cri.ContainerStatus', 'cri.StartContainer', 'cri.ContainerStatus']);
    const start = h.events.find((e) => e.kind === 'process.start')!;
    expect(start).toMatchObject({ program: 'nginx', argv: ['/docker-entrypoint.sh', 'nginx', '-g', 'daemon off;'] });
  });

  const selfExit: { name: string; image: string; command?: string[]; args?: string[]; exitCode: number; reason: string; afterMs: number }[] = [
    { name: 'sh -c "exit 1"', image: 'busybox', command: ['sh', '-c', 'exit 1'], exitCode: 1, reason: 'Error', afterMs: 5 },
    { name: 'sleep 3 completes', image: 'busybox:1.28', command: ['sleep', '3'], exitCode: 0, reason: 'Completed', afterMs: 3005 },
    { name: 'busybox default CMD sh exits 0 at once', image: 'busybox', exitCode: 0, reason: 'Completed', afterMs: 5 },
    { name: 'args only replace CMD', image: 'busybox', args: ['false'], exitCode: 1, reason: 'Error', afterMs: 5 }
  ];
  for (const c of selfExit) {
    it(`self exit: ${c.name}`, () => {
      const h = setup();
      const exits: ContainerExitEvent[] = [];
      h.rt.onContainerExit((e) => exits.push(e));
      const { containerId } = startPod(h, 'job', c.image, c.command, c.args);
      const startedAt = h.ok<ContainerStatus>((cb) => h.rt.ContainerStatus(containerId, cb)).startedAt;
      h.clock.runUntil(h.clock.now() + 10 * 60_000);
      const st = h.ok<ContainerStatus>((cb) => h.rt.ContainerStatus(containerId, cb));
      expect(st).toMatchObject({ state: 'CONTAINER_EXITED', exitCode: c.exitCode, reason: c.reason });
      expect(st.finishedAt - startedAt).toBe(c.afterMs);
      expect(exits).toEqual([{ containerId, podSandboxId: expect.any(String), pod: 'default/job', name: 'main', exitCode: c.exitCode, reason: c.reason, finishedAt: st.finishedAt }]);
    });
  }

  const stops: { name: string; image: string; command?: string[]; timeout: number; exitCode: number; signals: string[]; maxMs: number; minMs?: number }[] = [
    { name: 'sh ignores SIGTERM as PID 1: SIGKILL after the grace period, 137', image: 'busybox', command: ['sleep', '3600'], timeout: 30, exitCode: 137, signals: ['SIGTERM', 'SIGKILL'], minMs: 30_000, maxMs: 30_015 },
    { name: 'agnhost dies of SIGTERM: 143 at once', image: 'registry.k8s.io/e2e-test-images/agnhost:2.40', timeout: 30, exitCode: 143, signals: ['SIGTERM'], maxMs: 15 },
    { name: 'nginx gets its STOPSIGNAL SIGQUIT and exits 0', image: 'nginx', timeout: 30, exitCode: 0, signals: ['SIGQUIT'], maxMs: 65 },
    { name: 'timeout 0 sends SIGKILL straight away: 137', image: 'agnhost:2.40'.replace('agnhost', 'registry.k8s.io/e2e-test-images/agnhost'), timeout: 0, exitCode: 137, signals: ['SIGKILL'], maxMs: 15 },
    { name: 'coredns lame-duck 5s is cut short by a 2s timeout', image: 'registry.k8s.io/coredns/coredns:v1.11.3', timeout: 2, exitCode: 137, signals: ['SIGTERM', 'SIGKILL'], minMs: 2000, maxMs: 2015 }
  ];
  for (const c of stops) {
    it(`StopContainer: ${c.name}`, () => {
      const h = setup();
      const { containerId } = startPod(h, 'svc', c.image, c.command);
      const t0 = h.clock.now();
      const r = h.call<void>((cb) => h.rt.StopContainer(containerId, c.timeout, cb));
      expect(r.ok).toBe(true);
      expect(r.at - t0).toBeLessThanOrEqual(c.maxMs);
      if (c.minMs !== undefined) expect(r.at - t0).toBeGreaterThanOrEqual(c.minMs);
      expect(h.events.filter((e) => e.kind === 'process.signal').map((e) => e.signal)).toEqual(c.signals);
      const st = h.ok<ContainerStatus>((cb) => h.rt.ContainerStatus(containerId, cb));
      expect(st).toMatchObject({ state: 'CONTAINER_EXITED', exitCode: c.exitCode, reason: c.exitCode === 0 ? 'Completed' : 'Error' });
      // Stopping again is a no-op success.
      expect(h.call<void>((cb) => h.rt.StopContainer(containerId, c.timeout, cb)).ok).toBe(true);
    });
  }

  it('StopContainer returns when the process exits by itself within the grace period', () => {
    const h = setup();
    const { containerId } = startPod(h, 'job', 'busybox', ['sh', '-c', 'sleep 2']);
    const t0 = h.clock.now();
    const r = h.call<void>((cb) => h.rt.StopContainer(containerId, 30, cb));
    expect(r.ok).toBe(true);
    expect(r.at - t0).toBeLessThan(2100);
    expect(h.ok<ContainerStatus>((cb) => h.rt.ContainerStatus(containerId, cb))).toMatchObject({ exitCode: 0, reason: 'Completed' });
    h.clock.runUntil(h.clock.now() + 60_000);
    expect(h.events.filter((e) => e.kind === 'process.signal').map((e) => e.signal)).toEqual(['SIGTERM']);
  });

  it('two sandboxes started together fetch the pause image once', () => {
    const h = setup();
    const ids: string[] = [];
    h.rt.RunPodSandbox(sandboxConfig('a'), (r) => r.ok && ids.push(r.value));
    h.rt.RunPodSandbox(sandboxConfig('b'), (r) => r.ok && ids.push(r.value));
    while (h.clock.step()) {
      /* run */
    }
    expect(ids).toHaveLength(2);
    expect(h.events.filter((e) => e.kind === 'image.fetch').map((e) => e.layers)).toEqual([1, 0]);
    expect(h.events.filter((e) => e.kind === 'cni.ADD').map((e) => e.ip).sort()).toEqual(['10.244.1.2/24', '10.244.1.3/24']);
  });

  it('OOM kill: 137 with reason OOMKilled', () => {
    const h = setup();
    const { containerId } = startPod(h, 'mem', 'polinux/stress', ['stress', '--vm', '1', '--vm-bytes', '250M']);
    h.rt.oomKill(containerId);
    expect(h.ok<ContainerStatus>((cb) => h.rt.ContainerStatus(containerId, cb))).toMatchObject({ exitCode: 137, reason: 'OOMKilled' });
  });

  it('errors: missing image, missing sandbox, name conflict, double start, unknown container', () => {
    const h = setup();
    const { sandboxId, containerId, sb } = startPod(h, 'web', 'nginx');
    const noImage = h.call<string>((cb) => h.rt.CreateContainer(sandboxId, { metadata: { name: 'x', attempt: 0 }, image: 'redis' }, sb, cb));
    expect(!noImage.ok && [noImage.error.code, noImage.error.message]).toEqual(['NotFound', 'failed to resolve image "redis": not found']);
    const noSandbox = h.call<string>((cb) => h.rt.CreateContainer('nope', { metadata: { name: 'x', attempt: 0 }, image: 'nginx' }, sb, cb));
    expect(!noSandbox.ok && noSandbox.error.code).toBe('NotFound');
    const dup = h.call<string>((cb) => h.rt.CreateContainer(sandboxId, { metadata: { name: 'main', attempt: 0 }, image: 'nginx' }, sb, cb));
    expect(!dup.ok && dup.error.message).toBe(`failed to reserve container name "main_web_default_uid-web_0": name "main_web_default_uid-web_0" is reserved for "${containerId}"`);
    const again = h.call<void>((cb) => h.rt.StartContainer(containerId, cb));
    expect(!again.ok && again.error.code).toBe('FailedPrecondition');
    const unknown = h.call((cb) => h.rt.ContainerStatus('nope', cb));
    expect(!unknown.ok && unknown.error.message).toBe('an error occurred when try to find container "nope": not found');
    // The next attempt gets a fresh name; removing the old container frees its name too.
    h.ok<void>((cb) => h.rt.RemoveContainer(containerId, cb));
    expect(h.call<string>((cb) => h.rt.CreateContainer(sandboxId, { metadata: { name: 'main', attempt: 0 }, image: 'nginx' }, sb, cb)).ok).toBe(true);
  });

  it('RemoveContainer kills a running container and is idempotent', () => {
    const h = setup();
    const { containerId } = startPod(h, 'web', 'nginx');
    h.ok<void>((cb) => h.rt.RemoveContainer(containerId, cb));
    h.ok<void>((cb) => h.rt.RemoveContainer(containerId, cb));
    expect(h.events.filter((e) => e.kind === 'process.exit').map((e) => e.exitCode)).toEqual([137]);
  });

  it('ListContainers filters by sandbox and state', () => {
    const h = setup();
    const a = startPod(h, 'a', 'busybox', ['sh', '-c', 'exit 2']);
    const b = startPod(h, 'b', 'nginx');
    h.clock.runUntil(h.clock.now() + 1000);
    const exited = h.ok<Container[]>((cb) => h.rt.ListContainers({ state: 'CONTAINER_EXITED' }, cb));
    expect(exited.map((c) => c.id)).toEqual([a.containerId]);
    expect(h.ok<Container[]>((cb) => h.rt.ListContainers({ podSandboxId: b.sandboxId }, cb)).map((c) => c.id)).toEqual([b.containerId]);
  });

  it('ExecSync on a container that is not running fails as containerd does', () => {
    const h = setup();
    const { containerId } = startPod(h, 'job', 'busybox', ['sh', '-c', 'exit 0']);
    h.clock.runUntil(h.clock.now() + 1000);
    const r = h.call((cb) => h.rt.ExecSync(containerId, ['cat', '/tmp/healthy'], 1, cb));
    expect(!r.ok && r.error.message).toBe('failed to exec in container: container is in CONTAINER_EXITED state');
  });
});

describe('images through CRI', () => {
  it('PullImage returns the image ID; a second image sharing layers pulls faster', () => {
    const h = setup();
    const cold = h.call<string>((cb) => h.rt.PullImage('httpd', undefined, cb));
    const coldMs = h.events.at(-1)!.durationMs as number;
    expect(cold.ok && cold.value).toMatch(/^sha256:[0-9a-f]{64}$/);
    h.ok<void>((cb) => h.rt.RemoveImage('httpd', cb));
    h.ok<string>((cb) => h.rt.PullImage('nginx:1.27', undefined, cb));
    h.ok<string>((cb) => h.rt.PullImage('httpd', undefined, cb));
    const warm = h.events.at(-1)!;
    expect(warm).toMatchObject({ kind: 'cri.PullImage', phase: 'return', layersCached: 1, layersFetched: 1 });
    expect(warm.durationMs as number).toBeLessThan(coldMs);
  });

  it('pull errors come back as containerd messages', () => {
    const h = setup();
    const r = h.call<string>((cb) => h.rt.PullImage('nginx:nope', undefined, cb));
    expect(!r.ok && r.error.message).toContain('docker.io/library/nginx:nope: not found');
    expect(h.events.at(-1)).toMatchObject({ kind: 'cri.PullImage', phase: 'return', ok: false });
  });

  it('concurrent pulls of one image fetch each layer once', () => {
    const h = setup();
    const done: number[] = [];
    h.rt.PullImage('postgres', undefined, () => done.push(h.clock.now()));
    h.rt.PullImage('postgres', undefined, () => done.push(h.clock.now()));
    while (h.clock.step()) {
      /* run */
    }
    expect(done[0]).toBe(done[1]);
    expect(h.events.filter((e) => e.kind === 'image.fetch').map((e) => e.layers)).toEqual([3, 0]);
  });

  it('ImageStatus, ListImages, RemoveImage', () => {
    const h = setup();
    expect(h.ok<Image | null>((cb) => h.rt.ImageStatus('nginx', cb))).toBeNull();
    h.ok<string>((cb) => h.rt.PullImage('nginx', undefined, cb));
    expect(h.ok<Image | null>((cb) => h.rt.ImageStatus('nginx:latest', cb))).toMatchObject({ repoTags: ['docker.io/library/nginx:latest'], uid: 0 });
    expect(h.ok<Image[]>((cb) => h.rt.ListImages(cb))).toHaveLength(1);
    h.ok<void>((cb) => h.rt.RemoveImage('nginx', cb));
    h.ok<void>((cb) => h.rt.RemoveImage('nginx', cb));
    expect(h.ok<Image[]>((cb) => h.rt.ListImages(cb))).toHaveLength(0);
  });
});

describe('processArgs (containerd WithProcessArgs)', () => {
  const image = { config: { entrypoint: ['/docker-entrypoint.sh'], cmd: ['nginx', '-g', 'daemon off;'], user: '' } };
  const cases = [
    { name: 'image defaults', command: undefined, args: undefined, argv: ['/docker-entrypoint.sh', 'nginx', '-g', 'daemon off;'] },
    { name: 'args replace CMD', command: undefined, args: ['nginx', '-T'], argv: ['/docker-entrypoint.sh', 'nginx', '-T'] },
    { name: 'command drops ENTRYPOINT and CMD', command: ['sh'], args: undefined, argv: ['sh'] },
    { name: 'command and args', command: ['sh', '-c'], args: ['exit 1'], argv: ['sh', '-c', 'exit 1'] }
  ];
  for (const c of cases) it(c.name, () => expect(processArgs({ command: c.command, args: c.args }, image)).toEqual(c.argv));
});

describe('determinism', () => {
  function scenario(seed: number) {
    const h = setup(seed);
    const a = startPod(h, 'a', 'nginx');
    startPod(h, 'b', 'busybox', ['sh', '-c', 'sleep 2; exit 3']);
    h.ok<void>((cb) => h.rt.StopContainer(a.containerId, 30, cb));
    h.ok<void>((cb) => h.rt.StopPodSandbox(a.sandboxId, cb));
    h.clock.runUntil(h.clock.now() + 5000);
    return JSON.stringify(h.events);
  }
  it('same seed, same trace', () => expect(scenario(42)).toBe(scenario(42)));
  it('another seed, other latencies and IDs', () => expect(scenario(42)).not.toBe(scenario(43)));
});

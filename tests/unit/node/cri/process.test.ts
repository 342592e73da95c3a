import { describe, expect, it } from 'vitest';
import { sandboxConfig, setup } from './harness';
import type { Mount } from '../../../../src/sim/node/cri/types';
import { newListenerMemo } from '../../../../src/sim/node/cri/runtime';

const LOG_DIR = '/var/log/pods/default_web_uid-web';

function run(h: ReturnType<typeof setup>, name: string, image: string, command?: string[], opts: { mounts?: Mount[]; envs?: { key: string; value: string }[]; attempt?: number } = {}) {
  const sb = sandboxConfig(name, { logDirectory: `/var/log/pods/default_${name}_uid-${name}`, hostname: name });
  h.ok<string>((cb) => h.rt.PullImage(image, sb, cb));
  const sandboxId = h.ok<string>((cb) => h.rt.RunPodSandbox(sb, cb));
  const attempt = opts.attempt ?? 0;
  const containerId = h.ok<string>((cb) =>
    h.rt.CreateContainer(sandboxId, { metadata: { name: 'main', attempt }, image, command, logPath: `main/${attempt}.log`, mounts: opts.mounts, envs: opts.envs }, sb, cb)
  );
  h.ok<void>((cb) => h.rt.StartContainer(containerId, cb));
  return { sandboxId, containerId, sb };
}

describe('container logs (CRI log format)', () => {
  it('nginx writes its entrypoint lines to stdout and notices to stderr in <logDirectory>/<logPath>', () => {
    const h = setup();
    run(h, 'web', 'nginx');
    h.clock.runUntil(h.clock.now() + 10);
    const log = h.rt.files.get(`${LOG_DIR}/main/0.log`)!;
    const lines = log.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^2025-01-01T00:00:\d\d\.\d{9}Z stdout F \/docker-entrypoint\.sh: \/docker-entrypoint\.d\/ is not empty, will attempt to perform configuration$/);
    expect(lines.some((l) => / stdout F \/docker-entrypoint\.sh: Configuration complete; ready for start up$/.test(l))).toBe(true);
    expect(lines.at(-1)).toMatch(/ stderr F \d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d \[notice\] 1#1: start worker process 29$/);
  });

  it('a line without a newline at exit is written as a partial (P) line', () => {
    const h = setup();
    run(h, 'job', 'busybox', ['sh', '-c', 'echo -n no-newline; exit 3']);
    h.clock.runUntil(h.clock.now() + 1000);
    expect(h.rt.files.get('/var/log/pods/default_job_uid-job/main/0.log')).toMatch(/^\S+Z stdout P no-newline\n$/);
  });

  it('the time is the virtual clock, nine fraction digits', () => {
    const h = setup();
    run(h, 'job', 'busybox', ['sh', '-c', 'sleep 2; echo later']);
    h.clock.runUntil(h.clock.now() + 5000);
    const events = h.events.filter((e) => e.kind === 'process.exit');
    const exitAt = events[0].t as number;
    const stamp = h.rt.files.get('/var/log/pods/default_job_uid-job/main/0.log')!.split(' ')[0];
    expect(Date.parse(stamp) - Date.parse('2025-01-01T00:00:00Z')).toBe(exitAt);
  });

  it('a container that prints nothing has an empty log file from its start', () => {
    const h = setup();
    run(h, 'quiet', 'busybox', ['sleep', '3600']);
    expect(h.rt.files.get('/var/log/pods/default_quiet_uid-quiet/main/0.log')).toBe('');
  });

  it('RemoveContainer removes the log file', () => {
    const h = setup();
    const { containerId } = run(h, 'web', 'nginx');
    h.clock.runUntil(h.clock.now() + 10);
    expect(h.rt.files.has(`${LOG_DIR}/main/0.log`)).toBe(true);
    h.ok<void>((cb) => h.rt.RemoveContainer(containerId, cb));
    expect(h.rt.files.has(`${LOG_DIR}/main/0.log`)).toBe(false);
  });
});

describe('process model through the shim', () => {
  it('nginx handles its STOPSIGNAL (SIGQUIT) and exits 0 after its graceful shutdown', () => {
    const h = setup();
    const { containerId } = run(h, 'web', 'nginx');
    h.ok<void>((cb) => h.rt.StopContainer(containerId, 30, cb));
    const sig = h.events.find((e) => e.kind === 'process.signal')!;
    const exit = h.events.find((e) => e.kind === 'process.exit')!;
    expect(sig).toMatchObject({ signal: 'SIGQUIT', reaction: 'handled' });
    expect(exit).toMatchObject({ exitCode: 0, reason: 'Completed' });
    expect((exit.t as number) - (sig.t as number)).toBe(50);
  });

  it('busybox sleep ignores SIGTERM as PID 1 and is killed (137) when the grace period ends', () => {
    const h = setup();
    const { containerId } = run(h, 'job', 'busybox', ['sleep', '3600']);
    const t0 = h.clock.now();
    h.ok<void>((cb) => h.rt.StopContainer(containerId, 2, cb));
    const exit = h.events.find((e) => e.kind === 'process.exit')!;
    expect(h.events.filter((e) => e.kind === 'process.signal').map((e) => `${e.signal}:${e.reaction}`)).toEqual(['SIGTERM:ignore', 'SIGKILL:die']);
    expect(exit).toMatchObject({ exitCode: 137, signal: 'SIGKILL' });
    expect((exit.t as number) - t0).toBeGreaterThanOrEqual(2000);
  });

  it('sh exits with the script status after its sleeps', () => {
    const h = setup();
    run(h, 'job', 'busybox', ['sh', '-c', 'sleep 2 && exit 4']);
    const t0 = h.clock.now();
    h.clock.runUntil(t0 + 10_000);
    const exit = h.events.find((e) => e.kind === 'process.exit')!;
    expect(exit.exitCode).toBe(4);
    expect((exit.t as number) - t0).toBe(2005);
  });
});

describe('container filesystem and mounts', () => {
  it('a read-write mount lands in the node filesystem; a readonly one answers EROFS', () => {
    const h = setup();
    h.rt.nodeFS.mkdir('/var/lib/kubelet/pods/uid-job/volumes/kubernetes.io~empty-dir/data', true);
    const host = '/var/lib/kubelet/pods/uid-job/volumes/kubernetes.io~empty-dir/data';
    run(h, 'job', 'busybox', ['sh', '-c', 'echo hi; touch /data/made-here; touch /ro/nope; sleep 60'], {
      mounts: [
        { containerPath: '/data', hostPath: host },
        { containerPath: '/ro', hostPath: host, readonly: true }
      ]
    });
    h.clock.runUntil(h.clock.now() + 100);
    expect(h.rt.files.get(`${host}/made-here`)).toBe('');
    expect(h.rt.files.get('/var/log/pods/default_job_uid-job/main/0.log')).toMatch(/stderr F touch: \/ro\/nope: Read-only file system\n$/);
  });

  it('the rootfs has the image files, /etc/hostname, the managed hosts file and resolv.conf', () => {
    const h = setup();
    const { containerId } = run(h, 'web', 'nginx');
    const fs = h.rt.containerFS(containerId)!;
    expect(fs.read('/usr/share/nginx/html/index.html')).toContain('<h1>Welcome to nginx!</h1>');
    expect(fs.read('/etc/hostname')).toBe('web\n');
    expect(fs.read('/etc/hosts')).toMatch(/^# Kubernetes-managed hosts file\.\n127\.0\.0\.1\tlocalhost\n[\s\S]*\n10\.244\.1\.2\tweb\n$/);
    expect(fs.read('/etc/resolv.conf')).toBe('search default.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\noptions ndots:5\n');
  });

  it('a container writes its own copy of an image file: another container of the image still sees the original', () => {
    const h = setup();
    const a = run(h, 'a', 'nginx');
    const b = run(h, 'b', 'nginx');
    h.rt.containerFS(a.containerId)!.write('/usr/share/nginx/html/index.html', 'changed');
    expect(h.rt.containerFS(a.containerId)!.read('/usr/share/nginx/html/index.html')).toBe('changed');
    expect(h.rt.containerFS(b.containerId)!.read('/usr/share/nginx/html/index.html')).toContain('Welcome to nginx!');
  });
});

describe('ExecSync', () => {
  it('runs in the container: same files, its own output, not logged', () => {
    const h = setup();
    const { containerId } = run(h, 'job', 'busybox', ['sleep', '3600']);
    const r = h.ok((cb) => h.rt.ExecSync(containerId, ['cat', '/etc/hostname'], 0, cb));
    expect(r).toEqual({ stdout: 'job\n', stderr: '', exitCode: 0 });
    expect(h.rt.files.get('/var/log/pods/default_job_uid-job/main/0.log')).toBe('');
    const call = h.events.filter((e) => e.kind === 'cri.ExecSync').map((e) => e.phase);
    expect(call).toEqual(['call', 'return']);
  });

  it('a failing command returns its status and stderr', () => {
    const h = setup();
    const { containerId } = run(h, 'job', 'busybox', ['sleep', '3600']);
    expect(h.ok((cb) => h.rt.ExecSync(containerId, ['cat', '/tmp/healthy'], 1, cb))).toEqual({ stdout: '', stderr: "cat: can't open '/tmp/healthy': No such file or directory\n", exitCode: 1 });
  });

  it('a binary the image does not have: 126 and the OCI runtime error', () => {
    const h = setup();
    const { containerId } = run(h, 'web', 'nginx');
    expect(h.ok((cb) => h.rt.ExecSync(containerId, ['foo'], 1, cb))).toEqual({
      stdout: '',
      stderr: 'OCI runtime exec failed: exec failed: unable to start container process: exec: "foo": executable file not found in $PATH: unknown\n',
      exitCode: 126
    });
    // coredns is distroless: no shell at all.
    const dns = run(h, 'dns', 'registry.k8s.io/coredns/coredns:v1.11.3');
    expect(h.ok<{ exitCode: number }>((cb) => h.rt.ExecSync(dns.containerId, ['sh', '-c', 'true'], 1, cb)).exitCode).toBe(126);
  });

  it('a command still running at the timeout fails with the kubelet client wording', () => {
    const h = setup();
    const { containerId } = run(h, 'job', 'busybox', ['sleep', '3600']);
    const t0 = h.clock.now();
    const r = h.call((cb) => h.rt.ExecSync(containerId, ['sleep', '10'], 2, cb));
    expect(!r.ok && r.error.message).toBe('command "sleep 10" timed out');
    expect(!r.ok && r.error.code).toBe('DeadlineExceeded');
    expect(r.at - t0).toBeLessThan(2100);
  });
});

describe('the network seen from a pod', () => {
  it('a pod with no cluster network resolves only IPs; a pod IP on the node answers from its processes', () => {
    const h = setup();
    run(h, 'web', 'nginx');
    // The program runs its first step PROCESS_START_MS after StartContainer: until then it listens on nothing.
    expect(h.rt.processesAt('10.244.1.2')![0].listening()).toEqual([]);
    // What a probe dials: the address is here and nothing listens yet (refused), not a missing address.
    expect(h.rt.listenerAt('10.244.1.2', 80)).toBeNull();
    h.clock.runUntil(h.clock.now() + 10);
    const procs = h.rt.processesAt('10.244.1.2')!;
    const nginx = procs[0];
    expect(nginx.listening()).toEqual([80]);
    expect(h.rt.listenerAt('10.244.1.2', 80)).toBe(nginx);
    expect(h.rt.listenerAt('10.244.1.2', 8080)).toBeNull();
    expect(h.rt.listenerAt('10.244.1.3', 80)).toBeUndefined();
    const page = nginx.http!(80, '/', {});
    expect('status' in page && page.status).toBe(200);
    expect('body' in page && page.body).toContain('<title>Welcome to nginx!</title>');
    const missing = nginx.http!(80, '/nope', {});
    expect('status' in missing && missing.status).toBe(404);
  });
  it("a probe's dial memo answers as a fresh lookup would, through a stop and a removal", () => {
    const h = setup();
    const first = run(h, 'web', 'nginx');
    h.clock.runUntil(h.clock.now() + 10);
    const memo = newListenerMemo();
    const nginx = h.rt.processesAt('10.244.1.2')![0];
    expect(h.rt.listenerAt('10.244.1.2', 80, memo)).toBe(nginx);
    expect(h.rt.listenerAt('10.244.1.2', 80, memo)).toBe(nginx);
    // Another port or address with the same memo: looked up afresh.
    expect(h.rt.listenerAt('10.244.1.2', 8080, memo)).toBeNull();
    expect(h.rt.listenerAt('10.244.1.2', 80, memo)).toBe(nginx);
    // The container stops: the address is there, nothing listens.
    h.ok<void>((cb) => h.rt.StopContainer(first.containerId, 0, cb));
    expect(h.rt.listenerAt('10.244.1.2', 80, memo)).toBeNull();
    // The sandbox goes: no such address; a new pod's nginx answers on its own.
    h.ok<void>((cb) => h.rt.RemovePodSandbox(first.sandboxId, cb));
    expect(h.rt.listenerAt('10.244.1.2', 80, memo)).toBeUndefined();
    run(h, 'web2', 'nginx');
    h.clock.runUntil(h.clock.now() + 10);
    const next = h.rt.processesAt('10.244.1.3')![0];
    expect(next).not.toBe(nginx);
    expect(h.rt.listenerAt('10.244.1.3', 80, memo)).toBe(next);
    expect(h.rt.listenerAt('10.244.1.2', 80, memo)).toBeUndefined();
  });
});

describe('hostNetwork pods on the node address', () => {
  it('the node IP and 127.0.0.1 reach the hostNetwork pods servers (kubeadm probes), not the pod-network ones', () => {
    const h = setup(1, { hostIP: '172.18.0.3' });
    const sb = sandboxConfig('etcd', { hostNetwork: true, logDirectory: '/var/log/pods/kube-system_etcd_uid-etcd' });
    h.ok<string>((cb) => h.rt.PullImage('registry.k8s.io/etcd:3.5.16-0', sb, cb));
    const sandboxId = h.ok<string>((cb) => h.rt.RunPodSandbox(sb, cb));
    const id = h.ok<string>((cb) => h.rt.CreateContainer(sandboxId, { metadata: { name: 'etcd', attempt: 0 }, image: 'registry.k8s.io/etcd:3.5.16-0' }, sb, cb));
    h.ok<void>((cb) => h.rt.StartContainer(id, cb));
    run(h, 'web', 'nginx');
    h.clock.runUntil(h.clock.now() + 10);
    const local = h.rt.processesAt('127.0.0.1')!;
    expect(local.map((p) => p.listening())).toEqual([[2379, 2380, 2381]]);
    expect(local[0].http!(2381, '/readyz', {})).toMatchObject({ status: 200, body: 'ok' });
    expect(h.rt.processesAt('172.18.0.3')).toHaveLength(1);
    expect(h.rt.processesAt('10.244.9.9')).toBeUndefined();
    // A probe's dial finds the same listener on the node's addresses; nginx (pod network) is not there.
    expect(h.rt.listenerAt('127.0.0.1', 2381)).toBe(local[0]);
    expect(h.rt.listenerAt('172.18.0.3', 2379)).toBe(local[0]);
    expect(h.rt.listenerAt('127.0.0.1', 80)).toBeNull();
    expect(h.rt.listenerAt('10.244.9.9', 80)).toBeUndefined();
  });
});

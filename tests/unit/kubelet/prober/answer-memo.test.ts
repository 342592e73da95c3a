/**
 * A network probe's remembered success (probe.ts AnswerMemo) and the exec probe's trivial path
 * (ContainerRuntime.execTrivial): each probe, through the same ProbeCall (which remembers), must
 * answer exactly as a fresh ProbeCall (which knows nothing) answers at the same moment, through
 * file changes in the rootfs and in a volume, a graceful stop, a restart and a hang; and exec
 * probes trace and time their ExecSync as ExecSync does.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { describe, expect, it } from 'vitest';
import { setup, sandboxConfig } from '../../node/cri/harness';
import { VersionedMap } from '../../../../src/sim/node/fs/map-fs';
import { Prober, type ProbeAnswer, type ProbeType } from '../../../../src/sim/kubelet/prober/prober';
import type { Mount } from '../../../../src/sim/node/cri/types';

const POD = Object.freeze({ metadata: Object.freeze({ name: 'web', namespace: 'default', uid: 'uid-web' }) });

function cluster(files: Map<string, string> = new VersionedMap<string, string>()) {
  const h = setup(1, { files });
  const hung = new Set<string>();
  const events: string[] = [];
  const recorder = { event: (_o: unknown, type: string, reason: string, message: string) => events.push(`${type} ${reason} ${message}`) } as any;
  const prober = new Prober({ runtime: h.rt, recorder, after: (ms, fn) => void h.clock.after(ms, fn), isHung: (id) => hung.has(id) });
  return { h, prober, hung, events };
}

function start(h: ReturnType<typeof setup>, image: string, mounts: Mount[] = []): { containerId: string; sandboxId: string } {
  const sb = sandboxConfig('web', { logDirectory: '/var/log/pods/default_web_uid-web', hostname: 'web' });
  h.ok<string>((cb) => h.rt.PullImage(image, sb, cb));
  const sandboxId = h.ok<string>((cb) => h.rt.RunPodSandbox(sb, cb));
  const containerId = h.ok<string>((cb) => h.rt.CreateContainer(sandboxId, { metadata: { name: 'c', attempt: 0 }, image, logPath: 'c/0.log', mounts }, sb, cb));
  h.ok<void>((cb) => h.rt.StartContainer(containerId, cb));
  h.clock.runUntil(h.clock.now() + 10);
  return { containerId, sandboxId };
}

/** Probes with a remembering call and a fresh one at the same instant: their answers (result and output). */
function both(p: ReturnType<typeof cluster>, kept: ReturnType<Prober['call']>, spec: any, containerId: string, answers: ProbeAnswer[]): [ProbeAnswer, ProbeAnswer] {
  const status = { podIP: '10.244.1.2' };
  const container = Object.freeze({ name: 'c', readinessProbe: spec });
  answers.length = 0;
  kept.run(status, containerId);
  p.prober.probe('readiness' as ProbeType, POD, status, container, containerId, 'spec.containers{c}', (a) => answers.push(a));
  p.h.clock.runUntil(p.h.clock.now() + 2000);
  expect(answers).toHaveLength(2);
  return [answers[0], answers[1]];
}

function keptCall(p: ReturnType<typeof cluster>, spec: any, answers: ProbeAnswer[]) {
  const container = Object.freeze({ name: 'c', readinessProbe: spec });
  return p.prober.call('readiness', POD, container, 'spec.containers{c}', (a) => answers.push(a));
}

const strip = (a: ProbeAnswer) => ({ result: a.result, output: a.output });

describe("a network probe's remembered success", () => {
  it('httpGet against nginx answers as a fresh probe through rootfs writes, removal, a graceful stop and a new container', () => {
    const p = cluster();
    const { containerId } = start(p.h, 'nginx:1.27');
    const spec = Object.freeze({ httpGet: Object.freeze({ path: '/', port: 80 }) });
    const answers: ProbeAnswer[] = [];
    const kept = keptCall(p, spec, answers);
    const check = (want: { result: string; output?: RegExp }) => {
      const [k, f] = both(p, kept, spec, containerId, answers);
      expect(strip(k)).toEqual(strip(f));
      expect(k.result).toBe(want.result);
      if (want.output) expect(k.output).toMatch(want.output);
    };
    check({ result: 'Success', output: /Welcome to nginx!/ });
    expect(kept.outcome).toBeDefined();
    check({ result: 'Success', output: /Welcome to nginx!/ });
    // The page changes inside the container: the next probe reads the new page.
    p.h.ok((cb) => p.h.rt.ExecSync(containerId, ['sh', '-c', 'echo hello > /usr/share/nginx/html/index.html'], 1, cb));
    check({ result: 'Success', output: /^hello\n$/ });
    check({ result: 'Success', output: /^hello\n$/ });
    p.h.ok((cb) => p.h.rt.ExecSync(containerId, ['rm', '/usr/share/nginx/html/index.html'], 1, cb));
    check({ result: 'Failure', output: /statuscode: 404/ });
    expect(kept.outcome).toBeUndefined();
    p.h.ok((cb) => p.h.rt.ExecSync(containerId, ['sh', '-c', 'echo back > /usr/share/nginx/html/index.html'], 1, cb));
    check({ result: 'Success', output: /^back\n$/ });
    // A graceful stop: nginx takes SIGQUIT and exits a moment later; each probe on the way answers as a fresh one.
    p.h.rt.StopContainer(containerId, 30, () => {});
    for (let i = 0; i < 3; i++) check({ result: i === 0 ? 'Success' : 'Failure' });
  });

  it('a page served from a volume: a write to the node file behind it is seen at the next probe', () => {
    const files = new VersionedMap<string, string>([['/var/lib/kubelet/pods/uid-web/volumes/html/index.html', 'v1\n']]);
    const p = cluster(files);
    const { containerId } = start(p.h, 'nginx:1.27', [{ containerPath: '/usr/share/nginx/html', hostPath: '/var/lib/kubelet/pods/uid-web/volumes/html' }]);
    const spec = Object.freeze({ httpGet: Object.freeze({ path: '/', port: 80 }) });
    const answers: ProbeAnswer[] = [];
    const kept = keptCall(p, spec, answers);
    expect(both(p, kept, spec, containerId, answers).map((a) => a.output)).toEqual(['v1\n', 'v1\n']);
    expect(both(p, kept, spec, containerId, answers).map((a) => a.output)).toEqual(['v1\n', 'v1\n']);
    // The kubelet updates a ConfigMap volume's file directly in the node's files.
    files.set('/var/lib/kubelet/pods/uid-web/volumes/html/index.html', 'v2\n');
    expect(both(p, kept, spec, containerId, answers).map((a) => a.output)).toEqual(['v2\n', 'v2\n']);
  });

  it('tcpSocket: remembered while nginx runs; a hang and a kill answer as fresh probes', () => {
    const p = cluster();
    const { containerId } = start(p.h, 'nginx:1.27');
    const spec = Object.freeze({ tcpSocket: Object.freeze({ port: 80 }) });
    const answers: ProbeAnswer[] = [];
    const kept = keptCall(p, spec, answers);
    expect(both(p, kept, spec, containerId, answers).map((a) => a.result)).toEqual(['Success', 'Success']);
    expect(kept.outcome).toBeDefined();
    p.hung.add(containerId);
    const hung = both(p, kept, spec, containerId, answers);
    expect(hung.map(strip)).toEqual([{ result: 'Failure', output: 'dial tcp 10.244.1.2:80: i/o timeout' }, { result: 'Failure', output: 'dial tcp 10.244.1.2:80: i/o timeout' }]);
    p.hung.delete(containerId);
    expect(both(p, kept, spec, containerId, answers).map((a) => a.result)).toEqual(['Success', 'Success']);
    p.h.ok<void>((cb) => p.h.rt.StopContainer(containerId, 0, cb));
    expect(both(p, kept, spec, containerId, answers).map(strip)).toEqual([
      { result: 'Failure', output: 'dial tcp 10.244.1.2:80: connect: connection refused' },
      { result: 'Failure', output: 'dial tcp 10.244.1.2:80: connect: connection refused' }
    ]);
  });

  it('is off when the node does not count changes to its files (a plain Map)', () => {
    const p = cluster(new Map());
    const { containerId } = start(p.h, 'nginx:1.27');
    const spec = Object.freeze({ httpGet: Object.freeze({ path: '/', port: 80 }) });
    const answers: ProbeAnswer[] = [];
    const kept = keptCall(p, spec, answers);
    both(p, kept, spec, containerId, answers);
    both(p, kept, spec, containerId, answers);
    p.h.ok((cb) => p.h.rt.ExecSync(containerId, ['sh', '-c', 'echo x > /usr/share/nginx/html/index.html'], 1, cb));
    expect(both(p, kept, spec, containerId, answers).map((a) => a.output)).toEqual(['x\n', 'x\n']);
  });
});

describe("an exec probe's `true` / `false`", () => {
  it('is traced and timed as ExecSync: call, return 1 + 5 ms later, exit codes 0 and 1', () => {
    const p = cluster();
    const { containerId } = start(p.h, 'nginx:1.27');
    for (const [cmd, result] of [[['true'], 'Success'], [['false'], 'Failure']] as const) {
      const spec = Object.freeze({ exec: Object.freeze({ command: Object.freeze([...cmd]) }) });
      const answers: ProbeAnswer[] = [];
      const kept = keptCall(p, spec, answers);
      for (let i = 0; i < 2; i++) {
        const from = p.h.events.length;
        const t0 = p.h.clock.now();
        const [k, f] = both(p, kept, spec, containerId, answers);
        expect(strip(k)).toEqual(strip(f));
        expect(k.result).toBe(result);
        const calls = p.h.events.slice(from).filter((e) => e.kind === 'cri.ExecSync');
        expect(calls.map((e) => [e.phase, e.t - t0, e.exitCode])).toEqual([
          ['call', 0, undefined],
          ['call', 0, undefined],
          ['return', 6, result === 'Success' ? 0 : 1],
          ['return', 6, result === 'Success' ? 0 : 1]
        ]);
        expect(calls[0]).toEqual({ ...calls[1], seq: calls[0].seq });
      }
    }
  });

  it('a container killed around `true`: before it starts, while it runs, after it exits: as ExecSync answers', () => {
    const seen = new Set<string>();
    for (let k = 0; k < 20; k++) {
      const p = cluster();
      const { containerId } = start(p.h, 'nginx:1.27');
      const spec = Object.freeze({ exec: Object.freeze({ command: Object.freeze(['true']) }) });
      const answers: ProbeAnswer[] = [];
      const kept = keptCall(p, spec, answers);
      // Three probes first (k odd): the record then holds the container and stays among its stop waiters.
      for (let i = 0; i < (k % 2) * 3; i++) {
        kept.run({ podIP: '10.244.1.2' }, containerId);
        p.h.clock.runUntil(p.h.clock.now() + 100);
      }
      answers.length = 0;
      // The kill lands 5-15 ms after StopContainer (its drawn latency); the execs start k ms after it.
      p.h.rt.StopContainer(containerId, 0, () => {});
      p.h.clock.runUntil(p.h.clock.now() + k);
      kept.run({ podIP: '10.244.1.2' }, containerId);
      let direct: any;
      p.h.rt.ExecSync(containerId, ['true'], 1, (r) => (direct = r));
      p.h.clock.runUntil(p.h.clock.now() + 100);
      expect(answers).toHaveLength(1);
      const want = direct.ok ? { result: direct.value.exitCode === 0 ? 'Success' : 'Failure', output: '' } : { result: 'Failure', output: '', error: `rpc error: code = Unknown desc = ${direct.error.message}` };
      expect(answers[0]).toEqual(want);
      seen.add(direct.ok ? `exit ${direct.value.exitCode}` : direct.error.message);
    }
    expect([...seen].sort()).toEqual(['exit 0', 'exit 137', 'failed to exec in container: container is in CONTAINER_EXITED state']);
  });

  it('after its container is removed and a new one started: as ExecSync answers, then `true` in the new one', () => {
    const p = cluster();
    const { containerId, sandboxId } = start(p.h, 'nginx:1.27');
    const spec = Object.freeze({ exec: Object.freeze({ command: Object.freeze(['true']) }) });
    const answers: ProbeAnswer[] = [];
    const kept = keptCall(p, spec, answers);
    const [before] = both(p, kept, spec, containerId, answers);
    expect(before.result).toBe('Success');
    // Removed while running (as `crictl rm -f`): killed and gone.
    p.h.ok<void>((cb) => p.h.rt.RemoveContainer(containerId, cb));
    const [gone, fresh] = both(p, kept, spec, containerId, answers);
    expect(gone).toEqual(fresh);
    expect(gone.error).toMatch(/^rpc error: code = NotFound desc = an error occurred when try to find container "[0-9a-f]+": not found$/);
    const sb = sandboxConfig('web', { logDirectory: '/var/log/pods/default_web_uid-web', hostname: 'web' });
    const next = p.h.ok<string>((cb) => p.h.rt.CreateContainer(sandboxId, { metadata: { name: 'c', attempt: 1 }, image: 'nginx:1.27', logPath: 'c/1.log' }, sb, cb));
    p.h.ok<void>((cb) => p.h.rt.StartContainer(next, cb));
    p.h.clock.runUntil(p.h.clock.now() + 10);
    const [again, fresh2] = both(p, kept, spec, next, answers);
    expect(strip(again)).toEqual(strip(fresh2));
    expect(again.result).toBe('Success');
  });
});

/**
 * ExecSync's hot path (an exec probe per container every 10 s): `true` / `false` skip the shell
 * but answer, time and trace exactly as the shell would; an exec that ended is not kept by its
 * container; the instrumented runtime wraps each method once and still counts every call.
 */
import { describe, expect, it } from 'vitest';
import { SimClock } from '../../../../src/sim/kernel/clock';
import { instrumentedRuntime } from '../../../../src/sim/kubelet/metrics/instrumented';
import type { KubeletMetrics } from '../../../../src/sim/kubelet/metrics/metrics';
import type { ContainerRuntime } from '../../../../src/sim/node/cri/runtime';
import { trivialExitCode } from '../../../../src/sim/node/programs/sh/index';
import { sandboxConfig, setup } from './harness';

function run(h: ReturnType<typeof setup>, name: string, image: string, command?: string[]) {
  const sb = sandboxConfig(name, { logDirectory: `/var/log/pods/default_${name}_uid-${name}`, hostname: name });
  h.ok<string>((cb) => h.rt.PullImage(image, sb, cb));
  const sandboxId = h.ok<string>((cb) => h.rt.RunPodSandbox(sb, cb));
  const containerId = h.ok<string>((cb) => h.rt.CreateContainer(sandboxId, { metadata: { name: 'main', attempt: 0 }, image, command, logPath: 'main/0.log' }, sb, cb));
  h.ok<void>((cb) => h.rt.StartContainer(containerId, cb));
  return { containerId };
}

/** The ExecSync answers and trace events (t relative to the call) of argv, with the same seed. */
function execTrace(argv: string[], timeout = 1) {
  const h = setup(5);
  const { containerId } = run(h, 'job', 'busybox', ['sleep', '3600']);
  const n0 = h.events.length;
  const t0 = h.clock.now();
  const r = h.call((cb) => h.rt.ExecSync(containerId, argv, timeout, cb));
  const events = h.events.slice(n0).map(({ t, seq, ...e }) => ({ ...e, dt: t - t0, seq: seq - n0 }));
  return { r: { ...r, at: r.at - t0 }, events: JSON.stringify(events) };
}

describe('ExecSync fast path', () => {
  it('only the bare true/false argv skip the shell', () => {
    expect(trivialExitCode(['true'])).toBe(0);
    expect(trivialExitCode(['false'])).toBe(1);
    expect(trivialExitCode(['/bin/true'])).toBeUndefined();
    expect(trivialExitCode(['sh', '-c', 'true'])).toBeUndefined();
    expect(trivialExitCode([])).toBeUndefined();
  });

  it('a container that dies before the exec starts: `true` answers the same error at the same time as through the shell', () => {
    const answers = [['true'], ['sh', '-c', 'true']].map((argv) => {
      const h = setup(5);
      const { containerId } = run(h, 'job', 'busybox', ['sleep', '3600']);
      const t0 = h.clock.now();
      let answer: unknown;
      let at = 0;
      h.rt.ExecSync(containerId, argv, 1, (r) => ((answer = r), (at = h.clock.now() - t0)));
      h.rt.oomKill(containerId);
      while (answer === undefined && h.clock.step()) {
        /* run */
      }
      return { answer, at };
    });
    expect(answers[0].answer).toMatchObject({ ok: false });
    expect(answers[0]).toEqual(answers[1]);
  });

  it('a container that dies while `true` is being exec\'d ends the exec with 137, as through the shell', () => {
    for (const argv of [['true'], ['sh', '-c', 'true']]) {
      const h = setup(5);
      const { containerId } = run(h, 'job', 'busybox', ['sleep', '3600']);
      let answer: unknown;
      h.rt.ExecSync(containerId, argv, 1, (r) => (answer = r));
      // ExecSync starts the process after 1 ms; it would exit at its first step, 5 ms later.
      h.clock.runUntil(h.clock.now() + 3);
      expect(answer).toBeUndefined();
      // The container's process dies (the OOM killer: no RPC latency in between).
      h.rt.oomKill(containerId);
      while (answer === undefined && h.clock.step()) {
        /* run */
      }
      expect(answer, argv.join(' ')).toMatchObject({ ok: true, value: { exitCode: 137 } });
    }
  });

  it('`true` and `false` answer at the same virtual time, with the same trace, as through the shell', () => {
    for (const [fast, slow] of [
      [['true'], ['sh', '-c', 'true']],
      [['false'], ['sh', '-c', 'false']]
    ]) {
      const a = execTrace(fast);
      const b = execTrace(slow);
      expect(a.r.ok && a.r.value).toEqual(b.r.ok && b.r.value);
      expect(a.r.at).toBe(b.r.at);
      expect(a.events.replaceAll(JSON.stringify(fast), 'ARGV')).toBe(b.events.replaceAll(JSON.stringify(slow), 'ARGV'));
    }
    expect(execTrace(['true']).r).toMatchObject({ ok: true, value: { stdout: '', stderr: '', exitCode: 0 } });
    expect(execTrace(['false']).r).toMatchObject({ ok: true, value: { exitCode: 1 } });
  });

  it('many execs, then the container stops: its stop is not slowed or changed by execs that ended', () => {
    const h = setup();
    const { containerId } = run(h, 'job', 'busybox', ['sleep', '3600']);
    for (let i = 0; i < 50; i++) expect(h.ok<{ exitCode: number }>((cb) => h.rt.ExecSync(containerId, ['true'], 1, cb)).exitCode).toBe(0);
    // An exec still running when its container stops dies with it (137).
    let answer: unknown;
    h.rt.ExecSync(containerId, ['sleep', '30'], 0, (r) => (answer = r));
    h.clock.runUntil(h.clock.now() + 100);
    h.ok<void>((cb) => h.rt.StopContainer(containerId, 0, cb));
    while (answer === undefined && h.clock.step()) {
      /* run */
    }
    expect(answer).toMatchObject({ ok: true, value: { exitCode: 137 } });
  });
});

describe('instrumentedRuntime', () => {
  it('wraps each method once and counts every call', () => {
    const h = setup();
    const ops: [string, boolean][] = [];
    const metrics = { runtimeOperation: (op: string, _ms: number, ok: boolean) => ops.push([op, ok]) } as unknown as KubeletMetrics;
    const clock = h.clock as SimClock;
    const rt = instrumentedRuntime(h.rt as ContainerRuntime, metrics, clock);
    expect(rt.ExecSync).toBe(rt.ExecSync);
    expect(rt.processesAt).toBe(rt.processesAt);
    const { containerId } = run(h, 'job', 'busybox', ['sleep', '3600']);
    expect(h.ok<{ exitCode: number }>((cb) => rt.ExecSync(containerId, ['true'], 1, cb)).exitCode).toBe(0);
    h.call((cb) => rt.ExecSync('nope', ['true'], 1, cb));
    expect(ops).toEqual([
      ['exec_sync', true],
      ['exec_sync', false]
    ]);
  });
});

/**
 * A fake ProcessContext for shell tests (a MemoryFS, a scripted Network, a virtual clock) and a
 * driver that plays a Process the way the shim does: resume(), wait the asked virtual time,
 * deliver signals at given instants, resume again.
 */

import type { ContainerFS, Network, Process, ProcessContext, ProcessCredentials, HttpResponse, SignalOutcome, Step } from '../../../../../src/sim/node/programs/process';
import type { Signal } from '../../../../../src/sim/node/programs/programs';
import { MemoryFS } from '../../../../../src/sim/node/programs/sh/memfs';
import { startShell } from '../../../../../src/sim/node/programs/sh/index';

export interface Clock {
  now: number;
}

export interface FakeNet {
  /** name (as asked) -> address, or a function of the virtual time. */
  dns?: (name: string, now: number) => string | undefined;
  http?: (host: string, port: number, path: string) => HttpResponse;
  tcp?: (host: string, port: number) => 'open' | 'refused' | 'unreachable';
}

export function fakeNetwork(clock: Clock, fake: FakeNet = {}, namespace = 'default'): Network {
  const search = [`${namespace}.svc.cluster.local`, 'svc.cluster.local', 'cluster.local'];
  return {
    nameserver: '10.96.0.10',
    search,
    lookup(name) {
      for (const candidate of [...search.map((d) => `${name}.${d}`), name]) {
        const ip = fake.dns?.(candidate, clock.now);
        if (ip) return { name: candidate, addresses: [ip] };
      }
      return undefined;
    },
    httpGet: (host, port, path) => fake.http?.(host, port, path) ?? { error: 'Connection refused' },
    tcpConnect: (host, port) => fake.tcp?.(host, port) ?? 'refused'
  };
}

export interface Harness {
  ctx: ProcessContext;
  clock: Clock;
  fs: MemoryFS;
  stdout: string[];
  stderr: string[];
  out(): string;
  err(): string;
}

export function harness(argv: string[], opts: { fs?: MemoryFS; clock?: Clock; net?: FakeNet; env?: Record<string, string>; files?: Record<string, string>; containerFS?: ContainerFS; user?: ProcessCredentials } = {}): Harness {
  const clock = opts.clock ?? { now: 0 };
  const fs = opts.fs ?? new MemoryFS(() => clock.now, opts.files);
  const stdout: string[] = [];
  const stderr: string[] = [];
  const ctx: ProcessContext = {
    argv,
    env: opts.env ?? { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', HOSTNAME: 'pod-1', HOME: '/root' },
    hostname: 'pod-1',
    cwd: '/',
    fs: opts.containerFS ?? fs,
    ...(opts.user ? { user: opts.user } : {}),
    net: fakeNetwork(clock, opts.net),
    now: () => clock.now,
    random: () => 0.5,
    stdout: (s) => void stdout.push(s),
    stderr: (s) => void stderr.push(s)
  };
  return { ctx, clock, fs, stdout, stderr, out: () => stdout.join(''), err: () => stderr.join('') };
}

export interface Trace {
  /** Each resume()'s step with the virtual time it was returned at. */
  steps: { at: number; step: Step }[];
  signals: { at: number; signal: Signal; outcome: SignalOutcome }[];
  exit?: { at: number; code: number };
}

/** Plays a process until it exits or `untilMs`, delivering `signals` at their times. */
export function drive(proc: Process, clock: Clock, opts: { untilMs?: number; signals?: { at: number; signal: Signal }[] } = {}): Trace {
  const untilMs = opts.untilMs ?? 10_000_000;
  const pending = [...(opts.signals ?? [])].sort((a, b) => a.at - b.at);
  const trace: Trace = { steps: [], signals: [] };
  for (let i = 0; i < 100_000; i++) {
    const step = proc.resume();
    trace.steps.push({ at: clock.now, step });
    if (step.kind === 'exit') {
      trace.exit = { at: clock.now, code: step.code };
      return trace;
    }
    const wake = step.kind === 'sleep' ? clock.now + step.ms : Infinity;
    let handled = false;
    while (pending.length && pending[0].at <= Math.min(wake, untilMs)) {
      const { at, signal } = pending.shift()!;
      clock.now = Math.max(clock.now, at);
      const outcome = proc.signal(signal);
      trace.signals.push({ at: clock.now, signal, outcome });
      if (outcome.kind === 'handled') {
        handled = true;
        break;
      }
    }
    if (handled) continue;
    if (wake > untilMs) {
      clock.now = untilMs;
      return trace;
    }
    clock.now = wake;
  }
  throw new Error('process did not settle');
}

/** Runs `sh -c script` to completion (or untilMs). */
export function runScript(script: string, opts: Parameters<typeof harness>[1] & { untilMs?: number; signals?: { at: number; signal: Signal }[] } = {}) {
  const h = harness(['sh', '-c', script], opts);
  const proc = startShell(h.ctx);
  const trace = drive(proc, h.clock, opts);
  return { ...h, proc, trace };
}

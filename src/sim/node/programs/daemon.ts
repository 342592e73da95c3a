/**
 * A long-running program described by a table entry rather than code: what it prints when it
 * starts, whether it exits by itself (stress --timeout), which ports it listens on, how it answers
 * HTTP, and how it takes each signal (exit cleanly after a while, die of it, ignore it). Signals
 * it has no entry for are ignored: the process is PID 1 of its PID namespace (see programs.ts).
 * upstream: none (behaviour of the real images: nginx, redis, agnhost, pause...)
 */

import type { HttpResponse, Process, ProcessContext, ProgramFactory, SignalOutcome, Step } from './process';
import type { Signal } from './programs';

/** What the process does by itself after it starts. */
export type Run = { kind: 'exits'; afterMs: number; exitCode: number } | { kind: 'runs' };

/** How the process answers a signal: exit cleanly after a while, die of it (128+n), or ignore it. */
export type SignalReaction = { kind: 'exit'; afterMs: number; exitCode: number } | { kind: 'die' } | { kind: 'ignore' };

export interface DaemonSpec {
  description: string;
  /** Behaviour after start; a function of argv only where arguments matter (stress). */
  run?: (argv: readonly string[]) => Run;
  /** Handled signals. Anything else is ignored (PID 1), SIGKILL always kills. */
  signals: Partial<Record<Signal, SignalReaction>>;
  /** TCP ports served while running. */
  ports?: (argv: readonly string[]) => readonly number[];
  /** Output at start (stdout/stderr through ctx). */
  startup?: (ctx: ProcessContext) => void;
  /** An HTTP answer on a served port; `startedAt` is the virtual ms of the start. */
  http?: (ctx: ProcessContext, startedAt: number, port: number, path: string, headers?: Record<string, string>, client?: { ip: string }) => HttpResponse;
  /** `http` answers from the request and the process's files alone (nginx, httpd): see Process.steady. */
  httpFromFiles?: boolean;
}

export const RUNS: Run = { kind: 'runs' };

/** A factory for a table-described program. */
export function daemon(spec: DaemonSpec): ProgramFactory & { spec: DaemonSpec } {
  const factory = (ctx: ProcessContext): Process => {
    let started = false;
    let startedAt = 0;
    /** When the process exits, and with what status (the earliest of its own exit and a signal's). */
    let exitAt: { at: number; code: number } | undefined;
    const exitBy = (at: number, code: number) => {
      if (!exitAt || at < exitAt.at) exitAt = { at, code };
    };
    const ports = spec.ports?.(ctx.argv) ?? [];
    return {
      resume(): Step {
        const now = ctx.now();
        if (!started) {
          started = true;
          startedAt = now;
          spec.startup?.(ctx);
          const run = spec.run?.(ctx.argv) ?? RUNS;
          if (run.kind === 'exits') exitBy(now + run.afterMs, run.exitCode);
        }
        if (!exitAt) return { kind: 'block' };
        if (now >= exitAt.at) return { kind: 'exit', code: exitAt.code };
        return { kind: 'sleep', ms: exitAt.at - now };
      },
      signal(signal: Signal): SignalOutcome {
        const r = spec.signals[signal];
        if (!r || r.kind === 'ignore') return { kind: 'ignore' };
        if (r.kind === 'die') return { kind: 'die' };
        exitBy(ctx.now() + r.afterMs, r.exitCode);
        return { kind: 'handled' };
      },
      listening: () => (started && !(exitAt && exitAt.at <= ctx.now()) ? ports : []),
      // Up with no exit ahead (a signal sets one): its ports stand, and its answers if they come from its files.
      steady: () => started && !exitAt && (!spec.http || spec.httpFromFiles === true),
      ...(spec.http ? { http: (port: number, path: string, headers: Record<string, string> = {}, client?: { ip: string }) => spec.http!(ctx, startedAt, port, path, headers, client) } : {})
    };
  };
  return Object.assign(factory, { spec });
}

export function ok(body: string, headers?: Record<string, string>): HttpResponse {
  return { status: 200, statusText: 'OK', body, ...(headers ? { headers } : {}) };
}

export function status(code: number, body: string): HttpResponse {
  const text: Record<number, string> = { 200: 'OK', 400: 'Bad Request', 404: 'Not Found', 500: 'Internal Server Error', 503: 'Service Unavailable' };
  return { status: code, statusText: text[code] ?? '', body };
}

/** The value of `--name=v` / `--name v` / `-name=v` in argv. */
export function flag(argv: readonly string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const m = new RegExp(`^--?${name}(?:=(.*))?$`).exec(argv[i]);
    if (m) return m[1] ?? argv[i + 1];
  }
  return undefined;
}

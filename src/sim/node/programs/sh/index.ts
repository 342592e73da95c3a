/**
 * busybox `sh` as a resumable process (process.ts): `startShell(ctx)` runs a container's argv
 * (`sh -c '...'`, `/bin/sh -c`, `bash -c`, or an applet named directly: `sleep 3600`,
 * `cat /tmp/healthy`) until it sleeps, blocks or exits, and answers signals as busybox does as
 * PID 1 in its namespace: a signal without a trap is ignored (which is why `sleep 3600` takes
 * the whole grace period); with `trap '...' TERM` the signal is `handled` and its trap runs
 * between two commands — after the foreground applet (`sleep 30`) ends, since ash waits for its
 * child, but at once when the shell is in the `wait` builtin (which returns 128+15).
 *
 * Background jobs (`cmd &`) are generators stepped beside the main script; the process sleeps
 * until the earliest of their deadlines, and exits when the main script does.
 *
 * Upstream: busybox shell/ash.c (main, procargs, evalstring, trapcmd, dotrap, waitcmd,
 * exitshell); man 7 pid_namespaces (signals to init).
 */

import type { HttpResponse, Process, ProcessContext, SignalOutcome, Step } from '../process';
import type { Signal } from '../programs';
import { parseScript } from './parser';
import { ShSyntaxError } from './lexer';
import { parseInvocation, SHELL_NAMES } from './invocation';
import { APPLETS } from './applets';
import { BUILTINS } from './builtins';
import { ProcState } from './proc';
import { Shell } from './shell';
import { Input, type Gen, type IO, type Wait } from './types';

export { MemoryFS, resolvePath } from './memfs';
export { SHELL_NAMES } from './invocation';

/** Whether an argv[0] runs busybox: a shell (`sh`, `/bin/sh`, `bash`) or an applet (`sleep`, `/bin/cat`). */
export function isBusyboxCommand(argv0: string): boolean {
  const base = argv0.split('/').pop() ?? '';
  return SHELL_NAMES.has(base) || base in APPLETS || base in BUILTINS;
}
export { LOOP_GUARD_COMMANDS, LOOP_GUARD_MS } from './shell';

/** Checks a script's syntax without running it ("sh: syntax error: unexpected \"fi\""). */
export function parseShell(script: string): { ok: true } | { ok: false; error: string } {
  try {
    parseScript(script);
    return { ok: true };
  } catch (e) {
    if (e instanceof ShSyntaxError) return { ok: false, error: `sh: syntax error: ${e.message}` };
    throw e;
  }
}

interface Thread {
  gen: Gen;
  waiting?: Wait;
  status?: number;
}

/** Whether a thread can run now. */
function ready(thread: Thread, now: number, proc: ProcState, isMain: boolean): boolean {
  const w = thread.waiting;
  if (thread.status !== undefined) return false;
  if (!w) return true;
  if (w.kind === 'sleep') return now >= w.until;
  if (w.kind === 'block') return false;
  return w.jobs.every((j) => j.status !== undefined) || (isMain && proc.pending.length > 0);
}

/** Options for a shell that is not the container's main process (exec probes, kubectl exec). */
export interface ShellOptions {
  /** `$$` and the PID signals address: 1 for the container's main process. */
  pid?: number;
  /** What the shell reads on its standard input (a pipe's text); empty by default. */
  stdin?: string;
}

export function startShell(ctx: ProcessContext, options: ShellOptions = {}): Process {
  const proc = new ProcState(ctx, options.pid ?? 1);
  const io: IO = { stdin: new Input(options.stdin ?? ctx.stdin ?? ''), out: (s) => ctx.stdout(s), err: (s) => ctx.stderr(s) };
  const shell = new Shell(proc, io, true);
  for (const [k, v] of Object.entries(ctx.env)) shell.setVar(k, v, true);
  if (shell.param('PWD') === undefined) shell.setVar('PWD', shell.cwd, true);

  function* main(): Gen {
    const base = (ctx.argv[0] ?? 'sh').split('/').pop()!;
    if (ctx.argv.length === 0 || SHELL_NAMES.has(base)) {
      const inv = parseInvocation(ctx.argv.length ? ctx.argv : ['sh']);
      if ('error' in inv) {
        io.err(inv.error + '\n');
        return 2;
      }
      // An interactive shell whose stdin stays open (a TTY attached by `kubectl run -it`) waits
      // for input until the attach closes it (the runtime's closeStdin ends the process).
      const fromStdin = inv.file === undefined && !ctx.argv.slice(1).some((a) => /^-\w*c\w*$/.test(a));
      if (ctx.stdinOpen && fromStdin) {
        for (;;) yield { kind: 'sleep', until: Infinity };
      }
      // Neither -c nor a file: the commands are read from stdin to its end (`... | kubectl exec -i POD -- sh`).
      if (fromStdin) inv.script = io.stdin.readAll();
      return yield* shell.runInvocation(inv, io);
    }
    try {
      return yield* shell.run([...ctx.argv], [], io);
    } catch (e) {
      return shell.statusOfThrow(e, io);
    }
  }

  const mainThread: Thread = { gen: main() };
  let exitCode: number | undefined;

  return {
    resume(): Step {
      if (exitCode !== undefined) return { kind: 'exit', code: exitCode };
      proc.work = 0;
      const now = ctx.now();
      for (let progressed = true; progressed; ) {
        progressed = false;
        for (const [thread, isMain] of [[mainThread, true] as const, ...proc.jobs.map((j) => [j, false] as const)]) {
          if (!ready(thread, now, proc, isMain)) continue;
          progressed = true;
          const r = thread.gen.next();
          if (r.done) thread.status = r.value;
          else thread.waiting = r.value;
          if (isMain && r.done) {
            exitCode = r.value & 255;
            proc.listening.clear();
            proc.httpServers.clear();
            return { kind: 'exit', code: exitCode };
          }
        }
      }
      proc.jobs = proc.jobs.filter((j) => j.status === undefined);
      let until = Infinity;
      for (const t of [mainThread, ...proc.jobs]) if (t.status === undefined && t.waiting?.kind === 'sleep') until = Math.min(until, t.waiting.until);
      return until === Infinity ? { kind: 'block' } : { kind: 'sleep', ms: Math.max(until - now, 1) };
    },
    signal(signal: Signal): SignalOutcome {
      if (exitCode !== undefined) return { kind: 'ignore' };
      const name = signal.replace(/^SIG/, '');
      // PID 1 gets only the signals it has a handler for; trap '' SIG ignores it too.
      if (!shell.traps.get(name)) return { kind: 'ignore' };
      proc.pending.push(name);
      return { kind: 'handled' };
    },
    listening: () => [...new Set([...proc.listening, ...proc.httpServers.keys()])].sort((a, b) => a - b),
    http(port, path) {
      return proc.httpServers.get(port)?.(path) ?? { error: 'Connection refused' };
    }
  };
}

/** A process started by exec (probes, `kubectl exec`): the same shell, with its own PID. */
export function execShell(ctx: ProcessContext): Process {
  return startShell(ctx, { pid: 42 });
}

/**
 * The exit status of an exec'd argv that needs no shell at all (`true`, `false`: the exec probe's
 * classic `command: [true]`), or undefined. Such a process prints nothing, has no trap, listens
 * on nothing and exits at its first step, as the shell would run it: the runtime can skip building
 * a shell for it (hot path: an exec probe every 10 s per container).
 */
export function trivialExitCode(argv: readonly string[]): number | undefined {
  const a0 = argv[0];
  return a0 === 'true' ? 0 : a0 === 'false' ? 1 : undefined;
}


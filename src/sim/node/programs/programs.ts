/**
 * The programs simulated images run, as a table: how the process behaves once started, and how
 * it answers each signal. Signals a program does not handle are ignored: the process is PID 1 of
 * its PID namespace, and Linux does not apply a default action to PID 1 for signals sent from
 * the parent namespace (only SIGKILL gets through). That is why `sleep 3600` in busybox takes
 * the whole grace period to stop and exits 137, while nginx exits 0 on its STOPSIGNAL.
 * (man 7 pid_namespaces, "the init process ... only signals for which it has established a
 * signal handler can be sent to it by other members of the PID namespace"; likewise from the
 * ancestor namespace except SIGKILL and SIGSTOP.)
 */

import { runShell, SHELL_NAMES } from './sh';

export type Signal = 'SIGHUP' | 'SIGINT' | 'SIGQUIT' | 'SIGKILL' | 'SIGTERM' | 'SIGWINCH' | 'SIGUSR1' | 'SIGUSR2';

export const SIGNAL_NUMBERS: Record<Signal, number> = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGKILL: 9, SIGUSR1: 10, SIGUSR2: 12, SIGTERM: 15, SIGWINCH: 28 };

/** What the process does by itself after it starts. */
export type Run = { kind: 'exits'; afterMs: number; exitCode: number } | { kind: 'runs' };

/** How the process answers a signal: exit cleanly after a while, die of it (128+n), or ignore it. */
export type SignalReaction = { kind: 'exit'; afterMs: number; exitCode: number } | { kind: 'die' } | { kind: 'ignore' };

export interface ProgramSpec {
  description: string;
  /** Behaviour after start; a function of argv only where arguments matter (sh, stress). */
  run: Run | ((argv: string[]) => Run);
  /** Handled signals. Anything else is ignored (PID 1), SIGKILL always kills. */
  signals: Partial<Record<Signal, SignalReaction>>;
}

const RUNS: Run = { kind: 'runs' };
const exit = (afterMs: number, exitCode = 0): SignalReaction => ({ kind: 'exit', afterMs, exitCode });
const DIE: SignalReaction = { kind: 'die' };

/** stress / vish-stress: run until stopped, or `--timeout N` / `-t N` / `-timeout=Ns` seconds. */
function runStress(argv: string[]): Run {
  for (let i = 0; i < argv.length; i++) {
    const m = /^-{1,2}(?:t|timeout)(?:=(\S+))?$/.exec(argv[i]);
    if (!m) continue;
    const v = /^(\d+)(s|m|h)?$/.exec(m[1] ?? argv[i + 1] ?? '');
    if (v) return { kind: 'exits', afterMs: Number(v[1]) * { s: 1000, m: 60_000, h: 3_600_000 }[(v[2] ?? 's') as 's'], exitCode: 0 };
  }
  return RUNS;
}

export const PROGRAMS: Record<string, ProgramSpec> = {
  sh: { description: 'busybox/alpine sh and applets', run: runShell, signals: {} },
  // pause.c installs sigdown for SIGINT and SIGTERM and exits 0.
  pause: { description: 'the sandbox pause process', run: RUNS, signals: { SIGTERM: exit(0), SIGINT: exit(0) } },
  // nginx: SIGQUIT graceful shutdown, SIGTERM/SIGINT fast shutdown; both exit 0.
  nginx: { description: 'nginx web server', run: RUNS, signals: { SIGQUIT: exit(50), SIGTERM: exit(10), SIGINT: exit(10) } },
  // httpd: SIGWINCH graceful stop (the image's STOPSIGNAL), SIGTERM stop.
  httpd: { description: 'Apache httpd', run: RUNS, signals: { SIGWINCH: exit(50), SIGTERM: exit(20), SIGINT: exit(20) } },
  redis: { description: 'redis-server', run: RUNS, signals: { SIGTERM: exit(30), SIGINT: exit(30) } },
  // postgres: SIGINT fast shutdown (the image's STOPSIGNAL), SIGTERM smart shutdown.
  postgres: { description: 'PostgreSQL', run: RUNS, signals: { SIGINT: exit(200), SIGTERM: exit(500), SIGQUIT: exit(10, 1) } },
  // Go programs without a handler die of the signal (approximation: 128+n).
  agnhost: { description: 'Kubernetes e2e test server (pause, netexec, serve-hostname, liveness...)', run: RUNS, signals: { SIGTERM: DIE, SIGINT: DIE } },
  goproxy: { description: 'an HTTP proxy (readiness/liveness TCP probe examples)', run: RUNS, signals: { SIGTERM: DIE, SIGINT: DIE } },
  stress: { description: 'stress / vish-stress load generators', run: runStress, signals: {} },
  etcd: { description: 'etcd', run: RUNS, signals: { SIGTERM: exit(100), SIGINT: exit(100) } },
  'kube-apiserver': { description: 'kube-apiserver', run: RUNS, signals: { SIGTERM: exit(1000), SIGINT: exit(1000) } },
  'kube-controller-manager': { description: 'kube-controller-manager', run: RUNS, signals: { SIGTERM: exit(50), SIGINT: exit(50) } },
  'kube-scheduler': { description: 'kube-scheduler', run: RUNS, signals: { SIGTERM: exit(50), SIGINT: exit(50) } },
  'kube-proxy': { description: 'kube-proxy', run: RUNS, signals: { SIGTERM: exit(50), SIGINT: exit(50) } },
  // CoreDNS with kubeadm's Corefile: `health { lameduck 5s }`.
  coredns: { description: 'CoreDNS', run: RUNS, signals: { SIGTERM: exit(5000), SIGINT: exit(5000) } }
};

/** The program that runs for an argv in an image: shells and applets run `sh`, anything else the image's program. */
export function programFor(imageProgram: string, argv: string[]): string {
  const base = (argv[0] ?? '').split('/').pop()!;
  return SHELL_NAMES.has(base) ? 'sh' : imageProgram;
}

export function runOf(program: string, argv: string[]): Run {
  const spec = PROGRAMS[program];
  if (!spec) return RUNS;
  return typeof spec.run === 'function' ? spec.run(argv) : spec.run;
}

export function signalReaction(program: string, signal: Signal): SignalReaction {
  if (signal === 'SIGKILL') return DIE;
  return PROGRAMS[program]?.signals[signal] ?? { kind: 'ignore' };
}

/** Exit status of a process killed by a signal: 128 + n (137 for SIGKILL, 143 for SIGTERM). */
export function exitCodeForSignal(signal: Signal): number {
  return 128 + SIGNAL_NUMBERS[signal];
}

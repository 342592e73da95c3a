/**
 * The programs simulated images run, as a table of ProgramFactory (process.ts): `sh` is the shell
 * interpreter; the others are daemons described by data (daemon.ts, servers.ts): their start-up
 * output, ports, HTTP answers and how they take each signal. Signals a program does not handle are
 * ignored: the process is PID 1 of its PID namespace, and Linux does not apply a default action
 * to PID 1 for signals sent from the parent namespace (only SIGKILL gets through). That is why
 * `sleep 3600` in busybox takes the whole grace period to stop and exits 137, while nginx exits 0
 * on its STOPSIGNAL. (man 7 pid_namespaces, "the init process ... only signals for which it has
 * established a signal handler can be sent to it by other members of the PID namespace"; likewise
 * from the ancestor namespace except SIGKILL and SIGSTOP.)
 */

import { daemon, flag, RUNS, type DaemonSpec, type Run, type SignalReaction } from './daemon';
import type { ProgramFactory } from './process';
import { healthz, SERVERS } from './servers';
import { execShell, startShell } from './sh/index';
import { startPerl } from './perl';
import { SHELL_NAMES as SHELLS } from './sh/invocation';
import { APPLETS } from './sh/applets/index';
import { BINARIES } from './sh/applets/binaries';

export type { Run, SignalReaction } from './daemon';

export type Signal = 'SIGHUP' | 'SIGINT' | 'SIGQUIT' | 'SIGKILL' | 'SIGTERM' | 'SIGWINCH' | 'SIGUSR1' | 'SIGUSR2';

export const SIGNAL_NUMBERS: Record<Signal, number> = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGKILL: 9, SIGUSR1: 10, SIGUSR2: 12, SIGTERM: 15, SIGWINCH: 28 };

const exit = (afterMs: number, exitCode = 0): SignalReaction => ({ kind: 'exit', afterMs, exitCode });
const DIE: SignalReaction = { kind: 'die' };
const runs = () => RUNS;

/** stress / vish-stress: run until stopped, or `--timeout N` / `-t N` / `-timeout=Ns` seconds. */
function runStress(argv: readonly string[]): Run {
  const t = flag(argv, 't') ?? flag(argv, 'timeout');
  const v = /^(\d+)(s|m|h)?$/.exec(t ?? '');
  if (v) return { kind: 'exits', afterMs: Number(v[1]) * { s: 1000, m: 60_000, h: 3_600_000 }[(v[2] ?? 's') as 's'], exitCode: 0 };
  return RUNS;
}

/** The daemons: everything but the shell. */
export const DAEMONS: Record<string, DaemonSpec> = {
  // pause.c installs sigdown for SIGINT and SIGTERM and exits 0.
  pause: { description: 'the sandbox pause process', run: runs, signals: { SIGTERM: exit(0), SIGINT: exit(0) } },
  // nginx: SIGQUIT graceful shutdown, SIGTERM/SIGINT fast shutdown; both exit 0.
  nginx: { description: 'nginx web server', run: runs, signals: { SIGQUIT: exit(50), SIGTERM: exit(10), SIGINT: exit(10) }, ...SERVERS.nginx },
  // httpd: SIGWINCH graceful stop (the image's STOPSIGNAL), SIGTERM stop.
  httpd: { description: 'Apache httpd', run: runs, signals: { SIGWINCH: exit(50), SIGTERM: exit(20), SIGINT: exit(20) }, ...SERVERS.httpd },
  redis: { description: 'redis-server', run: runs, signals: { SIGTERM: exit(30), SIGINT: exit(30) }, ...SERVERS.redis },
  // postgres: SIGINT fast shutdown (the image's STOPSIGNAL), SIGTERM smart shutdown.
  postgres: { description: 'PostgreSQL', run: runs, signals: { SIGINT: exit(200), SIGTERM: exit(500), SIGQUIT: exit(10, 1) }, ...SERVERS.postgres },
  // Go programs without a handler die of the signal (approximation: 128+n).
  agnhost: { description: 'Kubernetes e2e test server (pause, netexec, serve-hostname, liveness...)', run: runs, signals: { SIGTERM: DIE, SIGINT: DIE }, ...SERVERS.agnhost },
  goproxy: { description: 'an HTTP proxy (readiness/liveness TCP probe examples)', run: runs, signals: { SIGTERM: DIE, SIGINT: DIE }, ports: () => [8080] },
  stress: { description: 'stress / vish-stress load generators', run: runStress, signals: {} },
  etcd: { description: 'etcd', run: runs, signals: { SIGTERM: exit(100), SIGINT: exit(100) }, ports: () => [2379, 2380, 2381], http: healthz() },
  'kube-apiserver': { description: 'kube-apiserver', run: runs, signals: { SIGTERM: exit(1000), SIGINT: exit(1000) }, ports: () => [6443], http: healthz() },
  'kube-controller-manager': { description: 'kube-controller-manager', run: runs, signals: { SIGTERM: exit(50), SIGINT: exit(50) }, ports: () => [10257], http: healthz() },
  'kube-scheduler': { description: 'kube-scheduler', run: runs, signals: { SIGTERM: exit(50), SIGINT: exit(50) }, ports: () => [10259], http: healthz() },
  'kube-proxy': { description: 'kube-proxy', run: runs, signals: { SIGTERM: exit(50), SIGINT: exit(50) }, ports: () => [10249, 10256], http: healthz() },
  // CoreDNS with kubeadm's Corefile: `health { lameduck 5s }`, `ready` on 8181.
  coredns: { description: 'CoreDNS', run: runs, signals: { SIGTERM: exit(5000), SIGINT: exit(5000) }, ports: () => [53, 8080, 8181, 9153], http: healthz('OK'), startup: SERVERS.coredns.startup }
};

/** Every program by name: the factory the runtime starts a container's process with. */
export const PROGRAMS: Record<string, ProgramFactory> = {
  sh: startShell,
  perl: startPerl,
  ...Object.fromEntries(Object.entries(DAEMONS).map(([name, spec]) => [name, daemon(spec)]))
};

/** Names that run `sh` whatever the image's program: the shells and the busybox applets. */
export const SHELL_NAMES: ReadonlySet<string> = new Set([...SHELLS, ...Object.keys(APPLETS)]);

/** Programs not in the table run until stopped and ignore every signal. */
const UNKNOWN = daemon({ description: 'an unknown program', signals: {} });

export function factoryFor(program: string): ProgramFactory {
  return PROGRAMS[program] ?? UNKNOWN;
}

/** The factory for a process started by exec (ExecSync, `kubectl exec`): a shell gets a PID other than 1. */
export function execFactoryFor(program: string): ProgramFactory {
  return program === 'sh' ? execShell : factoryFor(program);
}

/**
 * The program that runs for an argv in an image: shells, applets and the binaries a shell finds
 * on disk (`command: [curl, ...]`: `sh: curl: not found` where the image has none) run `sh`,
 * anything else the image's program.
 */
export function programFor(imageProgram: string, argv: readonly string[]): string {
  const base = (argv[0] ?? '').split('/').pop()!;
  return SHELL_NAMES.has(base) || base in BINARIES ? 'sh' : imageProgram;
}

/** Exit status of a process killed by a signal: 128 + n (137 for SIGKILL, 143 for SIGTERM). */
export function exitCodeForSignal(signal: Signal): number {
  return 128 + SIGNAL_NUMBERS[signal];
}

/**
 * Signal names and numbers as `kill -l` and `trap` know them on Linux x86-64, and the parsing
 * of a signal argument (`TERM`, `SIGTERM`, `15`, `0`/`EXIT` for trap).
 *
 * Upstream: busybox libbb/u_signal_names.c (get_signum, get_signame); man 7 signal.
 */

export const LINUX_SIGNALS: readonly string[] = [
  'EXIT', 'HUP', 'INT', 'QUIT', 'ILL', 'TRAP', 'ABRT', 'BUS', 'FPE', 'KILL', 'USR1', 'SEGV', 'USR2', 'PIPE', 'ALRM', 'TERM',
  'STKFLT', 'CHLD', 'CONT', 'STOP', 'TSTP', 'TTIN', 'TTOU', 'URG', 'XCPU', 'XFSZ', 'VTALRM', 'PROF', 'WINCH', 'IO', 'PWR', 'SYS'
];

/** The name of a signal argument without SIG ("TERM"), "EXIT" for 0, or undefined. */
export function signalName(arg: string): string | undefined {
  if (/^\d+$/.test(arg)) return LINUX_SIGNALS[Number(arg)];
  const name = arg.toUpperCase().replace(/^SIG/, '');
  return LINUX_SIGNALS.includes(name) ? name : undefined;
}

export function signalNumber(name: string): number {
  return LINUX_SIGNALS.indexOf(name);
}

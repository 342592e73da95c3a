/**
 * How `sh` reads its own argv: `sh -c 'script' [name [args...]]`, `sh [-ex] FILE [args...]`, or
 * `sh` alone (reads stdin, empty in a container: exits 0). bash, ash and dash are run as sh.
 *
 * Upstream: busybox shell/ash.c (procargs, options: -c, -e, -x, -s, -l, -i).
 */

export const SHELL_NAMES = new Set(['sh', 'ash', 'bash', 'dash']);

export interface Invocation {
  /** The script text (-c), or undefined with `file`. */
  script?: string;
  /** A script file to read. */
  file?: string;
  arg0: string;
  args: string[];
  errexit: boolean;
  xtrace: boolean;
}

/** Parses a shell argv; an error message (ash wording) for a bad option. */
export function parseInvocation(argv: readonly string[]): Invocation | { error: string } {
  const inv: Invocation = { arg0: argv[0] ?? 'sh', args: [], errexit: false, xtrace: false };
  let command = false;
  let i = 1;
  for (; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--' || a === '-') {
      i++;
      break;
    }
    if (!/^[-+]/.test(a) || a.length < 2) break;
    if (a === '-o' || a === '+o') {
      const opt = argv[++i];
      if (opt === 'errexit') inv.errexit = a === '-o';
      else if (opt === 'xtrace') inv.xtrace = a === '-o';
      continue;
    }
    for (const c of a.slice(1)) {
      if (c === 'c') command = true;
      else if (c === 'e') inv.errexit = a[0] === '-';
      else if (c === 'x') inv.xtrace = a[0] === '-';
      else if (!'lisuvfnm'.includes(c)) return { error: `sh: -${c}: invalid option` };
    }
  }
  const rest = argv.slice(i);
  if (command) {
    if (rest.length === 0) return { error: 'sh: -c requires an argument' };
    inv.script = rest[0];
    if (rest.length > 1) inv.arg0 = rest[1];
    inv.args = rest.slice(2);
  } else if (rest.length > 0) {
    inv.file = rest[0];
    inv.arg0 = rest[0];
    inv.args = rest.slice(1);
  } else inv.script = '';
  return inv;
}

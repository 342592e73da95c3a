/**
 * Just enough of busybox `sh` to know when a container's process exits and with what code: a
 * list of simple commands joined by `;`, `&&`, `||` or newlines, where `exit N`, `sleep N`,
 * `true`, `false` and a few applets mean something, and `while true`, `tail -f` or
 * `sleep infinity` mean "runs until stopped". A full interpreter (files, output, probes) is a
 * later task; this is the decision table the runtime needs now.
 */

import type { Run } from './programs';

/** Applets that succeed without side effects worth modelling yet. */
const HARMLESS = new Set(['echo', 'printf', 'cat', 'touch', 'rm', 'mkdir', 'ls', 'date', 'env', 'printenv', 'hostname', 'id', 'whoami', 'pwd', 'cd', 'export', 'test', '[', 'wget', 'nslookup', 'ping', 'nc', 'uname', 'df', 'free', 'ps', 'top', 'cp', 'mv', 'chmod', 'chown', 'ln', 'grep', 'head', 'wc', 'tee', 'dd']);
/** Programs that hold the process forever. */
const FOREVER = [/\bwhile\s+(true|:)\b/, /\btail\s+-f\b/, /\bsleep\s+inf(inity)?\b/, /\bhttpd\s+.*-f\b/, /\bnc\s+.*-l\b/];
/** Time for sh to start and run each command, so "exit 1" still happens after StartContainer. */
export const SH_START_MS = 5;

/** Names that make the runtime use `sh` whatever the image's program: shells and busybox applets. */
export const SHELL_NAMES = new Set(['sh', 'ash', 'bash', 'dash', 'sleep', 'true', 'false', 'exit', ...HARMLESS]);

/** busybox sleep: N, N.N, with an optional s/m/h/d suffix. */
function parseSleep(arg: string | undefined): number | undefined {
  const m = /^(\d+(?:\.\d+)?)([smhd]?)$/.exec(arg ?? '');
  if (!m) return undefined;
  const unit = { '': 1000, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2]]!;
  return Math.round(Number(m[1]) * unit);
}

/** The script a shell argv runs, or undefined when sh reads an empty stdin (no -c). */
function scriptOf(argv: string[]): string | undefined {
  const base = (argv[0] ?? '').split('/').pop()!;
  if (['sh', 'ash', 'bash', 'dash'].includes(base)) {
    const c = argv.indexOf('-c');
    return c === -1 ? undefined : (argv[c + 1] ?? '');
  }
  return argv.join(' ');
}

export function runShell(argv: string[]): Run {
  const script = scriptOf(argv);
  // `sh` alone with no terminal reads EOF on stdin and exits 0 at once (busybox's default CMD).
  if (script === undefined) return { kind: 'exits', afterMs: SH_START_MS, exitCode: 0 };
  // Quoted text cannot contain operators we split on.
  const plain = script.replace(/'[^']*'|"(?:[^"\\]|\\.)*"/g, 'Q');
  if (FOREVER.some((re) => re.test(plain))) return { kind: 'runs' };
  const parts = plain.split(/(&&|\|\||;|\n)/);
  let status = 0;
  let t = SH_START_MS;
  let op = ';';
  for (const part of parts) {
    if (part === '&&' || part === '||' || part === ';' || part === '\n') {
      op = part;
      continue;
    }
    if ((op === '&&' && status !== 0) || (op === '||' && status === 0)) continue;
    const words = part.trim().split(/\s+/).filter((w) => w !== '');
    if (words.length === 0) continue;
    const name = words[0].split('/').pop()!;
    if (name === 'exit') {
      const code = words[1] === undefined ? status : Number(words[1]);
      return { kind: 'exits', afterMs: t, exitCode: Number.isInteger(code) ? ((code % 256) + 256) % 256 : 2 };
    } else if (name === 'sleep') {
      const ms = parseSleep(words[1]);
      if (ms === undefined) status = 1;
      else {
        t += ms;
        status = 0;
      }
    } else if (name === 'true' || name === ':') status = 0;
    else if (name === 'false') status = 1;
    else if (HARMLESS.has(name)) status = 0;
    else status = 127; // sh: <name>: not found
  }
  return { kind: 'exits', afterMs: t, exitCode: status };
}

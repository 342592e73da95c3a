/**
 * perl, as far as the Job docs use it: `perl -Mbignum=bpi -wle 'print bpi(2000)'` prints pi to
 * 2000 significant digits (Math::BigFloat's bpi, computed here for real with BigInt, Machin's
 * formula) after a few seconds of work. Any other script is not simulated: perl says so on
 * stderr and exits 255, as perl does when a script dies.
 * upstream (behaviour): perlrun (-M, -w, -l, -e), Math::BigFloat bpi.
 */
import type { Process, ProcessContext, Step } from './process';

/** How long the docs' bpi(2000) takes on one core (perl's bignum is slow): an approximation. */
export const BPI_MS_PER_1000_DIGITS = 2_500;

/** arctan(1/x) * 10^digits, as a BigInt (Taylor series). */
function arctanInverse(x: bigint, unity: bigint): bigint {
  let sum = unity / x;
  let term = sum;
  const x2 = x * x;
  for (let n = 3n, sign = -1n; term !== 0n; n += 2n, sign = -sign) {
    term /= x2;
    sum += (sign * term) / n;
  }
  return sum;
}

/** pi to `digits` significant digits, rounded half to even as Math::BigFloat does ("3.14159..."). */
export function bpi(digits: number): string {
  if (digits <= 1) return '3';
  const guard = 10;
  const unity = 10n ** BigInt(digits - 1 + guard);
  const pi = 4n * (4n * arctanInverse(5n, unity) - arctanInverse(239n, unity));
  const scale = 10n ** BigInt(guard);
  let q = pi / scale;
  const r = pi % scale;
  if (r * 2n > scale || (r * 2n === scale && q % 2n === 1n)) q += 1n;
  const s = q.toString();
  return `${s[0]}.${s.slice(1)}`;
}

/** The -e script of an argv (`-e SCRIPT`, `-wle SCRIPT`), and the modules imported with -M. */
function parseArgv(argv: readonly string[]): { script?: string; modules: string[]; newline: boolean } {
  const out: { script?: string; modules: string[]; newline: boolean } = { modules: [], newline: false };
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('-M')) {
      out.modules.push(a.slice(2));
      continue;
    }
    if (a.startsWith('-') && a.length > 1) {
      const flags = a.slice(1);
      if (flags.includes('l')) out.newline = true;
      if (flags.endsWith('e')) out.script = argv[++i];
      continue;
    }
    break;
  }
  return out;
}

export function startPerl(ctx: ProcessContext): Process {
  const { script, modules, newline } = parseArgv(ctx.argv);
  const m = /^\s*print\s+bpi\s*\(\s*(\d+)\s*\)\s*;?\s*$/.exec(script ?? '');
  const hasBpi = modules.some((mod) => /^bignum=(.*,)?bpi(,.*)?$/.test(mod));
  let state: 'start' | 'computing' | 'done' = 'start';
  return {
    resume(): Step {
      if (state === 'start') {
        if (!m || !hasBpi) {
          ctx.stderr(`perl: this simulated perl runs only \`perl -Mbignum=bpi -wle 'print bpi(N)'\`\n`);
          state = 'done';
          return { kind: 'exit', code: 255 };
        }
        state = 'computing';
        return { kind: 'sleep', ms: Math.ceil((Number(m[1]) / 1000) * BPI_MS_PER_1000_DIGITS) };
      }
      state = 'done';
      ctx.stdout(bpi(Number(m![1])) + (newline ? '\n' : ''));
      return { kind: 'exit', code: 0 };
    },
    // perl installs no handler: as PID 1 it ignores SIGTERM (the kubelet's SIGKILL ends it).
    signal: () => ({ kind: 'ignore' }),
    listening: () => []
  };
}

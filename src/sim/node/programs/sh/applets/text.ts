/**
 * Text applets: echo (-n, -e), printf (%s %d %i %u %x %o %c %b %%, widths and flags, the format
 * reused for extra arguments), seq, expr, basename, dirname and yes.
 *
 * Upstream: busybox coreutils/echo.c, coreutils/printf.c, coreutils/seq.c, coreutils/expr.c,
 * coreutils/basename.c, coreutils/dirname.c, coreutils/yes.c.
 */

import type { Applet } from './applet';
import type { Gen } from '../types';

/** Backslash escapes of `echo -e` and printf formats; `stop` when `\c` ends the output. */
export function unescapeC(text: string, echo: boolean): { text: string; stop: boolean } {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== '\\' || i + 1 >= text.length) {
      out += c;
      continue;
    }
    const n = text[++i];
    const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', f: '\f', v: '\v', '\\': '\\', e: '\x1b' };
    if (n in simple) out += simple[n];
    else if (n === 'c') return { text: out, stop: true };
    else if (n === 'x') {
      const m = /^[0-9a-fA-F]{1,2}/.exec(text.slice(i + 1));
      if (m) {
        out += String.fromCharCode(parseInt(m[0], 16));
        i += m[0].length;
      } else out += '\\x';
    } else if (/[0-7]/.test(n)) {
      // echo: \0nnn; printf: \nnn
      const m = (echo ? /^0?[0-7]{0,3}/ : /^[0-7]{1,3}/).exec(text.slice(i)) ?? ['0'];
      const digits = echo && m[0].startsWith('0') ? m[0].slice(1, 4) || '0' : m[0];
      out += String.fromCharCode(parseInt(digits, 8) & 255);
      i += m[0].length - 1;
    } else out += '\\' + n;
  }
  return { text: out, stop: false };
}

const echo: Applet = ({ argv, io }) => {
  let i = 1;
  let newline = true;
  let escapes = false;
  for (; i < argv.length && /^-[neE]+$/.test(argv[i]); i++) {
    for (const c of argv[i].slice(1)) {
      if (c === 'n') newline = false;
      else escapes = c === 'e';
    }
  }
  let text = argv.slice(i).join(' ');
  if (escapes) {
    const r = unescapeC(text, true);
    text = r.text;
    if (r.stop) newline = false;
  }
  io.out(text + (newline ? '\n' : ''));
  return 0;
};

/** A printf integer argument: 'c gives a character code; bad numbers warn. */
function printfNumber(arg: string | undefined, warn: (m: string) => void): number {
  if (arg === undefined || arg === '') return 0;
  if (/^['"]/.test(arg)) return arg.charCodeAt(1) || 0;
  const t = arg.trim();
  const n = /^[-+]?0[xX][0-9a-fA-F]+$/.test(t) ? parseInt(t, 16) : /^[-+]?\d+$/.test(t) ? parseInt(t, 10) : NaN;
  if (Number.isNaN(n)) {
    warn(`printf: invalid number '${arg}'\n`);
    return 0;
  }
  return n;
}

const printf: Applet = ({ argv, io }) => {
  const format = argv[1];
  if (format === undefined) {
    io.err('Usage: printf FORMAT [ARG]...\n');
    return 1;
  }
  const args = argv.slice(2);
  let status = 0;
  const warn = (m: string) => {
    io.err(m);
    status = 1;
  };
  let out = '';
  let used = 0;
  do {
    const start = used;
    const spec = /%([-+ #0]*)(\d+|\*)?(?:\.(\d+|\*))?([sdiuxXocb%])/g;
    let last = 0;
    let m: RegExpExecArray | null;
    let stopped = false;
    while ((m = spec.exec(format))) {
      const lit = unescapeC(format.slice(last, m.index), false);
      out += lit.text;
      last = spec.lastIndex;
      const [, flags, widthSpec, precSpec, conv] = m;
      if (conv === '%') {
        out += '%';
        continue;
      }
      const width = widthSpec === '*' ? printfNumber(args[used++], warn) : Number(widthSpec ?? 0);
      const prec = precSpec === '*' ? printfNumber(args[used++], warn) : precSpec === undefined ? undefined : Number(precSpec);
      const arg = args[used++];
      let s: string;
      if (conv === 's') s = prec === undefined ? (arg ?? '') : (arg ?? '').slice(0, prec);
      else if (conv === 'b') {
        const r = unescapeC(arg ?? '', true);
        s = r.text;
        stopped = r.stop;
      } else if (conv === 'c') s = (arg ?? '').slice(0, 1);
      else {
        const n = printfNumber(arg, warn);
        const base = conv === 'x' || conv === 'X' ? 16 : conv === 'o' ? 8 : 10;
        s = Math.abs(conv === 'u' && n < 0 ? n + 2 ** 64 : n).toString(base);
        if (conv === 'X') s = s.toUpperCase();
        if (prec !== undefined) s = s.padStart(prec, '0');
        const sign = n < 0 && conv !== 'u' ? '-' : flags.includes('+') ? '+' : flags.includes(' ') ? ' ' : '';
        if (flags.includes('0') && !flags.includes('-') && prec === undefined) s = s.padStart(width - sign.length, '0');
        s = sign + s;
      }
      out += flags.includes('-') ? s.padEnd(width) : s.padStart(width);
      if (stopped) break;
    }
    if (stopped) break;
    out += unescapeC(format.slice(last), false).text;
    if (used === start) break;
  } while (used < args.length);
  io.out(out);
  return status;
};

const seq: Applet = ({ argv, io }) => {
  let sep = '\n';
  let width = false;
  const nums: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    if (argv[i].startsWith('-s')) sep = argv[i].length > 2 ? argv[i].slice(2) : (argv[++i] ?? '');
    else if (argv[i] === '-w') width = true;
    else nums.push(argv[i]);
  }
  const values = nums.map(Number);
  if (values.length === 0 || values.length > 3 || values.some((v) => Number.isNaN(v))) {
    if (values.some((v) => Number.isNaN(v))) io.err(`seq: invalid number '${nums[values.findIndex((v) => Number.isNaN(v))]}'\n`);
    else io.err('Usage: seq [-w] [-s SEP] [FIRST [INC]] LAST\n');
    return 1;
  }
  const [first, inc, last] = values.length === 1 ? [1, 1, values[0]] : values.length === 2 ? [values[0], 1, values[1]] : values;
  const decimals = Math.max(...nums.map((n) => (n.includes('.') ? n.split('.')[1].length : 0)));
  const out: string[] = [];
  for (let v = first; inc > 0 ? v <= last + 1e-9 : v >= last - 1e-9; v += inc) {
    out.push(v.toFixed(decimals));
    if (inc === 0 || out.length > 1_000_000) break;
  }
  const w = Math.max(...out.map((s) => s.length));
  if (out.length > 0) io.out(out.map((s) => (width ? s.padStart(w, '0') : s)).join(sep) + '\n');
  return 0;
};

/** expr: | & = > >= < <= != + - * / % : length, as coreutils/expr.c's recursive descent. */
const expr: Applet = ({ argv, io }) => {
  const toks = argv.slice(1);
  let i = 0;
  const isInt = (v: string) => /^-?\d+$/.test(v);
  const fail = (msg: string): never => {
    throw new Error(msg);
  };
  const num = (v: string) => (isInt(v) ? Number(v) : fail('non-numeric argument'));
  const truthy = (v: string) => v !== '' && v !== '0';
  type Level = () => string;
  const primary: Level = () => {
    const t = toks[i++];
    if (t === undefined) return fail('syntax error');
    if (t === '(') {
      const v = or();
      if (toks[i++] !== ')') fail('syntax error');
      return v;
    }
    if (t === 'length') return String((toks[i++] ?? '').length);
    return t;
  };
  const match: Level = () => {
    let v = primary();
    while (toks[i] === ':') {
      i++;
      const pattern = primary();
      const re = new RegExp('^' + pattern.replace(/\\\(/g, '(').replace(/\\\)/g, ')'));
      const m = re.exec(v);
      v = m ? (m[1] ?? String(m[0].length)) : /\\\(/.test(pattern) ? '' : '0';
    }
    return v;
  };
  const binary = (next: Level, ops: Record<string, (a: string, b: string) => string>): Level => () => {
    let v = next();
    while (toks[i] in ops && Object.prototype.hasOwnProperty.call(ops, toks[i])) {
      const op = toks[i++];
      v = ops[op](v, next());
    }
    return v;
  };
  const cmp = (f: (c: number) => boolean) => (a: string, b: string) => (f(isInt(a) && isInt(b) ? Number(a) - Number(b) : a < b ? -1 : a > b ? 1 : 0) ? '1' : '0');
  const mul = binary(match, {
    '*': (a, b) => String(num(a) * num(b)),
    '/': (a, b) => (num(b) === 0 ? fail('division by zero') : String(Math.trunc(num(a) / num(b)))),
    '%': (a, b) => (num(b) === 0 ? fail('division by zero') : String(num(a) % num(b)))
  });
  const add = binary(mul, { '+': (a, b) => String(num(a) + num(b)), '-': (a, b) => String(num(a) - num(b)) });
  const compare = binary(add, {
    '=': cmp((c) => c === 0), '!=': cmp((c) => c !== 0), '<': cmp((c) => c < 0), '<=': cmp((c) => c <= 0), '>': cmp((c) => c > 0), '>=': cmp((c) => c >= 0)
  });
  const and = binary(compare, { '&': (a, b) => (truthy(a) && truthy(b) ? a : '0') });
  const or: Level = binary(and, { '|': (a, b) => (truthy(a) ? a : truthy(b) ? b : '0') });
  try {
    if (toks.length === 0) fail('missing operand');
    const v = or();
    if (i < toks.length) fail('syntax error');
    io.out(v + '\n');
    return truthy(v) ? 0 : 1;
  } catch (e) {
    io.err(`expr: ${(e as Error).message}\n`);
    return 2;
  }
};

const basename: Applet = ({ argv, io }) => {
  if (argv.length < 2) {
    io.err('Usage: basename FILE [SUFFIX]\n');
    return 1;
  }
  let name = argv[1].replace(/\/+$/, '');
  name = name === '' ? '/' : name.slice(name.lastIndexOf('/') + 1);
  const suffix = argv[2];
  if (suffix && name !== suffix && name.endsWith(suffix)) name = name.slice(0, -suffix.length);
  io.out(name + '\n');
  return 0;
};

const dirname: Applet = ({ argv, io }) => {
  if (argv.length < 2) {
    io.err('Usage: dirname FILENAME\n');
    return 1;
  }
  const p = argv[1].replace(/\/+$/, '');
  const i = p.lastIndexOf('/');
  io.out((i === -1 ? '.' : i === 0 ? '/' : p.slice(0, i).replace(/\/+$/, '') || '/') + '\n');
  return 0;
};

/**
 * yes: into a pipe it writes 1,000 lines and stops (as if the reader closed it: SIGPIPE);
 * to the log it writes 100 lines per virtual second, so an endless `yes` does not flood memory.
 */
function* yes({ argv, io, ctx }: Parameters<Applet>[0]): Gen {
  const line = (argv.length > 1 ? argv.slice(1).join(' ') : 'y') + '\n';
  if (io.piped) {
    io.out(line.repeat(1000));
    return 141;
  }
  for (;;) {
    io.out(line.repeat(100));
    yield { kind: 'sleep', until: ctx.now() + 1000 };
  }
}

export const TEXT_APPLETS: Record<string, Applet> = { echo, printf, seq, expr, basename, dirname, yes };

/**
 * Line filters: sort (-r -n -u), uniq (-c -d), tr (sets with ranges and classes, -d, -s), cut
 * (-d -f, -c), and sed limited to `s/re/rep/[g]`, `/re/d`, `Nd`, `-n` with `p`, `-e`, `-i`.
 *
 * Upstream: busybox coreutils/{sort,uniq,tr,cut}.c, editors/sed.c.
 */

import { encodeBase64 } from '../../../../api/base64';
import { FS_ERROR_TEXT } from '../../process';
import { isFsError, linesOf, parseFlags, readInput, type Applet } from './applet';

/** The text of files (or stdin), undefined after an error was printed. */
function inputs(call: Parameters<Applet>[0], files: string[]): string | undefined {
  let text = '';
  for (const f of files.length ? files : ['-']) {
    const t = readInput(call, f);
    if (t === undefined) return undefined;
    text += t;
  }
  return text;
}

const lines = (text: string) => linesOf(text).map((l) => l.replace(/\n$/, ''));

const sort: Applet = (call) => {
  const { flags, operands } = parseFlags(call.argv.slice(1), 'tk');
  const text = inputs(call, operands);
  if (text === undefined) return 2;
  let ls = lines(text);
  ls.sort((a, b) => (flags.n ? parseFloat(a) - parseFloat(b) || (a < b ? -1 : a > b ? 1 : 0) : a < b ? -1 : a > b ? 1 : 0));
  if (flags.r) ls.reverse();
  if (flags.u) ls = ls.filter((l, i) => i === 0 || l !== ls[i - 1]);
  if (ls.length) call.io.out(ls.join('\n') + '\n');
  return 0;
};

const uniq: Applet = (call) => {
  const { flags, operands } = parseFlags(call.argv.slice(1));
  const text = inputs(call, operands.slice(0, 1));
  if (text === undefined) return 1;
  const groups: { line: string; n: number }[] = [];
  for (const l of lines(text)) {
    const last = groups[groups.length - 1];
    if (last && last.line === l) last.n++;
    else groups.push({ line: l, n: 1 });
  }
  for (const g of groups) {
    if ((flags.d && g.n < 2) || (flags.u && g.n > 1)) continue;
    call.io.out(flags.c ? `${String(g.n).padStart(7)} ${g.line}\n` : `${g.line}\n`);
  }
  return 0;
};

/** A tr set: ranges a-z, classes [:upper:] [:lower:] [:digit:] [:space:] [:alpha:], escapes. */
function trSet(spec: string): string[] {
  const classes: Record<string, string> = {
    '[:upper:]': 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    '[:lower:]': 'abcdefghijklmnopqrstuvwxyz',
    '[:digit:]': '0123456789',
    '[:space:]': ' \t\n\r\f\v',
    '[:alpha:]': 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz',
    '[:alnum:]': 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  };
  const out: string[] = [];
  const s = spec.replace(/\\n/g, '\n').replace(/\\t/g, '\t').replace(/\\\\/g, '\\');
  for (let i = 0; i < s.length; i++) {
    const cls = Object.keys(classes).find((c) => s.startsWith(c, i));
    if (cls) {
      out.push(...classes[cls]);
      i += cls.length - 1;
    } else if (s[i + 1] === '-' && i + 2 < s.length) {
      for (let c = s.charCodeAt(i); c <= s.charCodeAt(i + 2); c++) out.push(String.fromCharCode(c));
      i += 2;
    } else out.push(s[i]);
  }
  return out;
}

const tr: Applet = (call) => {
  const { flags, operands } = parseFlags(call.argv.slice(1));
  const from = trSet(operands[0] ?? '');
  const to = trSet(operands[1] ?? '');
  let text = call.io.stdin.readAll();
  if (flags.d) text = [...text].filter((c) => !from.includes(c)).join('');
  else if (to.length) text = [...text].map((c) => (from.includes(c) ? (to[from.indexOf(c)] ?? to[to.length - 1]) : c)).join('');
  if (flags.s) {
    const squeeze = to.length && !flags.d ? to : from;
    text = [...text].filter((c, i, a) => !(i > 0 && a[i - 1] === c && squeeze.includes(c))).join('');
  }
  call.io.out(text);
  return 0;
};

/** A cut list: "1,3-5,7-". */
function cutList(spec: string): (n: number) => boolean {
  const ranges = spec.split(',').map((r) => {
    const [a, b] = r.split('-');
    return r.includes('-') ? [a ? Number(a) : 1, b ? Number(b) : Infinity] : [Number(a), Number(a)];
  });
  return (n) => ranges.some(([a, b]) => n >= a && n <= b);
}

const cut: Applet = (call) => {
  const { flags, operands } = parseFlags(call.argv.slice(1), 'dfcb');
  const text = inputs(call, operands);
  if (text === undefined) return 1;
  const delim = typeof flags.d === 'string' ? flags.d : '\t';
  for (const l of lines(text)) {
    if (typeof flags.f === 'string') {
      const pick = cutList(flags.f);
      const fields = l.split(delim);
      call.io.out((fields.length === 1 ? l : fields.filter((_, i) => pick(i + 1)).join(delim)) + '\n');
    } else {
      const pick = cutList(String(flags.c ?? flags.b ?? '1-'));
      call.io.out([...l].filter((_, i) => pick(i + 1)).join('') + '\n');
    }
  }
  return 0;
};

type SedCommand = { address?: RegExp | number; cmd: 's' | 'd' | 'p'; re?: RegExp; rep?: string };

/** Parses `s/re/rep/g`, `/re/d`, `3d`, `/re/p` (any delimiter after s). */
function parseSed(script: string): SedCommand[] | undefined {
  const cmds: SedCommand[] = [];
  for (const part of script.split(/;|\n/).map((p) => p.trim()).filter(Boolean)) {
    let rest = part;
    let address: RegExp | number | undefined;
    const addr = /^(\d+)|^\/((?:[^/\\]|\\.)*)\//.exec(rest);
    if (addr) {
      address = addr[1] !== undefined ? Number(addr[1]) : new RegExp(toJsRegex(addr[2]));
      rest = rest.slice(addr[0].length);
    }
    if (rest === 'd' || rest === 'p') cmds.push({ address, cmd: rest });
    else if (rest.startsWith('s') && rest.length > 1) {
      const d = rest[1];
      const pieces: string[] = [''];
      for (let i = 2; i < rest.length; i++) {
        if (rest[i] === '\\' && rest[i + 1] === d) pieces[pieces.length - 1] += rest[++i];
        else if (rest[i] === d) pieces.push('');
        else pieces[pieces.length - 1] += rest[i];
      }
      if (pieces.length !== 3) return undefined;
      const [re, rep, fl] = pieces;
      cmds.push({ address, cmd: 's', re: new RegExp(toJsRegex(re), (fl.includes('g') ? 'g' : '') + (fl.includes('I') ? 'i' : '')), rep: rep.replace(/\$/g, '$$$$').replace(/\\(\d)/g, '$$$1').replace(/&/g, '$$&') });
    } else return undefined;
  }
  return cmds;
}

/** A basic regular expression as a JS one: \( \) \{ \} \+ \? \| special, bare ones literal. */
function toJsRegex(bre: string): string {
  return bre.replace(/\\([(){}|+?])|([(){}|+?])/g, (_m, esc: string | undefined, plain: string | undefined) => (esc ? esc : '\\' + plain));
}

const sed: Applet = (call) => {
  const args = call.argv.slice(1);
  let quiet = false;
  let inPlace = false;
  const scripts: string[] = [];
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '-n') quiet = true;
    else if (args[i] === '-i') inPlace = true;
    else if (args[i] === '-e') scripts.push(args[++i] ?? '');
    else if (args[i] === '-E' || args[i] === '-r') continue;
    else if (scripts.length === 0) scripts.push(args[i]);
    else files.push(args[i]);
  }
  const cmds = parseSed(scripts.join('\n'));
  if (!cmds) {
    call.io.err(`sed: unsupported command ${scripts.join('; ')}\n`);
    return 1;
  }
  const run = (text: string): string => {
    let out = '';
    lines(text).forEach((line, i) => {
      let deleted = false;
      for (const c of cmds) {
        const hit = c.address === undefined || (typeof c.address === 'number' ? c.address === i + 1 : c.address.test(line));
        if (!hit) continue;
        if (c.cmd === 'd') {
          deleted = true;
          break;
        }
        if (c.cmd === 'p') out += line + '\n';
        else line = line.replace(c.re!, c.rep!);
      }
      if (!deleted && !quiet) out += line + '\n';
    });
    return out;
  };
  if (inPlace) {
    for (const f of files) {
      const t = call.ctx.fs.read(call.path(f));
      if (isFsError(t)) {
        call.io.err(`sed: ${f}: ${FS_ERROR_TEXT[t]}\n`);
        return 1;
      }
      call.ctx.fs.write(call.path(f), run(t));
    }
    return 0;
  }
  const text = inputs(call, files);
  if (text === undefined) return 1;
  call.io.out(run(text));
  return 0;
};

/**
 * `base64 [-d] [-w COL] [FILE]`: encodes the input's UTF-8 bytes, lines wrapped at 76 columns
 * (`-w 0`: one line), or decodes (`-d`, whitespace ignored). A Secret's data read with
 * `kubectl get secret s -o jsonpath='{.data.password}' | base64 -d`.
 * upstream: busybox coreutils/uudecode.c (base64_main, read_base64: "invalid input").
 */
const base64: Applet = (call) => {
  const { flags, operands } = parseFlags(call.argv.slice(1), 'w');
  const text = readInput(call, operands[0]);
  if (text === undefined) return 1;
  if (flags.d) {
    const clean = text.replace(/\s+/g, '');
    let bin: string;
    try {
      bin = atob(clean);
    } catch {
      call.io.err('base64: invalid input\n');
      return 1;
    }
    call.io.out(new TextDecoder().decode(Uint8Array.from(bin, (ch) => ch.charCodeAt(0))));
    return 0;
  }
  const encoded = encodeBase64(text);
  const width = typeof flags.w === 'string' ? Number(flags.w) : 76;
  if (!Number.isInteger(width) || width < 0) {
    call.io.err(`base64: invalid number '${flags.w}'\n`);
    return 1;
  }
  if (encoded === '') return 0;
  const lines = width === 0 ? [encoded] : (encoded.match(new RegExp(`.{1,${width}}`, 'g')) ?? []);
  call.io.out(lines.join('\n') + '\n');
  return 0;
};

export const FILTER_APPLETS: Record<string, Applet> = { sort, uniq, tr, cut, sed, base64 };

/**
 * File applets over the container's filesystem: cat, touch, rm, mkdir, ls, cp, mv, head, tail,
 * wc, tee and grep, with busybox's messages ("cat: can't open '/x': No such file or
 * directory", "rm: can't remove '/x': ...", "mkdir: can't create directory '/x': File exists").
 * `tail -f` prints the end of the file and then blocks (it does not follow later writes).
 *
 * Upstream: busybox coreutils/{cat,touch,rm,mkdir,ls,cp,mv,head,tail,wc,tee}.c, findutils/grep.c,
 * libbb/remove_file.c, libbb/make_directory.c.
 */

import { defaultMode, FS_ERROR_TEXT } from '../../process';
import { groupName, userName } from '../../users';
import { SIM_EPOCH_MS } from '../../../../kernel/clock';
import { isFsError, linesOf, parseFlags, readInput, type Applet, type AppletCall } from './applet';
import type { Gen } from '../types';

const cat: Applet = (call) => {
  const { operands } = parseFlags(call.argv.slice(1));
  let status = 0;
  for (const file of operands.length ? operands : ['-']) {
    const text = readInput(call, file);
    if (text === undefined) status = 1;
    else call.io.out(text);
  }
  return status;
};

const touch: Applet = (call) => {
  const { operands, flags } = parseFlags(call.argv.slice(1), 'dtr');
  let status = 0;
  for (const file of operands) {
    const path = call.path(file);
    const existing = call.ctx.fs.read(path);
    const error = existing === 'EISDIR' ? undefined : flags.c && isFsError(existing) ? undefined : call.ctx.fs.write(path, isFsError(existing) ? '' : existing);
    if (error) {
      call.io.err(`touch: ${file}: ${FS_ERROR_TEXT[error]}\n`);
      status = 1;
    }
  }
  return status;
};

const rm: Applet = (call) => {
  const { flags, operands } = parseFlags(call.argv.slice(1));
  const recursive = Boolean(flags.r || flags.R);
  let status = 0;
  for (const file of operands) {
    const path = call.path(file);
    const st = call.ctx.fs.stat(path);
    if (isFsError(st)) {
      if (!flags.f) {
        call.io.err(`rm: can't remove '${file}': ${FS_ERROR_TEXT[st]}\n`);
        status = 1;
      }
      continue;
    }
    if (st.type === 'dir' && !recursive) {
      call.io.err(`rm: '${file}' is a directory\n`);
      status = 1;
      continue;
    }
    const error = call.ctx.fs.remove(path, recursive);
    if (error) {
      call.io.err(`rm: can't remove '${file}': ${FS_ERROR_TEXT[error]}\n`);
      status = 1;
    }
  }
  return status;
};

const mkdir: Applet = (call) => {
  const { flags, operands } = parseFlags(call.argv.slice(1), 'm');
  let status = 0;
  for (const dir of operands) {
    const error = call.ctx.fs.mkdir(call.path(dir), Boolean(flags.p));
    if (error) {
      call.io.err(`mkdir: can't create directory '${dir}': ${FS_ERROR_TEXT[error]}\n`);
      status = 1;
    }
  }
  return status;
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `drwxrwsrwx`: the type, then rwx for owner, group and others, with setuid/setgid (s) and sticky (t). upstream: libbb/mode_string.c. */
export function modeString(type: 'file' | 'dir', mode: number): string {
  const triple = (bits: number, special: boolean, letter: string) => `${bits & 4 ? 'r' : '-'}${bits & 2 ? 'w' : '-'}${special ? (bits & 1 ? letter : letter.toUpperCase()) : bits & 1 ? 'x' : '-'}`;
  return (type === 'dir' ? 'd' : '-') + triple(mode >> 6, (mode & 0o4000) !== 0, 's') + triple(mode >> 3, (mode & 0o2000) !== 0, 's') + triple(mode, (mode & 0o1000) !== 0, 't');
}

/** ls: names one per line (as into a pipe or log), or `-l` rows. */
const ls: Applet = (call) => {
  const { flags, operands } = parseFlags(call.argv.slice(1));
  const fs = call.ctx.fs;
  let status = 0;
  const targets = operands.length ? operands : ['.'];
  const row = (name: string, path: string): string => {
    if (!flags.l) return name;
    const st = fs.stat(path);
    if (isFsError(st)) return name;
    const d = new Date(SIM_EPOCH_MS + st.mtime);
    const when = `${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2)} ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
    const owner = (userName(fs, st.uid ?? 0) ?? String(st.uid ?? 0)).slice(0, 8).padEnd(8);
    const group = (groupName(fs, st.gid ?? 0) ?? String(st.gid ?? 0)).slice(0, 8).padEnd(8);
    return `${modeString(st.type, st.mode ?? defaultMode(path, st.type))} ${String(st.type === 'dir' ? 2 : 1).padStart(4)} ${owner} ${group} ${String(st.size).padStart(8)} ${when} ${name}`;
  };
  const files: string[] = [];
  const dirs: string[] = [];
  for (const t of targets) {
    const st = fs.stat(call.path(t));
    if (isFsError(st)) {
      call.io.err(`ls: ${t}: ${FS_ERROR_TEXT[st]}\n`);
      status = 1;
    } else if (st.type === 'dir' && !flags.d) dirs.push(t);
    else files.push(t);
  }
  const out: string[] = files.map((f) => row(f, call.path(f)));
  for (const dir of dirs) {
    const names = fs.list(call.path(dir));
    if (isFsError(names)) continue;
    if (out.length > 0 || targets.length > 1) out.push(...(out.length ? [''] : []), `${dir}:`);
    if (flags.l) out.push(`total ${names.length * 4}`);
    const shown = flags.a ? ['.', '..', ...names] : flags.A ? names : names.filter((n) => !n.startsWith('.'));
    for (const n of shown) out.push(row(n, call.path(`${dir}/${n}`)));
  }
  if (out.length) call.io.out(out.join('\n') + '\n');
  return status;
};

/** Copies a file or (with -r) a tree; the destination may be a directory. */
function copyTree(call: AppletCall, from: string, to: string): string | undefined {
  const fs = call.ctx.fs;
  const st = fs.stat(from);
  if (isFsError(st)) return FS_ERROR_TEXT[st];
  if (st.type === 'file') {
    const error = fs.write(to, fs.read(from) as string);
    return error && FS_ERROR_TEXT[error];
  }
  const mk = fs.mkdir(to);
  if (mk && mk !== 'EEXIST') return FS_ERROR_TEXT[mk];
  const names = fs.list(from);
  for (const n of isFsError(names) ? [] : names) {
    const e = copyTree(call, `${from}/${n}`, `${to}/${n}`);
    if (e) return e;
  }
  return undefined;
}

function copyOrMove(call: AppletCall, move: boolean): number {
  const { flags, operands } = parseFlags(call.argv.slice(1));
  const name = move ? 'mv' : 'cp';
  if (operands.length < 2) {
    call.io.err(`Usage: ${name} [-${move ? 'fin' : 'rRfp'}] SOURCE DEST\n`);
    return 1;
  }
  const fs = call.ctx.fs;
  const dest = operands[operands.length - 1];
  const destStat = fs.stat(call.path(dest));
  const intoDir = !isFsError(destStat) && destStat.type === 'dir';
  let status = 0;
  for (const src of operands.slice(0, -1)) {
    const from = call.path(src);
    const st = fs.stat(from);
    const to = intoDir ? call.path(`${dest}/${src.replace(/\/+$/, '').split('/').pop()}`) : call.path(dest);
    if (isFsError(st)) {
      call.io.err(move ? `mv: can't rename '${src}': ${FS_ERROR_TEXT[st]}\n` : `cp: can't stat '${src}': ${FS_ERROR_TEXT[st]}\n`);
      status = 1;
      continue;
    }
    if (st.type === 'dir' && !move && !flags.r && !flags.R && !flags.a) {
      call.io.err(`cp: omitting directory '${src}'\n`);
      status = 1;
      continue;
    }
    const error = copyTree(call, from, to);
    if (error) {
      call.io.err(move ? `mv: can't rename '${src}': ${error}\n` : `cp: can't create '${to}': ${error}\n`);
      status = 1;
    } else if (move) fs.remove(from, true);
  }
  return status;
}

const cp: Applet = (call) => copyOrMove(call, false);
const mv: Applet = (call) => copyOrMove(call, true);

/** `-n N`, `-N` or `-n +N` (tail: from line N). */
function lineCount(args: string[]): { n: number; fromStart: boolean; rest: string[]; follow: boolean; bytes?: number } {
  const rest: string[] = [];
  let n = 10;
  let fromStart = false;
  let follow = false;
  let bytes: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const inline = /^-n(.+)$/.exec(a);
    if (a === '-n' || inline) {
      const v = inline ? inline[1] : (args[++i] ?? '');
      fromStart = v.startsWith('+');
      n = Math.abs(Number(v));
    } else if (a === '-c') bytes = Number(args[++i]);
    else if (/^-\d+$/.test(a)) n = Number(a.slice(1));
    else if (a === '-f' || a === '-F') follow = true;
    else rest.push(a);
  }
  return { n, fromStart, rest, follow, bytes };
}

const head: Applet = (call) => {
  const { n, rest, bytes } = lineCount(call.argv.slice(1));
  let status = 0;
  const files = rest.length ? rest : ['-'];
  files.forEach((file, i) => {
    const text = readInput(call, file);
    if (text === undefined) return void (status = 1);
    if (files.length > 1) call.io.out(`${i > 0 ? '\n' : ''}==> ${file} <==\n`);
    call.io.out(bytes !== undefined ? text.slice(0, bytes) : linesOf(text).slice(0, n).join(''));
  });
  return status;
};

function* tail(call: AppletCall): Gen {
  const { n, fromStart, rest, follow, bytes } = lineCount(call.argv.slice(1));
  let status = 0;
  for (const file of rest.length ? rest : ['-']) {
    const text = readInput(call, file);
    if (text === undefined) {
      status = 1;
      continue;
    }
    const lines = linesOf(text);
    call.io.out(bytes !== undefined ? text.slice(-bytes) : (fromStart ? lines.slice(Math.max(n - 1, 0)) : lines.slice(Math.max(lines.length - n, 0))).join(''));
  }
  if (follow) for (;;) yield { kind: 'block' };
  return status;
}

const wc: Applet = (call) => {
  const { flags, operands } = parseFlags(call.argv.slice(1));
  const which = (['l', 'w', 'c'] as const).filter((f) => flags[f] || (f === 'c' && flags.m));
  const cols = which.length ? which : (['l', 'w', 'c'] as const);
  let status = 0;
  const files = operands.length ? operands : [undefined];
  const totals = { l: 0, w: 0, c: 0 };
  const print = (counts: Record<'l' | 'w' | 'c', number>, name?: string) => {
    // busybox pads columns to 7, except a single count of stdin.
    const single = cols.length === 1 && name === undefined;
    call.io.out(cols.map((c, i) => (single ? String(counts[c]) : (i ? ' ' : '') + String(counts[c]).padStart(7))).join('') + (name === undefined ? '' : ` ${name}`) + '\n');
  };
  for (const file of files) {
    const text = readInput(call, file);
    if (text === undefined) {
      status = 1;
      continue;
    }
    const counts = { l: (text.match(/\n/g) ?? []).length, w: text.split(/\s+/).filter((w) => w !== '').length, c: new TextEncoder().encode(text).length };
    for (const k of ['l', 'w', 'c'] as const) totals[k] += counts[k];
    print(counts, file);
  }
  if (files.length > 1) print(totals, 'total');
  return status;
};

const tee: Applet = (call) => {
  const { flags, operands } = parseFlags(call.argv.slice(1));
  const text = call.io.stdin.readAll();
  let status = 0;
  for (const file of operands) {
    const error = call.ctx.fs.write(call.path(file), text, Boolean(flags.a));
    if (error) {
      call.io.err(`tee: ${file}: ${FS_ERROR_TEXT[error]}\n`);
      status = 1;
    }
  }
  call.io.out(text);
  return status;
};

/** A grep pattern as a RegExp: -F fixed, -E extended, otherwise basic (\( \) \{ \} \| special). */
function grepRegExp(pattern: string, flags: Record<string, string | true>): RegExp {
  let source: string;
  if (flags.F) source = pattern.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  else if (flags.E) source = pattern;
  else source = pattern.replace(/\\([(){}|+?])|([(){}|+?])/g, (_m, esc: string | undefined, plain: string | undefined) => (esc ? esc : '\\' + plain));
  if (flags.w) source = `\\b(?:${source})\\b`;
  if (flags.x) source = `^(?:${source})$`;
  return new RegExp(source, flags.i ? 'i' : '');
}

const grep: Applet = (call) => {
  const { flags, operands } = parseFlags(call.argv.slice(1), 'emA');
  const pattern = typeof flags.e === 'string' ? flags.e : operands.shift();
  if (pattern === undefined) {
    call.io.err('Usage: grep [-HhnlLoqvsriwFE] [-m N] [-A|B|C N] { PATTERN | -e PATTERN... | -f FILE... } [FILE]...\n');
    return 2;
  }
  let re: RegExp;
  try {
    re = grepRegExp(pattern, flags);
  } catch {
    call.io.err(`grep: bad regex '${pattern}'\n`);
    return 2;
  }
  const files = operands.length ? operands : ['-'];
  let matched = false;
  let error = false;
  for (const file of files) {
    let text: string | undefined;
    if (file === '-') text = call.io.stdin.readAll();
    else {
      const t = call.ctx.fs.read(call.path(file));
      if (isFsError(t)) {
        if (!flags.s) call.io.err(`grep: ${file}: ${FS_ERROR_TEXT[t]}\n`);
        error = true;
        continue;
      }
      text = t;
    }
    const prefix = files.length > 1 && !flags.h ? `${file === '-' ? '(standard input)' : file}:` : '';
    let count = 0;
    linesOf(text).forEach((raw, i) => {
      const line = raw.replace(/\n$/, '');
      if (re.test(line) === Boolean(flags.v)) return;
      count++;
      if (flags.q || flags.c || flags.l) return;
      const body = flags.o && !flags.v ? (line.match(new RegExp(re.source, re.flags + 'g')) ?? []).join('\n') : line;
      call.io.out(`${prefix}${flags.n ? `${i + 1}:` : ''}${body}\n`);
    });
    if (count > 0) matched = true;
    if (flags.q && matched) return 0;
    if (flags.c) call.io.out(`${prefix}${count}\n`);
    if (flags.l && count > 0) call.io.out(`${file === '-' ? '(standard input)' : file}\n`);
  }
  return error && !flags.q ? 2 : matched ? 0 : 1;
};

export const FILE_APPLETS: Record<string, Applet> = { cat, touch, rm, mkdir, ls, cp, mv, head, tail, wc, tee, grep };

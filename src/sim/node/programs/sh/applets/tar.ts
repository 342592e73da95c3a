/**
 * tar (busybox): create (`c`), extract (`x`) and list (`t`) ustar archives, on stdin/stdout
 * (`f -`, the default) or a file, with `-C DIR`, `v`, and `m` / `o` / `--no-same-owner` /
 * `--no-same-permissions` accepted. `kubectl cp` runs `tar cf - PATH` and `tar -xmf - -C DIR` in
 * the container. The archive is real ustar (512-byte blocks, octal fields, checksum); a stream is
 * a string of bytes (one char per byte), file contents travel as UTF-8.
 * upstream: busybox archival/tar.c (writeFileToTarball: "removing leading '/' from member names",
 * "error exit delayed from previous errors"), archival/libarchive/get_header_tar.c ("short read",
 * "invalid tar magic"), libbb xchdir ("can't change directory to '%s'").
 */
import { FS_ERROR_TEXT } from '../../process';
import { isFsError, type Applet, type AppletCall } from './applet';

const BLOCK = 512;
const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

/** Text as its UTF-8 bytes, one char per byte. */
export function toBytes(text: string): string {
  let out = '';
  for (const b of utf8.encode(text)) out += String.fromCharCode(b);
  return out;
}

/** Bytes (one char each) as the UTF-8 text they encode. */
export function fromBytes(bytes: string): string {
  const arr = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) arr[i] = bytes.charCodeAt(i) & 0xff;
  return fromUtf8.decode(arr);
}

export interface TarEntry {
  /** The member name (`etc/nginx/nginx.conf`, a directory ends with `/`). */
  name: string;
  type: 'file' | 'dir';
  /** The file's text (directories: ''). */
  text: string;
  mode: number;
  mtime: number;
}

const octal = (n: number, width: number) => n.toString(8).padStart(width - 1, '0') + '\0';
const field = (s: string, width: number) => s.slice(0, width).padEnd(width, '\0');

/** One ustar header block. */
function header(e: TarEntry, size: number): string {
  const head = field(e.name, 100) + octal(e.mode & 0o7777, 8) + octal(0, 8) + octal(0, 8) + octal(size, 12) + octal(Math.floor(e.mtime / 1000), 12);
  const rest = (e.type === 'dir' ? '5' : '0') + field('', 100) + 'ustar\0' + '00' + field('root', 32) + field('root', 32) + octal(0, 8) + octal(0, 8) + field('', 155);
  const blank = head + '        ' + rest;
  let sum = 0;
  for (let i = 0; i < blank.length; i++) sum += blank.charCodeAt(i);
  const block = head + sum.toString(8).padStart(6, '0') + '\0 ' + rest;
  return block.padEnd(BLOCK, '\0');
}

/** A ustar archive of the entries, ended by two zero blocks. */
export function writeTar(entries: readonly TarEntry[]): string {
  let out = '';
  for (const e of entries) {
    const data = e.type === 'file' ? toBytes(e.text) : '';
    out += header(e, data.length) + data + '\0'.repeat((BLOCK - (data.length % BLOCK)) % BLOCK);
  }
  return out + '\0'.repeat(2 * BLOCK);
}

/** The entries of an archive, or the error busybox reports. */
export function readTar(archive: string): TarEntry[] | { error: string } {
  if (archive.length === 0) return { error: 'short read' };
  const out: TarEntry[] = [];
  let at = 0;
  while (at + BLOCK <= archive.length) {
    const block = archive.slice(at, at + BLOCK);
    if (/^\0*$/.test(block)) break;
    if (block.slice(257, 262) !== 'ustar') return { error: 'invalid tar magic' };
    const str = (from: number, width: number) => block.slice(from, from + width).replace(/\0.*$/s, '');
    const num = (from: number, width: number) => parseInt(str(from, width).trim() || '0', 8);
    const prefix = str(345, 155);
    const name = (prefix ? `${prefix}/` : '') + str(0, 100);
    const size = num(124, 12);
    const type = block[156] === '5' || name.endsWith('/') ? 'dir' : 'file';
    at += BLOCK;
    if (at + size > archive.length) return { error: 'short read' };
    const data = archive.slice(at, at + size);
    at += Math.ceil(size / BLOCK) * BLOCK;
    out.push({ name, type, text: type === 'file' ? fromBytes(data) : '', mode: num(100, 8), mtime: num(136, 12) * 1000 });
  }
  if (out.length === 0 && at === 0) return { error: 'short read' };
  return out;
}

const join = (dir: string, name: string) => (dir === '/' ? `/${name}` : `${dir}/${name}`);

/** Options as busybox's getopt reads them: the first word may omit its dash (`cf`, `xvf`). */
function parseTarArgs(argv: string[]): { mode?: 'c' | 'x' | 't'; file: string; dir?: string; verbose: boolean; operands: string[]; error?: string } {
  const args = [...argv];
  if (args[0] && !args[0].startsWith('-')) args[0] = `-${args[0]}`;
  let mode: 'c' | 'x' | 't' | undefined;
  let file = '-';
  let dir: string | undefined;
  let verbose = false;
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (a === '--no-same-owner' || a === '--no-same-permissions' || a === '--same-owner' || a === '--numeric-owner') continue;
    if (a.startsWith('--directory=')) {
      dir = a.slice('--directory='.length);
      continue;
    }
    if (!a.startsWith('-') || a === '-') {
      operands.push(a);
      continue;
    }
    for (let j = 1; j < a.length; j++) {
      const c = a[j];
      if (c === 'c' || c === 'x' || c === 't') {
        if (mode && mode !== c) return { file, verbose, operands, error: "tar: only one of 'c', 'x' or 't' may be given" };
        mode = c;
      } else if (c === 'v') verbose = true;
      else if (c === 'm' || c === 'o' || c === 'p' || c === 'h') continue;
      else if (c === 'f' || c === 'C') {
        const value = a.slice(j + 1) || args[++i];
        if (value === undefined) return { file, verbose, operands, error: `tar: option requires an argument -- '${c}'` };
        if (c === 'f') file = value;
        else dir = value;
        break;
      } else return { file, verbose, operands, error: `tar: unrecognized option '-${c}'` };
    }
  }
  return { mode, file, dir, verbose, operands };
}

const USAGE = 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: tar c|x|t [-hvokO] [-f TARFILE] [-C DIR] [-T FILE] [-X FILE] [LONGOPT]... [FILE]...\n';

export const tar: Applet = (call) => {
  const opts = parseTarArgs(call.argv.slice(1));
  if (opts.error) {
    call.io.err(`${opts.error}\n${USAGE}`);
    return 1;
  }
  if (!opts.mode) {
    call.io.err(USAGE);
    return 1;
  }
  let base = call.cwd;
  if (opts.dir !== undefined) {
    const d = call.path(opts.dir);
    const st = call.ctx.fs.stat(d);
    if (isFsError(st) || st.type !== 'dir') {
      call.io.err(`tar: can't change directory to '${opts.dir}': ${isFsError(st) ? FS_ERROR_TEXT[st] : 'Not a directory'}\n`);
      return 1;
    }
    base = d;
  }
  const at = (p: string) => (p.startsWith('/') ? p : join(base, p));
  return opts.mode === 'c' ? create(call, opts.file, opts.operands, opts.verbose, at) : extract(call, opts.file, opts.mode === 't', opts.verbose, at);
};

function create(call: AppletCall, file: string, operands: string[], verbose: boolean, at: (p: string) => string): number {
  if (operands.length === 0) {
    call.io.err('tar: empty archive\n');
    return 1;
  }
  const fs = call.ctx.fs;
  const entries: TarEntry[] = [];
  let failed = false;
  let warned = false;
  const add = (path: string, name: string) => {
    const st = fs.stat(path);
    if (isFsError(st)) {
      call.io.err(`tar: ${name}: ${FS_ERROR_TEXT[st]}\n`);
      failed = true;
      return;
    }
    const member = name.replace(/^\/+/, '');
    if (member !== name && !warned) {
      call.io.err("tar: removing leading '/' from member names\n");
      warned = true;
    }
    if (st.type === 'dir') {
      entries.push({ name: member.endsWith('/') ? member : `${member}/`, type: 'dir', text: '', mode: st.mode ?? 0o755, mtime: st.mtime });
      if (verbose) call.io.err(`${member.replace(/\/?$/, '/')}\n`);
      const children = fs.list(path);
      if (!isFsError(children)) for (const c of children) add(join(path, c), `${name.replace(/\/$/, '')}/${c}`);
      return;
    }
    const text = fs.read(path);
    if (isFsError(text)) {
      call.io.err(`tar: ${name}: ${FS_ERROR_TEXT[text]}\n`);
      failed = true;
      return;
    }
    entries.push({ name: member, type: 'file', text, mode: st.mode ?? 0o644, mtime: st.mtime });
    if (verbose) call.io.err(`${member}\n`);
  };
  for (const op of operands) add(at(op), op);
  const archive = writeTar(entries);
  if (file === '-') call.io.out(archive);
  else {
    const err = fs.write(call.path(file), archive);
    if (err) {
      call.io.err(`tar: can't open '${file}': ${FS_ERROR_TEXT[err]}\n`);
      return 1;
    }
  }
  if (failed) {
    call.io.err('tar: error exit delayed from previous errors\n');
    return 1;
  }
  return 0;
}

function extract(call: AppletCall, file: string, list: boolean, verbose: boolean, at: (p: string) => string): number {
  const fs = call.ctx.fs;
  let archive: string;
  if (file === '-') archive = call.io.stdin.readAll();
  else {
    const text = fs.read(call.path(file));
    if (isFsError(text)) {
      call.io.err(`tar: can't open '${file}': ${FS_ERROR_TEXT[text]}\n`);
      return 1;
    }
    archive = text;
  }
  const entries = readTar(archive);
  if ('error' in entries) {
    call.io.err(`tar: ${entries.error}\n`);
    return 1;
  }
  for (const e of entries) {
    if (list || verbose) call.io.out(`${e.name}\n`);
    if (list) continue;
    const path = at(e.name.replace(/\/$/, ''));
    const parent = path.slice(0, path.lastIndexOf('/')) || '/';
    fs.mkdir(parent, true);
    const err = e.type === 'dir' ? fs.mkdir(path, true) : fs.write(path, e.text);
    if (err && err !== 'EEXIST') {
      call.io.err(`tar: can't create ${e.type === 'dir' ? 'directory' : 'file'} '${e.name}': ${FS_ERROR_TEXT[err]}\n`);
      return 1;
    }
  }
  return 0;
}

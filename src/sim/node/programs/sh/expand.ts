/**
 * Word expansion in POSIX order: parameter expansion (`$x`, `${x:-y}`, `${#x}`, `${x%pat}`),
 * command substitution, arithmetic, then field splitting of unquoted results on IFS, then
 * pathname expansion (`*`, `?`, `[...]` against the container's filesystem; a pattern matching
 * nothing stays as written). Also the glob matcher `case` patterns use.
 *
 * Upstream: busybox shell/ash.c (expandarg, argstr, evalvar, subevalvar, ifsbreakup,
 * expandmeta, pmatch).
 */

import type { Node, Word, WordPart } from './ast';
import { evalArith, ArithError } from './arith';
import { resolvePath } from './memfs';
import type { ContainerFS } from '../process';
import { ShellError, type Gen } from './types';

/** What expansion needs from the shell. */
export interface ExpandHost {
  /** A variable or special parameter ($?, $#, $1, $@ joined by spaces), undefined when unset. */
  param(name: string): string | undefined;
  positional(): readonly string[];
  setVar(name: string, value: string): void;
  /** Runs `$(body)` in a subshell and returns its output (trailing newlines kept). */
  substitute(body: Node): Gen<string>;
  readonly fs: ContainerFS;
  readonly cwd: string;
}

type Seg = { v: string; quoted: boolean };

const DEFAULT_IFS = ' \t\n';

/** Text with glob characters escaped, so it matches only itself. */
const escapeGlob = (s: string) => s.replace(/[\\*?[\]]/g, (c) => '\\' + c);

/** A glob pattern (`*`, `?`, `[a-z]`, `[!x]`, backslash escapes) as an anchored RegExp. */
export function globRegExp(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' && i + 1 < pattern.length) re += pattern[++i].replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    else if (c === '*') re += '[^]*';
    else if (c === '?') re += '[^]';
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end === -1) re += '\\[';
      else {
        let cls = pattern.slice(i + 1, end);
        if (cls[0] === '!') cls = '^' + cls.slice(1);
        re += '[' + cls.replace(/\\/g, '\\\\') + ']';
        i = end;
      }
    } else re += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp('^' + re + '$');
}

export function globMatch(pattern: string, text: string): boolean {
  return globRegExp(pattern).test(text);
}

const hasGlob = (pattern: string) => /(^|[^\\])[*?[]/.test(pattern);
const unescape = (pattern: string) => pattern.replace(/\\(.)/g, '$1');

/** Pathname expansion of one pattern: sorted matches, or nothing. */
function globPaths(fs: ContainerFS, cwd: string, pattern: string): string[] {
  const absolute = pattern.startsWith('/');
  const comps = pattern.split('/').filter((c) => c !== '');
  let paths = [absolute ? '/' : ''];
  for (const comp of comps) {
    const next: string[] = [];
    for (const prefix of paths) {
      const join = (name: string) => (prefix === '' ? name : prefix.endsWith('/') ? prefix + name : `${prefix}/${name}`);
      if (!hasGlob(comp)) {
        next.push(join(unescape(comp)));
        continue;
      }
      const names = fs.list(resolvePath(cwd, prefix || '.'));
      if (typeof names === 'string') continue;
      const re = globRegExp(comp);
      for (const name of names) if ((comp.startsWith('.') || !name.startsWith('.')) && re.test(name)) next.push(join(name));
    }
    paths = next;
  }
  return paths.filter((p) => typeof fs.stat(resolvePath(cwd, p)) !== 'string').sort();
}

/** Removes the shortest/longest prefix (#, ##) or suffix (%, %%) matching a pattern. */
function removePattern(value: string, op: string, pattern: string): string {
  const re = globRegExp(pattern);
  const n = value.length;
  if (op === '#') for (let i = 0; i <= n; i++) if (re.test(value.slice(0, i))) return value.slice(i);
  if (op === '##') for (let i = n; i >= 0; i--) if (re.test(value.slice(0, i))) return value.slice(i);
  if (op === '%') for (let i = n; i >= 0; i--) if (re.test(value.slice(i))) return value.slice(0, i);
  if (op === '%%') for (let i = 0; i <= n; i++) if (re.test(value.slice(i))) return value.slice(0, i);
  return value;
}

/** Evaluates shell arithmetic over the shell's variables; errors are fatal shell errors. */
function evalArithOrFail(expr: string, host: ExpandHost): number {
  try {
    return evalArith(expr, { get: (n) => host.param(n), set: (n, v) => host.setVar(n, v) });
  } catch (e) {
    if (e instanceof ArithError) throw new ShellError(e.message);
    throw e;
  }
}

/** The value of one expansion part: a string, or separate fields for a quoted "$@". */
function* partValue(host: ExpandHost, part: Exclude<WordPart, { k: 'lit' }>): Gen<string | string[]> {
  if (part.k === 'cmd') return (yield* host.substitute(part.body)).replace(/\n+$/, '');
  if (part.k === 'arith') return String(evalArithOrFail(yield* expandString(host, part.expr), host));
  const { name, op } = part;
  if (name === '@' && part.quoted && !op) return [...host.positional()];
  const value = host.param(name);
  if (op === '#len') return String((value ?? '').length);
  if (!op) return value ?? '';
  const unsetOrNull = value === undefined || (op.startsWith(':') && value === '');
  const arg = () => (part.arg ? expandString(host, part.arg) : emptyGen());
  switch (op) {
    case ':-':
    case '-':
      return unsetOrNull ? yield* arg() : value!;
    case ':=':
    case '=': {
      if (!unsetOrNull) return value!;
      if (!/^[A-Za-z_]\w*$/.test(name)) throw new ShellError(`${name}: bad variable name`);
      const v = yield* arg();
      host.setVar(name, v);
      return v;
    }
    case ':+':
    case '+':
      return unsetOrNull ? '' : yield* arg();
    case ':?':
    case '?': {
      if (!unsetOrNull) return value!;
      const msg = part.arg && part.arg.raw !== '' ? yield* arg() : `parameter not set${op === ':?' ? ' or null' : ''}`;
      throw new ShellError(`${name}: ${msg}`);
    }
    case ':': {
      // ${name:offset:length} (ash's bash-compatible substring), offsets are arithmetic.
      const [offText, lenText] = (yield* arg()).split(':');
      const v = value ?? '';
      const arith = (t: string) => evalArithOrFail(t, host);
      let off = arith(offText);
      if (off < 0) off = Math.max(v.length + off, 0);
      if (lenText === undefined) return v.slice(off);
      const len = arith(lenText);
      return len < 0 ? v.slice(off, Math.max(v.length + len, off)) : v.slice(off, off + len);
    }
    case '/':
    case '//': {
      // ${name/pattern/replacement}: the longest match, the first or (//) every one.
      const re = globRegExp(part.arg ? yield* expandPattern(host, part.arg) : '');
      const rep = part.rep ? yield* expandString(host, part.rep) : '';
      const v = value ?? '';
      let out = '';
      for (let i = 0; i < v.length; ) {
        let end = v.length;
        while (end > i && !re.test(v.slice(i, end))) end--;
        if (end === i) end = -1;
        if (end === -1) out += v[i++];
        else {
          out += rep;
          i = end;
          if (op === '/') return out + v.slice(i);
        }
      }
      return out;
    }
    default:
      return removePattern(value ?? '', op, part.arg ? yield* expandPattern(host, part.arg) : '');
  }
}

function* emptyGen(): Gen<string> {
  return '';
}

/** Expands a word into fields of segments; `split`: unquoted expansions split on IFS. */
function* expandSegs(host: ExpandHost, word: Word, split: boolean): Gen<Seg[][]> {
  const ifs = split ? (host.param('IFS') ?? DEFAULT_IFS) : '';
  const fields: Seg[][] = [];
  let cur: Seg[] | undefined;
  for (const [i, part] of word.parts.entries()) {
    if (part.k === 'lit') {
      // Tilde expansion: an unquoted `~` opening a word, alone or before `/`, is $HOME (XCU 2.6.1).
      const tilde = i === 0 && !part.quoted && (part.v.startsWith('~/') || (part.v === '~' && word.parts.length === 1));
      if (tilde && host.param('HOME') !== undefined) {
        (cur ??= []).push({ v: host.param('HOME')!, quoted: true }, { v: part.v.slice(1), quoted: false });
        continue;
      }
      (cur ??= []).push({ v: part.v, quoted: part.quoted });
      continue;
    }
    const value = yield* partValue(host, part);
    if (Array.isArray(value)) {
      // "$@": the first field joins what precedes, the last what follows.
      value.forEach((v, i) => {
        if (i > 0) {
          fields.push(cur!);
          cur = undefined;
        }
        (cur ??= []).push({ v, quoted: true });
      });
    } else if (part.quoted || !split) (cur ??= []).push({ v: value, quoted: part.quoted });
    else {
      for (const c of value) {
        if (ifs.includes(c)) {
          if (cur) fields.push(cur);
          cur = undefined;
        } else (cur ??= []).push({ v: c, quoted: false });
      }
    }
  }
  if (cur) fields.push(cur);
  return fields;
}

/** Expands words into argv: splitting and pathname expansion. */
export function* expandFields(host: ExpandHost, words: readonly Word[]): Gen<string[]> {
  const out: string[] = [];
  for (const word of words) {
    for (const segs of yield* expandSegs(host, word, true)) {
      const pattern = segs.map((s) => (s.quoted ? escapeGlob(s.v) : s.v)).join('');
      // Only a pattern with `*`, `?` or a closed `[...]` is looked up (`[` alone is the test command).
      const unquoted = segs.map((s) => (s.quoted ? '' : s.v)).join('');
      const matches = /[*?]|\[.+\]/.test(unquoted) ? globPaths(host.fs, host.cwd, pattern) : [];
      if (matches.length > 0) out.push(...matches);
      else out.push(segs.map((s) => s.v).join(''));
    }
  }
  return out;
}

/** Expands a word to one string without splitting or globbing (assignments, redirections, here-docs). */
export function* expandString(host: ExpandHost, word: Word): Gen<string> {
  const fields = yield* expandSegs(host, word, false);
  return fields.map((segs) => segs.map((s) => s.v).join('')).join(' ');
}

/** Expands a word as a glob pattern (`case` patterns, ${x%pat}): quoted characters match themselves. */
export function* expandPattern(host: ExpandHost, word: Word): Gen<string> {
  const fields = yield* expandSegs(host, word, false);
  return fields.map((segs) => segs.map((s) => (s.quoted ? escapeGlob(s.v) : s.v)).join('')).join(' ');
}

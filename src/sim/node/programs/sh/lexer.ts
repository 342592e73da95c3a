/**
 * The tokenizer of busybox ash: operators (`;`, `&&`, `|`, `<<`, ...), newlines and words,
 * where a word is read with its quoting (single quotes, double quotes, backslashes) and its
 * expansions (`$x`, `${x:-y}`, `$(...)`, backquotes, `$((...))`) already split into parts.
 * Here-document bodies are read right after the newline that ends their line, as ash does.
 *
 * Upstream: busybox shell/ash.c (xxreadtoken, readtoken1, parsesub, parsebackq, readheredoc).
 */

import type { Node, Redir, Word, WordPart } from './ast';

/** A syntax error: the text after "sh: syntax error: " (ash's raise_error_syntax). */
export class ShSyntaxError extends Error {}

export type Token = { t: 'word'; word: Word } | { t: 'io'; fd: number } | { t: 'op'; v: string } | { t: 'nl' } | { t: 'eof' };

const OPERATORS = ['&&', '||', ';;', '<<-', '<<', '>>', '>&', '<&', '<>', '>|', '&', '|', ';', '(', ')', '<', '>'];
const META = new Set([' ', '\t', '\n', ';', '&', '|', '<', '>', '(', ')']);
const NAME_START = /[A-Za-z_]/;
const NAME_CHAR = /[A-Za-z0-9_]/;
const SPECIAL_PARAMS = new Set(['@', '*', '#', '?', '$', '!', '-', '0']);
/** The operators of ${name<op>word}, longest first. */
const PARAM_OPS = [':-', ':=', ':+', ':?', ':', '-', '=', '+', '?', '%%', '%', '##', '#', '//', '/'];

/** Parses a script (set by parser.ts, which depends on this file for words). */
let parseNested: (script: string) => Node = () => {
  throw new Error('parser not registered');
};
export function registerParser(parse: (script: string) => Node): void {
  parseNested = parse;
}

interface PendingHeredoc {
  redir: Redir;
  delim: string;
  strip: boolean;
  quoted: boolean;
}

export class Lexer {
  pos = 0;
  private readonly heredocs: PendingHeredoc[] = [];

  constructor(private readonly src: string) {}

  /** Registers a here-doc whose body follows the current line (`cat <<EOF`). */
  addHeredoc(redir: Redir, delim: Word): void {
    const quoted = delim.parts.some((p) => p.k === 'lit' && p.quoted);
    const text = delim.parts.map((p) => (p.k === 'lit' ? p.v : '')).join('');
    this.heredocs.push({ redir, delim: text, strip: redir.op === '<<-', quoted });
  }

  next(): Token {
    for (;;) {
      const c = this.src[this.pos];
      if (c === ' ' || c === '\t') this.pos++;
      else if (c === '\\' && this.src[this.pos + 1] === '\n') this.pos += 2;
      else if (c === '#') {
        while (this.pos < this.src.length && this.src[this.pos] !== '\n') this.pos++;
      } else break;
    }
    if (this.pos >= this.src.length) return { t: 'eof' };
    const c = this.src[this.pos];
    if (c === '\n') {
      this.pos++;
      this.readHeredocs();
      return { t: 'nl' };
    }
    for (const op of OPERATORS) {
      if (this.src.startsWith(op, this.pos)) {
        this.pos += op.length;
        return { t: 'op', v: op };
      }
    }
    const start = this.pos;
    const word = this.readWord(true, false);
    if (/^\d+$/.test(word.raw) && (this.src[this.pos] === '<' || this.src[this.pos] === '>') && word.parts.every((p) => p.k === 'lit' && !p.quoted)) {
      return { t: 'io', fd: Number(word.raw) };
    }
    if (this.pos === start) throw new ShSyntaxError(`unexpected "${c}"`);
    return { t: 'word', word };
  }

  private readHeredocs(): void {
    for (const h of this.heredocs.splice(0)) {
      const lines: string[] = [];
      while (this.pos < this.src.length) {
        let end = this.src.indexOf('\n', this.pos);
        if (end === -1) end = this.src.length;
        let line = this.src.slice(this.pos, end);
        this.pos = end + 1;
        if (h.strip) line = line.replace(/^\t+/, '');
        if (line === h.delim) break;
        lines.push(line + '\n');
      }
      const body = lines.join('');
      h.redir.target = h.quoted ? { parts: [{ k: 'lit', v: body, quoted: true }], raw: body } : wordOf(body, 'heredoc');
    }
  }

  /**
   * Reads one word from here. `stopAtMeta`: a shell word (ends at a blank or operator);
   * otherwise the rest of the text is one word (a ${x:-...} argument, an arithmetic expression).
   * `inQuotes`: the text stands inside double quotes.
   */
  readWord(stopAtMeta: boolean, inQuotes: boolean, heredoc = false): Word {
    const start = this.pos;
    const parts: WordPart[] = [];
    const lit = (v: string, quoted: boolean) => {
      const last = parts[parts.length - 1];
      if (last?.k === 'lit' && last.quoted === quoted && v !== '') last.v += v;
      else parts.push({ k: 'lit', v, quoted });
    };
    const src = this.src;
    while (this.pos < src.length) {
      const c = src[this.pos];
      if (stopAtMeta && META.has(c)) break;
      if (c === '\\') {
        const n = src[this.pos + 1];
        this.pos += 2;
        if (n === '\n') continue;
        if (n === undefined) lit('\\', inQuotes);
        else if ((inQuotes || heredoc) && !'$`"\\'.includes(n)) lit('\\' + n, true);
        else if (heredoc && n === '"') lit('\\"', true);
        else lit(n, true);
      } else if (c === "'" && !inQuotes && !heredoc) {
        const end = src.indexOf("'", this.pos + 1);
        if (end === -1) throw new ShSyntaxError('unterminated quoted string');
        parts.push({ k: 'lit', v: src.slice(this.pos + 1, end), quoted: true });
        this.pos = end + 1;
      } else if (c === '"' && !inQuotes && !heredoc) {
        this.pos++;
        const before = parts.length;
        for (;;) {
          if (this.pos >= src.length) throw new ShSyntaxError('unterminated quoted string');
          if (src[this.pos] === '"') {
            this.pos++;
            break;
          }
          parts.push(...this.readQuotedPiece());
        }
        // "" is an empty field, not nothing ("$@" alone may still vanish).
        if (parts.length === before) parts.push({ k: 'lit', v: '', quoted: true });
      } else if (c === '$') {
        parts.push(this.readDollar(inQuotes || heredoc));
      } else if (c === '`') {
        parts.push(this.readBackquote(inQuotes || heredoc));
      } else {
        lit(c, inQuotes || heredoc);
        this.pos++;
      }
    }
    return { parts, raw: src.slice(start, this.pos) };
  }

  /** One piece of a "..." string: a run of text, a backslash escape or an expansion. */
  private readQuotedPiece(): WordPart[] {
    const src = this.src;
    const c = src[this.pos];
    if (c === '$') return [this.readDollar(true)];
    if (c === '`') return [this.readBackquote(true)];
    if (c === '\\') {
      const n = src[this.pos + 1];
      this.pos += 2;
      if (n === '\n') return [];
      return [{ k: 'lit', v: '$`"\\'.includes(n) ? n : '\\' + n, quoted: true }];
    }
    let end = this.pos;
    while (end < src.length && !'$`"\\'.includes(src[end])) end++;
    const v = src.slice(this.pos, end);
    this.pos = end;
    return [{ k: 'lit', v, quoted: true }];
  }

  private readDollar(quoted: boolean): WordPart {
    const src = this.src;
    const n = src[this.pos + 1];
    if (n === '(' && src[this.pos + 2] === '(') {
      const end = this.matchParens(this.pos + 3, 2);
      if (end === -1) throw new ShSyntaxError("missing '))'");
      const expr = new Lexer(src.slice(this.pos + 3, end - 1)).readWord(false, true);
      this.pos = end + 1;
      return { k: 'arith', expr, quoted };
    }
    if (n === '(') {
      const end = this.matchParens(this.pos + 2, 1);
      if (end === -1) throw new ShSyntaxError('unexpected end of file (expecting ")")');
      const body = parseNested(src.slice(this.pos + 2, end));
      this.pos = end + 1;
      return { k: 'cmd', body, quoted };
    }
    if (n === '{') return this.readBraceParam(quoted);
    if (n !== undefined && NAME_START.test(n)) {
      let end = this.pos + 1;
      while (end < src.length && NAME_CHAR.test(src[end])) end++;
      const name = src.slice(this.pos + 1, end);
      this.pos = end;
      return { k: 'param', name, quoted };
    }
    if (n !== undefined && (/\d/.test(n) || SPECIAL_PARAMS.has(n))) {
      this.pos += 2;
      return { k: 'param', name: n, quoted };
    }
    this.pos++;
    return { k: 'lit', v: '$', quoted: true };
  }

  private readBraceParam(quoted: boolean): WordPart {
    const src = this.src;
    let depth = 0;
    let end = this.pos + 2;
    for (; end < src.length; end++) {
      const c = src[end];
      if (c === '\\') end++;
      else if (c === "'" && !quoted) end = src.indexOf("'", end + 1);
      else if (c === '{') depth++;
      else if (c === '}' && depth-- === 0) break;
      if (end === -1) break;
    }
    if (end === -1 || end >= src.length) throw new ShSyntaxError("missing '}'");
    const body = src.slice(this.pos + 2, end);
    this.pos = end + 1;
    const bad = () => new ShSyntaxError('bad substitution');
    if (body.length > 1 && body[0] === '#') {
      const name = body.slice(1);
      if (!/^([A-Za-z_]\w*|\d+|[@*#?$!-])$/.test(name)) throw bad();
      return { k: 'param', name, op: '#len', quoted };
    }
    const m = /^([A-Za-z_]\w*|\d+|[@*#?$!-])/.exec(body);
    if (!m) throw bad();
    const rest = body.slice(m[1].length);
    if (rest === '') return { k: 'param', name: m[1], quoted };
    const op = PARAM_OPS.find((o) => rest.startsWith(o));
    if (!op) throw bad();
    let text = rest.slice(op.length);
    if (op === '/' || op === '//') {
      const slash = text.search(/(^|[^\\])\//);
      const at = slash === -1 ? -1 : text[slash] === '/' ? slash : slash + 1;
      const rep = at === -1 ? '' : text.slice(at + 1);
      text = at === -1 ? text : text.slice(0, at);
      return { k: 'param', name: m[1], op, arg: new Lexer(text).readWord(false, quoted), rep: new Lexer(rep).readWord(false, quoted), quoted };
    }
    const arg = new Lexer(text).readWord(false, quoted);
    return { k: 'param', name: m[1], op, arg, quoted };
  }

  private readBackquote(quoted: boolean): WordPart {
    const src = this.src;
    let text = '';
    let i = this.pos + 1;
    for (; i < src.length && src[i] !== '`'; i++) {
      if (src[i] === '\\' && '$`\\'.includes(src[i + 1] ?? '')) text += src[++i];
      else text += src[i];
    }
    if (i >= src.length) throw new ShSyntaxError('unterminated quoted string');
    this.pos = i + 1;
    return { k: 'cmd', body: parseNested(text), quoted };
  }

  /** The index of the `)` closing `depth` open parens from `from` (skipping quotes), or -1. */
  private matchParens(from: number, depth: number): number {
    const src = this.src;
    for (let i = from; i < src.length; i++) {
      const c = src[i];
      if (c === '\\') i++;
      else if (c === "'") {
        i = src.indexOf("'", i + 1);
        if (i === -1) return -1;
      } else if (c === '"') {
        for (i++; i < src.length && src[i] !== '"'; i++) if (src[i] === '\\') i++;
      } else if (c === '(') depth++;
      else if (c === ')' && --depth === 0) return i;
    }
    return -1;
  }
}

/** Parses text as one word: a here-doc body (only $, ` and \ are special) or an expression. */
export function wordOf(text: string, mode: 'heredoc' | 'quoted'): Word {
  return new Lexer(text).readWord(false, mode === 'quoted', mode === 'heredoc');
}

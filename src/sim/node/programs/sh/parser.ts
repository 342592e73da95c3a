/**
 * The recursive-descent parser of busybox ash: lists, and-or lists, pipelines, simple commands
 * with assignments and redirections, `{ }`, `( )`, if, while/until, for, case and function
 * definitions, with ash's syntax error wording (`unexpected "fi"`,
 * `unexpected end of file (expecting "done")`).
 *
 * Upstream: busybox shell/ash.c (list, andor, pipeline, simplecmd, parsefname, tokname).
 */

import type { Node, Redir, Word } from './ast';
import { Lexer, registerParser, ShSyntaxError, type Token } from './lexer';

const RESERVED = new Set(['if', 'then', 'else', 'elif', 'fi', 'do', 'done', 'case', 'esac', 'while', 'until', 'for', 'in', '{', '}', '!']);
/** Reserved words that end a compound list. */
const LIST_END = new Set(['then', 'else', 'elif', 'fi', 'do', 'done', 'esac', '}']);

/** The reserved word a token is, when it is a plain unquoted word spelled like one. */
function reserved(tok: Token): string | undefined {
  if (tok.t !== 'word' || tok.word.parts.length !== 1) return undefined;
  const p = tok.word.parts[0];
  return p.k === 'lit' && !p.quoted && RESERVED.has(p.v) ? p.v : undefined;
}

/** ash's tokname(): operators and reserved words in quotes, the rest plain. */
function tokName(tok: Token): string {
  if (tok.t === 'eof') return 'end of file';
  if (tok.t === 'nl') return 'newline';
  if (tok.t === 'io') return 'redirection';
  if (tok.t === 'op') return /^[<>]/.test(tok.v) ? 'redirection' : `"${tok.v}"`;
  const r = reserved(tok);
  return r ? `"${r}"` : 'word';
}

class Parser {
  private readonly lexer: Lexer;
  private tok: Token;

  constructor(src: string) {
    this.lexer = new Lexer(src);
    this.tok = this.lexer.next();
  }

  private advance(): void {
    this.tok = this.lexer.next();
  }

  /** The lookahead token (a call, so TypeScript does not keep a narrowing across advance()). */
  private cur(): Token {
    return this.tok;
  }

  private unexpected(expecting?: string): never {
    throw new ShSyntaxError(`unexpected ${tokName(this.tok)}${expecting ? ` (expecting "${expecting}")` : ''}`);
  }

  private isOp(v: string): boolean {
    return this.tok.t === 'op' && this.tok.v === v;
  }

  private skipNewlines(): void {
    while (this.tok.t === 'nl') this.advance();
  }

  private expectWord(word: string): void {
    if (reserved(this.tok) !== word) this.unexpected(word);
    this.advance();
  }

  /**
   * The next top-level command line (and-or lists up to a newline), or undefined at the end:
   * ash parses and runs a script one line at a time, so commands before a syntax error run.
   */
  nextLine(): Node | undefined {
    this.skipNewlines();
    if (this.tok.t === 'eof') return undefined;
    const items: { node: Node; background: boolean }[] = [];
    for (;;) {
      const node = this.andOr();
      const background = this.isOp('&');
      items.push({ node, background });
      if (background || this.isOp(';')) this.advance();
      else if (this.cur().t !== 'nl' && this.cur().t !== 'eof') this.unexpected();
      const tok = this.cur();
      if (tok.t === 'nl' || tok.t === 'eof') break;
    }
    return { t: 'list', items };
  }

  program(): Node {
    const node = this.list(false);
    if (this.tok.t !== 'eof') this.unexpected();
    return node;
  }

  /** A compound list; `required`: at least one command (ash: `{ }` is an error). */
  private list(required: boolean, expecting?: string): Node {
    const items: { node: Node; background: boolean }[] = [];
    this.skipNewlines();
    for (;;) {
      const r = reserved(this.tok);
      if (this.tok.t === 'eof' || (r && LIST_END.has(r)) || this.isOp(')') || this.isOp(';;')) break;
      const node = this.andOr();
      let background = false;
      if (this.isOp('&')) background = true;
      items.push({ node, background });
      if (this.isOp('&') || this.isOp(';')) this.advance();
      else if (this.tok.t !== 'nl') break;
      this.skipNewlines();
    }
    if (required && items.length === 0) this.unexpected(this.tok.t === 'eof' ? expecting : undefined);
    return { t: 'list', items };
  }

  private andOr(): Node {
    const first = this.pipeline();
    const rest: { op: '&&' | '||'; node: Node }[] = [];
    while (this.isOp('&&') || this.isOp('||')) {
      const op = (this.tok as { v: '&&' | '||' }).v;
      this.advance();
      this.skipNewlines();
      rest.push({ op, node: this.pipeline() });
    }
    return rest.length === 0 ? first : { t: 'andor', first, rest };
  }

  private pipeline(): Node {
    let bang = false;
    if (reserved(this.tok) === '!') {
      bang = true;
      this.advance();
    }
    const cmds = [this.command()];
    while (this.isOp('|')) {
      this.advance();
      this.skipNewlines();
      cmds.push(this.command());
    }
    return cmds.length === 1 && !bang ? cmds[0] : { t: 'pipe', bang, cmds };
  }

  private command(): Node {
    const r = reserved(this.tok);
    let node: Node;
    if (r === 'if') node = this.ifClause();
    else if (r === 'while' || r === 'until') {
      this.advance();
      const cond = this.list(true, 'do');
      this.expectWord('do');
      const body = this.list(true, 'done');
      this.expectWord('done');
      node = { t: 'loop', until: r === 'until', cond, body, redirs: [] };
    } else if (r === 'for') node = this.forClause();
    else if (r === 'case') node = this.caseClause();
    else if (r === '{') {
      this.advance();
      const body = this.list(true, '}');
      this.expectWord('}');
      node = { t: 'group', body, redirs: [] };
    } else if (this.isOp('(')) {
      this.advance();
      const body = this.list(true, ')');
      if (!this.isOp(')')) this.unexpected(')');
      this.advance();
      node = { t: 'subshell', body, redirs: [] };
    } else if (r) this.unexpected();
    else return this.simple();
    const redirs = (node as { redirs: Redir[] }).redirs;
    for (let redir = this.redirect(); redir; redir = this.redirect()) redirs.push(redir);
    return node;
  }

  private ifClause(): Node {
    const clauses: { cond: Node; body: Node }[] = [];
    let otherwise: Node | undefined;
    this.advance();
    for (;;) {
      const cond = this.list(true, 'then');
      this.expectWord('then');
      clauses.push({ cond, body: this.list(true, 'fi') });
      const r = reserved(this.tok);
      this.advance();
      if (r === 'elif') continue;
      if (r === 'else') {
        otherwise = this.list(true, 'fi');
        this.expectWord('fi');
      } else if (r !== 'fi') {
        throw new ShSyntaxError(`unexpected ${r ? `"${r}"` : 'end of file'} (expecting "fi")`);
      }
      return { t: 'if', clauses, otherwise, redirs: [] };
    }
  }

  private forClause(): Node {
    this.advance();
    if (this.tok.t !== 'word') this.unexpected();
    const name = this.tok.word.raw;
    if (!/^[A-Za-z_]\w*$/.test(name)) throw new ShSyntaxError(`bad for loop variable`);
    this.advance();
    this.skipNewlines();
    let items: Word[] | undefined;
    if (reserved(this.tok) === 'in') {
      items = [];
      this.advance();
      while (this.tok.t === 'word') {
        items.push(this.tok.word);
        this.advance();
      }
      if (this.isOp(';') || this.cur().t === 'nl') this.advance();
      else this.unexpected();
    } else if (this.isOp(';')) this.advance();
    this.skipNewlines();
    this.expectWord('do');
    const body = this.list(true, 'done');
    this.expectWord('done');
    return { t: 'for', name, items, body, redirs: [] };
  }

  private caseClause(): Node {
    this.advance();
    if (this.tok.t !== 'word') this.unexpected();
    const word = this.tok.word;
    this.advance();
    this.skipNewlines();
    this.expectWord('in');
    const arms: { patterns: Word[]; body?: Node }[] = [];
    this.skipNewlines();
    while (reserved(this.tok) !== 'esac') {
      if (this.isOp('(')) this.advance();
      const patterns: Word[] = [];
      for (;;) {
        const tok = this.cur();
        if (tok.t !== 'word') this.unexpected(tok.t === 'eof' ? 'esac' : undefined);
        patterns.push(tok.word);
        this.advance();
        if (!this.isOp('|')) break;
        this.advance();
      }
      if (!this.isOp(')')) this.unexpected(')');
      this.advance();
      const body = this.list(false);
      arms.push({ patterns, body: body.t === 'list' && body.items.length === 0 ? undefined : body });
      if (this.isOp(';;')) {
        this.advance();
        this.skipNewlines();
      } else if (reserved(this.tok) !== 'esac') this.unexpected('esac');
    }
    this.advance();
    return { t: 'case', word, arms, redirs: [] };
  }

  private redirect(): Redir | undefined {
    let fd: number | undefined;
    if (this.tok.t === 'io') {
      fd = this.tok.fd;
      this.advance();
    }
    if (this.tok.t !== 'op' || !/^[<>]/.test(this.tok.v)) {
      if (fd !== undefined) this.unexpected();
      return undefined;
    }
    const op = this.tok.v as Redir['op'];
    this.advance();
    const tok = this.cur();
    if (tok.t !== 'word') this.unexpected();
    const redir: Redir = { fd: fd ?? (op.startsWith('<') ? 0 : 1), op, target: tok.word };
    if (op === '<<' || op === '<<-') this.lexer.addHeredoc(redir, tok.word);
    this.advance();
    return redir;
  }

  private simple(): Node {
    const assigns: { name: string; value: Word }[] = [];
    const words: Word[] = [];
    const redirs: Redir[] = [];
    for (;;) {
      const redir = this.redirect();
      if (redir) {
        redirs.push(redir);
        continue;
      }
      const tok = this.cur();
      if (tok.t !== 'word') break;
      const word = tok.word;
      const first = word.parts[0];
      const m = words.length === 0 && first?.k === 'lit' && !first.quoted ? /^([A-Za-z_]\w*)=/.exec(first.v) : null;
      if (m && first.k === 'lit') {
        const rest = first.v.slice(m[0].length);
        const parts = [...(rest ? [{ ...first, v: rest }] : []), ...word.parts.slice(1)];
        assigns.push({ name: m[1], value: { parts, raw: word.raw.slice(m[0].length) } });
      } else words.push(word);
      this.advance();
      if (words.length === 1 && assigns.length === 0 && redirs.length === 0 && this.isOp('(')) return this.funcDef(word);
    }
    if (words.length === 0 && assigns.length === 0 && redirs.length === 0) this.unexpected();
    return { t: 'simple', assigns, words, redirs };
  }

  /** `name() compound-command`. */
  private funcDef(name: Word): Node {
    this.advance();
    if (!this.isOp(')')) this.unexpected(')');
    this.advance();
    this.skipNewlines();
    if (!/^[A-Za-z_][\w-]*$/.test(name.raw)) throw new ShSyntaxError(`bad function name`);
    return { t: 'func', name: name.raw, body: this.command() };
  }
}

/** Reads a script one command line at a time (nextLine() throws ShSyntaxError). */
export function scriptReader(script: string): { nextLine(): Node | undefined } {
  return new Parser(script);
}

/** Parses a script; throws ShSyntaxError with ash's wording. */
export function parseScript(script: string): Node {
  return new Parser(script).program();
}

registerParser(parseScript);

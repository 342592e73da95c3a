/**
 * The syntax tree of a POSIX sh script as busybox ash parses it (ash.c's `union node`: NCMD,
 * NPIPE, NAND/NOR, NSEMI, NBACKGND, NSUBSHELL, NREDIR, NIF, NWHILE/NUNTIL, NFOR, NCASE, NDEFUN),
 * and of its words: literal text, parameter expansions, command and arithmetic substitutions,
 * each remembering whether it stood inside double quotes (no field splitting, no globbing).
 *
 * Upstream: busybox shell/ash.c (struct ncmd, struct npipe, ... and the CTL* markers in words).
 */

export type WordPart =
  /** Literal text; `quoted` when from '...', "..." or a backslash (never split nor globbed). */
  | { k: 'lit'; v: string; quoted: boolean }
  /**
   * `$name`, `${name}`, `${name:-word}` (op ':-'), `${#name}` (op '#len'), `${name:1:2}`
   * (op ':'), `${name/pat/rep}` (op '/' or '//', `rep` the replacement).
   */
  | { k: 'param'; name: string; op?: string; arg?: Word; rep?: Word; quoted: boolean }
  /** `$(list)` or a backquoted list. */
  | { k: 'cmd'; body: Node; quoted: boolean }
  /** `$((expr))`: the expression's text is expanded, then evaluated. */
  | { k: 'arith'; expr: Word; quoted: boolean };

export interface Word {
  parts: WordPart[];
  /** The word as written, for `set -x` and error messages. */
  raw: string;
}

export interface Redir {
  /** The file descriptor redirected (1 for `>`, 0 for `<`, n for `n>`). */
  fd: number;
  op: '>' | '>>' | '>|' | '<' | '<>' | '>&' | '<&' | '<<' | '<<-';
  /** The file name, the fd number for `>&`/`<&`, or the here-doc body. */
  target: Word;
}

export type Node =
  | { t: 'list'; items: { node: Node; background: boolean }[] }
  | { t: 'andor'; first: Node; rest: { op: '&&' | '||'; node: Node }[] }
  | { t: 'pipe'; bang: boolean; cmds: Node[] }
  | { t: 'simple'; assigns: { name: string; value: Word }[]; words: Word[]; redirs: Redir[] }
  | { t: 'group'; body: Node; redirs: Redir[] }
  | { t: 'subshell'; body: Node; redirs: Redir[] }
  | { t: 'if'; clauses: { cond: Node; body: Node }[]; otherwise?: Node; redirs: Redir[] }
  | { t: 'loop'; until: boolean; cond: Node; body: Node; redirs: Redir[] }
  | { t: 'for'; name: string; items?: Word[]; body: Node; redirs: Redir[] }
  | { t: 'case'; word: Word; arms: { patterns: Word[]; body?: Node }[]; redirs: Redir[] }
  | { t: 'func'; name: string; body: Node };

/** An empty list: `sh -c ''`, or `$()`. */
export const EMPTY: Node = { t: 'list', items: [] };

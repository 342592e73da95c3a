/**
 * A small PromQL: the part that answers "what is my kubelet doing" questions.
 *   metric_name            metric{label="x", l2!="y", l3=~"re", l4!~"re"}      {job="kubelet"}
 *   m[5m] (a range, only as a function's argument)       offset is not supported
 *   rate / irate / increase / delta / idelta / avg_over_time / max_over_time / min_over_time /
 *   sum_over_time / count_over_time / last_over_time (RANGE)
 *   abs / ceil / floor / round / clamp_min / clamp_max / scalar / vector / time / timestamp
 *   histogram_quantile(φ, v)
 *   sum / avg / min / max / count / topk / bottomk [by|without (labels)] (expr), the clause before or after
 *   + - * / % ^ with scalars on either side or one-to-one vector matching, == != > < >= <= [bool]
 *   and / or / unless, parentheses, numbers (1, 1.5e3, Inf, NaN), durations (30s, 5m, 1h30m)
 * Errors name the column: `1:15: parse error: unexpected "}" in label matching, expected string`.
 * upstream: prometheus/promql/parser (lex.go, generated_parser.y, parse.go; messages shortened).
 */

export type MatchOp = '=' | '!=' | '=~' | '!~';
export interface Matcher {
  name: string;
  op: MatchOp;
  value: string;
}

export type BinaryOp = '+' | '-' | '*' | '/' | '%' | '^' | '==' | '!=' | '>' | '<' | '>=' | '<=' | 'and' | 'or' | 'unless';

export type Expr =
  | { kind: 'number'; value: number }
  | { kind: 'selector'; name?: string; matchers: Matcher[]; rangeMs?: number; pos: number }
  | { kind: 'call'; func: string; args: Expr[]; pos: number }
  | { kind: 'aggregate'; op: string; param?: Expr; expr: Expr; grouping: string[]; without: boolean; pos: number }
  | { kind: 'binary'; op: BinaryOp; lhs: Expr; rhs: Expr; bool: boolean; pos: number }
  | { kind: 'unary'; op: '-'; expr: Expr };

export const AGGREGATIONS = new Set(['sum', 'avg', 'min', 'max', 'count', 'topk', 'bottomk', 'group', 'stddev', 'stdvar']);

export class PromQLParseError extends Error {
  constructor(
    readonly column: number,
    detail: string
  ) {
    super(`1:${column}: parse error: ${detail}`);
  }
}

type Tok = { t: 'ident' | 'number' | 'string' | 'duration' | 'op' | 'eof'; v: string; pos: number };

const DURATION_RE = /^(\d+(ms|s|m|h|d|w|y))+/;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000, y: 31_536_000_000 };

export function parseDurationMs(s: string): number {
  let ms = 0;
  for (const m of s.matchAll(/(\d+)(ms|s|m|h|d|w|y)/g)) ms += Number(m[1]) * UNIT_MS[m[2]];
  return ms;
}

function lex(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const pos = i + 1;
    const rest = src.slice(i);
    let m: RegExpExecArray | null;
    if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      let v = '';
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\' && c !== '`') {
          const e = src[j + 1];
          v += e === 'n' ? '\n' : e === 't' ? '\t' : e;
          j += 2;
        } else v += src[j++];
      }
      if (j >= src.length) throw new PromQLParseError(pos, 'unterminated quoted string');
      out.push({ t: 'string', v, pos });
      i = j + 1;
    } else if ((m = DURATION_RE.exec(rest)) && !/^[\w.]/.test(rest.slice(m[0].length))) {
      out.push({ t: 'duration', v: m[0], pos });
      i += m[0].length;
    } else if ((m = /^(0x[0-9a-fA-F]+|(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)/.exec(rest))) {
      out.push({ t: 'number', v: m[0], pos });
      i += m[0].length;
    } else if ((m = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(rest))) {
      out.push({ t: 'ident', v: m[0], pos });
      i += m[0].length;
    } else if ((m = /^(==|!=|=~|!~|>=|<=|[-+*/%^(){}[\],=<>])/.exec(rest))) {
      out.push({ t: 'op', v: m[0], pos });
      i += m[0].length;
    } else throw new PromQLParseError(pos, `unexpected character: ${JSON.stringify(c)}`);
  }
  out.push({ t: 'eof', v: '', pos: src.length + 1 });
  return out;
}

const PRECEDENCE: Record<string, number> = { or: 1, and: 2, unless: 2, '==': 3, '!=': 3, '<': 3, '>': 3, '<=': 3, '>=': 3, '+': 4, '-': 4, '*': 5, '/': 5, '%': 5, '^': 6 };

const describe = (t: Tok) => (t.t === 'eof' ? 'end of input' : t.t === 'string' ? `string ${JSON.stringify(t.v)}` : t.t === 'number' ? `number "${t.v}"` : t.t === 'duration' ? `duration "${t.v}"` : JSON.stringify(t.v));

export function parsePromQL(src: string): Expr {
  if (src.trim() === '') throw new PromQLParseError(1, 'no expression found in input');
  const toks = lex(src);
  let k = 0;
  const peek = () => toks[k];
  const next = () => toks[k++];
  const isOp = (v: string) => peek().t === 'op' && peek().v === v;
  const expect = (v: string, where: string) => {
    const t = next();
    if (t.t !== 'op' || t.v !== v) throw new PromQLParseError(t.pos, `unexpected ${describe(t)} ${where}, expected "${v}"`);
  };

  function binaryOp(): string | undefined {
    const t = peek();
    if (t.t === 'op' && t.v in PRECEDENCE) return t.v;
    if (t.t === 'ident' && (t.v === 'and' || t.v === 'or' || t.v === 'unless')) return t.v;
    return undefined;
  }

  function expr(minPrec = 1): Expr {
    let lhs = unary();
    for (;;) {
      const op = binaryOp();
      if (!op || PRECEDENCE[op] < minPrec) break;
      const pos = next().pos;
      let bool = false;
      if (peek().t === 'ident' && peek().v === 'bool') {
        next();
        bool = true;
      }
      // `^` is right-associative; the others bind left.
      const rhs = expr(op === '^' ? PRECEDENCE[op] : PRECEDENCE[op] + 1);
      lhs = { kind: 'binary', op: op as BinaryOp, lhs, rhs, bool, pos };
    }
    return lhs;
  }

  function unary(): Expr {
    if (isOp('-') || isOp('+')) {
      const neg = next().v === '-';
      const e = unary();
      if (!neg) return e;
      return e.kind === 'number' ? { kind: 'number', value: -e.value } : { kind: 'unary', op: '-', expr: e };
    }
    return postfix(primary());
  }

  function postfix(e: Expr): Expr {
    if (!isOp('[')) return e;
    const open = next();
    if (e.kind !== 'selector' || e.rangeMs !== undefined) throw new PromQLParseError(open.pos, 'ranges only allowed for vector selectors');
    const d = next();
    if (d.t !== 'duration') throw new PromQLParseError(d.pos, `unexpected ${describe(d)} in range, expected a duration such as 5m`);
    expect(']', 'in range');
    return { ...e, rangeMs: parseDurationMs(d.v) };
  }

  function grouping(): string[] {
    expect('(', 'in grouping');
    const labels: string[] = [];
    while (!isOp(')')) {
      const t = next();
      if (t.t !== 'ident') throw new PromQLParseError(t.pos, `unexpected ${describe(t)} in grouping, expected label`);
      labels.push(t.v);
      if (isOp(',')) next();
      else if (!isOp(')')) throw new PromQLParseError(peek().pos, `unexpected ${describe(peek())} in grouping, expected "," or ")"`);
    }
    next();
    return labels;
  }

  function args(fn: string): Expr[] {
    expect('(', `in call to ${fn}`);
    const out: Expr[] = [];
    while (!isOp(')')) {
      out.push(expr());
      if (isOp(',')) next();
      else if (!isOp(')')) throw new PromQLParseError(peek().pos, `unexpected ${describe(peek())} in call to ${fn}, expected "," or ")"`);
    }
    next();
    return out;
  }

  function primary(): Expr {
    const t = peek();
    if (t.t === 'number') {
      next();
      return { kind: 'number', value: Number(t.v) };
    }
    if (t.t === 'duration') throw new PromQLParseError(t.pos, `unexpected ${describe(t)}: a duration belongs in a range, as in m[${t.v}]`);
    if (t.t === 'op' && t.v === '(') {
      next();
      const e = expr();
      expect(')', 'in paren expression');
      return e;
    }
    if (t.t === 'op' && t.v === '{') return selector(undefined, t.pos);
    if (t.t === 'ident') {
      next();
      if (t.v === 'Inf' || t.v === 'NaN') return { kind: 'number', value: t.v === 'Inf' ? Infinity : NaN };
      if (AGGREGATIONS.has(t.v)) {
        let g: string[] = [];
        let without = false;
        const clause = () => {
          if (peek().t === 'ident' && (peek().v === 'by' || peek().v === 'without')) {
            without = next().v === 'without';
            g = grouping();
          }
        };
        clause();
        const a = args(t.v);
        clause();
        const wantsParam = t.v === 'topk' || t.v === 'bottomk';
        if (a.length !== (wantsParam ? 2 : 1)) throw new PromQLParseError(t.pos, `wrong number of arguments for aggregate expression provided, expected ${wantsParam ? 2 : 1}, got ${a.length}`);
        return { kind: 'aggregate', op: t.v, grouping: g, without, expr: a[a.length - 1], ...(wantsParam ? { param: a[0] } : {}), pos: t.pos };
      }
      if (isOp('(')) return { kind: 'call', func: t.v, args: args(t.v), pos: t.pos };
      return selector(t.v, t.pos);
    }
    throw new PromQLParseError(t.pos, `unexpected ${describe(t)}`);
  }

  function selector(name: string | undefined, pos: number): Expr {
    const matchers: Matcher[] = [];
    if (isOp('{')) {
      next();
      while (!isOp('}')) {
        const l = next();
        if (l.t !== 'ident') throw new PromQLParseError(l.pos, `unexpected ${describe(l)} in label matching, expected label`);
        const op = next();
        if (op.t !== 'op' || !['=', '!=', '=~', '!~'].includes(op.v)) throw new PromQLParseError(op.pos, `unexpected ${describe(op)} in label matching, expected label matching operator`);
        const v = next();
        if (v.t !== 'string') throw new PromQLParseError(v.pos, `unexpected ${describe(v)} in label matching, expected string`);
        if (op.v === '=~' || op.v === '!~') {
          try {
            new RegExp(v.v);
          } catch {
            throw new PromQLParseError(v.pos, `invalid regular expression ${JSON.stringify(v.v)}`);
          }
        }
        if (l.v === '__name__' && op.v === '=' && name === undefined) name = v.v;
        else matchers.push({ name: l.v, op: op.v as MatchOp, value: v.v });
        if (isOp(',')) next();
        else if (!isOp('}')) throw new PromQLParseError(peek().pos, `unexpected ${describe(peek())} in label matching, expected "," or "}"`);
      }
      next();
      const matchesEmpty = (m: Matcher) => new RegExp(`^(?:${m.op.endsWith('~') ? m.value : escapeRe(m.value)})$`).test('') !== m.op.startsWith('!');
      if (name === undefined && matchers.every(matchesEmpty)) {
        throw new PromQLParseError(pos, 'vector selector must contain at least one non-empty matcher');
      }
    }
    return { kind: 'selector', ...(name !== undefined ? { name } : {}), matchers, pos };
  }

  const e = expr();
  if (peek().t !== 'eof') throw new PromQLParseError(peek().pos, `unexpected ${describe(peek())}`);
  return e;
}

export const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

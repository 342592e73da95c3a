/**
 * Shell arithmetic, `$((...))`: integers with C precedence (++ -- pre/post, unary + - ! ~, * / %, + -, << >>,
 * comparisons, == !=, & ^ |, && ||, ?:, and the assignments = += -= *= /= %=), variables by
 * name (unset or empty is 0). Errors use ash's wording ("arithmetic syntax error",
 * "divide by zero").
 *
 * Upstream: busybox shell/math.c (arith, arith_apply, the operator precedence table).
 */

export class ArithError extends Error {}

export interface ArithVars {
  get(name: string): string | undefined;
  set(name: string, value: string): void;
}

const BINARY: Record<string, number> = {
  '||': 1, '&&': 2, '|': 3, '^': 4, '&': 5, '==': 6, '!=': 6, '<': 7, '<=': 7, '>': 7, '>=': 7,
  '<<': 8, '>>': 8, '+': 9, '-': 9, '*': 10, '/': 10, '%': 10
};
const TOKEN = /\s*(0[xX][0-9a-fA-F]+|\d+|[A-Za-z_]\w*|\+\+|--|\+=|-=|\*=|\/=|%=|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%<>=!~&^|?:()])/y;

function applyBinary(op: string, a: number, b: number): number {
  switch (op) {
    case '||': return a || b ? 1 : 0;
    case '&&': return a && b ? 1 : 0;
    case '|': return a | b;
    case '^': return a ^ b;
    case '&': return a & b;
    case '==': return a === b ? 1 : 0;
    case '!=': return a !== b ? 1 : 0;
    case '<': return a < b ? 1 : 0;
    case '<=': return a <= b ? 1 : 0;
    case '>': return a > b ? 1 : 0;
    case '>=': return a >= b ? 1 : 0;
    case '<<': return a << b;
    case '>>': return a >> b;
    case '+': return a + b;
    case '-': return a - b;
    case '*': return a * b;
    case '/':
    case '%':
      if (b === 0) throw new ArithError('divide by zero');
      return op === '/' ? Math.trunc(a / b) : a % b;
  }
  throw new ArithError('arithmetic syntax error');
}

/** A number as the shell reads it: decimal, 0x hex or 0-prefixed octal. */
function toNumber(text: string, vars: ArithVars, depth: number): number {
  const t = text.trim();
  if (t === '') return 0;
  if (/^0[xX][0-9a-fA-F]+$/.test(t)) return parseInt(t, 16);
  if (/^0[0-7]+$/.test(t)) return parseInt(t, 8);
  if (/^[-+]?\d+$/.test(t)) return Number(t);
  if (depth > 10) throw new ArithError('arithmetic syntax error');
  return evalArith(t, vars, depth + 1);
}

export function evalArith(expr: string, vars: ArithVars, depth = 0): number {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < expr.length) {
    if (/^\s*$/.test(expr.slice(TOKEN.lastIndex))) break;
    const m = TOKEN.exec(expr);
    if (!m) throw new ArithError('arithmetic syntax error');
    tokens.push(m[1]);
  }
  let i = 0;
  const peek = () => tokens[i];
  const isName = (t: string | undefined) => t !== undefined && /^[A-Za-z_]/.test(t);
  const value = (t: string) => (isName(t) ? toNumber(vars.get(t) ?? '', vars, depth) : toNumber(t, vars, depth));

  function primary(): number {
    const t = tokens[i++];
    if (t === undefined) throw new ArithError('arithmetic syntax error');
    if (t === '(') {
      const v = ternary();
      if (tokens[i++] !== ')') throw new ArithError('arithmetic syntax error');
      return v;
    }
    if ((t === '++' || t === '--') && isName(peek())) {
      const name = tokens[i++];
      const v = value(name) + (t === '++' ? 1 : -1);
      vars.set(name, String(v));
      return v;
    }
    if (isName(t) && (peek() === '++' || peek() === '--')) {
      const v = value(t);
      vars.set(t, String(v + (tokens[i++] === '++' ? 1 : -1)));
      return v;
    }
    if (t === '-') return -primary();
    if (t === '+') return +primary();
    if (t === '!') return primary() ? 0 : 1;
    if (t === '~') return ~primary();
    if (isName(t) && ['=', '+=', '-=', '*=', '/=', '%='].includes(peek() ?? '')) {
      const op = tokens[i++];
      const rhs = ternary();
      const v = op === '=' ? rhs : applyBinary(op.slice(0, -1), value(t), rhs);
      vars.set(t, String(v));
      return v;
    }
    if (/^[\w]/.test(t)) return value(t);
    throw new ArithError('arithmetic syntax error');
  }

  function binary(minPrec: number): number {
    let left = primary();
    for (;;) {
      const op = peek();
      const prec = op === undefined ? undefined : BINARY[op];
      if (prec === undefined || prec < minPrec) return left;
      i++;
      const right = binary(prec + 1);
      left = applyBinary(op!, left, right);
    }
  }

  function ternary(): number {
    const cond = binary(1);
    if (peek() !== '?') return cond;
    i++;
    const a = ternary();
    if (tokens[i++] !== ':') throw new ArithError('arithmetic syntax error');
    const b = ternary();
    return cond ? a : b;
  }

  if (tokens.length === 0) return 0;
  const result = ternary();
  if (i !== tokens.length) throw new ArithError('arithmetic syntax error');
  return result;
}

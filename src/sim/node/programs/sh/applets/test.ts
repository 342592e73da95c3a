/**
 * `test` and `[ ... ]`: file tests (-e -f -d -s -r -w -x -L -h), string tests (-z -n = != < >),
 * integer comparisons (-eq -ne -lt -le -gt -ge), `!`, `-a`, `-o` and parentheses, with
 * busybox's errors ("sh: missing ]", "sh: invalid number 'x'") and status 2.
 *
 * Upstream: busybox coreutils/test.c (t_lex, oexpr, aexpr, nexpr, primary, binop, filstat).
 */

import type { Applet, AppletCall } from './applet';

class TestError extends Error {}

const UNARY_FILE = new Set(['-e', '-f', '-d', '-s', '-r', '-w', '-x', '-L', '-h', '-b', '-c', '-p', '-S', '-g', '-u', '-k', '-O', '-G']);
const BINARY = new Set(['=', '==', '!=', '<', '>', '-eq', '-ne', '-lt', '-le', '-gt', '-ge', '-nt', '-ot', '-ef']);

function evaluate(call: AppletCall, args: string[]): boolean {
  let i = 0;
  const int = (v: string) => {
    if (!/^\s*[-+]?\d+\s*$/.test(v)) throw new TestError(`invalid number '${v}'`);
    return Number(v);
  };
  const fileTest = (op: string, file: string) => {
    const st = call.ctx.fs.stat(call.path(file));
    if (typeof st === 'string') return false;
    switch (op) {
      case '-f':
        return st.type === 'file';
      case '-d':
        return st.type === 'dir';
      case '-s':
        return st.size > 0;
      case '-L':
      case '-h':
      case '-b':
      case '-c':
      case '-p':
      case '-S':
      case '-g':
      case '-u':
      case '-k':
        return false;
      default:
        return true; // -e -r -w -x -O -G: root may do anything
    }
  };
  const binop = (a: string, op: string, b: string): boolean => {
    switch (op) {
      case '=':
      case '==':
        return a === b;
      case '!=':
        return a !== b;
      case '<':
        return a < b;
      case '>':
        return a > b;
      case '-eq':
        return int(a) === int(b);
      case '-ne':
        return int(a) !== int(b);
      case '-lt':
        return int(a) < int(b);
      case '-le':
        return int(a) <= int(b);
      case '-gt':
        return int(a) > int(b);
      case '-ge':
        return int(a) >= int(b);
    }
    return false;
  };
  const primary = (): boolean => {
    const t = args[i];
    if (t === undefined) throw new TestError('argument expected');
    if (t === '!') {
      i++;
      return !primary();
    }
    if (t === '(' && args.length - i > 1) {
      i++;
      const v = or();
      if (args[i++] !== ')') throw new TestError("')' expected");
      return v;
    }
    if (BINARY.has(args[i + 1] ?? '') && args[i + 2] !== undefined) {
      i += 3;
      return binop(t, args[i - 2], args[i - 1]);
    }
    if ((t === '-z' || t === '-n') && args[i + 1] !== undefined) {
      i += 2;
      return t === '-z' ? args[i - 1] === '' : args[i - 1] !== '';
    }
    if (UNARY_FILE.has(t) && args[i + 1] !== undefined) {
      i += 2;
      return fileTest(t, args[i - 1]);
    }
    if (t === '-t' && args[i + 1] !== undefined) {
      i += 2;
      return false;
    }
    i++;
    return t !== '';
  };
  const and = (): boolean => {
    let v = primary();
    while (args[i] === '-a') {
      i++;
      const r = primary();
      v = v && r;
    }
    return v;
  };
  const or = (): boolean => {
    let v = and();
    while (args[i] === '-o') {
      i++;
      const r = and();
      v = v || r;
    }
    return v;
  };
  if (args.length === 0) return false;
  const v = or();
  if (i < args.length) throw new TestError(`${args[i]}: unknown operand`);
  return v;
}

export const test: Applet = (call) => {
  let args = call.argv.slice(1);
  if (call.argv[0] === '[') {
    if (args[args.length - 1] !== ']') {
      call.io.err('sh: missing ]\n');
      return 2;
    }
    args = args.slice(0, -1);
  }
  try {
    return evaluate(call, args) ? 0 : 1;
  } catch (e) {
    if (!(e instanceof TestError)) throw e;
    call.io.err(`sh: ${e.message}\n`);
    return 2;
  }
};

// client-go's JSONPath (the dialect behind `kubectl -o jsonpath=` and custom columns).
//
// Parser: staging/src/k8s.io/client-go/util/jsonpath/parser.go
// Evaluator: staging/src/k8s.io/client-go/util/jsonpath/jsonpath.go (FindResults, PrintResults,
//   evalArray, evalFilter, evalRecursive, ...) with map keys visited in sorted order.
// Comparisons: staging/src/k8s.io/client-go/third_party/forked/golang/template/funcs.go.
// kubectl wrapper and error text: staging/src/k8s.io/cli-runtime/pkg/printers/jsonpath.go and
//   staging/src/k8s.io/kubectl/pkg/cmd/get/... JSONPathPrintFlags.ToPrinter.
//
// Values are decoded JSON: integral numbers behave as int64, others as float64, null as a nil
// interface, objects as map[string]interface{} and arrays as []interface{}.

import { formatFloatG, goJSON, goQuote, goSharpV, goSprint, goTypeName, isPlainObject } from './gofmt';
import { compareGoStrings } from './util';

/* eslint-disable @typescript-eslint/no-explicit-any */

// ---------------------------------------------------------------------------------------------
// AST (node.go)

interface ParamsEntry {
  value: number;
  known: boolean;
  derived: boolean;
}

export type Node =
  | { type: 'list'; nodes: Node[] }
  | { type: 'text'; text: string }
  | { type: 'field'; value: string }
  | { type: 'array'; params: [ParamsEntry, ParamsEntry, ParamsEntry] }
  | { type: 'filter'; left: ListNode; right: ListNode; operator: string }
  | { type: 'int'; value: number }
  | { type: 'float'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'wildcard' }
  | { type: 'recursive' }
  | { type: 'union'; nodes: ListNode[] }
  | { type: 'identifier'; name: string };

type ListNode = { type: 'list'; nodes: Node[] };

export class JSONPathError extends Error {}

const newList = (): ListNode => ({ type: 'list', nodes: [] });

// ---------------------------------------------------------------------------------------------
// Parser (parser.go)

const EOF = '';

function isSpace(r: string): boolean {
  return r === ' ' || r === '\t';
}
function isEndOfLine(r: string): boolean {
  return r === '\r' || r === '\n';
}
function isTerminator(r: string): boolean {
  if (isSpace(r) || isEndOfLine(r)) return true;
  switch (r) {
    case EOF:
    case '.':
    case ',':
    case '[':
    case ']':
    case '$':
    case '@':
    case '{':
    case '}':
      return true;
  }
  return false;
}
function isDigit(r: string): boolean {
  return r !== '' && /\p{Nd}/u.test(r);
}
function isAlphaNumeric(r: string): boolean {
  return r === '_' || (r !== '' && /[\p{L}\p{Nd}]/u.test(r));
}

/** Go's %#U: U+0041 'A' */
function fmtUnicode(r: string): string {
  const cp = r.codePointAt(0)!;
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')} '${r}'`;
}

/** UnquoteExtend: strconv.Unquote that also accepts single quotes. */
function unquoteExtend(s: string): string {
  const n = s.length;
  if (n < 2) throw new JSONPathError('invalid syntax');
  const quote = s[0]!;
  if (quote !== s[n - 1]) throw new JSONPathError('invalid syntax');
  s = s.slice(1, n - 1);
  if (quote !== '"' && quote !== "'") throw new JSONPathError('invalid syntax');
  if (!s.includes('\\') && !s.includes(quote)) return s;
  let out = '';
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (c === quote && quote === "'") throw new JSONPathError('invalid syntax');
    if (c === quote) throw new JSONPathError('invalid syntax');
    if (c !== '\\') {
      out += c;
      i++;
      continue;
    }
    const e = s[i + 1];
    i += 2;
    switch (e) {
      case 'a':
        out += '\x07';
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'v':
        out += '\v';
        break;
      case '\\':
        out += '\\';
        break;
      case "'":
      case '"':
        if (e !== quote) throw new JSONPathError('invalid syntax');
        out += e;
        break;
      case 'x': {
        const h = s.slice(i, i + 2);
        if (!/^[0-9a-fA-F]{2}$/.test(h)) throw new JSONPathError('invalid syntax');
        out += String.fromCharCode(parseInt(h, 16));
        i += 2;
        break;
      }
      case 'u':
      case 'U': {
        const len = e === 'u' ? 4 : 8;
        const h = s.slice(i, i + len);
        if (!new RegExp(`^[0-9a-fA-F]{${len}}$`).test(h)) throw new JSONPathError('invalid syntax');
        out += String.fromCodePoint(parseInt(h, 16));
        i += len;
        break;
      }
      default:
        if (e !== undefined && /[0-7]/.test(e)) {
          const o = e + s.slice(i, i + 2);
          if (!/^[0-7]{3}$/.test(o)) throw new JSONPathError('invalid syntax');
          out += String.fromCharCode(parseInt(o, 8));
          i += 2;
          break;
        }
        throw new JSONPathError('invalid syntax');
    }
  }
  return out;
}

class Parser {
  root: ListNode = newList();
  private input = '';
  private pos = 0;
  private start = 0;
  private width = 0;

  constructor(readonly name: string) {}

  parse(text: string): void {
    this.input = text;
    this.root = newList();
    this.pos = 0;
    this.start = 0;
    this.parseText(this.root);
  }

  private consumeText(): string {
    const v = this.input.slice(this.start, this.pos);
    this.start = this.pos;
    return v;
  }
  private next(): string {
    if (this.pos >= this.input.length) {
      this.width = 0;
      return EOF;
    }
    const cp = this.input.codePointAt(this.pos)!;
    const r = String.fromCodePoint(cp);
    this.width = r.length;
    this.pos += this.width;
    return r;
  }
  private peek(): string {
    const r = this.next();
    this.backup();
    return r;
  }
  private backup(): void {
    this.pos -= this.width;
  }

  private parseText(cur: ListNode): void {
    for (;;) {
      if (this.input.startsWith('{', this.pos)) {
        if (this.pos > this.start) cur.nodes.push({ type: 'text', text: this.consumeText() });
        this.parseLeftDelim(cur);
        return;
      }
      if (this.next() === EOF) break;
    }
    // Correctly reached EOF.
    if (this.pos > this.start) cur.nodes.push({ type: 'text', text: this.consumeText() });
  }

  private parseLeftDelim(cur: ListNode): void {
    this.pos += 1;
    this.consumeText();
    const n = newList();
    cur.nodes.push(n);
    this.parseInsideAction(n);
  }

  private parseInsideAction(cur: ListNode): void {
    for (;;) {
      const rest = this.input.slice(this.pos);
      if (rest.startsWith('}')) return this.parseRightDelim();
      if (rest.startsWith('[?(')) return this.parseFilter(cur);
      if (rest.startsWith('..')) return this.parseRecursive(cur);
      const r = this.next();
      if (r === EOF || isEndOfLine(r)) {
        throw new JSONPathError('unclosed action');
      } else if (r === ' ') {
        this.consumeText();
      } else if (r === '@' || r === '$') {
        // the current object, just pass it
        this.consumeText();
      } else if (r === '[') {
        return this.parseArray(cur);
      } else if (r === '"' || r === "'") {
        return this.parseQuote(cur, r);
      } else if (r === '.') {
        return this.parseField(cur);
      } else if (r === '+' || r === '-' || isDigit(r)) {
        this.backup();
        return this.parseNumber(cur);
      } else if (isAlphaNumeric(r)) {
        this.backup();
        return this.parseIdentifier(cur);
      } else {
        throw new JSONPathError(`unrecognized character in action: ${fmtUnicode(r)}`);
      }
    }
  }

  private parseRightDelim(): void {
    this.pos += 1;
    this.consumeText();
    this.parseText(this.root);
  }

  private parseIdentifier(cur: ListNode): void {
    for (;;) {
      const r = this.next();
      if (isTerminator(r)) {
        this.backup();
        break;
      }
    }
    const value = this.consumeText();
    if (value === 'true' || value === 'false') cur.nodes.push({ type: 'bool', value: value === 'true' });
    else cur.nodes.push({ type: 'identifier', name: value });
    this.parseInsideAction(cur);
  }

  private parseRecursive(cur: ListNode): void {
    const last = cur.nodes[cur.nodes.length - 1];
    if (last !== undefined && last.type === 'recursive') throw new JSONPathError('invalid multiple recursive descent');
    this.pos += 2;
    this.consumeText();
    cur.nodes.push({ type: 'recursive' });
    const r = this.peek();
    if (isAlphaNumeric(r)) return this.parseField(cur);
    this.parseInsideAction(cur);
  }

  private parseNumber(cur: ListNode): void {
    let r = this.peek();
    if (r === '+' || r === '-') this.next();
    for (;;) {
      r = this.next();
      if (r !== '.' && !isDigit(r)) {
        this.backup();
        break;
      }
    }
    const value = this.consumeText();
    if (/^[+-]?[0-9]+$/.test(value)) {
      cur.nodes.push({ type: 'int', value: Number(value) });
      return this.parseInsideAction(cur);
    }
    if (/^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)$/.test(value)) {
      cur.nodes.push({ type: 'float', value: Number(value) });
      return this.parseInsideAction(cur);
    }
    throw new JSONPathError(`cannot parse number ${value}`);
  }

  private parseArray(cur: ListNode): void {
    for (;;) {
      const r = this.next();
      if (r === EOF || r === '\n') throw new JSONPathError('unterminated array');
      if (r === ']') break;
    }
    let text = this.consumeText();
    text = text.slice(1, text.length - 1);
    if (text === '*') text = ':';

    // union operator
    const strs = text.split(',');
    if (strs.length > 1) {
      const union: ListNode[] = [];
      for (const str of strs) {
        union.push(parseAction('union', `[${str.replace(/^ +| +$/g, '')}]`));
      }
      cur.nodes.push({ type: 'union', nodes: union });
      return this.parseInsideAction(cur);
    }

    // dict key
    const dictKey = /^'([^']*)'$/.exec(text);
    if (dictKey) {
      const p = parseAction('arraydict', `.${dictKey[1]}`);
      for (const node of p.nodes) cur.nodes.push(node);
      return this.parseInsideAction(cur);
    }

    // slice operator
    const m = /^(-?[\d]*)(:-?[\d]*)?(:-?[\d]*)?$/u.exec(text);
    if (!m) throw new JSONPathError(`invalid array index ${text}`);
    const value = [m[1] ?? '', m[2] ?? '', m[3] ?? ''];
    const params: [ParamsEntry, ParamsEntry, ParamsEntry] = [
      { value: 0, known: false, derived: false },
      { value: 0, known: false, derived: false },
      { value: 0, known: false, derived: false },
    ];
    for (let i = 0; i < 3; i++) {
      if (value[i] !== '') {
        if (i > 0) value[i] = value[i]!.slice(1);
        if (i > 0 && value[i] === '') {
          params[i]!.known = false;
        } else {
          params[i]!.known = true;
          if (!/^[+-]?[0-9]+$/.test(value[i]!)) throw new JSONPathError(`array index ${value[i]} is not a number`);
          params[i]!.value = Number(value[i]);
        }
      } else if (i === 1) {
        params[i]!.known = true;
        params[i]!.value = params[0]!.value + 1;
        params[i]!.derived = true;
      } else {
        params[i]!.known = false;
        params[i]!.value = 0;
      }
    }
    cur.nodes.push({ type: 'array', params });
    this.parseInsideAction(cur);
  }

  private parseFilter(cur: ListNode): void {
    this.pos += 3;
    this.consumeText();
    let begin = false;
    let end = false;
    let pair = '';
    for (;;) {
      const r = this.next();
      if (r === EOF || r === '\n') throw new JSONPathError('unterminated filter');
      if (r === '"' || r === "'") {
        if (!begin) {
          // save the paired rune
          begin = true;
          pair = r;
          continue;
        }
        // only add when met paired rune
        if (this.input[this.pos - 2] !== '\\' && r === pair) end = true;
      } else if (r === ')') {
        // in rightParser below quotes only appear zero or once
        // and must be paired at the beginning and end
        if (begin === end) break;
      }
    }
    if (this.next() !== ']') throw new JSONPathError('unclosed array expect ]');
    let text = this.consumeText();
    text = text.slice(0, text.length - 2);
    const m = /^([^!<>=]+)([!<>=]+)(.+?)$/su.exec(text);
    if (!m) {
      const p = parseAction('text', text);
      cur.nodes.push({ type: 'filter', left: p, right: newList(), operator: 'exists' });
    } else {
      const left = parseAction('left', m[1]!);
      const right = parseAction('right', m[3]!);
      cur.nodes.push({ type: 'filter', left, right, operator: m[2]! });
    }
    this.parseInsideAction(cur);
  }

  private parseQuote(cur: ListNode, end: string): void {
    for (;;) {
      const r = this.next();
      if (r === EOF || r === '\n') throw new JSONPathError('unterminated quoted string');
      if (r === end && this.input[this.pos - 2] !== '\\') break;
    }
    const value = this.consumeText();
    let s: string;
    try {
      s = unquoteExtend(value);
    } catch (e) {
      throw new JSONPathError(`unquote string ${value} error ${(e as Error).message}`);
    }
    cur.nodes.push({ type: 'text', text: s });
    this.parseInsideAction(cur);
  }

  private parseField(cur: ListNode): void {
    this.consumeText();
    while (this.advance()) {
      /* scan */
    }
    const value = this.consumeText();
    if (value === '*') cur.nodes.push({ type: 'wildcard' });
    else cur.nodes.push({ type: 'field', value: value.replace(/\\/g, '') });
    this.parseInsideAction(cur);
  }

  private advance(): boolean {
    const r = this.next();
    if (r === '\\') {
      this.next();
    } else if (isTerminator(r)) {
      this.backup();
      return false;
    }
    return true;
  }
}

/** parseAction: parses "{text}" and returns the inner list. */
function parseAction(name: string, text: string): ListNode {
  const p = new Parser(name);
  p.parse(`{${text}}`);
  return p.root.nodes[0] as ListNode;
}

/** Parses a template; throws JSONPathError with upstream wording on syntax errors. */
export function parseJSONPath(text: string): ListNode {
  const p = new Parser('out');
  p.parse(text);
  return p.root;
}

// ---------------------------------------------------------------------------------------------
// Evaluation (jsonpath.go as vendored by kubectl v1.32: range handling with lastEndNode
// fast-forwarding, empty ranges still advancing to their {end}, strings iterable byte-wise,
// comparison errors reported). Go visits map entries in random order (reflect MapKeys); we use
// sorted key order, which is one of the orders kubectl can print.

// A "reflect.Value": decoded JSON, where null is a nil interface. Template constants are tagged
// so comparisons keep Go's kinds: int literals (intKind), float literals (floatKind).
type Val = unknown;
interface GoInt {
  goInt: number;
}
interface GoFloat {
  goFloat: number;
}
function isGoInt(v: Val): v is GoInt {
  return typeof v === 'object' && v !== null && 'goInt' in (v as object);
}
function isGoFloat(v: Val): v is GoFloat {
  return typeof v === 'object' && v !== null && 'goFloat' in (v as object);
}
function isMap(v: Val): v is Record<string, any> {
  return isPlainObject(v) && !isGoInt(v) && !isGoFloat(v);
}

/** Elements visited by wildcard/recursive descent: slices, map values, and string bytes. */
function iterate(v: Val): Val[] | undefined {
  if (Array.isArray(v)) return v;
  if (isMap(v)) return Object.keys(v).sort(compareGoStrings).map((k) => v[k]);
  if (typeof v === 'string') return [...new TextEncoder().encode(v)];
  return undefined;
}

type BasicKind = 'bool' | 'int' | 'float' | 'string';

/** basicKind (forked text/template funcs.go); undefined for invalid (nil, maps, slices). */
function basicKind(v: Val): { k: BasicKind; n?: number; s?: string; b?: boolean } | undefined {
  if (isGoInt(v)) return { k: 'int', n: v.goInt };
  if (isGoFloat(v)) return { k: 'float', n: v.goFloat };
  if (typeof v === 'boolean') return { k: 'bool', b: v };
  if (typeof v === 'number') return { k: Number.isInteger(v) ? 'int' : 'float', n: v };
  if (typeof v === 'string') return { k: 'string', s: v };
  return undefined;
}

const errBadComparisonType = 'invalid type for comparison';
const errBadComparison = 'incompatible types for comparison';

function goEqual(l: Val, r: Val): boolean {
  const a = basicKind(l);
  if (!a) throw new JSONPathError(errBadComparisonType);
  const b = basicKind(r);
  if (!b) throw new JSONPathError(errBadComparisonType);
  if (a.k !== b.k) throw new JSONPathError(errBadComparison);
  if (a.k === 'bool') return a.b === b.b;
  if (a.k === 'string') return a.s === b.s;
  return a.n === b.n;
}

function goLess(l: Val, r: Val): boolean {
  const a = basicKind(l);
  if (!a) throw new JSONPathError(errBadComparisonType);
  const b = basicKind(r);
  if (!b) throw new JSONPathError(errBadComparisonType);
  if (a.k !== b.k) throw new JSONPathError(errBadComparison);
  if (a.k === 'bool') throw new JSONPathError(errBadComparisonType);
  if (a.k === 'string') return compareGoStrings(a.s!, b.s!) < 0;
  return a.n! < b.n!;
}

function goLessEqual(l: Val, r: Val): boolean {
  return goLess(l, r) || goEqual(l, r);
}

function evalOperator(operator: string, l: Val, r: Val): boolean {
  switch (operator) {
    case '<':
      return goLess(l, r);
    case '>':
      return !goLessEqual(l, r);
    case '==':
      return goEqual(l, r);
    case '!=':
      return !goEqual(l, r);
    case '<=':
      return goLessEqual(l, r);
    case '>=':
      return !goLess(l, r);
    default:
      throw new JSONPathError(`unrecognized filter operator ${operator}`);
  }
}

export class JSONPath {
  private readonly root: ListNode;
  private beginRange = 0;
  private inRange = 0;
  private endRange = 0;
  private lastEndNode = -1;
  allowMissingKeys = false;

  constructor(template: string) {
    this.root = parseJSONPath(template);
  }

  /** FindResults: one result list per top-level node (and per range iteration). */
  findResults(data: Val): Val[][] {
    this.beginRange = this.inRange = this.endRange = 0;
    this.lastEndNode = -1;
    return this.find(data, this.root.nodes, 0);
  }

  private find(data: Val, nodes: Node[], base: number): Val[][] {
    const cur: Val[] = [data];
    const fullResult: Val[][] = [];
    for (let i = 0; i < nodes.length; i++) {
      const results = this.walk(cur, nodes[i]!);
      // encounter an end node, break the current block
      if (this.endRange > 0 && this.endRange <= this.inRange) {
        this.endRange--;
        this.lastEndNode = base + i;
        break;
      }
      // encounter a range node, start a range loop
      if (this.beginRange > 0) {
        this.beginRange--;
        this.inRange++;
        if (results.length > 0) {
          for (const value of results) fullResult.push(...this.find(value, nodes.slice(i + 1), base + i + 1));
        } else {
          // If the range has no results, we still need to process the nodes within the range
          // so the position will advance to the end node
          this.find(null, nodes.slice(i + 1), base + i + 1);
        }
        this.inRange--;
        // Fast forward to resume processing after the most recent end node that was encountered
        for (let k = i + 1; k < nodes.length; k++) {
          if (base + k === this.lastEndNode) {
            i = k;
            break;
          }
        }
        continue;
      }
      fullResult.push(results);
    }
    return fullResult;
  }

  /** Execute: FindResults then PrintResults for each list. */
  execute(data: Val): string {
    return this.findResults(data)
      .map((r) => printResults(r))
      .join('');
  }

  private walk(value: Val[], node: Node): Val[] {
    switch (node.type) {
      case 'list':
        return this.evalList(value, node);
      case 'text':
        return [node.text];
      case 'field':
        return this.evalField(value, node.value);
      case 'array':
        return this.evalArray(value, node.params);
      case 'filter':
        return this.evalFilter(value, node);
      case 'int':
        return value.map(() => ({ goInt: node.value }));
      case 'float':
        return value.map(() => ({ goFloat: node.value }));
      case 'bool':
        return value.map(() => node.value);
      case 'wildcard':
        return this.evalWildcard(value);
      case 'recursive':
        return this.evalRecursive(value);
      case 'union':
        return this.evalUnion(value, node.nodes);
      case 'identifier':
        return this.evalIdentifier(value, node.name);
    }
  }

  private evalList(value: Val[], node: ListNode): Val[] {
    let cur = value;
    for (const n of node.nodes) cur = this.walk(cur, n);
    return cur;
  }

  private evalIdentifier(input: Val[], name: string): Val[] {
    switch (name) {
      case 'range':
        this.beginRange++;
        return input;
      case 'end':
        if (this.inRange > 0) {
          this.endRange++;
          return [];
        }
        throw new JSONPathError('not in range, nothing to end');
      default:
        throw new JSONPathError(`unrecognized identifier ${name}`);
    }
  }

  private evalArray(input: Val[], nodeParams: [ParamsEntry, ParamsEntry, ParamsEntry]): Val[] {
    const result: Val[] = [];
    for (const value of input) {
      if (value === null || value === undefined) continue;
      if (!Array.isArray(value)) throw new JSONPathError(`${goTypeName(value)} is not array or slice`);
      const params = nodeParams.map((p) => ({ ...p }));
      const len = value.length;
      if (!params[0]!.known) params[0]!.value = 0;
      if (params[0]!.value < 0) params[0]!.value += len;
      if (!params[1]!.known) params[1]!.value = len;
      if (params[1]!.value < 0 || (params[1]!.value === 0 && params[1]!.derived)) params[1]!.value += len;
      if (params[1]!.value !== params[0]!.value) {
        // if you're requesting zero elements, allow it through.
        if (params[0]!.value >= len || params[0]!.value < 0) {
          throw new JSONPathError(`array index out of bounds: index ${params[0]!.value}, length ${len}`);
        }
        if (params[1]!.value > len || params[1]!.value < 0) {
          throw new JSONPathError(`array index out of bounds: index ${params[1]!.value - 1}, length ${len}`);
        }
        if (params[0]!.value > params[1]!.value) {
          throw new JSONPathError(
            `starting index ${params[0]!.value} is greater than ending index ${params[1]!.value}`,
          );
        }
      } else {
        return result;
      }
      const sliced = value.slice(params[0]!.value, params[1]!.value);
      let step = 1;
      if (params[2]!.known) {
        if (params[2]!.value <= 0) throw new JSONPathError('step must be > 0');
        step = params[2]!.value;
      }
      for (let i = 0; i < sliced.length; i += step) result.push(sliced[i]);
    }
    return result;
  }

  private evalUnion(input: Val[], nodes: ListNode[]): Val[] {
    const result: Val[] = [];
    for (const n of nodes) result.push(...this.evalList(input, n));
    return result;
  }

  private evalField(input: Val[], name: string): Val[] {
    const results: Val[] = [];
    if (input.length === 0) return results;
    for (const value of input) {
      if (value === null || value === undefined) continue;
      // (a key holding `undefined` is treated as absent, as it would be after JSON encoding)
      if (isMap(value) && Object.prototype.hasOwnProperty.call(value, name) && value[name] !== undefined) {
        results.push(value[name]);
      }
    }
    if (results.length === 0) {
      if (this.allowMissingKeys) return results;
      throw new JSONPathError(`${name} is not found`);
    }
    return results;
  }

  private evalWildcard(input: Val[]): Val[] {
    const results: Val[] = [];
    for (const value of input) {
      if (value === null || value === undefined) continue;
      const items = iterate(value);
      if (items) results.push(...items);
    }
    return results;
  }

  private evalRecursive(input: Val[]): Val[] {
    const result: Val[] = [];
    for (const value of input) {
      if (value === null || value === undefined) continue;
      const items = iterate(value) ?? [];
      if (items.length !== 0) {
        result.push(value);
        result.push(...this.evalRecursive(items));
      }
    }
    return result;
  }

  private evalFilter(input: Val[], node: { left: ListNode; right: ListNode; operator: string }): Val[] {
    const results: Val[] = [];
    for (const value of input) {
      if (!Array.isArray(value)) {
        throw new JSONPathError(`${goSprint(value)} is not array or slice and cannot be filtered`);
      }
      for (const item of value) {
        const temp = [item];
        let lefts: Val[] = [];
        let leftErr: unknown;
        try {
          lefts = this.evalList(temp, node.left);
        } catch (e) {
          leftErr = e;
        }
        // case exists
        if (node.operator === 'exists') {
          if (lefts.length > 0) results.push(item);
          continue;
        }
        if (leftErr) throw leftErr;
        if (lefts.length === 0) continue;
        if (lefts.length > 1) throw new JSONPathError('can only compare one element at a time');
        const rights = this.evalList(temp, node.right);
        if (rights.length === 0) continue;
        if (rights.length > 1) throw new JSONPathError('can only compare one element at a time');
        if (evalOperator(node.operator, lefts[0], rights[0])) results.push(item);
      }
    }
    return results;
  }
}

/** PrintResults: maps/slices as compact JSON, everything else with fmt.Fprint; space separated. */
function printResults(results: Val[]): string {
  return results
    .map((r) => {
      if (isGoInt(r)) return String(r.goInt);
      if (isGoFloat(r)) return formatFloatG(r.goFloat);
      if (r === null || r === undefined) return 'null';
      if (Array.isArray(r) || isMap(r)) return goJSON(r);
      return goSprint(r);
    })
    .join(' ');
}

export interface JSONPathResult {
  /** stdout */
  output: string;
  /** error message as kubectl reports it after "error: " (already ends with a newline), if any */
  error?: string;
}

/**
 * `kubectl ... -o jsonpath=<template>` for one object (use a List wrapper for several).
 * allowMissingKeys defaults to true (--allow-missing-template-keys). A template without braces
 * is plain text, exactly as in kubectl.
 */
export function printJSONPath(template: string, obj: unknown, opts: { allowMissingKeys?: boolean } = {}): JSONPathResult {
  if (template.length === 0) return { output: '', error: 'template format specified but no template given\n' };
  let jp: JSONPath;
  try {
    jp = new JSONPath(template);
  } catch (e) {
    return { output: '', error: `error parsing jsonpath ${template}, ${(e as Error).message}\n` };
  }
  jp.allowMissingKeys = opts.allowMissingKeys ?? true;
  try {
    return { output: jp.execute(obj) };
  } catch (e) {
    if (!(e instanceof JSONPathError)) throw e;
    const err =
      `Error executing template: ${e.message}. Printing more information for debugging the template:\n` +
      `\ttemplate was:\n\t\t${template}\n` +
      `\tobject given to jsonpath engine was:\n\t\t${goSharpV(obj)}\n\n`;
    return { output: '', error: `error executing jsonpath ${goQuote(template)}: ${err}\n` };
  }
}

/** Evaluates a template and returns the raw result lists (used by custom columns). */
export function findJSONPathResults(template: string, obj: unknown, allowMissingKeys = true): unknown[][] {
  const jp = new JSONPath(template);
  jp.allowMissingKeys = allowMissingKeys;
  const res = jp.findResults(obj);
  return res.map((list) => list.map((v) => (isGoInt(v) ? v.goInt : isGoFloat(v) ? v.goFloat : v)));
}

/**
 * Label selectors.
 *
 * upstream: staging/src/k8s.io/apimachinery/pkg/labels/selector.go   (Parse, Requirement, lexer)
 *           staging/src/k8s.io/apimachinery/pkg/labels/labels.go     (Set)
 *           staging/src/k8s.io/apimachinery/pkg/selection/operator.go
 *           staging/src/k8s.io/apimachinery/pkg/apis/meta/v1/helpers.go (LabelSelectorAsSelector)
 *           staging/src/k8s.io/apimachinery/pkg/util/validation/validation.go (IsQualifiedName,
 *             IsValidLabelValue, IsDNS1123Subdomain; Kubernetes v1.32 wording)
 *           staging/src/k8s.io/apimachinery/pkg/util/validation/field/{errors,path}.go
 *           staging/src/k8s.io/apimachinery/pkg/util/errors/errors.go (aggregate messages)
 */
import type { LabelSelector } from 'kubernetes-types/meta/v1';
import { compareGoStrings, goQuote as quote } from './gostrings';

export type Labels = Readonly<Record<string, string>>;

/** upstream: selection.Operator values. */
export type Operator = '!' | '=' | '==' | 'in' | '!=' | 'notin' | 'exists' | 'gt' | 'lt';

export const DoesNotExist: Operator = '!';
export const Equals: Operator = '=';
export const DoubleEquals: Operator = '==';
export const In: Operator = 'in';
export const NotEquals: Operator = '!=';
export const NotIn: Operator = 'notin';
export const Exists: Operator = 'exists';
export const GreaterThan: Operator = 'gt';
export const LessThan: Operator = 'lt';

// upstream: selector.go unaryOperators / binaryOperators / validRequirementOperators
const binaryOperators: readonly string[] = [In, NotIn, Equals, DoubleEquals, NotEquals, GreaterThan, LessThan];
const unaryOperators: readonly string[] = [Exists, DoesNotExist];
const validRequirementOperators: readonly string[] = [...binaryOperators, ...unaryOperators];

/** A selector string or LabelSelector upstream rejects; `message` is upstream's error text. */
export class LabelSelectorError extends Error {
  override readonly name = 'LabelSelectorError';
  constructor(message: string) {
    super(message);
  }
}

// ---------------------------------------------------------------------------------------------
// Go formatting helpers
// ---------------------------------------------------------------------------------------------

/**
 * Go's %q, as written in label-selector errors. A lone surrogate is escaped as its own code
 * point (`\udxxx`), unlike the printers' goQuote (`\ufffd`); kept so messages stay as they were.
 */
export function goQuote(s: string): string {
  return quote(s, { loneSurrogate: 'codepoint' });
}

/** Go's %#v of a []string (nil or not). */
function goStringSlice(vals: readonly string[] | undefined): string {
  if (vals === undefined) return '[]string(nil)';
  return `[]string{${vals.map(goQuote).join(', ')}}`;
}

/** upstream: field.Error.Error() for ErrorTypeInvalid ("<field>: Invalid value: <value>: <detail>"). */
function fieldInvalid(field: string, badValue: string, detail: string): string {
  return `${field}: Invalid value: ${badValue}${detail ? ': ' + detail : ''}`;
}

/** upstream: utilerrors aggregate Error(): one message as is, several as "[a, b]" (deduplicated). */
function aggregate(msgs: readonly string[]): string {
  const uniq = [...new Set(msgs)];
  if (uniq.length === 1) return uniq[0]!;
  return '[' + uniq.join(', ') + ']';
}

// ---------------------------------------------------------------------------------------------
// Validation (upstream: staging/src/k8s.io/apimachinery/pkg/util/validation/validation.go)
// ---------------------------------------------------------------------------------------------

const qnameCharFmt = '[A-Za-z0-9]';
const qnameExtCharFmt = '[-A-Za-z0-9_.]';
const qualifiedNameFmt = '(' + qnameCharFmt + qnameExtCharFmt + '*)?' + qnameCharFmt;
const qualifiedNameErrMsg =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const qualifiedNameMaxLength = 63;
const qualifiedNameRegexp = new RegExp('^' + qualifiedNameFmt + '$');

const labelValueFmt = '(' + qualifiedNameFmt + ')?';
const labelValueErrMsg =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
export const LabelValueMaxLength = 63;
const labelValueRegexp = new RegExp('^' + labelValueFmt + '$');

const dns1123LabelFmt = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const dns1123SubdomainFmt = dns1123LabelFmt + '(\\.' + dns1123LabelFmt + ')*';
const dns1123SubdomainErrorMsg =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
export const DNS1123SubdomainMaxLength = 253;
const dns1123SubdomainRegexp = new RegExp('^' + dns1123SubdomainFmt + '$');

/** Go len(): UTF-8 bytes. */
function byteLen(s: string): number {
  let n = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
}

/**
 * upstream: validation.MaxLenError. v1.32 says "characters"; later releases (content package)
 * say "bytes". The length counted is bytes either way.
 */
export function maxLenError(length: number): string {
  return `must be no more than ${length} characters`;
}

/** upstream: validation.RegexError */
export function regexError(msg: string, re: string, ...examples: string[]): string {
  if (examples.length === 0) return msg + " (regex used for validation is '" + re + "')";
  msg += ' (e.g. ';
  examples.forEach((ex, i) => {
    if (i > 0) msg += ' or ';
    msg += "'" + ex + "', ";
  });
  msg += "regex used for validation is '" + re + "')";
  return msg;
}

/** upstream: validation.EmptyError */
export function emptyError(): string {
  return 'must be non-empty';
}

/** upstream: validation.IsDNS1123Subdomain */
export function isDNS1123Subdomain(value: string): string[] {
  const errs: string[] = [];
  if (byteLen(value) > DNS1123SubdomainMaxLength) errs.push(maxLenError(DNS1123SubdomainMaxLength));
  if (!dns1123SubdomainRegexp.test(value)) {
    errs.push(regexError(dns1123SubdomainErrorMsg, dns1123SubdomainFmt, 'example.com'));
  }
  return errs;
}

/**
 * upstream: validation.IsQualifiedName. Returns the list of problems (empty when valid).
 * A qualified name is an optional DNS subdomain prefix and '/', then a name of at most 63
 * characters.
 */
export function validateQualifiedName(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split('/');
  let name: string;
  switch (parts.length) {
    case 1:
      name = parts[0]!;
      break;
    case 2: {
      const prefix = parts[0]!;
      name = parts[1]!;
      if (prefix.length === 0) {
        errs.push('prefix part ' + emptyError());
      } else {
        const msgs = isDNS1123Subdomain(prefix);
        if (msgs.length !== 0) errs.push(...msgs.map((m) => 'prefix part ' + m));
      }
      break;
    }
    default:
      return [
        'a qualified name ' +
          regexError(qualifiedNameErrMsg, qualifiedNameFmt, 'MyName', 'my.name', '123-abc') +
          " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
      ];
  }
  if (name.length === 0) errs.push('name part ' + emptyError());
  else if (byteLen(name) > qualifiedNameMaxLength) errs.push('name part ' + maxLenError(qualifiedNameMaxLength));
  if (!qualifiedNameRegexp.test(name)) {
    errs.push('name part ' + regexError(qualifiedNameErrMsg, qualifiedNameFmt, 'MyName', 'my.name', '123-abc'));
  }
  return errs;
}

export function isQualifiedName(value: string): boolean {
  return validateQualifiedName(value).length === 0;
}

/** A label key is a qualified name (upstream validateLabelKey -> IsQualifiedName). */
export function validateLabelKey(key: string): string[] {
  return validateQualifiedName(key);
}

/** upstream: validation.IsValidLabelValue */
export function validateLabelValue(value: string): string[] {
  const errs: string[] = [];
  if (byteLen(value) > LabelValueMaxLength) errs.push(maxLenError(LabelValueMaxLength));
  if (!labelValueRegexp.test(value)) {
    errs.push(regexError(labelValueErrMsg, labelValueFmt, 'MyValue', 'my_value', '12345'));
  }
  return errs;
}

// ---------------------------------------------------------------------------------------------
// Requirement
// ---------------------------------------------------------------------------------------------

/** Go strconv.ParseInt(s, 10, 64). */
function goParseInt64(s: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const v = BigInt(s);
  if (v > (1n << 63n) - 1n || v < -(1n << 63n)) return undefined;
  return v;
}

function hasOwn(labels: Labels, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(labels, key);
}

/** safeSort: sorted copy (Go byte order) unless already sorted. */
function safeSort(vals: readonly string[]): readonly string[] {
  for (let i = 1; i < vals.length; i++) {
    if (compareGoStrings(vals[i - 1]!, vals[i]!) > 0) return [...vals].sort(compareGoStrings);
  }
  return vals;
}

/** upstream: labels.Requirement. Build with newRequirement (validating) or via parse. */
export class Requirement {
  constructor(
    readonly key: string,
    readonly operator: Operator,
    readonly values: readonly string[],
  ) {}

  #hasValue(v: string): boolean {
    return this.values.includes(v);
  }

  /** upstream: Requirement.Matches */
  matches(ls: Labels): boolean {
    switch (this.operator) {
      case In:
      case Equals:
      case DoubleEquals:
        return hasOwn(ls, this.key) && this.#hasValue(ls[this.key]!);
      case NotIn:
      case NotEquals:
        return !hasOwn(ls, this.key) || !this.#hasValue(ls[this.key]!);
      case Exists:
        return hasOwn(ls, this.key);
      case DoesNotExist:
        return !hasOwn(ls, this.key);
      case GreaterThan:
      case LessThan: {
        if (!hasOwn(ls, this.key)) return false;
        const lsValue = goParseInt64(ls[this.key]!);
        if (lsValue === undefined) return false;
        if (this.values.length !== 1) return false;
        const rValue = goParseInt64(this.values[0]!);
        if (rValue === undefined) return false;
        return (this.operator === GreaterThan && lsValue > rValue) || (this.operator === LessThan && lsValue < rValue);
      }
      default:
        return false;
    }
  }

  /** upstream: Requirement.String */
  toString(): string {
    let s = '';
    if (this.operator === DoesNotExist) s += '!';
    s += this.key;
    switch (this.operator) {
      case Equals:
        s += '=';
        break;
      case DoubleEquals:
        s += '==';
        break;
      case NotEquals:
        s += '!=';
        break;
      case In:
        s += ' in ';
        break;
      case NotIn:
        s += ' notin ';
        break;
      case GreaterThan:
        s += '>';
        break;
      case LessThan:
        s += '<';
        break;
      case Exists:
      case DoesNotExist:
        return s;
    }
    const paren = this.operator === In || this.operator === NotIn;
    if (paren) s += '(';
    if (this.values.length === 1) s += this.values[0];
    else s += safeSort(this.values).join(',');
    if (paren) s += ')';
    return s;
  }

  equal(x: Requirement): boolean {
    return (
      this.key === x.key &&
      this.operator === x.operator &&
      this.values.length === x.values.length &&
      this.values.every((v, i) => v === x.values[i])
    );
  }
}

/** Path rendering of upstream field.Path for the requirement's parts. */
function childPath(root: string | undefined, name: string): string {
  return root ? `${root}.${name}` : name;
}

/**
 * upstream: labels.NewRequirement. `values === undefined` stands for a Go nil slice (only visible
 * in error messages). Throws LabelSelectorError with upstream's aggregated field-error text.
 */
export function newRequirement(
  key: string,
  op: string,
  values: readonly string[] | undefined,
  path?: string,
): Requirement {
  const errs: string[] = [];
  const keyErrs = validateLabelKey(key);
  if (keyErrs.length) errs.push(fieldInvalid(childPath(path, 'key'), goQuote(key), keyErrs.join('; ')));

  const vals = values ?? [];
  const valuePath = childPath(path, 'values');
  switch (op) {
    case In:
    case NotIn:
      if (vals.length === 0) {
        errs.push(fieldInvalid(valuePath, goStringSlice(values), "for 'in', 'notin' operators, values set can't be empty"));
      }
      break;
    case Equals:
    case DoubleEquals:
    case NotEquals:
      if (vals.length !== 1) {
        errs.push(fieldInvalid(valuePath, goStringSlice(values), 'exact-match compatibility requires one single value'));
      }
      break;
    case Exists:
    case DoesNotExist:
      if (vals.length !== 0) {
        errs.push(fieldInvalid(valuePath, goStringSlice(values), 'values set must be empty for exists and does not exist'));
      }
      break;
    case GreaterThan:
    case LessThan:
      if (vals.length !== 1) {
        errs.push(fieldInvalid(valuePath, goStringSlice(values), "for 'Gt', 'Lt' operators, exactly one value is required"));
      }
      vals.forEach((v, i) => {
        if (goParseInt64(v) === undefined) {
          errs.push(fieldInvalid(`${valuePath}[${i}]`, goQuote(v), "for 'Gt', 'Lt' operators, the value must be an integer"));
        }
      });
      break;
    default:
      errs.push(
        `${childPath(path, 'operator')}: Unsupported value: ${goQuote(op)}: supported values: ${validRequirementOperators
          .map(goQuote)
          .join(', ')}`,
      );
  }

  vals.forEach((v, i) => {
    const vErrs = validateLabelValue(v);
    if (vErrs.length) errs.push(fieldInvalid(`${valuePath}[${i}][${key}]`, goQuote(v), vErrs.join('; ')));
  });
  if (errs.length) throw new LabelSelectorError(aggregate(errs));
  return new Requirement(key, op as Operator, [...vals]);
}

// ---------------------------------------------------------------------------------------------
// Selector
// ---------------------------------------------------------------------------------------------

export interface Selector {
  /** Whether the selector matches the labels (missing labels = no labels). */
  matches(labels: Labels | undefined | null): boolean;
  /** True if the selector does not restrict the selection space. */
  empty(): boolean;
  /** upstream's String(): requirements sorted by key, joined by ','. */
  toString(): string;
  /** A new selector with the requirements added (sorted by key). */
  add(...reqs: Requirement[]): Selector;
  /** upstream: Requirements(); selectable is false for nothing(). */
  requirements(): { requirements: readonly Requirement[]; selectable: boolean };
  /** upstream: RequiresExactMatch: the single value a label must have, if any. */
  requiresExactMatch(label: string): string | undefined;
}

const NO_LABELS: Labels = Object.freeze({});

/** upstream: ByKey sort (stable; Go's sort.Sort is an insertion sort for short slices). */
function sortByKey(reqs: Requirement[]): Requirement[] {
  return reqs.sort((a, b) => compareGoStrings(a.key, b.key));
}

class InternalSelector implements Selector {
  constructor(readonly reqs: readonly Requirement[]) {}

  matches(labels: Labels | undefined | null): boolean {
    const ls = labels ?? NO_LABELS;
    const reqs = this.reqs;
    for (let i = 0; i < reqs.length; i++) if (!reqs[i].matches(ls)) return false;
    return true;
  }

  empty(): boolean {
    return this.reqs.length === 0;
  }

  toString(): string {
    return this.reqs.map((r) => r.toString()).join(',');
  }

  add(...reqs: Requirement[]): Selector {
    return new InternalSelector(sortByKey([...this.reqs, ...reqs]));
  }

  requirements(): { requirements: readonly Requirement[]; selectable: boolean } {
    return { requirements: this.reqs, selectable: true };
  }

  requiresExactMatch(label: string): string | undefined {
    for (const r of this.reqs) {
      if (r.key === label) {
        if ((r.operator === Equals || r.operator === DoubleEquals || r.operator === In) && r.values.length === 1) {
          return r.values[0];
        }
        return undefined;
      }
    }
    return undefined;
  }
}

class NothingSelector implements Selector {
  matches(): boolean {
    return false;
  }
  empty(): boolean {
    return false;
  }
  toString(): string {
    return '';
  }
  add(): Selector {
    return this;
  }
  requirements(): { requirements: readonly Requirement[]; selectable: boolean } {
    return { requirements: [], selectable: false };
  }
  requiresExactMatch(): string | undefined {
    return undefined;
  }
}

const sharedEverything: Selector = new InternalSelector([]);
const sharedNothing: Selector = new NothingSelector();

/** upstream: labels.Everything() */
export function everything(): Selector {
  return sharedEverything;
}

/** upstream: labels.Nothing() */
export function nothing(): Selector {
  return sharedNothing;
}

/** upstream: labels.MatchesNothing */
export function matchesNothing(sel: Selector): boolean {
  return sel === sharedNothing;
}

/** upstream: labels.SelectorFromSet (no validation); empty or missing set = everything. */
export function selectorFromSet(set: Labels | undefined | null): Selector {
  if (!set) return new InternalSelector([]);
  const reqs = Object.keys(set).map((k) => new Requirement(k, Equals, [set[k]!]));
  return new InternalSelector(sortByKey(reqs));
}

/** upstream: labels.ValidatedSelectorFromSet (throws LabelSelectorError). */
export function validatedSelectorFromSet(set: Labels | undefined | null): Selector {
  if (!set) return new InternalSelector([]);
  const keys = Object.keys(set).sort(compareGoStrings);
  return new InternalSelector(sortByKey(keys.map((k) => newRequirement(k, Equals, [set[k]!]))));
}

// ---------------------------------------------------------------------------------------------
// Lexer and parser (upstream: selector.go)
// ---------------------------------------------------------------------------------------------

enum Token {
  Error,
  EndOfString,
  ClosedPar,
  Comma,
  DoesNotExist,
  DoubleEquals,
  Equals,
  GreaterThan,
  Identifier,
  In,
  LessThan,
  NotEquals,
  NotIn,
  OpenPar,
}

const string2token: ReadonlyMap<string, Token> = new Map([
  [')', Token.ClosedPar],
  [',', Token.Comma],
  ['!', Token.DoesNotExist],
  ['==', Token.DoubleEquals],
  ['=', Token.Equals],
  ['>', Token.GreaterThan],
  ['in', Token.In],
  ['<', Token.LessThan],
  ['!=', Token.NotEquals],
  ['notin', Token.NotIn],
  ['(', Token.OpenPar],
]);

interface ScannedItem {
  tok: Token;
  literal: string;
}

function isWhitespace(ch: string): boolean {
  return ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n';
}

function isSpecialSymbol(ch: string): boolean {
  return ch === '=' || ch === '!' || ch === '(' || ch === ')' || ch === ',' || ch === '>' || ch === '<';
}

const NUL = '\0';

class Lexer {
  pos = 0;
  constructor(readonly s: string) {}

  read(): string {
    if (this.pos < this.s.length) return this.s[this.pos++]!;
    return NUL;
  }

  unread(): void {
    this.pos--;
  }

  scanIDOrKeyword(): ScannedItem {
    let buffer = '';
    for (;;) {
      const ch = this.read();
      if (ch === NUL) break;
      if (isSpecialSymbol(ch) || isWhitespace(ch)) {
        this.unread();
        break;
      }
      buffer += ch;
    }
    const t = string2token.get(buffer);
    if (t !== undefined) return { tok: t, literal: buffer };
    return { tok: Token.Identifier, literal: buffer };
  }

  scanSpecialSymbol(): ScannedItem {
    let last: ScannedItem | undefined;
    let buffer = '';
    for (;;) {
      const ch = this.read();
      if (ch === NUL) break;
      if (isSpecialSymbol(ch)) {
        buffer += ch;
        const t = string2token.get(buffer);
        if (t !== undefined) last = { tok: t, literal: buffer };
        else if (last) {
          this.unread();
          break;
        }
      } else {
        this.unread();
        break;
      }
    }
    if (!last) return { tok: Token.Error, literal: `error expected: keyword found '${buffer}'` };
    return last;
  }

  skipWhiteSpaces(ch: string): string {
    for (;;) {
      if (!isWhitespace(ch)) return ch;
      ch = this.read();
    }
  }

  lex(): ScannedItem {
    const ch = this.skipWhiteSpaces(this.read());
    if (ch === NUL) return { tok: Token.EndOfString, literal: '' };
    this.unread();
    if (isSpecialSymbol(ch)) return this.scanSpecialSymbol();
    return this.scanIDOrKeyword();
  }
}

enum ParserContext {
  KeyAndOperator,
  Values,
}

class ParseError extends Error {}

class Parser {
  readonly items: ScannedItem[] = [];
  position = 0;
  constructor(readonly l: Lexer) {}

  lookahead(context: ParserContext): ScannedItem {
    const it = this.items[this.position]!;
    if (context === ParserContext.Values && (it.tok === Token.In || it.tok === Token.NotIn)) {
      return { tok: Token.Identifier, literal: it.literal };
    }
    return it;
  }

  consume(context: ParserContext): ScannedItem {
    const it = this.lookahead(context);
    this.position++;
    return it;
  }

  scan(): void {
    for (;;) {
      const it = this.l.lex();
      this.items.push(it);
      if (it.tok === Token.EndOfString) break;
    }
  }

  parse(): Requirement[] {
    this.scan();
    const requirements: Requirement[] = [];
    for (;;) {
      const { tok, literal } = this.lookahead(ParserContext.Values);
      switch (tok) {
        case Token.Identifier:
        case Token.DoesNotExist: {
          let r: Requirement;
          try {
            r = this.parseRequirement();
          } catch (e) {
            if (e instanceof ParseError || e instanceof LabelSelectorError) {
              throw new LabelSelectorError(`unable to parse requirement: ${e.message}`);
            }
            throw e;
          }
          requirements.push(r);
          const t = this.consume(ParserContext.Values);
          switch (t.tok) {
            case Token.EndOfString:
              return requirements;
            case Token.Comma: {
              const t2 = this.lookahead(ParserContext.Values);
              if (t2.tok !== Token.Identifier && t2.tok !== Token.DoesNotExist) {
                throw new LabelSelectorError(`found '${t2.literal}', expected: identifier after ','`);
              }
              break;
            }
            default:
              throw new LabelSelectorError(`found '${t.literal}', expected: ',' or 'end of string'`);
          }
          break;
        }
        case Token.EndOfString:
          return requirements;
        default:
          throw new LabelSelectorError(`found '${literal}', expected: !, identifier, or 'end of string'`);
      }
    }
  }

  parseRequirement(): Requirement {
    const { key, operator } = this.parseKeyAndInferOperator();
    if (operator === Exists || operator === DoesNotExist) {
      return newRequirement(key, operator, []);
    }
    const op = this.parseOperator();
    let values: string[] = [];
    switch (op) {
      case In:
      case NotIn:
        values = this.parseValues();
        break;
      case Equals:
      case DoubleEquals:
      case NotEquals:
      case GreaterThan:
      case LessThan:
        values = this.parseExactValue();
        break;
    }
    // sets.String.List(): sorted, unique
    return newRequirement(key, op, [...new Set(values)].sort(compareGoStrings));
  }

  parseKeyAndInferOperator(): { key: string; operator: Operator | undefined } {
    let operator: Operator | undefined;
    let { tok, literal } = this.consume(ParserContext.Values);
    if (tok === Token.DoesNotExist) {
      operator = DoesNotExist;
      ({ tok, literal } = this.consume(ParserContext.Values));
    }
    if (tok !== Token.Identifier) throw new ParseError(`found '${literal}', expected: identifier`);
    const keyErrs = validateLabelKey(literal);
    if (keyErrs.length) throw new ParseError(fieldInvalid('<nil>', goQuote(literal), keyErrs.join('; ')));
    const t = this.lookahead(ParserContext.Values).tok;
    if (t === Token.EndOfString || t === Token.Comma) {
      if (operator !== DoesNotExist) operator = Exists;
    }
    return { key: literal, operator };
  }

  parseOperator(): Operator {
    const { tok, literal } = this.consume(ParserContext.KeyAndOperator);
    switch (tok) {
      case Token.In:
        return In;
      case Token.Equals:
        return Equals;
      case Token.DoubleEquals:
        return DoubleEquals;
      case Token.GreaterThan:
        return GreaterThan;
      case Token.LessThan:
        return LessThan;
      case Token.NotIn:
        return NotIn;
      case Token.NotEquals:
        return NotEquals;
      default:
        throw new ParseError(`found '${literal}', expected: ${binaryOperators.join(', ')}`);
    }
  }

  parseValues(): string[] {
    let { tok, literal } = this.consume(ParserContext.Values);
    if (tok !== Token.OpenPar) throw new ParseError(`found '${literal}' expected: '('`);
    ({ tok, literal } = this.lookahead(ParserContext.Values));
    switch (tok) {
      case Token.Identifier:
      case Token.Comma: {
        const s = this.parseIdentifiersList();
        if (this.consume(ParserContext.Values).tok !== Token.ClosedPar) {
          throw new ParseError(`found '${literal}', expected: ')'`);
        }
        return s;
      }
      case Token.ClosedPar:
        this.consume(ParserContext.Values);
        return [''];
      default:
        throw new ParseError(`found '${literal}', expected: ',', ')' or identifier`);
    }
  }

  parseIdentifiersList(): string[] {
    const s = new Set<string>();
    for (;;) {
      const { tok, literal } = this.consume(ParserContext.Values);
      switch (tok) {
        case Token.Identifier: {
          s.add(literal);
          const t2 = this.lookahead(ParserContext.Values);
          switch (t2.tok) {
            case Token.Comma:
              continue;
            case Token.ClosedPar:
              return [...s];
            default:
              throw new ParseError(`found '${t2.literal}', expected: ',' or ')'`);
          }
        }
        case Token.Comma: {
          if (s.size === 0) s.add(''); // to handle (,
          const t2 = this.lookahead(ParserContext.Values).tok;
          if (t2 === Token.ClosedPar) {
            s.add(''); // to handle ,)
            return [...s];
          }
          if (t2 === Token.Comma) s.add(''); // to handle ,,
          break;
        }
        default:
          throw new ParseError(`found '${literal}', expected: ',', or identifier`);
      }
    }
  }

  parseExactValue(): string[] {
    const t = this.lookahead(ParserContext.Values).tok;
    if (t === Token.EndOfString || t === Token.Comma) return [''];
    const { tok, literal } = this.consume(ParserContext.Values);
    if (tok === Token.Identifier) return [literal];
    throw new ParseError(`found '${literal}', expected: identifier`);
  }
}

/**
 * upstream: labels.Parse. The kubectl -l / labelSelector= syntax:
 *   <selector-syntax>         ::= <requirement> | <requirement> "," <selector-syntax>
 *   <requirement>             ::= [!] KEY [ <set-based-restriction> | <exact-match-restriction> ]
 *   <set-based-restriction>   ::= "" | <inclusion-exclusion> <value-set>
 *   <inclusion-exclusion>     ::= "in" | "notin"
 *   <value-set>               ::= "(" <values> ")"
 *   <exact-match-restriction> ::= ["="|"=="|"!="|">"|"<"] VALUE
 * The empty string selects everything. Throws LabelSelectorError with upstream's message.
 */
export function parseSelector(selector: string): Selector {
  return new InternalSelector(sortByKey(new Parser(new Lexer(selector)).parse()));
}

/** parseSelector, or undefined when upstream would reject the string. */
export function tryParseSelector(selector: string): Selector | undefined {
  try {
    return parseSelector(selector);
  } catch (e) {
    if (e instanceof LabelSelectorError) return undefined;
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------
// metav1.LabelSelector
// ---------------------------------------------------------------------------------------------

/**
 * upstream: metav1.LabelSelectorAsSelector. null/undefined selects nothing; an empty selector
 * selects everything. Throws LabelSelectorError.
 */
export function selectorFromLabelSelector(ls: LabelSelector | undefined | null): Selector {
  if (ls === undefined || ls === null) return nothing();
  const matchLabels = ls.matchLabels ?? {};
  const exprs = ls.matchExpressions ?? [];
  const labelKeys = Object.keys(matchLabels);
  if (labelKeys.length + exprs.length === 0) return everything();
  const reqs: Requirement[] = [];
  // Go ranges over the map in random order; sort for a deterministic first error.
  for (const k of labelKeys.sort(compareGoStrings)) reqs.push(newRequirement(k, Equals, [matchLabels[k]!]));
  for (const expr of exprs) {
    let op: Operator;
    switch (expr.operator) {
      case 'In':
        op = In;
        break;
      case 'NotIn':
        op = NotIn;
        break;
      case 'Exists':
        op = Exists;
        break;
      case 'DoesNotExist':
        op = DoesNotExist;
        break;
      default:
        throw new LabelSelectorError(`${goQuote(expr.operator)} is not a valid pod selector operator`);
    }
    // append([]string(nil), expr.Values...) is nil when there are no values
    const vals = expr.values && expr.values.length > 0 ? [...expr.values] : undefined;
    reqs.push(newRequirement(expr.key, op, vals));
  }
  return new InternalSelector(sortByKey(reqs));
}

/** upstream: metav1.FormatLabelSelector ("<none>" when empty, "<error>" when invalid). */
export function formatLabelSelector(ls: LabelSelector | undefined | null): string {
  let s: string;
  try {
    s = selectorFromLabelSelector(ls).toString();
  } catch {
    return '<error>';
  }
  return s.length === 0 ? '<none>' : s;
}

// `kubectl -o yaml` and `kubectl -o json` serialization.
//
// -o yaml: cli-runtime/pkg/printers/yaml.go -> sigs.k8s.io/yaml.Marshal: json.Marshal, then
// JSONToYAML, which decodes the JSON with go-yaml v2 into map[interface{}]interface{} and
// re-encodes it with go-yaml v2 (sigs.k8s.io/yaml/goyaml.v2). We reproduce the go-yaml v2
// encoder/emitter behaviour for JSON-shaped data:
//  - encode.go stringv(): plain if the text would resolve back to a string (resolve.go) and is
//    not a base-60 float, literal block if it contains "\n", otherwise double-quoted;
//  - emitterc.go yaml_emitter_analyze_scalar / select_scalar_style: plain falls back to single
//    quotes (then double quotes) when the text has indicators, leading/trailing spaces, etc.;
//  - emitterc.go write_plain/single/double/literal scalar: line folding at spaces once the
//    column passes best_width (80), continuation indented by the mapping/sequence indent + 2;
//  - sorter.go keyList.Less: "natural" key order (digit runs compared numerically, letters
//    after non-letters);
//  - block sequences inside mappings are not indented ("- " at the key's column).
// The `yaml` npm package is not used: its quoting and folding rules differ from go-yaml's.
//
// -o json: cli-runtime/pkg/printers/json.go: json.MarshalIndent(obj, "", "    ") + "\n".
// Objects read from the API server are unstructured (map keys sorted); typed objects
// (e.g. `kubectl create --dry-run=client`) keep Go struct field order: pass sortKeys:false and
// build the object in that order.

import { formatFloatG, goJSON } from './gofmt';
import { goSort } from './gosort';

/* eslint-disable @typescript-eslint/no-explicit-any */

const BEST_INDENT = 2;
const BEST_WIDTH = 80;

// ---------------------------------------------------------------------------------------------
// resolve.go

const RESOLVE_MAP = new Set([
  'y', 'Y', 'yes', 'Yes', 'YES',
  'true', 'True', 'TRUE',
  'on', 'On', 'ON',
  'n', 'N', 'no', 'No', 'NO',
  'false', 'False', 'FALSE',
  'off', 'Off', 'OFF',
  '', '~', 'null', 'Null', 'NULL',
  '.nan', '.NaN', '.NAN',
  '.inf', '.Inf', '.INF',
  '+.inf', '+.Inf', '+.INF',
  '-.inf', '-.Inf', '-.INF',
  '<<',
]);

const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const BASE60_FLOAT = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;

function daysIn(month: number, year: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** parseTimestamp (go-yaml v2 resolve.go) with Go time.Parse range checks. */
function isYamlTimestamp(s: string): boolean {
  if (!/^[0-9]{4}-/.test(s)) return false;
  const date = '([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})';
  const time = '([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2})(\\.[0-9]+)?';
  const forms = [
    new RegExp(`^${date}[Tt]${time}(Z|[+-][0-9]{2}:[0-9]{2})$`),
    new RegExp(`^${date} ${time}$`),
    new RegExp(`^${date}$`),
  ];
  for (const re of forms) {
    const m = re.exec(s);
    if (!m) continue;
    const y = Number(m[1]);
    const mo = Number(m[2]);
    const d = Number(m[3]);
    if (mo < 1 || mo > 12 || d < 1 || d > daysIn(mo, y)) continue;
    if (m[4] !== undefined) {
      if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 59) continue;
      const zone = m[8];
      if (zone && zone !== 'Z') {
        if (Number(zone.slice(1, 3)) > 23 || Number(zone.slice(4, 6)) > 59) continue;
      }
    }
    return true;
  }
  return false;
}

/** Go strconv.ParseInt(s, 0, 64) / ParseUint success, after "_" removal. */
function isGoInt(plain: string): boolean {
  return /^[-+]?(0[xX][0-9a-fA-F]+|0[bB][01]+|0[oO]?[0-7]*|[1-9][0-9]*)$/.test(plain) && plain !== '+' && plain !== '-';
}

/** Does a plain scalar resolve to !!str? (resolve("", s) == yaml_STR_TAG) */
function resolvesToString(s: string): boolean {
  if (s === '') return false; // null
  const c = s[0]!;
  let hint = '';
  if (c === '+' || c === '-') hint = 'S';
  else if (c >= '0' && c <= '9') hint = 'D';
  else if ('yYnNtTfFoO~'.includes(c)) hint = 'M';
  else if (c === '.') hint = '.';
  if (hint === '') return true;
  if (RESOLVE_MAP.has(s)) return false;
  switch (hint) {
    case 'M':
      return true;
    case '.':
      // Not in the map, so maybe a normal float (strconv.ParseFloat)
      return !(/^\.[0-9]+([eE][-+]?[0-9]+)?$/.test(s) && Number.isFinite(Number(s)));
    default: {
      // Int, float, or timestamp.
      if (isYamlTimestamp(s)) return false;
      const plain = s.replace(/_/g, '');
      if (isGoInt(plain)) return false;
      // ParseFloat fails (ErrRange) for values overflowing float64
      if (YAML_STYLE_FLOAT.test(plain) && Number.isFinite(Number(plain))) return false;
      if (/^-?0[bB][01]+$/.test(plain)) return false;
      return true;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// character classes (yamlprivateh.go)

function isPrintable(cp: number): boolean {
  return (
    cp === 0x0a ||
    (cp >= 0x20 && cp <= 0x7e) ||
    (cp >= 0xa0 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd && cp !== 0xfeff)
  );
}
function isBreak(cp: number): boolean {
  return cp === 0x0d || cp === 0x0a || cp === 0x85 || cp === 0x2028 || cp === 0x2029;
}
function isSpaceCp(cp: number): boolean {
  return cp === 0x20;
}
function isBlank(cp: number | undefined): boolean {
  return cp === 0x20 || cp === 0x09;
}
function isBlankz(cp: number | undefined): boolean {
  return cp === undefined || cp === 0 || isBlank(cp) || isBreak(cp);
}

interface ScalarAnalysis {
  multiline: boolean;
  flowPlainAllowed: boolean;
  blockPlainAllowed: boolean;
  singleQuotedAllowed: boolean;
  blockAllowed: boolean;
}

/** yaml_emitter_analyze_scalar */
function analyzeScalar(value: number[]): ScalarAnalysis {
  if (value.length === 0) {
    return { multiline: false, flowPlainAllowed: false, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: false };
  }
  let blockIndicators = false;
  let flowIndicators = false;
  let lineBreaks = false;
  let specialCharacters = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let precededByWhitespace = true;
  let previousSpace = false;
  let previousBreak = false;
  const ch = (i: number) => String.fromCodePoint(value[i]!);
  if (
    value.length >= 3 &&
    ((ch(0) === '-' && ch(1) === '-' && ch(2) === '-') || (ch(0) === '.' && ch(1) === '.' && ch(2) === '.'))
  ) {
    blockIndicators = true;
    flowIndicators = true;
  }
  for (let i = 0; i < value.length; i++) {
    const c = ch(i);
    const followedByWhitespace = i + 1 >= value.length || isBlankz(value[i + 1]);
    if (i === 0) {
      switch (c) {
        case '#':
        case ',':
        case '[':
        case ']':
        case '{':
        case '}':
        case '&':
        case '*':
        case '!':
        case '|':
        case '>':
        case "'":
        case '"':
        case '%':
        case '@':
        case '`':
          flowIndicators = true;
          blockIndicators = true;
          break;
        case '?':
        case ':':
          flowIndicators = true;
          if (followedByWhitespace) blockIndicators = true;
          break;
        case '-':
          if (followedByWhitespace) {
            flowIndicators = true;
            blockIndicators = true;
          }
          break;
      }
    } else {
      switch (c) {
        case ',':
        case '?':
        case '[':
        case ']':
        case '{':
        case '}':
          flowIndicators = true;
          break;
        case ':':
          flowIndicators = true;
          if (followedByWhitespace) blockIndicators = true;
          break;
        case '#':
          if (precededByWhitespace) {
            flowIndicators = true;
            blockIndicators = true;
          }
          break;
      }
    }
    const cp = value[i]!;
    if (!isPrintable(cp)) specialCharacters = true;
    if (isSpaceCp(cp)) {
      if (i === 0) leadingSpace = true;
      if (i + 1 === value.length) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreak(cp)) {
      lineBreaks = true;
      if (i === 0) leadingBreak = true;
      if (i + 1 === value.length) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = isBlankz(cp);
  }
  const r: ScalarAnalysis = {
    multiline: lineBreaks,
    flowPlainAllowed: true,
    blockPlainAllowed: true,
    singleQuotedAllowed: true,
    blockAllowed: true,
  };
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) {
    r.flowPlainAllowed = false;
    r.blockPlainAllowed = false;
  }
  if (trailingSpace) r.blockAllowed = false;
  if (breakSpace) {
    r.flowPlainAllowed = false;
    r.blockPlainAllowed = false;
    r.singleQuotedAllowed = false;
  }
  if (spaceBreak || specialCharacters) {
    r.flowPlainAllowed = false;
    r.blockPlainAllowed = false;
    r.singleQuotedAllowed = false;
    r.blockAllowed = false;
  }
  if (lineBreaks) {
    r.flowPlainAllowed = false;
    r.blockPlainAllowed = false;
  }
  if (flowIndicators) r.flowPlainAllowed = false;
  if (blockIndicators) r.blockPlainAllowed = false;
  return r;
}

// ---------------------------------------------------------------------------------------------
// emitter

type Style = 'plain' | 'single' | 'double' | 'literal';

class Emitter {
  out = '';
  column = 0;
  whitespace = true;
  indention = true;
  indent = -1;
  openEnded = false;

  put(s: string): void {
    this.out += s;
    this.column += 1;
  }
  /** write one code point */
  writeCp(cp: number): void {
    this.out += String.fromCodePoint(cp);
    this.column += 1;
  }
  putBreak(): void {
    this.out += '\n';
    this.column = 0;
  }
  writeIndent(): void {
    const indent = this.indent < 0 ? 0 : this.indent;
    if (!this.indention || this.column > indent || (this.column === indent && !this.whitespace)) {
      this.putBreak();
    }
    while (this.column < indent) this.put(' ');
    this.whitespace = true;
    this.indention = true;
  }
  writeIndicator(indicator: string, needWhitespace: boolean, isWhitespace: boolean, isIndention: boolean): void {
    if (needWhitespace && !this.whitespace) this.put(' ');
    for (const c of indicator) this.put(c);
    this.whitespace = isWhitespace;
    this.indention = this.indention && isIndention;
    this.openEnded = false;
  }

  writePlain(value: number[], allowBreaks: boolean): void {
    if (!this.whitespace) this.put(' ');
    let spaces = false;
    let breaks = false;
    for (let i = 0; i < value.length; i++) {
      const cp = value[i]!;
      if (isSpaceCp(cp)) {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && !isSpaceCp(value[i + 1] ?? -1)) {
          this.writeIndent();
        } else {
          this.writeCp(cp);
        }
        spaces = true;
      } else if (isBreak(cp)) {
        if (!breaks && cp === 0x0a) this.putBreak();
        this.writeBreak(cp);
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        this.writeCp(cp);
        this.indention = false;
        spaces = false;
        breaks = false;
      }
    }
    this.whitespace = false;
    this.indention = false;
  }

  private writeBreak(cp: number): void {
    if (cp === 0x0a) {
      this.putBreak();
    } else {
      this.out += String.fromCodePoint(cp);
      this.column = 0;
    }
  }

  writeSingleQuoted(value: number[], allowBreaks: boolean): void {
    this.writeIndicator("'", true, false, false);
    let spaces = false;
    let breaks = false;
    for (let i = 0; i < value.length; i++) {
      const cp = value[i]!;
      if (isSpaceCp(cp)) {
        if (
          allowBreaks &&
          !spaces &&
          this.column > BEST_WIDTH &&
          i > 0 &&
          i < value.length - 1 &&
          !isSpaceCp(value[i + 1]!)
        ) {
          this.writeIndent();
        } else {
          this.writeCp(cp);
        }
        spaces = true;
      } else if (isBreak(cp)) {
        if (!breaks && cp === 0x0a) this.putBreak();
        this.writeBreak(cp);
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        if (cp === 0x27) this.put("'");
        this.writeCp(cp);
        this.indention = false;
        spaces = false;
        breaks = false;
      }
    }
    this.writeIndicator("'", false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  writeDoubleQuoted(value: number[], allowBreaks: boolean): void {
    let spaces = false;
    this.writeIndicator('"', true, false, false);
    for (let i = 0; i < value.length; i++) {
      const cp = value[i]!;
      if (!isPrintable(cp) || cp === 0xfeff || isBreak(cp) || cp === 0x22 || cp === 0x5c) {
        this.put('\\');
        switch (cp) {
          case 0x00:
            this.put('0');
            break;
          case 0x07:
            this.put('a');
            break;
          case 0x08:
            this.put('b');
            break;
          case 0x09:
            this.put('t');
            break;
          case 0x0a:
            this.put('n');
            break;
          case 0x0b:
            this.put('v');
            break;
          case 0x0c:
            this.put('f');
            break;
          case 0x0d:
            this.put('r');
            break;
          case 0x1b:
            this.put('e');
            break;
          case 0x22:
            this.put('"');
            break;
          case 0x5c:
            this.put('\\');
            break;
          case 0x85:
            this.put('N');
            break;
          case 0xa0:
            this.put('_');
            break;
          case 0x2028:
            this.put('L');
            break;
          case 0x2029:
            this.put('P');
            break;
          default: {
            let w: number;
            if (cp <= 0xff) {
              this.put('x');
              w = 2;
            } else if (cp <= 0xffff) {
              this.put('u');
              w = 4;
            } else {
              this.put('U');
              w = 8;
            }
            for (const d of cp.toString(16).toUpperCase().padStart(w, '0')) this.put(d);
          }
        }
        spaces = false;
      } else if (isSpaceCp(cp)) {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && i > 0 && i < value.length - 1) {
          this.writeIndent();
          if (isSpaceCp(value[i + 1]!)) this.put('\\');
        } else {
          this.writeCp(cp);
        }
        spaces = true;
      } else {
        this.writeCp(cp);
        spaces = false;
      }
    }
    this.writeIndicator('"', false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  writeLiteral(value: number[]): void {
    this.writeIndicator('|', true, false, false);
    // yaml_emitter_write_block_scalar_hints
    if (value.length > 0 && (isSpaceCp(value[0]!) || isBreak(value[0]!))) {
      this.writeIndicator(String(BEST_INDENT), false, false, false);
    }
    this.openEnded = false;
    let chomp = '';
    if (value.length === 0) {
      chomp = '-';
    } else {
      const last = value.length - 1;
      if (!isBreak(value[last]!)) {
        chomp = '-';
      } else if (last === 0) {
        chomp = '+';
        this.openEnded = true;
      } else if (isBreak(value[last - 1]!)) {
        chomp = '+';
        this.openEnded = true;
      }
    }
    if (chomp) this.writeIndicator(chomp, false, false, false);
    this.putBreak();
    this.indention = true;
    this.whitespace = true;
    let breaks = true;
    for (let i = 0; i < value.length; i++) {
      const cp = value[i]!;
      if (isBreak(cp)) {
        this.writeBreak(cp);
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        this.writeCp(cp);
        this.indention = false;
        breaks = false;
      }
    }
  }

  /** emit a scalar with the requested style, applying select_scalar_style */
  scalar(text: string, requested: Style, simpleKey: boolean): void {
    const value = [...text].map((c) => c.codePointAt(0)!);
    const a = analyzeScalar(value);
    let style = requested;
    if (simpleKey && a.multiline) style = 'double';
    if (style === 'plain') {
      if (!a.blockPlainAllowed) style = 'single';
      if (value.length === 0 && simpleKey) style = 'single';
    }
    if (style === 'single' && !a.singleQuotedAllowed) style = 'double';
    if (style === 'literal' && (!a.blockAllowed || simpleKey)) style = 'double';
    // emit_scalar: increase_indent(flow=true)
    const saved = this.indent;
    this.indent = this.indent < 0 ? BEST_INDENT : this.indent + BEST_INDENT;
    const allowBreaks = !simpleKey;
    switch (style) {
      case 'plain':
        this.writePlain(value, allowBreaks);
        break;
      case 'single':
        this.writeSingleQuoted(value, allowBreaks);
        break;
      case 'double':
        this.writeDoubleQuoted(value, allowBreaks);
        break;
      case 'literal':
        this.writeLiteral(value);
        break;
    }
    this.indent = saved;
  }
}

// ---------------------------------------------------------------------------------------------
// sorter.go keyList.Less for string keys

function isLetter(ch: string): boolean {
  return /\p{L}/u.test(ch);
}
function isDigitCh(ch: string): boolean {
  return /\p{Nd}/u.test(ch);
}

export function yamlKeyLess(a: string, b: string): boolean {
  const ar = [...a];
  const br = [...b];
  for (let i = 0; i < ar.length && i < br.length; i++) {
    if (ar[i] === br[i]) continue;
    const al = isLetter(ar[i]!);
    const bl = isLetter(br[i]!);
    if (al && bl) return ar[i]!.codePointAt(0)! < br[i]!.codePointAt(0)!;
    if (al || bl) return bl;
    let an = 0;
    let bn = 0;
    let ai: number;
    let bi: number;
    if (ar[i] === '0' || br[i] === '0') {
      for (let j = i - 1; j >= 0 && isDigitCh(ar[j]!); j--) {
        if (ar[j] !== '0') {
          an = 1;
          bn = 1;
          break;
        }
      }
    }
    for (ai = i; ai < ar.length && isDigitCh(ar[ai]!); ai++) an = an * 10 + (ar[ai]!.codePointAt(0)! - 48);
    for (bi = i; bi < br.length && isDigitCh(br[bi]!); bi++) bn = bn * 10 + (br[bi]!.codePointAt(0)! - 48);
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return ar[i]!.codePointAt(0)! < br[i]!.codePointAt(0)!;
  }
  return ar.length < br.length;
}

/** yaml.v2 sorts map keys with sort.Sort(keyList); Go map iteration order is random, so for
 *  non-transitive key sets the outcome can vary between runs in kubectl too. */
function sortYamlKeys(keys: string[]): string[] {
  return goSort([...keys].sort(), yamlKeyLess);
}

// ---------------------------------------------------------------------------------------------
// node emission (emitter state machine, block context only)

function isMapping(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function isEmptyCollection(v: unknown): boolean {
  if (Array.isArray(v)) return v.length === 0;
  if (isMapping(v)) return Object.keys(v).filter((k) => v[k] !== undefined).length === 0;
  return false;
}

/** Encodes a non-collection value. */
function emitScalarValue(e: Emitter, v: unknown, simpleKey = false): void {
  if (v === null || v === undefined) {
    e.scalar('null', 'plain', simpleKey);
  } else if (typeof v === 'boolean') {
    e.scalar(v ? 'true' : 'false', 'plain', simpleKey);
  } else if (typeof v === 'number') {
    let s: string;
    if (Number.isInteger(v) && Math.abs(v) < 2 ** 63) s = BigInt(v).toString();
    else if (Number.isNaN(v)) s = '.nan';
    else if (v === Infinity) s = '.inf';
    else if (v === -Infinity) s = '-.inf';
    else s = formatFloatG(v);
    e.scalar(s, 'plain', simpleKey);
  } else {
    // encode.go stringv
    const s = String(v);
    const canUsePlain = resolvesToString(s) && !BASE60_FLOAT.test(s);
    let style: Style;
    if (s.includes('\n')) style = 'literal';
    else if (canUsePlain) style = 'plain';
    else style = 'double';
    e.scalar(s, style, simpleKey);
  }
}

function emitFlowEmpty(e: Emitter, v: unknown): void {
  // empty flow collection: "{}" / "[]"
  e.writeIndicator(Array.isArray(v) ? '[' : '{', true, true, false);
  e.writeIndicator(Array.isArray(v) ? ']' : '}', false, false, false);
}

function emitNode(e: Emitter, v: unknown, ctx: { mapping: boolean }): void {
  if (Array.isArray(v) && v.length > 0) {
    emitBlockSequence(e, v, ctx.mapping);
  } else if (isMapping(v) && !isEmptyCollection(v)) {
    emitBlockMapping(e, v);
  } else if (Array.isArray(v) || isMapping(v)) {
    emitFlowEmpty(e, v);
  } else {
    emitScalarValue(e, v);
  }
}

function emitBlockMapping(e: Emitter, m: Record<string, unknown>): void {
  const saved = e.indent;
  e.indent = e.indent < 0 ? 0 : e.indent + BEST_INDENT;
  const keys = sortYamlKeys(Object.keys(m).filter((k) => m[k] !== undefined));
  for (const key of keys) {
    e.writeIndent();
    const value = m[key];
    // yaml_emitter_check_simple_key: at most 128 bytes and single-line
    if (new TextEncoder().encode(key).length <= 128 && !/[\r\n\u0085\u2028\u2029]/.test(key)) {
      emitScalarValue(e, key, true);
      e.writeIndicator(':', false, false, false);
    } else {
      // complex key: "? key" / ": value"
      e.writeIndicator('?', true, false, true);
      emitScalarValue(e, key, false);
      e.writeIndent();
      e.writeIndicator(':', true, false, true);
    }
    emitNode(e, value, { mapping: true });
  }
  e.indent = saved;
}

function emitBlockSequence(e: Emitter, items: unknown[], inMapping: boolean): void {
  const saved = e.indent;
  // indentless when the sequence is a mapping value (mapping_context && !indention)
  const indentless = inMapping && !e.indention;
  if (e.indent < 0) e.indent = 0;
  else if (!indentless) e.indent += BEST_INDENT;
  for (const item of items) {
    e.writeIndent();
    e.writeIndicator('-', true, false, true);
    emitNode(e, item, { mapping: false });
  }
  e.indent = saved;
}

/**
 * go-yaml's reader rejects raw control characters while JSONToYAML re-reads the JSON text
 * (readerc.go): DEL and C1 controls other than NEL, U+FFFE and U+FFFF. kubectl then fails with
 * "error: yaml: control characters are not allowed".
 */
function checkControlCharacters(v: unknown): void {
  if (typeof v === 'string') {
    if (/[\x7f-\x84\x86-\x9f\ufffe\uffff]/.test(v)) throw new Error('yaml: control characters are not allowed');
  } else if (Array.isArray(v)) {
    v.forEach(checkControlCharacters);
  } else if (isMapping(v)) {
    for (const [k, x] of Object.entries(v)) {
      checkControlCharacters(k);
      checkControlCharacters(x);
    }
  }
}

/**
 * JSONToYAML re-reads the JSON text as YAML, and inside a double-quoted scalar go-yaml treats a
 * raw NEL (U+0085, the only line break encoding/json leaves unescaped) as a line break and
 * folds it (scannerc.go yaml_parser_scan_flow_scalar): spaces before it are dropped, spaces
 * after it are skipped, one break becomes a space, n breaks become n-1 newlines.
 */
function foldNEL(s: string): string {
  if (!s.includes('\u0085')) return s;
  return s.replace(/[ \u0085]*\u0085[ \u0085]*/g, (run) => {
    const n = [...run].filter((c) => c === '\u0085').length;
    return n === 1 ? ' ' : '\n'.repeat(n - 1);
  });
}

function normalizeForYaml(v: unknown): unknown {
  if (typeof v === 'string') return foldNEL(v);
  if (Array.isArray(v)) return v.map(normalizeForYaml);
  if (isMapping(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) if (x !== undefined) out[foldNEL(k)] = normalizeForYaml(x);
    return out;
  }
  return v;
}

/**
 * kubectl -o yaml of one object (ends with a newline). Throws
 * Error("yaml: control characters are not allowed") where kubectl fails the same way.
 */
export function toKubectlYaml(obj: unknown): string {
  checkControlCharacters(obj);
  const e = new Emitter();
  emitNode(e, normalizeForYaml(obj), { mapping: false });
  // document end: put a line break after the content
  if (e.column > 0 || e.out.length === 0) e.putBreak();
  if (e.openEnded) e.out += '...\n';
  return e.out;
}

export interface JsonOptions {
  /** sort object keys like unstructured objects from the API server (default true) */
  sortKeys?: boolean;
}

/** kubectl -o json of one object: 4-space indented, HTML-escaped, trailing newline. */
export function toKubectlJson(obj: unknown, opts: JsonOptions = {}): string {
  return goJSON(obj, { indent: '    ', sortKeys: opts.sortKeys ?? true }) + '\n';
}

/**
 * The wrapper kubectl prints when a get returns zero or several objects
 * (get.go printGeneric): {apiVersion: v1, items, kind: List, metadata: {resourceVersion: ""}}.
 */
export function toListObject(items: unknown[], resourceVersion = ''): Record<string, unknown> {
  return { apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion } };
}

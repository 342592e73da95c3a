// Go formatting of JSON-like values (what kubectl sees after decoding into
// map[string]interface{}): fmt %v (fmt.Sprint), %#v, strconv.Quote, encoding/json.
// Integral JS numbers stand for int64, others for float64.

import { compareGoStrings, formatFloatG, formatGoNumber, goQuote, goSprint } from '../../api/gostrings';

// fmt's %v and strconv's 'g' live with the API's Go strings (the API server prints patches with %v).
export { formatFloatG, formatGoNumber, goQuote, goSprint };

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * %#v of a decoded JSON value (map[string]interface {}{...}). Not api/validation/field.ts's
 * goSharpV, which prints typed API fields ([]string{...}, map[string]string{...}).
 */
export function goSharpV(v: unknown, top = true): string {
  if (v === null || v === undefined) return 'interface {}(nil)';
  if (typeof v === 'string') return goQuote(v);
  if (typeof v === 'number') return formatGoNumber(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (Array.isArray(v)) return `[]interface {}{${v.map((x) => goSharpV(x, false)).join(', ')}}`;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o).sort(compareGoStrings);
    return `map[string]interface {}{${keys.map((k) => `${goQuote(k)}:${goSharpV(o[k], false)}`).join(', ')}}`;
  }
  void top;
  return String(v);
}

const HEX = '0123456789abcdef';

/** encoding/json string encoding (HTML-safe, as json.Marshal does). */
export function goJSONString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const ch = s[i]!;
    if (c >= 0x20 && c !== 0x22 && c !== 0x5c && c !== 0x3c && c !== 0x3e && c !== 0x26 && c < 0x2028) {
      if (c >= 0xd800 && c <= 0xdfff) {
        // lone surrogates are invalid UTF-8 for Go -> U+FFFD
        const next = s.charCodeAt(i + 1);
        if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          out += ch + s[i + 1];
          i++;
        } else {
          out += '\\ufffd';
        }
        continue;
      }
      out += ch;
      continue;
    }
    switch (c) {
      case 0x22:
        out += '\\"';
        break;
      case 0x5c:
        out += '\\\\';
        break;
      case 0x0a:
        out += '\\n';
        break;
      case 0x0d:
        out += '\\r';
        break;
      case 0x09:
        out += '\\t';
        break;
      case 0x08:
        out += '\\b';
        break;
      case 0x0c:
        out += '\\f';
        break;
      case 0x2028:
      case 0x2029:
        out += `\\u${c.toString(16)}`;
        break;
      default:
        if (c < 0x20 || c === 0x3c || c === 0x3e || c === 0x26) {
          out += '\\u00' + HEX[c >> 4] + HEX[c & 0xf];
        } else {
          out += ch;
        }
    }
  }
  return out + '"';
}

/** encoding/json number encoding. */
export function goJSONNumber(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`json: unsupported value: ${formatFloatG(n)}`);
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return BigInt(n).toString();
  return JSON.stringify(n);
}

export interface GoJSONOptions {
  /** indent unit, e.g. "    " for kubectl -o json; undefined = compact (json.Marshal) */
  indent?: string;
  /** sort object keys (Go maps); false keeps insertion order (typed structs) */
  sortKeys?: boolean;
}

/** json.Marshal / json.MarshalIndent of a JSON value. */
export function goJSON(v: unknown, opts: GoJSONOptions = {}, level = 0): string {
  const sortKeys = opts.sortKeys ?? true;
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return goJSONString(v);
  if (typeof v === 'number') return goJSONNumber(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  const ind = opts.indent;
  const nl = (l: number) => (ind === undefined ? '' : '\n' + ind.repeat(l));
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    return `[${v.map((x) => nl(level + 1) + goJSON(x, opts, level + 1)).join(',')}${nl(level)}]`;
  }
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    let keys = Object.keys(o).filter((k) => o[k] !== undefined);
    if (sortKeys) keys = keys.sort(compareGoStrings);
    if (keys.length === 0) return '{}';
    const sep = ind === undefined ? ':' : ': ';
    return `{${keys.map((k) => nl(level + 1) + goJSONString(k) + sep + goJSON(o[k], opts, level + 1)).join(',')}${nl(level)}}`;
  }
  return 'null';
}

/** The Go type name of a decoded JSON value (for jsonpath error messages). */
export function goTypeName(v: unknown): string {
  if (v === null || v === undefined) return 'interface {}';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64';
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return '[]interface {}';
  return 'map[string]interface {}';
}

export function isPlainObject(v: unknown): v is Record<string, any> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

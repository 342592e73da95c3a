// Go string helpers, copied from go/src/strconv/quote.go (Quote, %q) and Go's bytewise string ordering.

/** The JSON kind encoding/json names in an UnmarshalTypeError (`cannot unmarshal bool into ...`). */
export function jsonKind(v: unknown): 'array' | 'null' | 'object' | 'bool' | 'number' | 'string' {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  return typeof v === 'object' ? 'object' : typeof v === 'boolean' ? 'bool' : typeof v === 'number' ? 'number' : 'string';
}

/** Go strings compare bytewise (UTF-8); comparing code points is equivalent. */
export function compareGoStrings(a: string, b: string): number {
  if (a === b) return 0;
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done) return y.done ? 0 : -1;
    if (y.done) return 1;
    const cx = x.value.codePointAt(0)!;
    const cy = y.value.codePointAt(0)!;
    if (cx !== cy) return cx < cy ? -1 : 1;
  }
}

/** unicode.IsPrint approximation: letters, marks, numbers, punctuation, symbols and ' '. */
function isGoPrint(cp: number): boolean {
  if (cp === 0x20) return true;
  if (cp < 0x20 || cp === 0x7f) return false;
  return /[\p{L}\p{M}\p{N}\p{P}\p{S}]/u.test(String.fromCodePoint(cp));
}

export interface GoQuoteOptions {
  /**
   * How a lone UTF-16 surrogate (which no Go string can hold) is written:
   * 'replacement' (default) as `\ufffd`, the rune Go decodes it to; 'codepoint' as `\udxxx`.
   */
  loneSurrogate?: 'replacement' | 'codepoint';
  /**
   * Escape only the ASCII controls (C0 and DEL) and write every other rune as is, instead of
   * escaping every rune unicode.IsPrint rejects (as strconv.Quote does).
   */
  asciiControlsOnly?: boolean;
}

/** strconv.Quote / fmt %q of a string. */
export function goQuote(s: string, opts: GoQuoteOptions = {}): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    switch (ch) {
      case '"':
        out += '\\"';
        continue;
      case '\\':
        out += '\\\\';
        continue;
      case '\x07':
        out += '\\a';
        continue;
      case '\b':
        out += '\\b';
        continue;
      case '\f':
        out += '\\f';
        continue;
      case '\n':
        out += '\\n';
        continue;
      case '\r':
        out += '\\r';
        continue;
      case '\t':
        out += '\\t';
        continue;
      case '\v':
        out += '\\v';
        continue;
    }
    if (opts.asciiControlsOnly) {
      out += cp < 0x20 || cp === 0x7f ? '\\x' + cp.toString(16).padStart(2, '0') : ch;
    } else if (isGoPrint(cp)) {
      out += ch;
    } else if (cp < 0x80) {
      out += '\\x' + cp.toString(16).padStart(2, '0');
    } else if (cp >= 0xd800 && cp <= 0xdfff && opts.loneSurrogate !== 'codepoint') {
      out += '\\ufffd';
    } else if (cp < 0x10000) {
      out += '\\u' + cp.toString(16).padStart(4, '0');
    } else {
      out += '\\U' + cp.toString(16).padStart(8, '0');
    }
  }
  return out + '"';
}

/** Shortest-digits decomposition of a finite non-zero number: digits and decimal point position. */
function shortestDigits(f: number): { neg: boolean; digits: string; dp: number } {
  const neg = f < 0;
  const exp = Math.abs(f).toExponential(); // shortest round-trip digits, e.g. "1.2345e+2"
  const [mant, e] = exp.split('e') as [string, string];
  const digits = mant.replace('.', '');
  return { neg, digits, dp: Number(e) + 1 };
}

/** strconv.FormatFloat(f, 'g', -1, 64) (also what fmt %v prints for a float64). */
export function formatFloatG(f: number): string {
  if (Number.isNaN(f)) return 'NaN';
  if (f === Infinity) return '+Inf';
  if (f === -Infinity) return '-Inf';
  if (f === 0) return Object.is(f, -0) ? '-0' : '0';
  const { neg, digits, dp } = shortestDigits(f);
  const exp = dp - 1;
  const sign = neg ? '-' : '';
  // %e is used if the exponent is < -4 or >= the precision (6 for the shortest form)
  if (exp < -4 || exp >= 6) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const ae = Math.abs(exp);
    return `${sign}${m}e${exp < 0 ? '-' : '+'}${ae < 10 ? '0' : ''}${ae}`;
  }
  // %f with max(nd - dp, 0) decimals
  if (dp <= 0) return `${sign}0.${'0'.repeat(-dp)}${digits}`;
  if (dp >= digits.length) return `${sign}${digits}${'0'.repeat(dp - digits.length)}`;
  return `${sign}${digits.slice(0, dp)}.${digits.slice(dp)}`;
}

/** A JSON number as Go prints it with %v: int64 when integral, float64 otherwise. */
export function formatGoNumber(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 2 ** 63) return BigInt(n).toString();
  return formatFloatG(n);
}

/** fmt.Sprint / %v of a decoded JSON value: maps as map[k:v ...], slices as [a b]. */
export function goSprint(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return formatGoNumber(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (Array.isArray(v)) return `[${v.map(goSprint).join(' ')}]`;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o).sort(compareGoStrings);
    return `map[${keys.map((k) => `${k}:${goSprint(o[k])}`).join(' ')}]`;
  }
  return String(v);
}

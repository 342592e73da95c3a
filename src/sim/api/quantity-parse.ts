/**
 * resource.Quantity's parser (ParseQuantity) and the exact amount it reads: `unscaled * 10^scale`,
 * the suffix's format, and the value at a scale (Value, MilliValue). quantity.ts builds the
 * Quantity class on it; a module of its own so the page's node gauges read `250m` or `8Gi` with the
 * same parser without the class's arithmetic and canonical forms.
 *
 * upstream: staging/src/k8s.io/apimachinery/pkg/api/resource/quantity.go (ParseQuantity)
 *           staging/src/k8s.io/apimachinery/pkg/api/resource/suffix.go
 *           staging/src/k8s.io/apimachinery/pkg/api/resource/amount.go, math.go
 */

export type Format = 'DecimalExponent' | 'BinarySI' | 'DecimalSI';

// upstream: quantity.go const block
export const DecimalExponent: Format = 'DecimalExponent'; // e.g., 12e6
export const BinarySI: Format = 'BinarySI'; // e.g., 12Mi (12 * 2^20)
export const DecimalSI: Format = 'DecimalSI'; // e.g., 12M  (12 * 10^6)

// upstream: amount.go Scale constants (power-of-ten exponents)
export const Nano = -9;
export const Micro = -6;
export const Milli = -3;
export const Kilo = 3;
export const Mega = 6;
export const Giga = 9;
export const Tera = 12;
export const Peta = 15;
export const Exa = 18;

// upstream: quantity.go splitREString / ErrFormatWrong / ErrNumeric / ErrSuffix
const splitREString = '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$';
export const ErrFormatWrong = "quantities must match the regular expression '" + splitREString + "'";
export const ErrNumeric = 'unable to parse numeric part of quantity';
export const ErrSuffix = "unable to parse quantity's suffix";

/** A string upstream's ParseQuantity rejects. `message` is exactly upstream's error text. */
export class QuantityParseError extends Error {
  override readonly name = 'QuantityParseError';
  constructor(message: string) {
    super(message);
  }
}

// upstream: math.go mostPositive / mostNegative / maxInt64Factors
const MOST_POSITIVE = (1n << 63n) - 1n;
const MOST_NEGATIVE = -(1n << 63n);
/**
 * Digits that always fit an int64 on the parse fast path. Kubernetes v1.32 uses 18; newer
 * versions use 19 and fall back to inf.Dec on overflow. Either way the parsed value is identical;
 * the constant only decides whether the input string is kept as the cached String() form.
 */
const MAX_INT64_FACTORS = 18;
const MAX_INT32 = 2147483647;

/**
 * Guard against aligning two operands whose decimal exponents differ by an absurd amount
 * (e.g. "1e999999999" + "1"): upstream would build a number with that many digits.
 */
const MAX_ALIGN_DIGITS = 100_000;

export const TEN = 10n;

export function pow10(n: number): bigint {
  return TEN ** BigInt(n);
}

function abs(v: bigint): bigint {
  return v < 0n ? -v : v;
}

function digitLen(v: bigint): number {
  return abs(v).toString().length;
}

/**
 * Rounds unscaled*10^scale to the given target scale (power of ten), away from zero like
 * inf.RoundUp / negativeScaleInt64. A value whose scale is already >= target needs no rounding
 * and is returned unchanged (exact).
 * upstream: amount.go int64Amount.AsScale / infDecAmount.AsScale, math.go negativeScaleInt64
 */
export function roundAway(u: bigint, s: number, target: number): { u: bigint; s: number; exact: boolean } {
  if (s >= target) return { u, s, exact: true };
  if (u === 0n) return { u: 0n, s: target, exact: true };
  const d = target - s;
  const neg = u < 0n;
  const m = neg ? -u : u;
  if (d > digitLen(m)) {
    // |value| < 10^target: rounds away from zero to one unit of the target scale.
    return { u: neg ? -1n : 1n, s: target, exact: false };
  }
  const p = pow10(d);
  let q = m / p;
  const exact = m % p === 0n;
  if (!exact) q += 1n;
  return { u: neg ? -q : q, s: target, exact };
}

/** Brings two values to a common scale (the finer one). */
export function align(au: bigint, as: number, bu: bigint, bs: number): [bigint, bigint, number] {
  if (as === bs) return [au, bu, as];
  if (au === 0n) return [0n, bu, bs];
  if (bu === 0n) return [au, 0n, as];
  const diff = Math.abs(as - bs);
  if (diff > MAX_ALIGN_DIGITS) {
    throw new RangeError(`quantity arithmetic would need more than ${MAX_ALIGN_DIGITS} digits`);
  }
  if (as > bs) return [au * pow10(diff), bu, bs];
  return [au, bu * pow10(diff), as];
}

export function sign(v: bigint): number {
  return v === 0n ? 0 : v > 0n ? 1 : -1;
}

/** Exact comparison of au*10^as and bu*10^bs. upstream: amount.go Cmp / cmpDec */
export function cmpValues(au: bigint, as: number, bu: bigint, bs: number): number {
  const sa = sign(au);
  const sb = sign(bu);
  if (sa !== sb) return sa > sb ? 1 : -1;
  if (sa === 0) return 0;
  // Decide by magnitude first (10^(e-1) <= |v| < 10^e), like upstream cmpDec's bounds check,
  // so values with wildly different exponents never get aligned digit by digit.
  const ea = digitLen(au) + as;
  const eb = digitLen(bu) + bs;
  if (ea !== eb) return ea > eb ? sa : -sa;
  const [x, y] = align(au, as, bu, bs);
  return x === y ? 0 : x > y ? 1 : -1;
}

// upstream: suffix.go newSuffixer (decimal table)
export const DEC_SUFFIX_TO_EXP: ReadonlyMap<string, number> = new Map([
  ['n', -9],
  ['u', -6],
  ['m', -3],
  ['', 0],
  ['k', 3],
  ['M', 6],
  ['G', 9],
  ['T', 12],
  ['P', 15],
  ['E', 18],
]);
// upstream: suffix.go newSuffixer (binary table; exponents are powers of two)
export const BIN_SUFFIX_TO_EXP: ReadonlyMap<string, number> = new Map([
  ['Ki', 10],
  ['Mi', 20],
  ['Gi', 30],
  ['Ti', 40],
  ['Pi', 50],
  ['Ei', 60],
]);

/** Go strconv.ParseInt(s, 10, 64) as a bigint, or undefined on a syntax or range error. */
function goParseInt64(s: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const v = BigInt(s);
  if (v > MOST_POSITIVE || v < MOST_NEGATIVE) return undefined;
  return v;
}

/**
 * upstream: suffix.go suffixHandler.interpret. The exponent form accepts exactly the exponents an
 * int32 Scale can hold and negate ([-MaxInt32, MaxInt32]), like current upstream
 * (TestInterpretExponentInt32Bounds); older releases silently truncated larger exponents.
 */
function interpret(suffix: string): { base: 2 | 10; exponent: number; format: Format } | undefined {
  const d = DEC_SUFFIX_TO_EXP.get(suffix);
  if (d !== undefined) return { base: 10, exponent: d, format: DecimalSI };
  const b = BIN_SUFFIX_TO_EXP.get(suffix);
  if (b !== undefined) return { base: 2, exponent: b, format: BinarySI };
  if (suffix.length > 1 && (suffix[0] === 'E' || suffix[0] === 'e')) {
    const parsed = goParseInt64(suffix.slice(1));
    if (parsed === undefined || parsed > BigInt(MAX_INT32) || parsed < -BigInt(MAX_INT32)) return undefined;
    return { base: 10, exponent: Number(parsed), format: DecimalExponent };
  }
  return undefined;
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

const SUFFIX_CHARS = 'eEinumkKMGTP';

interface ScannedQuantity {
  positive: boolean;
  value: string;
  num: string;
  denom: string;
  suffix: string;
}

/** upstream: quantity.go parseQuantityString (a literal port of the scanner). */
function parseQuantityString(str: string): ScannedQuantity {
  let positive = true;
  let pos = 0;
  const end = str.length;
  let num = '';
  let denom = '';

  // handle leading sign
  if (pos < end) {
    if (str[0] === '-') {
      positive = false;
      pos++;
    } else if (str[0] === '+') {
      pos++;
    }
  }

  // strip leading zeros
  for (let i = pos; ; i++) {
    if (i >= end) {
      return { positive, value: '0', num: '0', denom: '', suffix: '' };
    }
    if (str[i] === '0') pos++;
    else break;
  }

  // extract the numerator
  for (let i = pos; ; i++) {
    if (i >= end) {
      return { positive, value: str.slice(0, end), num: str.slice(pos, end), denom: '', suffix: '' };
    }
    if (!isDigit(str[i])) {
      num = str.slice(pos, i);
      pos = i;
      break;
    }
  }

  // if we stripped all numerator positions, always return 0
  if (num.length === 0) num = '0';

  // handle a denominator
  if (pos < end && str[pos] === '.') {
    pos++;
    for (let i = pos; ; i++) {
      if (i >= end) {
        return { positive, value: str.slice(0, end), num, denom: str.slice(pos, end), suffix: '' };
      }
      if (!isDigit(str[i])) {
        denom = str.slice(pos, i);
        pos = i;
        break;
      }
    }
    // upstream TODO: "1.G" is allowed.
  }
  const value = str.slice(0, pos);

  // grab the elements of the suffix
  const suffixStart = pos;
  for (let i = pos; ; i++) {
    if (i >= end) {
      return { positive, value, num, denom, suffix: str.slice(suffixStart, end) };
    }
    if (!SUFFIX_CHARS.includes(str[i]!)) {
      pos = i;
      break;
    }
  }
  if (pos < end && (str[pos] === '-' || str[pos] === '+')) pos++;
  for (let i = pos; ; i++) {
    if (i >= end) {
      return { positive, value, num, denom, suffix: str.slice(suffixStart, end) };
    }
    if (!isDigit(str[i])) break;
  }
  // we encountered a non decimal in the Suffix loop, but the last character
  // was not a valid exponent
  throw new QuantityParseError(ErrFormatWrong);
}

/**
 * inf.Dec SetString on the numeric part: optional sign, digits with at most one '.', at least one
 * digit. Returns unscaled value and the base-10 exponent (negative number of fraction digits).
 */
function decFromString(value: string): { u: bigint; s: number } | undefined {
  const m = /^([+-]?)([0-9]*)(?:\.([0-9]*))?$/.exec(value);
  if (!m) return undefined;
  const intPart = m[2] ?? '';
  const frac = m[3] ?? '';
  if (intPart.length + frac.length === 0) return undefined; // "no digits read"
  let u = BigInt(intPart + frac);
  if (m[1] === '-') u = -u;
  return { u, s: -frac.length };
}

/** What ParseQuantity reads: the value is `unscaled * 10^scale`; `cached` is the input when it is already canonical. */
export interface ParsedAmount {
  unscaled: bigint;
  scale: number;
  format: Format;
  cached?: string;
}

/**
 * Parses a quantity string exactly as upstream ParseQuantity, throwing QuantityParseError with
 * upstream's message (ErrFormatWrong, ErrSuffix or ErrNumeric). quantity.ts parseQuantity makes a
 * Quantity of it.
 */
export function parseAmount(str: string): ParsedAmount {
  if (str.length === 0) throw new QuantityParseError(ErrFormatWrong);
  if (str === '0') return { unscaled: 0n, scale: 0, format: DecimalSI, cached: str };

  const { positive, value, num, denom, suffix } = parseQuantityString(str);

  const interpreted = interpret(suffix);
  if (!interpreted) throw new QuantityParseError(ErrSuffix);
  const { base, exponent } = interpreted;
  let format = interpreted.format;

  let precision = 0;
  let scale = 0;
  let mantissa = 1n;
  switch (format) {
    case DecimalExponent:
    case DecimalSI:
      scale = exponent;
      precision = MAX_INT64_FACTORS - (num.length + denom.length);
      break;
    case BinarySI:
      scale = 0;
      if (exponent >= 0 && denom.length === 0) {
        // only handle positive binary numbers with the fast path
        mantissa = 1n << BigInt(exponent);
        // 1Mi (2^20) has ~6 digits of decimal precision, so exponent*3/10 -1 is roughly the precision
        precision = 15 - num.length - Math.trunc((exponent * 3) / 10) - 1;
      } else {
        precision = -1;
      }
      break;
  }

  if (precision >= 0) {
    // if we have a denominator, shift the entire value to the left by the number of places in the
    // denominator
    scale -= denom.length;
    if (scale >= Nano) {
      const shifted = num + denom;
      const v = goParseInt64(shifted);
      if (v === undefined) throw new QuantityParseError(ErrNumeric);
      let result = v * mantissa;
      if (result <= MOST_POSITIVE) {
        if (!positive) result = -result;
        // if the number is in canonical form, reuse the string
        let cached: string | undefined;
        if (format === BinarySI) {
          if (exponent % 10 === 0 && (v & 7n) !== 0n) cached = str;
        } else if (scale % 3 === 0 && !shifted.endsWith('000') && shifted[0] !== '0') {
          // upstream quirk (kubernetes/kubernetes#138165): inputs with a multiple of three
          // fraction digits such as "1.001" or "1.500" are kept verbatim.
          cached = str;
        }
        return { unscaled: result, scale, format, ...(cached !== undefined ? { cached } : {}) };
      }
    }
  }

  const amount = decFromString(value);
  if (!amount) throw new QuantityParseError(ErrNumeric);
  let u = amount.u;
  let s = amount.s;

  // So that no one but us has to think about suffixes, remove it.
  if (base === 10) s += exponent;
  else u *= 1n << BigInt(exponent);

  // Cap at min/max bounds.
  const negative = u < 0n;
  if (negative) u = -u;

  // This rounds non-zero values up to the minimum representable value (1n), away from zero.
  if (u !== 0n) {
    const r = roundAway(u, s, Nano);
    u = r.u;
    s = r.s;
  }

  // The max is just a simple cap.
  if (format === BinarySI && cmpValues(u, s, MOST_POSITIVE, 0) > 0) {
    u = MOST_POSITIVE;
    s = 0;
  }

  if (format === BinarySI && u !== 0n && cmpValues(u, s, 1n, 0) < 0) {
    // This avoids rounding and hopefully confusion, too.
    format = DecimalSI;
  }
  if (negative) u = -u;

  return { unscaled: u, scale: s, format };
}

/**
 * ceil(|q| / 10^scale) with q's sign (rounded away from zero), saturated to the int64 range.
 * upstream: Quantity.ScaledValue (the int64Amount path saturates; the inf.Dec path of upstream
 * wraps around on overflow instead, which is not reproduced).
 */
export function scaledValueOf(unscaled: bigint, valueScale: number, scale: number): bigint {
  if (unscaled === 0n) return 0n;
  const r = roundAway(unscaled, valueScale, scale);
  let v: bigint;
  if (r.s === scale) v = r.u;
  else {
    const up = r.s - scale; // > 0
    if (up + digitLen(r.u) > 20) return r.u < 0n ? MOST_NEGATIVE : MOST_POSITIVE;
    v = r.u * pow10(up);
  }
  if (v > MOST_POSITIVE) return MOST_POSITIVE;
  if (v < MOST_NEGATIVE) return MOST_NEGATIVE;
  return v;
}

/**
 * A quantity's value at a power-of-ten scale (0: Value, -3: MilliValue) as a JS number, or
 * undefined for input upstream rejects: `scaledValue('250m', -3)` is 250, `scaledValue('8Gi', 0)`
 * 8589934592. What the page reads of a quantity (its node gauges), without the Quantity class.
 */
export function scaledValue(str: string, scale: number): number | undefined {
  try {
    const { unscaled, scale: s } = parseAmount(str);
    return Number(scaledValueOf(unscaled, s, scale));
  } catch (e) {
    if (e instanceof QuantityParseError) return undefined;
    throw e;
  }
}

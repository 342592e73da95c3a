/**
 * resource.Quantity: a fixed-point number with a remembered suffix format.
 *
 * upstream: staging/src/k8s.io/apimachinery/pkg/api/resource/quantity.go
 *           staging/src/k8s.io/apimachinery/pkg/api/resource/amount.go
 *           staging/src/k8s.io/apimachinery/pkg/api/resource/suffix.go
 *           staging/src/k8s.io/apimachinery/pkg/api/resource/math.go
 *           staging/src/k8s.io/apimachinery/pkg/api/resource/scale_int.go
 *
 * Upstream keeps either an int64Amount (fast path) or an inf.Dec. Both describe the same exact
 * value, so here one representation is used: `unscaled * 10^scale` with `unscaled` a bigint. Every
 * observable result (parse errors, rounding, String(), Cmp, arithmetic) is computed exactly as
 * upstream computes it; see the comments at each step.
 *
 * Quantities are immutable: arithmetic returns a new Quantity (upstream mutates in place).
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

const TEN = 10n;

function pow10(n: number): bigint {
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
function roundAway(u: bigint, s: number, target: number): { u: bigint; s: number; exact: boolean } {
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
function align(au: bigint, as: number, bu: bigint, bs: number): [bigint, bigint, number] {
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

function sign(v: bigint): number {
  return v === 0n ? 0 : v > 0n ? 1 : -1;
}

/** Exact comparison of au*10^as and bu*10^bs. upstream: amount.go Cmp / cmpDec */
function cmpValues(au: bigint, as: number, bu: bigint, bs: number): number {
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
const DEC_SUFFIX_TO_EXP: ReadonlyMap<string, number> = new Map([
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
const DEC_EXP_TO_SUFFIX: ReadonlyMap<number, string> = new Map(
  [...DEC_SUFFIX_TO_EXP].map(([s, e]) => [e, s] as [number, string]),
);
// upstream: suffix.go newSuffixer (binary table; exponents are powers of two)
const BIN_SUFFIX_TO_EXP: ReadonlyMap<string, number> = new Map([
  ['Ki', 10],
  ['Mi', 20],
  ['Gi', 30],
  ['Ti', 40],
  ['Pi', 50],
  ['Ei', 60],
]);
const BIN_EXP_TO_SUFFIX: ReadonlyMap<number, string> = new Map(
  [...BIN_SUFFIX_TO_EXP].map(([s, e]) => [e, s] as [number, string]),
);

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

/** An exact, immutable resource quantity. */
export class Quantity {
  /** The value is unscaled * 10^scale. */
  readonly #u: bigint;
  readonly #s: number;
  /** upstream: Quantity.s, the (cached) String() form; set by parse when the input is canonical. */
  #str: string | undefined;
  readonly format: Format;

  /** Internal: use parseQuantity / fromValue / fromMilli / fromScaled. */
  constructor(unscaled: bigint, scale: number, format: Format, cached?: string) {
    this.#u = unscaled;
    this.#s = unscaled === 0n ? 0 : scale;
    this.format = format;
    this.#str = cached;
  }

  /** The exact value as unscaled * 10^scale (not normalised). */
  asDec(): { unscaled: bigint; scale: number } {
    return { unscaled: this.#u, scale: this.#s };
  }

  isZero(): boolean {
    return this.#u === 0n;
  }

  /** -1, 0 or 1. */
  sign(): number {
    return sign(this.#u);
  }

  /** upstream: Quantity.Cmp */
  cmp(y: Quantity): number {
    return cmpValues(this.#u, this.#s, y.#u, y.#s);
  }

  /** upstream: Quantity.CmpInt64 */
  cmpInt64(y: bigint | number): number {
    return cmpValues(this.#u, this.#s, toBigInt(y), 0);
  }

  equal(y: Quantity): boolean {
    return this.cmp(y) === 0;
  }

  /**
   * this + y. If this is zero the result takes y's format (upstream: Quantity.Add).
   */
  add(y: Quantity): Quantity {
    const format = this.isZero() ? y.format : this.format;
    const [a, b, s] = align(this.#u, this.#s, y.#u, y.#s);
    return new Quantity(a + b, s, format);
  }

  /**
   * this - y. If this is zero the result takes y's format (upstream: Quantity.Sub).
   */
  sub(y: Quantity): Quantity {
    const format = this.isZero() ? y.format : this.format;
    const [a, b, s] = align(this.#u, this.#s, y.#u, y.#s);
    return new Quantity(a - b, s, format);
  }

  /** upstream: Quantity.Neg */
  neg(): Quantity {
    return new Quantity(-this.#u, this.#s, this.format);
  }

  /** this * y, exact (upstream: Quantity.Mul, which also stays exact via inf.Dec). */
  mul(y: bigint | number): Quantity {
    return new Quantity(this.#u * toBigInt(y), this.#s, this.format);
  }

  /**
   * Rounds to the given power-of-ten scale, away from zero; `exact` is false when precision was
   * lost. upstream: Quantity.RoundUp
   */
  roundUp(scale: number): { quantity: Quantity; exact: boolean } {
    const r = roundAway(this.#u, this.#s, scale);
    if (r.u === this.#u && r.s === this.#s) return { quantity: this, exact: true };
    return { quantity: new Quantity(r.u, r.s, this.format), exact: r.exact };
  }

  /**
   * ceil(|q| / 10^scale) with q's sign (rounded away from zero), saturated to the int64 range.
   * upstream: Quantity.ScaledValue (the int64Amount path saturates; the inf.Dec path of upstream
   * wraps around on overflow instead, which is not reproduced).
   */
  scaledValueBig(scale: number): bigint {
    if (this.#u === 0n) return 0n;
    const r = roundAway(this.#u, this.#s, scale);
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

  /** upstream: Quantity.ScaledValue, as a JS number (exact while |v| <= 2^53). */
  scaledValue(scale: number): number {
    return Number(this.scaledValueBig(scale));
  }

  /** upstream: Quantity.Value: the value rounded away from zero to an integer. */
  value(): number {
    return this.scaledValue(0);
  }

  valueBig(): bigint {
    return this.scaledValueBig(0);
  }

  /** upstream: Quantity.MilliValue: ceil(q * 1000) (away from zero). */
  milliValue(): number {
    return this.scaledValue(Milli);
  }

  milliValueBig(): bigint {
    return this.scaledValueBig(Milli);
  }

  /** upstream: Quantity.AsApproximateFloat64 */
  asApproximateFloat64(): number {
    return Number.parseFloat(`${this.#u}e${this.#s}`);
  }

  /** The same value in another format (upstream: assigning q.Format; the cached string is dropped). */
  withFormat(format: Format): Quantity {
    return new Quantity(this.#u, this.#s, format);
  }

  /** upstream: Quantity.String (CanonicalizeBytes, or the string kept from parsing). */
  toString(): string {
    if (this.#str === undefined) {
      const [number, suffix] = this.canonicalize();
      this.#str = number + suffix;
    }
    return this.#str;
  }

  /** Serialises as upstream MarshalJSON does: the String() form. */
  toJSON(): string {
    return this.toString();
  }

  /**
   * upstream: Quantity.CanonicalizeBytes. Returns [number, suffix].
   * - BinarySI values strictly between -1024 and 1024, or that are not whole numbers, are emitted
   *   as DecimalSI.
   * - Current upstream (kubernetes/kubernetes#140459): a DecimalSI exponent outside n..E and a
   *   BinarySI exponent past Ei fall back to exponent notation instead of dropping the magnitude
   *   (released versions print e.g. 1000E as "1").
   */
  canonicalize(): [string, string] {
    if (this.isZero()) return ['0', ''];
    let format: Format = this.format;
    let rounded: { u: bigint; s: number } | undefined;
    switch (format) {
      case DecimalExponent:
      case DecimalSI:
        break;
      case BinarySI:
        if (this.cmpInt64(-1024) > 0 && this.cmpInt64(1024) < 0) {
          // This avoids rounding and hopefully confusion, too.
          format = DecimalSI;
        } else {
          const r = roundAway(this.#u, this.#s, 0);
          if (!r.exact) format = DecimalSI;
          else rounded = r;
        }
        break;
      default:
        format = DecimalExponent;
    }

    if (format === BinarySI && rounded) {
      // upstream: AsCanonicalBase1024Bytes
      let v = rounded.s > 0 ? rounded.u * pow10(rounded.s) : rounded.u;
      let exp = 0;
      while (v !== 0n && v % 1024n === 0n) {
        v /= 1024n;
        exp++;
      }
      if (exp === 0) return [v.toString(), ''];
      const suffix = BIN_EXP_TO_SUFFIX.get(exp * 10);
      if (suffix !== undefined) return [v.toString(), suffix];
      // past Ei: exact decimal fallback
      return this.#canonicalDecimal(DecimalExponent);
    }
    return this.#canonicalDecimal(format);
  }

  /** upstream: AsCanonicalBytes + constructBytes(10, exponent, format) */
  #canonicalDecimal(format: Format): [string, string] {
    let m = this.#u;
    let exp = this.#s;
    // move all factors of 10 into the exponent
    while (m % TEN === 0n && m !== 0n) {
      m /= TEN;
      exp++;
    }
    // make sure exponent is a multiple of 3
    while (exp % 3 !== 0) {
      m *= TEN;
      exp--;
    }
    if (format === DecimalSI) {
      const suffix = DEC_EXP_TO_SUFFIX.get(exp);
      if (suffix !== undefined) return [m.toString(), suffix];
    }
    return [m.toString(), exp === 0 ? '' : 'e' + exp];
  }
}

function toBigInt(v: bigint | number): bigint {
  if (typeof v === 'bigint') return v;
  if (!Number.isSafeInteger(v)) throw new RangeError(`not a safe integer: ${v}`);
  return BigInt(v);
}

/**
 * Parses a quantity string exactly as upstream ParseQuantity, throwing QuantityParseError with
 * upstream's message (ErrFormatWrong, ErrSuffix or ErrNumeric).
 */
export function parseQuantity(str: string): Quantity {
  if (str.length === 0) throw new QuantityParseError(ErrFormatWrong);
  if (str === '0') return new Quantity(0n, 0, DecimalSI, str);

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
        return new Quantity(result, scale, format, cached);
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

  return new Quantity(u, s, format);
}

/** parseQuantity, or undefined for input upstream rejects. */
export function tryParseQuantity(str: string): Quantity | undefined {
  try {
    return parseQuantity(str);
  } catch (e) {
    if (e instanceof QuantityParseError) return undefined;
    throw e;
  }
}

/** upstream: resource.MustParse (panics with "cannot parse '<s>': <err>"). */
export function mustParseQuantity(str: string): Quantity {
  try {
    return parseQuantity(str);
  } catch (e) {
    if (e instanceof QuantityParseError) throw new Error(`cannot parse '${str}': ${e.message}`);
    throw e;
  }
}

/** upstream: resource.NewQuantity(value, format) */
export function fromValue(value: bigint | number, format: Format): Quantity {
  return new Quantity(toBigInt(value), 0, format);
}

/** upstream: resource.NewMilliQuantity(value, format): value/1000 */
export function fromMilli(value: bigint | number, format: Format): Quantity {
  return new Quantity(toBigInt(value), Milli, format);
}

/** upstream: resource.NewScaledQuantity(value, scale): value * 10^scale, DecimalSI */
export function fromScaled(value: bigint | number, scale: number): Quantity {
  return new Quantity(toBigInt(value), scale, DecimalSI);
}

/** Go strings.TrimSpace: unicode.IsSpace (not U+FEFF, which JS String.trim also strips). */
function goTrimSpace(s: string): string {
  return s.replace(/^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/, '')
    .replace(/[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/, '');
}

/**
 * A quantity from a manifest value, as the API server decodes it (upstream Quantity.UnmarshalJSON):
 * strings are whitespace-trimmed then parsed; numbers are parsed from their JSON text. A YAML or
 * JSON number reaches the API server as the JSON text Go's encoding/json writes for the float64 or
 * int64, which JS's Number#toString reproduces (shortest round-trip digits, exponent form below
 * 1e-6 and from 1e21 on), so e.g. `cpu: 0.5` -> "500m", `memory: 128974848` -> "128974848".
 */
export function quantityFromJSON(x: string | number | bigint): Quantity {
  if (typeof x === 'bigint') return parseQuantity(x.toString());
  if (typeof x === 'number') {
    if (!Number.isFinite(x)) throw new QuantityParseError(ErrFormatWrong);
    return parseQuantity(String(x));
  }
  return parseQuantity(goTrimSpace(x));
}

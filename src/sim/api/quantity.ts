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
 * upstream computes it; see the comments at each step. The parser and the amount's math live in
 * quantity-parse.ts.
 *
 * Quantities are immutable: arithmetic returns a new Quantity (upstream mutates in place).
 */
import {
  align,
  BIN_SUFFIX_TO_EXP,
  BinarySI,
  cmpValues,
  DEC_SUFFIX_TO_EXP,
  DecimalExponent,
  DecimalSI,
  ErrFormatWrong,
  Milli,
  parseAmount,
  pow10,
  QuantityParseError,
  roundAway,
  scaledValueOf,
  sign,
  TEN,
  type Format,
} from './quantity-parse';

export {
  BinarySI,
  DecimalExponent,
  DecimalSI,
  ErrFormatWrong,
  ErrNumeric,
  ErrSuffix,
  Exa,
  Giga,
  Kilo,
  Mega,
  Micro,
  Milli,
  Nano,
  Peta,
  QuantityParseError,
  Tera,
  type Format,
} from './quantity-parse';

// upstream: suffix.go newSuffixer (the tables' reverse: exponent -> suffix, for the canonical forms)
const DEC_EXP_TO_SUFFIX: ReadonlyMap<number, string> = new Map(
  [...DEC_SUFFIX_TO_EXP].map(([s, e]) => [e, s] as [number, string]),
);
const BIN_EXP_TO_SUFFIX: ReadonlyMap<number, string> = new Map(
  [...BIN_SUFFIX_TO_EXP].map(([s, e]) => [e, s] as [number, string]),
);

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
   * upstream: Quantity.ScaledValue (scaledValueOf)
   */
  scaledValueBig(scale: number): bigint {
    return scaledValueOf(this.#u, this.#s, scale);
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
  const { unscaled, scale, format, cached } = parseAmount(str);
  return new Quantity(unscaled, scale, format, cached);
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

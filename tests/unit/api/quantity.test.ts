// Cases copied from upstream: staging/src/k8s.io/apimachinery/pkg/api/resource/quantity_test.go
// and /work/shared/reference/kubernetes-facts.md section 5.
import { describe, expect, it } from 'vitest';
import {
  BinarySI,
  DecimalExponent,
  DecimalSI,
  ErrFormatWrong,
  ErrNumeric,
  ErrSuffix,
  type Format,
  Micro,
  Milli,
  Nano,
  Quantity,
  QuantityParseError,
  fromMilli,
  fromScaled,
  fromValue,
  mustParseQuantity,
  parseQuantity,
  quantityFromJSON,
  tryParseQuantity,
} from '../../../src/sim/api/quantity';
import { scaledValue } from '../../../src/sim/api/quantity-parse';

const MOST_POSITIVE = (1n << 63n) - 1n;
const MOST_NEGATIVE = -(1n << 63n);

/** upstream test helper decQuantity / intQuantity: i * 10^exponent. */
function dec(i: bigint | number, exponent: number, format: Format): Quantity {
  return new Quantity(BigInt(i), exponent, format);
}

const maxAllowed = dec(MOST_POSITIVE, 0, BinarySI);

describe('parseQuantity (upstream TestQuantityParse + fact sheet)', () => {
  const table: Array<[string, Quantity]> = [
    ['0', dec(0, 0, DecimalSI)],
    ['0n', dec(0, 0, DecimalSI)],
    ['0u', dec(0, 0, DecimalSI)],
    ['0m', dec(0, 0, DecimalSI)],
    ['0Ki', dec(0, 0, BinarySI)],
    ['0k', dec(0, 0, DecimalSI)],
    ['0Mi', dec(0, 0, BinarySI)],
    ['0M', dec(0, 0, DecimalSI)],
    ['0Gi', dec(0, 0, BinarySI)],
    ['0G', dec(0, 0, DecimalSI)],
    ['0Ti', dec(0, 0, BinarySI)],
    ['0T', dec(0, 0, DecimalSI)],

    // Quantity less numbers are allowed
    ['1', dec(1, 0, DecimalSI)],

    // Binary suffixes
    ['1Ki', dec(1024, 0, BinarySI)],
    ['8Ki', dec(8 * 1024, 0, BinarySI)],
    ['7Mi', dec(7 * 1024 * 1024, 0, BinarySI)],
    ['6Gi', dec(6 * 1024 * 1024 * 1024, 0, BinarySI)],
    ['5Ti', dec(5n * 1024n ** 4n, 0, BinarySI)],
    ['4Pi', dec(4n * 1024n ** 5n, 0, BinarySI)],
    ['3Ei', dec(3n * 1024n ** 6n, 0, BinarySI)],
    ['10Ti', dec(10n * 1024n ** 4n, 0, BinarySI)],
    ['100Ti', dec(100n * 1024n ** 4n, 0, BinarySI)],

    // Decimal suffixes
    ['5n', dec(5, -9, DecimalSI)],
    ['4u', dec(4, -6, DecimalSI)],
    ['3m', dec(3, -3, DecimalSI)],
    ['9', dec(9, 0, DecimalSI)],
    ['8k', dec(8, 3, DecimalSI)],
    ['50k', dec(5, 4, DecimalSI)],
    ['7M', dec(7, 6, DecimalSI)],
    ['6G', dec(6, 9, DecimalSI)],
    ['5T', dec(5, 12, DecimalSI)],
    ['40T', dec(4, 13, DecimalSI)],
    ['300T', dec(3, 14, DecimalSI)],
    ['2P', dec(2, 15, DecimalSI)],
    ['1E', dec(1, 18, DecimalSI)],

    // Decimal exponents
    ['1E-3', dec(1, -3, DecimalExponent)],
    ['1e3', dec(1, 3, DecimalExponent)],
    ['1E6', dec(1, 6, DecimalExponent)],
    ['1e9', dec(1, 9, DecimalExponent)],
    ['1E12', dec(1, 12, DecimalExponent)],
    ['1e15', dec(1, 15, DecimalExponent)],
    ['1E18', dec(1, 18, DecimalExponent)],

    // Nonstandard but still parsable
    ['1e14', dec(1, 14, DecimalExponent)],
    ['1e13', dec(1, 13, DecimalExponent)],
    ['100.035k', dec(100035, 0, DecimalSI)],

    // Things that look like floating point
    ['0.001', dec(1, -3, DecimalSI)],
    ['0.0005k', dec(5, -1, DecimalSI)],
    ['0.005', dec(5, -3, DecimalSI)],
    ['0.05', dec(5, -2, DecimalSI)],
    ['0.5', dec(5, -1, DecimalSI)],
    ['0.00050k', dec(5, -1, DecimalSI)],
    ['0.00500', dec(5, -3, DecimalSI)],
    ['0.05000', dec(5, -2, DecimalSI)],
    ['0.50000', dec(5, -1, DecimalSI)],
    ['0.5e0', dec(5, -1, DecimalExponent)],
    ['0.5e-1', dec(5, -2, DecimalExponent)],
    ['0.5e-2', dec(5, -3, DecimalExponent)],
    ['10.035M', dec(10035, 3, DecimalSI)],

    ['1.2e3', dec(12, 2, DecimalExponent)],
    ['1.3E+6', dec(13, 5, DecimalExponent)],
    ['1.40e9', dec(14, 8, DecimalExponent)],
    ['1.53E12', dec(153, 10, DecimalExponent)],
    ['1.6e15', dec(16, 14, DecimalExponent)],
    ['1.7E18', dec(17, 17, DecimalExponent)],

    ['9.01', dec(901, -2, DecimalSI)],
    ['8.1k', dec(81, 2, DecimalSI)],
    ['7.123456M', dec(7123456, 0, DecimalSI)],
    ['6.987654321G', dec(6987654321, 0, DecimalSI)],
    ['5.444T', dec(5444, 9, DecimalSI)],
    ['40.1T', dec(401, 11, DecimalSI)],
    ['300.2T', dec(3002, 11, DecimalSI)],
    ['2.5P', dec(25, 14, DecimalSI)],
    ['1.01E', dec(101, 16, DecimalSI)],

    // Things that saturate/round
    ['3.001n', dec(4, -9, DecimalSI)],
    ['1.1E-9', dec(2, -9, DecimalExponent)],
    ['0.0000000001', dec(1, -9, DecimalSI)],
    ['0.0000000005', dec(1, -9, DecimalSI)],
    ['0.00000000050', dec(1, -9, DecimalSI)],
    ['0.5e-9', dec(1, -9, DecimalExponent)],
    ['0.9n', dec(1, -9, DecimalSI)],
    ['0.00000012345', dec(124, -9, DecimalSI)],
    ['0.00000012354', dec(124, -9, DecimalSI)],
    ['9Ei', maxAllowed],
    ['9223372036854775807Ki', maxAllowed],
    ['12E', dec(12, 18, DecimalSI)],

    // We'll accept fractional binary stuff, too.
    ['100.035Ki', dec(10243584, -2, BinarySI)],
    ['0.5Mi', dec(0.5 * 1024 * 1024, 0, BinarySI)],
    ['0.05Gi', dec(536870912, -1, BinarySI)],
    ['0.025Ti', dec(274877906944, -1, BinarySI)],

    // Things written by trolls
    ['0.000000000001Ki', dec(2, -9, DecimalSI)], // rounds up, changes format
    ['.001', dec(1, -3, DecimalSI)],
    ['.0001k', dec(100, -3, DecimalSI)],
    ['1.', dec(1, 0, DecimalSI)],
    ['1.G', dec(1, 9, DecimalSI)],

    // fact sheet section 5 extras
    ['8Ei', maxAllowed], // 2^63 is one past int64: capped
    ['7Ei', dec(7n * 1024n ** 6n, 0, BinarySI)],
    ['1E2147483647', dec(1, 2147483647, DecimalExponent)], // MaxInt32 exponent accepted
    ['1E-2147483647', dec(1, -9, DecimalExponent)], // rounds up to 1n
    ['0.1m', dec(100, -6, DecimalSI)], // the doc's "0.1m rounds to 1m" predates nano precision
  ];

  it.each(table)('%s', (input, expected) => {
    for (const [prefix, sign] of [['', 1n], ['+', 1n], ['-', -1n]] as const) {
      const got = parseQuantity(prefix + input);
      const want = sign === 1n ? expected : expected.neg();
      expect(got.cmp(want), `${prefix}${input}: got ${got.toString()} want ${want.toString()}`).toBe(0);
      expect(got.format).toBe(expected.format);
      expect(got.sign()).toBe(expected.sign() * Number(sign) || 0);
    }
  });
});

describe('parseQuantity rejects what upstream rejects', () => {
  const invalid: Array<[string, string]> = [
    ['', ErrFormatWrong],
    ['1.1.M', ErrFormatWrong],
    ['1+1.0M', ErrFormatWrong],
    ['0.1mi', ErrSuffix],
    ['0.1am', ErrFormatWrong],
    ['aoeu', ErrFormatWrong],
    ['.5i', ErrSuffix],
    ['1i', ErrSuffix],
    ['-3.01i', ErrSuffix],
    ['-3.01e-', ErrSuffix],
    // an exponent outside the int32 scale is rejected rather than truncated
    ['1e4294967297', ErrSuffix],
    // leading / trailing whitespace is forbidden
    [' 1', ErrFormatWrong],
    ['1 ', ErrFormatWrong],
    ['Non-Numeric', ErrFormatWrong],
    // upstream TestInterpretExponentInt32Bounds, through ParseQuantity
    ['1E2147483648', ErrSuffix],
    ['1E-2147483648', ErrSuffix],
    ['1E8589934592', ErrSuffix],
    ['1E9223372036854775807', ErrSuffix],
    ['1E9223372036854775808', ErrSuffix],
    ['1E6024865272343', ErrSuffix],
    // no digit at all on the inf.Dec path
    ['.e-10', ErrNumeric],
    ['1e', ErrSuffix],
    ['1Ki5', ErrSuffix],
    ['1KiB', ErrFormatWrong],
    ['1.5 Gi', ErrFormatWrong],
  ];
  it.each(invalid)('%j', (input, message) => {
    expect(() => parseQuantity(input)).toThrow(QuantityParseError);
    expect(() => parseQuantity(input)).toThrow(message);
    expect(tryParseQuantity(input)).toBeUndefined();
  });

  it('ErrFormatWrong has upstream wording', () => {
    expect(ErrFormatWrong).toBe(
      "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
    );
  });

  it('mustParseQuantity panics like MustParse', () => {
    expect(() => mustParseQuantity('Non-Numeric')).toThrow(`cannot parse 'Non-Numeric': ${ErrFormatWrong}`);
  });
});

describe('toString (upstream TestQuantityString)', () => {
  const table: Array<[Quantity, string, string]> = [
    [dec(1024 * 1024 * 1024, 0, BinarySI), '1Gi', '1024Mi'],
    [dec(300 * 1024 * 1024, 0, BinarySI), '300Mi', '307200Ki'],
    [dec(6 * 1024, 0, BinarySI), '6Ki', ''],
    [dec(1001n * 1024n ** 3n, 0, BinarySI), '1001Gi', '1025024Mi'],
    [dec(1024n ** 4n, 0, BinarySI), '1Ti', '1024Gi'],
    [dec(5, 0, BinarySI), '5', '5000m'],
    [dec(500, -3, BinarySI), '500m', '0.5'],
    [dec(1, 9, DecimalSI), '1G', '1000M'],
    [dec(1000, 6, DecimalSI), '1G', '0.001T'],
    [dec(1000000, 3, DecimalSI), '1G', ''],
    [dec(1000000000, 0, DecimalSI), '1G', ''],
    [dec(1, -3, DecimalSI), '1m', '1000u'],
    [dec(80, -3, DecimalSI), '80m', ''],
    [dec(1080, -3, DecimalSI), '1080m', '1.08'],
    [dec(108, -2, DecimalSI), '1080m', '1080000000n'],
    [dec(10800, -4, DecimalSI), '1080m', ''],
    [dec(300, 6, DecimalSI), '300M', ''],
    [dec(1, 12, DecimalSI), '1T', ''],
    // DecimalSI has no suffix beyond "E" (10^18): exponent notation (current upstream)
    [dec(1, 18, DecimalSI), '1E', ''],
    [dec(1, 21, DecimalSI), '1e21', '1000E'],
    [dec(5, 21, DecimalSI), '5e21', '5000E'],
    [dec(1, 24, DecimalSI), '1e24', '1000000E'],
    // BinarySI has no suffix beyond "Ei": exact decimal representation
    [dec(1, 70, BinarySI), '10e69', ''],
    [dec(2, 70, BinarySI), '20e69', ''],
    [dec(1, 72, BinarySI), '1e72', ''],
    [dec(1234567, 6, DecimalSI), '1234567M', ''],
    [dec(1234567, -3, BinarySI), '1234567m', ''],
    [dec(3, 3, DecimalSI), '3k', ''],
    [dec(1025, 0, BinarySI), '1025', ''],
    [dec(0, 0, DecimalSI), '0', ''],
    [dec(0, 0, BinarySI), '0', ''],
    [dec(1, 9, DecimalExponent), '1e9', '.001e12'],
    [dec(1, -3, DecimalExponent), '1e-3', '0.001e0'],
    [dec(1, -9, DecimalExponent), '1e-9', '1000e-12'],
    [dec(80, -3, DecimalExponent), '80e-3', ''],
    [dec(300, 6, DecimalExponent), '300e6', ''],
    [dec(1, 12, DecimalExponent), '1e12', ''],
    [dec(1, 3, DecimalExponent), '1e3', ''],
    [dec(3, 3, DecimalExponent), '3e3', ''],
    [dec(3, 3, DecimalSI), '3k', ''],
    [dec(0, 0, DecimalExponent), '0', '00'],
    [dec(1, -9, DecimalSI), '1n', ''],
    [dec(80, -9, DecimalSI), '80n', ''],
    [dec(1080, -9, DecimalSI), '1080n', ''],
    [dec(108, -8, DecimalSI), '1080n', ''],
    [dec(10800, -10, DecimalSI), '1080n', ''],
    [dec(1, -6, DecimalSI), '1u', ''],
    [dec(80, -6, DecimalSI), '80u', ''],
    [dec(1080, -6, DecimalSI), '1080u', ''],
    // fact sheet: 3000 DecimalSI / DecimalExponent, 0.08, 1.08, 1e-6
    [dec(3000, 0, DecimalSI), '3k', ''],
    [dec(3000, 0, DecimalExponent), '3e3', ''],
    [dec(8, -2, DecimalSI), '80m', '0.08'],
    [dec(8, -2, DecimalExponent), '80e-3', ''],
    [dec(1, 9, DecimalExponent), '1e9', ''],
  ];

  it.each(table)('%s -> %s (alternate %j)', (q, want, alternate) => {
    expect(q.toString()).toBe(want);
    // the canonical form parses back to itself
    expect(parseQuantity(want).toString()).toBe(want);
    expect(parseQuantity(want).cmp(q)).toBe(0);
    if (alternate) expect(parseQuantity(alternate).toString()).toBe(want);
    if (!q.isZero()) expect(q.neg().toString()).toBe('-' + want);
  });
});

describe('toString edge cases', () => {
  const cases: Array<[string, () => Quantity, string]> = [
    // upstream TestQuantityStringBelowNano
    ['1e-12 DecimalSI', () => dec(1, -12, DecimalSI), '1e-12'],
    ['1e-10 DecimalSI', () => dec(1, -10, DecimalSI), '100e-12'],
    // upstream TestBinarySIZeroExponentString
    ['2000 BinarySI', () => dec(2000, 0, BinarySI), '2000'],
    ['-2000 BinarySI', () => dec(-2000, 0, BinarySI), '-2000'],
    // upstream TestBinarySIPastEiArithmeticRoundTrip
    ['1Ei * 1024', () => parseQuantity('1Ei').mul(1024), '1180591620717411303424'],
    ['round trip of 2^70', () => parseQuantity('1180591620717411303424'), '1180591620717411303424'],
    // upstream TestQuantityNeg
    ['neg 9.01', () => dec(901, -2, DecimalSI).neg(), '-9010m'],
    // upstream TestQuantityParseZero / TestQuantityCanocicalizeZero
    ['parse 0', () => parseQuantity('0'), '0'],
    ['1000m - 1', () => parseQuantity('1000m').sub(fromValue(1, DecimalSI)), '0'],
    // quantity.go doc comment
    ['1.5', () => parseQuantity('1.5'), '1500m'],
    ['1.5Gi', () => parseQuantity('1.5Gi'), '1536Mi'],
    // 1.1i rounds up when kept BinarySI, but a fraction is shown as DecimalSI instead
    ['1025.5 BinarySI', () => dec(10255, -1, BinarySI), '1025500m'],
    ['-1024 BinarySI', () => dec(-1024, 0, BinarySI), '-1Ki'],
    // parse keeps the input string when it looks canonical (upstream s cache), including the
    // known quirks (kubernetes/kubernetes#138165 for "1.001"):
    ['"1.001" kept', () => parseQuantity('1.001'), '1.001'],
    ['"1.500" kept', () => parseQuantity('1.500'), '1.500'],
    ['"1.50" canonicalised', () => parseQuantity('1.50'), '1500m'],
    ['"+1" kept', () => parseQuantity('+1'), '+1'],
    ['"01" kept', () => parseQuantity('01'), '01'],
    ['"1E3" kept', () => parseQuantity('1E3'), '1E3'],
    ['"1." kept', () => parseQuantity('1.'), '1.'],
    ['"+1Ki" kept', () => parseQuantity('+1Ki'), '+1Ki'],
    ['"8Ki" recomputed', () => parseQuantity('8Ki'), '8Ki'],
    ['"1024Ki" recomputed', () => parseQuantity('1024Ki'), '1Mi'],
    ['"+1" after arithmetic', () => parseQuantity('+1').add(parseQuantity('0')), '1'],
    ['"-0" is 0', () => parseQuantity('-0'), '0'],
    ['"-" is 0', () => parseQuantity('-'), '0'],
    ['"." is 0', () => parseQuantity('.'), '0'],
    ['9Ei capped', () => parseQuantity('9Ei'), '9223372036854775807'],
    ['-9Ei capped', () => parseQuantity('-9Ei'), '-9223372036854775807'],
    ['100.035Ki', () => parseQuantity('100.035Ki'), '102435840m'],
    ['0.5Mi', () => parseQuantity('0.5Mi'), '512Ki'],
    ['1.2e3', () => parseQuantity('1.2e3'), '1200'],
    ['-.484785E-7466', () => parseQuantity('-.484785E-7466'), '-1e-9'],
    ['1E2147483647', () => parseQuantity('1E2147483647'), '10e2147483646'],
    ['1E2147483646 kept', () => parseQuantity('1E2147483646'), '1E2147483646'],
    ['1e2147483647 + 0', () => parseQuantity('1e2147483647').add(fromValue(0, DecimalSI)), '10e2147483646'],
    ['unknown format defaults to exponent', () => dec(1000000, -3, 'bogus' as Format), '1e3'],
    ['toJSON', () => dec(1, 9, DecimalSI), '1G'],
  ];
  it.each(cases)('%s', (_name, make, want) => {
    const q = make();
    expect(q.toString()).toBe(want);
    expect(JSON.stringify(q)).toBe(JSON.stringify(want));
  });
});

describe('parse then emit (upstream TestQuantityParseEmit)', () => {
  const table: Array<[string, string]> = [
    ['1Ki', '1Ki'],
    ['1Mi', '1Mi'],
    ['1Gi', '1Gi'],
    ['1024Mi', '1Gi'],
    ['1000M', '1G'],
    ['.001Ki', '1024m'],
    ['.000001Ki', '1024u'],
    ['.000000001Ki', '1024n'],
    ['.000000000001Ki', '2n'],
    // fact sheet
    ['300Mi', '300Mi'],
    ['1001Gi', '1001Gi'],
    ['1Ti', '1Ti'],
    ['5', '5'],
    ['1025', '1025'],
    ['0.001', '1m'],
    ['0.08', '80m'],
    ['1.08', '1080m'],
    ['3000', '3k'],
    ['0.000000001', '1n'],
    ['0.000001', '1u'],
    ['1e9', '1e9'],
    ['0.001e0', '1e-3'],
    ['0.08e0', '80e-3'],
    ['3000e0', '3e3'],
    ['3.001n', '4n'],
    ['0.000000000001Ki', '2n'],
    ['0.00000012345', '124n'],
  ];
  it.each(table)('%s -> %s', (input, want) => {
    expect(parseQuantity(input).toString()).toBe(want);
    const neg = parseQuantity('-' + input);
    if (!neg.isZero()) expect(neg.toString()).toBe('-' + want);
  });
});

describe('cmp (upstream TestQuantityCmp, TestQuantityCmpInt64AndDec)', () => {
  const parsed: Array<[string, string, number]> = [
    ['0', '0', 0],
    ['100m', '50m', 1],
    ['50m', '100m', -1],
    ['10000T', '100Gi', 1],
    ['1Gi', '1024Mi', 0],
    ['1G', '1Gi', -1],
    ['1e3', '1k', 0],
    ['-1', '1m', -1],
    ['0', '-0', 0],
    ['1e2147483647', '9Ei', 1],
    ['1e-2147483647', '1n', 0],
  ];
  it.each(parsed)('%s vs %s', (x, y, want) => {
    expect(parseQuantity(x).cmp(parseQuantity(y))).toBe(want);
    expect(parseQuantity(y).cmp(parseQuantity(x))).toBe(want === 0 ? 0 : -want);
    expect(parseQuantity(x).equal(parseQuantity(y))).toBe(want === 0);
  });

  const T18 = 1000000n * 1000000n * 1000000n;
  const table: Array<[Quantity, Quantity, number]> = [
    [dec(901, -2, DecimalSI), dec(901, -2, DecimalSI), 0],
    [dec(90, -1, DecimalSI), dec(901, -2, DecimalSI), -1],
    [dec(901, -2, DecimalSI), dec(900, -2, DecimalSI), 1],
    [dec(0, 0, DecimalSI), dec(0, 0, DecimalSI), 0],
    [dec(0, 1, DecimalSI), dec(0, -1, DecimalSI), 0],
    [dec(0, -1, DecimalSI), dec(0, 1, DecimalSI), 0],
    [dec(800, -3, DecimalSI), dec(1, 0, DecimalSI), -1],
    [dec(800, -3, DecimalSI), dec(79, -2, DecimalSI), 1],

    [dec(MOST_POSITIVE, 0, DecimalSI), dec(1, -1, DecimalSI), 1],
    [dec(MOST_POSITIVE, 1, DecimalSI), dec(1, 0, DecimalSI), 1],
    [dec(MOST_POSITIVE, 1, DecimalSI), dec(1, 1, DecimalSI), 1],
    [dec(MOST_POSITIVE, 1, DecimalSI), dec(0, 1, DecimalSI), 1],
    [dec(MOST_POSITIVE, -16, DecimalSI), dec(1, 3, DecimalSI), -1],

    [dec(MOST_NEGATIVE, 0, DecimalSI), dec(0, 0, DecimalSI), -1],
    [dec(MOST_NEGATIVE, -18, DecimalSI), dec(-1, 0, DecimalSI), -1],
    [dec(MOST_NEGATIVE, -19, DecimalSI), dec(-1, 0, DecimalSI), 1],

    [dec(T18, -17, DecimalSI), dec(1, 1, DecimalSI), 0],
    [dec(T18, -17, DecimalSI), dec(-10, 0, DecimalSI), 1],
    [dec(-T18, -17, DecimalSI), dec(-10, 0, DecimalSI), 0],
    [dec(T18, -17, DecimalSI), dec(1, 0, DecimalSI), 1],

    [dec(T18 + 1n, -17, DecimalSI), dec(1, 1, DecimalSI), 1],
    [dec(T18 - 1n, -17, DecimalSI), dec(1, 1, DecimalSI), -1],
  ];
  it.each(table)('%s vs %s', (a, b, want) => {
    expect(a.cmp(b)).toBe(want);
    expect(b.cmp(a)).toBe(want === 0 ? 0 : -want);
  });
});

describe('roundUp (upstream TestQuantityRoundUp)', () => {
  const table: Array<[string, number, Quantity, boolean]> = [
    ['9.01', -3, dec(901, -2, DecimalSI), true],
    ['9.01', -2, dec(901, -2, DecimalSI), true],
    ['9.01', -1, dec(91, -1, DecimalSI), false],
    ['9.01', 0, dec(10, 0, DecimalSI), false],
    ['9.01', 1, dec(10, 0, DecimalSI), false],
    ['9.01', 2, dec(100, 0, DecimalSI), false],

    ['-9.01', -3, dec(-901, -2, DecimalSI), true],
    ['-9.01', -2, dec(-901, -2, DecimalSI), true],
    ['-9.01', -1, dec(-91, -1, DecimalSI), false],
    ['-9.01', 0, dec(-10, 0, DecimalSI), false],
    ['-9.01', 1, dec(-10, 0, DecimalSI), false],
    ['-9.01', 2, dec(-100, 0, DecimalSI), false],
  ];
  it.each(table)('%s to scale %i', (input, scale, want, ok) => {
    const { quantity, exact } = parseQuantity(input).roundUp(scale);
    expect(exact).toBe(ok);
    expect(quantity.cmp(want)).toBe(0);
  });
});

describe('value / milliValue / scaledValue', () => {
  // upstream TestNegativeValueRoundsAwayFromZero
  const table: Array<[string, number, number]> = [
    ['-.484785E-7466', -1, -1],
    ['.484785E-7466', 1, 1],
    ['-.484785E-1', -1, -49],
    ['.484785E-1', 1, 49],
    ['-0.0005', -1, -1],
    ['0.0005', 1, 1],
    ['-1500m', -2, -1500],
    ['1500m', 2, 1500],
    ['-9.5000000001Gi', -10200547329, -10200547328108],
    ['9.5000000001Gi', 10200547329, 10200547328108],
    ['-1', -1, -1000],
    ['1', 1, 1000],
    ['0', 0, 0],
    // fact sheet values
    ['1Ki', 1024, 1024000],
    ['7Mi', 7340032, 7340032000],
    ['6Gi', 6442450944, 6442450944000],
    ['5n', 1, 1],
    ['3m', 1, 3],
    ['8k', 8000, 8000000],
    ['50k', 50000, 50000000],
    ['1e3', 1000, 1000000],
    ['1E-3', 1, 1],
    ['1.2e3', 1200, 1200000],
    ['0.5', 1, 500],
    ['100.035k', 100035, 100035000],
    ['10.035M', 10035000, 10035000000],
    ['0.5Mi', 524288, 524288000],
    ['100.035Ki', 102436, 102435840],
    ['250m', 1, 250],
    ['1.5', 2, 1500],
  ];
  it.each(table)('%s', (input, value, milli) => {
    const q = parseQuantity(input);
    expect(q.value()).toBe(value);
    expect(q.milliValue()).toBe(milli);
    expect(q.valueBig()).toBe(BigInt(value));
    expect(q.milliValueBig()).toBe(BigInt(milli));
  });

  // quantity-parse.ts scaledValue: the page's gauges read the same parser without the class.
  it.each(table)('%s without the Quantity class (scaledValue)', (input, value, milli) => {
    expect(scaledValue(input, 0)).toBe(value);
    expect(scaledValue(input, Milli)).toBe(milli);
  });
  it.each(['', '1.5Gb', '12x', '+-1', '1Mi '])('scaledValue of %j, which upstream rejects, is undefined', (input) => {
    expect(tryParseQuantity(input)).toBeUndefined();
    expect(scaledValue(input, 0)).toBeUndefined();
  });

  // upstream TestScaledValue: NewScaledQuantity(1, from).ScaledValue(to)
  const scaled: Array<[number, number, number]> = [
    [Nano, Nano, 1],
    [Nano, Micro, 1],
    [Nano, Milli, 1],
    [Nano, 0, 1],
    [Micro, Nano, 1000],
    [Micro, Micro, 1],
    [Micro, Milli, 1],
    [Micro, 0, 1],
    [Milli, Nano, 1000 * 1000],
    [Milli, Micro, 1000],
    [Milli, Milli, 1],
    [Milli, 0, 1],
    [0, Nano, 1000 * 1000 * 1000],
    [0, Micro, 1000 * 1000],
    [0, Milli, 1000],
    [0, 0, 1],
    [2, -2, 100 * 100],
  ];
  it.each(scaled)('scaled 1e%i as scale %i', (from, to, want) => {
    expect(fromScaled(1, from).scaledValue(to)).toBe(want);
  });

  const saturating: Array<[string, bigint, bigint]> = [
    ['9Ei', MOST_POSITIVE, MOST_POSITIVE],
    ['1000E', MOST_POSITIVE, MOST_POSITIVE],
    ['-1000E', MOST_NEGATIVE, MOST_NEGATIVE],
    ['1e2147483647', MOST_POSITIVE, MOST_POSITIVE],
    ['9223372036854775807', MOST_POSITIVE, MOST_POSITIVE],
    ['9223372036854775', 9223372036854775n, 9223372036854775000n],
  ];
  it.each(saturating)('%s saturates to int64', (input, value, milli) => {
    const q = parseQuantity(input);
    expect(q.valueBig()).toBe(value);
    expect(q.milliValueBig()).toBe(milli);
  });
});

describe('constructors (upstream TestMilliNewSet, TestNewSet, TestNewScaledSet)', () => {
  const milli: Array<[number, Format, string, boolean]> = [
    [1, DecimalSI, '1m', true],
    [1000, DecimalSI, '1', true],
    [1234000, DecimalSI, '1234', true],
    [1024, BinarySI, '1024m', false], // Format changes
    [1000000, 'invalidFormatDefaultsToExponent' as Format, '1e3', true],
    [1024 * 1024, BinarySI, '1048576m', false], // Format changes
  ];
  it.each(milli)('fromMilli(%i, %s)', (value, format, want, exact) => {
    const q = fromMilli(value, format);
    expect(q.toString()).toBe(want);
    if (exact) expect(parseQuantity(q.toString()).milliValue()).toBe(value);
  });

  const plain: Array<[number, Format, string]> = [
    [1, DecimalSI, '1'],
    [1000, DecimalSI, '1k'],
    [1234000, DecimalSI, '1234k'],
    [1024, BinarySI, '1Ki'],
    [1000000, 'invalidFormatDefaultsToExponent' as Format, '1e6'],
    [1024 * 1024, BinarySI, '1Mi'],
  ];
  it.each(plain)('fromValue(%i, %s)', (value, format, want) => {
    const q = fromValue(value, format);
    expect(q.toString()).toBe(want);
    expect(parseQuantity(q.toString()).value()).toBe(value);
  });

  const scaled: Array<[number, number, string]> = [
    [1, Nano, '1n'],
    [1000, Nano, '1u'],
    [1, Micro, '1u'],
    [1000, Micro, '1m'],
    [1, Milli, '1m'],
    [1000, Milli, '1'],
    [1, 0, '1'],
    [0, Nano, '0'],
    [0, Micro, '0'],
    [0, Milli, '0'],
    [0, 0, '0'],
  ];
  it.each(scaled)('fromScaled(%i, %i)', (value, scale, want) => {
    const q = fromScaled(value, scale);
    expect(q.toString()).toBe(want);
    expect(parseQuantity(q.toString()).scaledValue(scale)).toBe(value);
  });

  it('rejects unsafe JS numbers', () => {
    expect(() => fromValue(1.5, DecimalSI)).toThrow(RangeError);
    expect(fromValue(2n ** 70n, BinarySI).toString()).toBe('1180591620717411303424');
  });
});

describe('arithmetic (upstream TestSub, TestNeg, Add/Sub zero suffix tests)', () => {
  const zero = parseQuantity('0');
  const cases: Array<[string, () => Quantity, Quantity, Format]> = [
    ['10 - 1e1', () => dec(10, 0, DecimalSI).sub(dec(1, 1, DecimalSI)), dec(0, 0, DecimalSI), DecimalSI],
    ['10 - 1 BinarySI', () => dec(10, 0, DecimalSI).sub(dec(1, 0, BinarySI)), dec(9, 0, DecimalSI), DecimalSI],
    ['10 BinarySI - 1', () => dec(10, 0, BinarySI).sub(dec(1, 0, DecimalSI)), dec(9, 0, BinarySI), BinarySI],
    ['0 - 50', () => dec(0, 0, DecimalSI).sub(dec(50, 0, DecimalSI)), dec(-50, 0, DecimalSI), DecimalSI],
    ['50 - 0', () => dec(50, 0, DecimalSI).sub(dec(0, 0, DecimalSI)), dec(50, 0, DecimalSI), DecimalSI],
    ['0 - 0', () => dec(0, 0, DecimalSI).sub(dec(0, 0, DecimalSI)), dec(0, 0, DecimalSI), DecimalSI],
    ['neg 0', () => dec(0, 0, DecimalSI).neg(), dec(0, 0, DecimalSI), DecimalSI],
    ['neg 10 BinarySI', () => dec(10, 0, BinarySI).neg(), dec(-10, 0, BinarySI), BinarySI],
    ['neg -10 BinarySI', () => dec(-10, 0, BinarySI).neg(), dec(10, 0, BinarySI), BinarySI],
    // TestNegAndSubAtMostNegative: no int64 wrap-around
    ['neg mostNegative', () => dec(MOST_NEGATIVE, 0, DecimalSI).neg(), parseQuantity('9223372036854775808'), DecimalSI],
    ['0 - mostNegative', () => zero.sub(dec(MOST_NEGATIVE, 0, DecimalSI)), parseQuantity('9223372036854775808'), DecimalSI],
    ['1 - mostNegative', () => dec(1, 0, DecimalSI).sub(dec(MOST_NEGATIVE, 0, DecimalSI)), parseQuantity('9223372036854775809'), DecimalSI],
    ['0 + 1Gi takes BinarySI', () => zero.add(parseQuantity('1Gi')), parseQuantity('1Gi'), BinarySI],
    ['100m + 1Gi keeps DecimalSI', () => parseQuantity('100m').add(parseQuantity('1Gi')), parseQuantity('1073741824100m'), DecimalSI],
    ['250m + 250m', () => parseQuantity('250m').add(parseQuantity('250m')), parseQuantity('500m'), DecimalSI],
    ['1Gi * 3', () => parseQuantity('1Gi').mul(3), parseQuantity('3Gi'), BinarySI],
  ];
  it.each(cases)('%s', (_name, make, want, format) => {
    const got = make();
    expect(got.cmp(want)).toBe(0);
    expect(got.format).toBe(format);
  });

  const suffix: Array<[string]> = [['100m'], ['1Gi']];
  it.each(suffix)('zero keeps the suffix of %s', (s) => {
    const v = parseQuantity(s);
    expect(v.add(zero).toString()).toBe(s);
    expect(zero.add(v).toString()).toBe(s);
    expect(v.sub(zero).toString()).toBe(s);
    expect(zero.sub(v).toString()).toBe(v.neg().toString());
  });

  const strings: Array<[string, () => Quantity, string]> = [
    ['9223372036854775808m', () => dec(MOST_NEGATIVE, Milli, DecimalSI).neg(), '9223372036854775808m'],
    ['1m - mostNegative m', () => dec(1, Milli, DecimalSI).sub(dec(MOST_NEGATIVE, Milli, DecimalSI)), '9223372036854775809m'],
    ['1 - mostNegative', () => dec(1, 0, DecimalSI).sub(dec(MOST_NEGATIVE, 0, DecimalSI)), '9223372036854775809'],
    ['500m + 1536Mi', () => parseQuantity('1536Mi').add(parseQuantity('512Mi')), '2Gi'],
  ];
  it.each(strings)('%s', (_name, make, want) => {
    expect(make().toString()).toBe(want);
  });

  it('isZero and sign', () => {
    expect(parseQuantity('0Mi').isZero()).toBe(true);
    expect(parseQuantity('0.000000000001').isZero()).toBe(false); // rounded up to 1n
    expect(parseQuantity('-1m').sign()).toBe(-1);
    expect(parseQuantity('0').sign()).toBe(0);
    expect(parseQuantity('1n').sign()).toBe(1);
    expect(parseQuantity('1').cmpInt64(1)).toBe(0);
    expect(parseQuantity('1001m').cmpInt64(1)).toBe(1);
  });

  it('rejects absurd alignments instead of building huge numbers', () => {
    expect(() => parseQuantity('1e1000000').add(parseQuantity('1'))).toThrow(RangeError);
  });
});

describe('quantityFromJSON (upstream UnmarshalJSON, TestJSONWhitespace)', () => {
  const table: Array<[string | number | bigint, string, Format]> = [
    [' 1', '1', DecimalSI],
    ['1 ', '1', DecimalSI],
    ['\t100m\n', '100m', DecimalSI],
    [1, '1', DecimalSI],
    [10, '10', DecimalSI],
    [-1, '-1', DecimalSI],
    [0, '0', DecimalSI],
    [0.5, '500m', DecimalSI],
    [0.1, '100m', DecimalSI],
    [1.5, '1500m', DecimalSI],
    [2.5, '2500m', DecimalSI],
    [1000, '1k', DecimalSI],
    [128974848, '128974848', DecimalSI],
    [134217728, '134217728', DecimalSI],
    // Go's encoding/json writes these floats in exponent form, as JS does
    [1e21, '1e+21', DecimalExponent], // kept verbatim by the parse cache
    [1e-7, '100e-9', DecimalExponent],
    [123456789012345680000, '123456789012345680k', DecimalSI],
    [2n ** 64n, '18446744073709551616', DecimalSI],
    ['1Gi', '1Gi', BinarySI],
    ['128974848', '128974848', DecimalSI],
  ];
  it.each(table)('%s', (input, want, format) => {
    const q = quantityFromJSON(input);
    expect(q.toString()).toBe(want);
    expect(q.format).toBe(format);
  });

  const bad: Array<[string | number]> = [['1 Gi'], ['x'], [Number.NaN], [Number.POSITIVE_INFINITY], ['']];
  it.each(bad)('%j is rejected', (input) => {
    expect(() => quantityFromJSON(input)).toThrow(QuantityParseError);
  });
});

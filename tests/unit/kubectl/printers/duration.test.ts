// Cases from staging/src/k8s.io/apimachinery/pkg/util/duration/duration_test.go (durations are
// in milliseconds here, so "-2s + 1ns" becomes -1999ms).
import { describe, expect, it } from 'vitest';
import {
  formatRFC1123Z,
  formatRFC3339,
  humanDuration,
  parseTimestamp,
  shortHumanDuration,
  translateTimestampSince,
} from '../../../../src/sim/kubectl/printers/duration';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('humanDuration (TestHumanDuration)', () => {
  it.each([
    [S, '1s'],
    [70 * S, '70s'],
    [190 * S, '3m10s'],
    [70 * M, '70m'],
    [47 * H, '47h'],
    [49 * H, '2d1h'],
    [(8 * 24 + 2) * H, '8d'],
    [367 * 24 * H, '367d'],
    [(365 * 2 * 24 + 25) * H, '2y1d'],
    [(365 * 8 * 24 + 2) * H, '8y'],
  ])('%d ms -> %s', (ms, want) => expect(humanDuration(ms)).toBe(want));
});

describe('humanDuration (TestHumanDurationBoundaries)', () => {
  it.each([
    [-2 * S, '<invalid>'],
    [-2 * S + 1, '0s'],
    [0, '0s'],
    [S - 1, '0s'],
    [2 * M - 1, '119s'],
    [2 * M, '2m'],
    [2 * M + S, '2m1s'],
    [10 * M - 1, '9m59s'],
    [10 * M, '10m'],
    [10 * M + S, '10m'],
    [3 * H - 1, '179m'],
    [3 * H, '3h'],
    [3 * H + M, '3h1m'],
    [8 * H - 1, '7h59m'],
    [8 * H, '8h'],
    [8 * H + 59 * M, '8h'],
    [2 * D - 1, '47h'],
    [2 * D, '2d'],
    [2 * D + H, '2d1h'],
    [8 * D - 1, '7d23h'],
    [8 * D, '8d'],
    [8 * D + 23 * H, '8d'],
    [2 * 365 * D - 1, '729d'],
    [2 * 365 * D, '2y'],
    [2 * 365 * D + 23 * H, '2y'],
    [2 * 365 * D + 23 * H + 59 * M, '2y'],
    [2 * 365 * D + 24 * H - 1, '2y'],
    [2 * 365 * D + 24 * H, '2y1d'],
    [3 * 365 * D, '3y'],
    [4 * 365 * D, '4y'],
    [5 * 365 * D, '5y'],
    [6 * 365 * D, '6y'],
    [7 * 365 * D, '7y'],
    [8 * 365 * D - 1, '7y364d'],
    [8 * 365 * D, '8y'],
    [8 * 365 * D + 364 * D, '8y'],
    [9 * 365 * D, '9y'],
  ])('%d ms -> %s', (ms, want) => expect(humanDuration(ms)).toBe(want));

  it.each([
    [95 * S, '95s'],
    [5 * M + 5 * S, '5m5s'],
    [2 * D + 3 * H, '2d3h'],
    [12 * D, '12d'],
    [(2 * 365 + 100) * D, '2y100d'],
  ])('brief examples: %d ms -> %s', (ms, want) => expect(humanDuration(ms)).toBe(want));
});

describe('shortHumanDuration (TestShortHumanDurationBoundaries)', () => {
  it.each([
    [-2 * S, '<invalid>'],
    [-2 * S + 1, '0s'],
    [0, '0s'],
    [S - 1, '0s'],
    [S, '1s'],
    [2 * S - 1, '1s'],
    [M - 1, '59s'],
    [M, '1m'],
    [2 * M - 1, '1m'],
    [H - 1, '59m'],
    [H, '1h'],
    [2 * H - 1, '1h'],
    [D - 1, '23h'],
    [D, '1d'],
    [2 * D - 1, '1d'],
    [365 * D - 1, '364d'],
    [365 * D, '1y'],
    [2 * 365 * D - 1, '1y'],
    [2 * 365 * D, '2y'],
  ])('%d ms -> %s', (ms, want) => expect(shortHumanDuration(ms)).toBe(want));
});

describe('timestamps', () => {
  const now = Date.UTC(2025, 0, 1, 0, 0, 5);
  it('parses RFC3339 with zones and fractions', () => {
    expect(parseTimestamp('2025-01-01T00:00:05Z')).toBe(now);
    expect(parseTimestamp('2025-01-01T01:00:05+01:00')).toBe(now);
    expect(parseTimestamp('2025-01-01T00:00:05.123456Z')).toBe(now + 123);
    expect(parseTimestamp('')).toBeUndefined();
    expect(parseTimestamp(null)).toBeUndefined();
    expect(parseTimestamp('yesterday')).toBeUndefined();
  });
  it('translateTimestampSince renders "<unknown>" for the zero time', () => {
    expect(translateTimestampSince(undefined, now)).toBe('<unknown>');
    expect(translateTimestampSince('2025-01-01T00:00:00Z', now)).toBe('5s');
    expect(translateTimestampSince('2025-01-01T00:00:10Z', now)).toBe('<invalid>');
  });
  it('formats RFC1123Z (describe) and RFC3339', () => {
    expect(formatRFC1123Z('2025-01-01T00:00:05Z')).toBe('Wed, 01 Jan 2025 00:00:05 +0000');
    expect(formatRFC1123Z(undefined)).toBe('Mon, 01 Jan 0001 00:00:00 +0000');
    expect(formatRFC3339(now + 999)).toBe('2025-01-01T00:00:05Z');
  });
});

/**
 * The arithmetic under promql-eval.ts, as upstream computes it: binary operators, extrapolated
 * rates, irate/idelta, and the φ-quantile of cumulative buckets.
 * upstream: promql/functions.go (extrapolatedRate, instantValue), promql/quantile.go
 * (bucketQuantile, ensureMonotonic), promql/engine.go (vectorElemBinop).
 */
import type { BinaryOp } from './promql-parse';
import type { RangeSeries } from './promql-eval';

export function arith(op: BinaryOp, a: number, b: number): number {
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return a / b;
    case '%':
      return a % b;
    case '^':
      return a ** b;
    case '==':
      return Number(a === b);
    case '!=':
      return Number(a !== b);
    case '>':
      return Number(a > b);
    case '<':
      return Number(a < b);
    case '>=':
      return Number(a >= b);
    case '<=':
      return Number(a <= b);
    default:
      return NaN;
  }
}

/** Index of the last time <= t (binary search), or -1. */
export function lastIndexAtOrBefore(ts: readonly number[], t: number): number {
  let lo = 0;
  let hi = ts.length - 1;
  let ans = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ts[mid] <= t) {
      ans = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return ans;
}

/**
 * upstream: promql/functions.go extrapolatedRate. The difference between the first and last
 * samples of the range (counter resets added back), extrapolated to the range's edges when the
 * samples come within 1.1 average intervals of them (else by half an interval), never below a
 * counter's zero point; rate divides by the range.
 */
export function extrapolatedRate(s: { t: readonly number[]; v: readonly number[] }, t: number, rangeMs: number, isCounter: boolean, isRate: boolean): number | undefined {
  const n = s.v.length;
  if (n < 2) return undefined;
  const rangeStart = t - rangeMs;
  const rangeEnd = t;
  let result = s.v[n - 1] - s.v[0];
  if (isCounter) {
    let last = 0;
    for (const v of s.v) {
      if (v < last) result += last;
      last = v;
    }
  }
  const firstT = s.t[0];
  const lastT = s.t[n - 1];
  let durationToStart = (firstT - rangeStart) / 1000;
  let durationToEnd = (rangeEnd - lastT) / 1000;
  const sampledInterval = (lastT - firstT) / 1000;
  const averageDurationBetweenSamples = sampledInterval / (n - 1);
  const extrapolationThreshold = averageDurationBetweenSamples * 1.1;
  let extrapolateToInterval = sampledInterval;
  if (durationToStart >= extrapolationThreshold) durationToStart = averageDurationBetweenSamples / 2;
  if (isCounter && result > 0 && s.v[0] >= 0) {
    const durationToZero = sampledInterval * (s.v[0] / result);
    if (durationToZero < durationToStart) durationToStart = durationToZero;
  }
  extrapolateToInterval += durationToStart;
  if (durationToEnd >= extrapolationThreshold) durationToEnd = averageDurationBetweenSamples / 2;
  extrapolateToInterval += durationToEnd;
  let factor = extrapolateToInterval / sampledInterval;
  if (isRate) factor /= rangeMs / 1000;
  return result * factor;
}

/** upstream: functions.go instantValue (irate, idelta): the last two samples. */
export function instantValue(s: RangeSeries, isRate: boolean): number | undefined {
  const n = s.v.length;
  if (n < 2) return undefined;
  const [a, b] = [s.v[n - 2], s.v[n - 1]];
  const dv = isRate && b < a ? b : b - a;
  if (!isRate) return dv;
  const dt = (s.t[n - 1] - s.t[n - 2]) / 1000;
  return dt === 0 ? undefined : dv / dt;
}

/**
 * upstream: promql/quantile.go bucketQuantile: the φ-quantile from cumulative buckets, linear
 * inside the bucket it falls in; the highest finite bound when it falls in +Inf; NaN without an
 * +Inf bucket or observations.
 */
export function bucketQuantile(q: number, buckets: { le: number; count: number }[]): number {
  if (Number.isNaN(q)) return NaN;
  if (q < 0) return -Infinity;
  if (q > 1) return Infinity;
  const b = [...buckets].sort((x, y) => x.le - y.le);
  if (b.length < 2 || b[b.length - 1].le !== Infinity) return NaN;
  // ensureMonotonic: a bucket with fewer counts than the one before is read as that one.
  for (let i = 1; i < b.length; i++) if (b[i].count < b[i - 1].count) b[i] = { ...b[i], count: b[i - 1].count };
  const observations = b[b.length - 1].count;
  if (observations === 0) return NaN;
  let rank = q * observations;
  let i = b.findIndex((x, j) => j < b.length - 1 && x.count >= rank);
  if (i < 0) i = b.length - 1;
  if (i === b.length - 1) return b[b.length - 2].le;
  if (i === 0 && b[0].le <= 0) return b[0].le;
  let start = 0;
  const end = b[i].le;
  let count = b[i].count;
  if (i > 0) {
    start = b[i - 1].le;
    count -= b[i - 1].count;
    rank -= b[i - 1].count;
  }
  return start + (end - start) * (rank / count);
}

/**
 * How Prometheus prints a sample: model.Metric.String (`name{a="x", b="y"}`) and
 * model.SampleValue (strconv 'f', -1). Shared by `sim metrics query` and the page's Metrics tab.
 * upstream: prometheus/common/model (metric.go, value_float.go).
 */
import type { Labels } from './store';

/** Go's strconv.FormatFloat(v, 'f', -1, 64), as model.SampleValue prints. */
export function formatSampleValue(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return '+Inf';
  if (v === -Infinity) return '-Inf';
  const s = String(v);
  if (!/e/.test(s)) return s;
  // Exponent forms (1e-7, 1e+21) spelled out in full, as 'f' does.
  const [mant, exp] = s.split('e');
  const e = Number(exp);
  const [int, frac = ''] = mant.replace('-', '').split('.');
  const digits = int + frac;
  const point = int.length + e;
  const body = point <= 0 ? `0.${'0'.repeat(-point)}${digits}` : point >= digits.length ? digits + '0'.repeat(point - digits.length) : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return (v < 0 ? '-' : '') + body;
}

/** model.Metric.String: `name{a="x", b="y"}`, labels sorted, Go-quoted values. */
export function formatMetric(labels: Labels): string {
  const name = labels.__name__ ?? '';
  const pairs = Object.keys(labels)
    .filter((n) => n !== '__name__')
    .sort()
    .map((n) => `${n}=${JSON.stringify(labels[n])}`);
  if (pairs.length === 0) return name === '' ? '{}' : name;
  return `${name}{${pairs.join(', ')}}`;
}

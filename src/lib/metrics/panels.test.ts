import { describe, expect, it } from 'vitest';
import { formatValue, PANELS, refreshKey, unitOf, windowQueries } from './panels';
import { parsePromQL } from '../../sim/monitoring/promql-parse';

describe('Metrics tab panels', () => {
  it('every panel query parses', () => {
    for (const p of PANELS) for (const q of p.queries) expect(() => parsePromQL(q.expr), q.expr).not.toThrow();
  });

  it('the eviction thresholds are the kubelet defaults: capacity - 100Mi, 90% of nodefs', () => {
    const exprs = PANELS.flatMap((p) => p.queries.map((q) => q.expr));
    expect(exprs).toContain('machine_memory_bytes - 104857600');
    expect(exprs).toContain('container_fs_limit_bytes{id="/"} * 0.9');
  });

  it('asks for the last 10 minutes, or since boot, one point per scrape', () => {
    expect(windowQueries(['up'], 90_000)).toEqual([{ expr: 'up', start: 0, end: 90_000, step: 15_000 }]);
    expect(windowQueries(['up'], 900_000)).toEqual([{ expr: 'up', start: 300_000, end: 900_000, step: 15_000 }]);
  });

  it('refreshes live at each scrape, and at each moment viewed in the past', () => {
    expect(refreshKey(15_000, false)).toBe(refreshKey(29_999, false));
    expect(refreshKey(29_999, false)).not.toBe(refreshKey(30_000, false));
    expect(refreshKey(20_000, true)).not.toBe(refreshKey(20_001, true));
  });

  it.each([
    [0.00495, 'seconds', '4.95ms'],
    [12.5, 'seconds', '12.5s'],
    [0.0000123, 'seconds', '12.3µs'],
    [104857600, 'bytes', '100Mi'],
    [3, 'count', '3'],
    [2.3333333, 'count', '2.33'],
    [NaN, 'count', 'NaN']
  ] as const)('formats %d %s as %s', (v, unit, text) => {
    expect(formatValue(v, unit)).toBe(text);
  });
});

describe('unitOf', () => {
  it.each([
    ['container_memory_working_set_bytes{id="/"}', 'bytes'],
    ['histogram_quantile(0.99, sum by (le) (rate(kubelet_pleg_relist_duration_seconds_bucket[1m])))', 'seconds'],
    ['rate(kubelet_runtime_operations_duration_seconds_count[1m])', 'count'],
    ['kubelet_running_pods', 'count']
  ] as const)('%s -> %s', (expr, unit) => {
    expect(unitOf(expr)).toBe(unit);
  });
});

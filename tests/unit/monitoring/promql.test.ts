/** The small PromQL against hand-computed values: selectors, lookback, rate / increase extrapolation, aggregation, quantiles, errors. */
import { describe, expect, it } from 'vitest';
import { MetricsStore } from '../../../src/sim/monitoring/store';
import { Evaluator, bucketQuantile } from '../../../src/sim/monitoring/promql-eval';
import { parsePromQL } from '../../../src/sim/monitoring/promql-parse';

/** A store holding `series` scraped every 15 s from t = 15 s: values[k] at (k + 1) * 15 s. */
function storeOf(series: { instance: string; name: string; labels?: Record<string, string>; values: number[] }[]): MetricsStore {
  const store = new MetricsStore();
  const steps = Math.max(...series.map((s) => s.values.length));
  for (let k = 0; k < steps; k++) {
    for (const instance of [...new Set(series.map((s) => s.instance))]) {
      const samples = series.filter((s) => s.instance === instance && k < s.values.length).map((s) => ({ name: s.name, labels: s.labels ?? {}, value: s.values[k] }));
      store.appendScrape((k + 1) * 15_000, 'kubelet', instance, samples);
    }
  }
  return store;
}

const values = (ev: Evaluator, q: string, t: number) => {
  const v = ev.instant(q, t);
  return v.type === 'scalar' ? v.value : v.samples.map((s) => [s.labels, s.value]);
};

describe('instant selectors', () => {
  const ev = new Evaluator(
    storeOf([
      { instance: 'worker-1', name: 'kubelet_running_pods', values: [1, 2, 3] },
      { instance: 'worker-2', name: 'kubelet_running_pods', values: [5, 5, 5] },
      { instance: 'worker-1', name: 'kubelet_running_containers', labels: { container_state: 'running' }, values: [2, 4, 6] },
      { instance: 'worker-1', name: 'kubelet_running_containers', labels: { container_state: 'exited' }, values: [0, 1, 1] }
    ])
  );

  it.each([
    ['kubelet_running_pods', 30_000, [[{ __name__: 'kubelet_running_pods', instance: 'worker-1', job: 'kubelet' }, 2], [{ __name__: 'kubelet_running_pods', instance: 'worker-2', job: 'kubelet' }, 5]]],
    // Between scrapes, the latest sample (at 30 s) is the value.
    ['kubelet_running_pods{instance="worker-1"}', 44_999, [[{ __name__: 'kubelet_running_pods', instance: 'worker-1', job: 'kubelet' }, 2]]],
    ['kubelet_running_pods{instance!="worker-1"}', 45_000, [[{ __name__: 'kubelet_running_pods', instance: 'worker-2', job: 'kubelet' }, 5]]],
    ['kubelet_running_containers{container_state=~"run.*"}', 45_000, [[{ __name__: 'kubelet_running_containers', container_state: 'running', instance: 'worker-1', job: 'kubelet' }, 6]]],
    ['kubelet_running_containers{container_state!~"run.*"}', 45_000, [[{ __name__: 'kubelet_running_containers', container_state: 'exited', instance: 'worker-1', job: 'kubelet' }, 1]]],
    ['{__name__="kubelet_running_pods", instance="worker-2"}', 45_000, [[{ __name__: 'kubelet_running_pods', instance: 'worker-2', job: 'kubelet' }, 5]]],
    ['sum(kubelet_running_pods)', 45_000, [[{}, 8]]],
    ['sum by (container_state) (kubelet_running_containers)', 45_000, [[{ container_state: 'running' }, 6], [{ container_state: 'exited' }, 1]]],
    ['sum without (container_state) (kubelet_running_containers)', 45_000, [[{ instance: 'worker-1', job: 'kubelet' }, 7]]],
    ['max(kubelet_running_pods) by (job)', 15_000, [[{ job: 'kubelet' }, 5]]],
    ['count(up == 1)', 45_000, [[{}, 2]]],
    ['kubelet_running_pods * 2 + 1', 15_000, [[{ instance: 'worker-1', job: 'kubelet' }, 3], [{ instance: 'worker-2', job: 'kubelet' }, 11]]],
    ['kubelet_running_pods > 3', 45_000, [[{ __name__: 'kubelet_running_pods', instance: 'worker-2', job: 'kubelet' }, 5]]],
    ['topk(1, kubelet_running_pods)', 15_000, [[{ __name__: 'kubelet_running_pods', instance: 'worker-2', job: 'kubelet' }, 5]]],
    ['sum(kubelet_running_containers) / sum(kubelet_running_pods{instance="worker-1"})', 45_000, [[{}, 7 / 3]]],
    ['2 ^ 3 ^ 2', 0, 512],
    ['(1 + 2) * 3', 0, 9]
  ])('%s at %d ms', (q, t, want) => {
    expect(values(ev, q, t)).toEqual(want);
  });

  it('looks back 5 minutes for a sample, and no further', () => {
    expect(values(ev, 'kubelet_running_pods{instance="worker-1"}', 45_000 + 299_999)).toEqual([[{ __name__: 'kubelet_running_pods', instance: 'worker-1', job: 'kubelet' }, 3]]);
    expect(values(ev, 'kubelet_running_pods{instance="worker-1"}', 45_000 + 300_000)).toEqual([]);
  });
});

describe('rate and increase (upstream extrapolatedRate)', () => {
  const ev = new Evaluator(
    storeOf([
      { instance: 'steady', name: 'ops_total', values: [15, 30, 45, 60, 75] },
      { instance: 'reset', name: 'ops_total', values: [100, 130, 10, 40] },
      { instance: 'young', name: 'ops_total', values: [1, 16, 31, 46] }
    ])
  );
  const at = (q: string, t: number) => Object.fromEntries((ev.instant(q, t) as { samples: { labels: Record<string, string>; value: number }[] }).samples.map((s) => [s.labels.instance, s.value]));

  it('a counter growing 1/s: rate 1 and increase 60 over 1m, at a scrape and between scrapes', () => {
    // At 60 s the range (0, 60] holds 15..60 s: 45 in 45 s, extrapolated 15 s to the start (within 1.1 intervals), 0 to the end.
    // 45 * ((60 / 45) / 60): 0.9999999999999999 in float64, as Go computes it too.
    expect(at('rate(ops_total{instance="steady"}[1m])', 60_000).steady).toBeCloseTo(1, 12);
    expect(at('increase(ops_total{instance="steady"}[1m])', 60_000).steady).toBeCloseTo(60, 12);
    // At 70 s, (10, 70] holds 15..60 s: extrapolated 5 s back and 10 s forward.
    expect(at('increase(ops_total{instance="steady"}[1m])', 70_000).steady).toBeCloseTo(60, 10);
  });

  it('adds back a counter reset: 130 -> 10 means 130 more', () => {
    // (40 - 100) + 130 = 70 over 45 s of samples, extrapolated to 60 s: 70 * 60 / 45.
    expect(at('increase(ops_total{instance="reset"}[1m])', 60_000).reset).toBeCloseTo(93.3333333, 6);
    expect(at('rate(ops_total{instance="reset"}[1m])', 60_000).reset).toBeCloseTo(93.3333333 / 60, 6);
  });

  it('never extrapolates a counter below zero', () => {
    // 45 over 45 s; the zero point is 1 s before the first sample (45 * 1/45), closer than the 15 s to the range start.
    expect(at('increase(ops_total{instance="young"}[1m])', 60_000).young).toBeCloseTo(46, 10);
  });

  it('stops extrapolating when the samples end early: half an interval past the last', () => {
    // At 120 s, (60, 120] holds only 75 s for "steady": one sample, no rate.
    expect(at('rate(ops_total[1m])', 120_000)).toEqual({});
    // At 100 s, (40, 100] holds 45, 60, 75 s: 30 over 30 s; start 5 s (< 16.5 s), end 25 s >= 16.5 s -> 7.5 s.
    expect(at('increase(ops_total{instance="steady"}[1m])', 100_000).steady).toBeCloseTo((30 * (30 + 5 + 7.5)) / 30, 10);
  });

  it('irate and delta', () => {
    expect(at('irate(ops_total[1m])', 60_000)).toEqual({ steady: 1, reset: 2, young: 1 });
    expect(at('delta(ops_total{instance="reset"}[1m])', 60_000).reset).toBeCloseTo((-60 * 60) / 45, 10);
  });

  it('a range query evaluates at each step', () => {
    const r = ev.range('rate(ops_total{instance="steady"}[30s])', 30_000, 75_000, 15_000);
    expect(r).toEqual([{ labels: { instance: 'steady', job: 'kubelet' }, points: [[30_000, 1], [45_000, 1], [60_000, 1], [75_000, 1]] }]);
  });
});

describe('histogram_quantile (upstream bucketQuantile)', () => {
  it.each([
    [0.5, 0.3], // rank 20 falls in (0.1, 0.5] holding 20: 0.1 + 0.4 * 10/20
    [0.99, 0.98], // rank 39.6 in (0.5, 1] holding 10: 0.5 + 0.5 * 9.6/10
    [0, 0],
    [1.5, Infinity],
    [-1, -Infinity]
  ])('q=%d', (q, want) => {
    expect(bucketQuantile(q, [{ le: 0.1, count: 10 }, { le: 0.5, count: 30 }, { le: 1, count: 40 }, { le: Infinity, count: 40 }])).toBeCloseTo(want, 10);
  });

  it('in the +Inf bucket: the highest finite bound; no observations or no +Inf: NaN', () => {
    expect(bucketQuantile(0.9, [{ le: 0.1, count: 10 }, { le: Infinity, count: 20 }])).toBe(0.1);
    expect(bucketQuantile(0.5, [{ le: 0.1, count: 0 }, { le: Infinity, count: 0 }])).toBeNaN();
    expect(bucketQuantile(0.5, [{ le: 0.1, count: 3 }, { le: 1, count: 5 }])).toBeNaN();
  });

  it('over summed bucket rates of two nodes', () => {
    const bucket = (instance: string, counts: Record<string, number>) =>
      Object.entries(counts).map(([le, c]) => ({ instance, name: 'kubelet_pleg_relist_duration_seconds_bucket', labels: { le }, values: [1, 2, 3, 4].map((k) => k * c) }));
    const ev = new Evaluator(storeOf([...bucket('a', { '0.1': 10, '0.5': 30, '1': 40, '+Inf': 40 }), ...bucket('b', { '0.1': 10, '0.5': 10, '1': 20, '+Inf': 40 })]));
    // Summed per 15 s: 20, 40, 60, 80. q=0.6: rank 48 in (0.5, 1] holding 20: 0.5 + 0.5 * 8/20 = 0.7.
    const v = ev.instant('histogram_quantile(0.6, sum by (le) (rate(kubelet_pleg_relist_duration_seconds_bucket[1m])))', 60_000);
    expect(v.type === 'vector' && v.samples.length).toBe(1);
    expect(v.type === 'vector' && v.samples[0].labels).toEqual({});
    expect(v.type === 'vector' && v.samples[0].value).toBeCloseTo(0.7, 10);
    const perNode = ev.instant('histogram_quantile(0.5, rate(kubelet_pleg_relist_duration_seconds_bucket[1m]))', 60_000);
    expect(perNode.type === 'vector' && perNode.samples.map((s) => [s.labels.instance, +s.value.toFixed(6)])).toEqual([['a', 0.3], ['b', 1]]);
  });
});

describe('errors name the column', () => {
  it.each([
    ['kubelet_running_pods{instance=}', '1:31: parse error: unexpected "}" in label matching, expected string'],
    ['rate(kubelet_running_pods[5x])', '1:27: parse error: unexpected number "5" in range, expected a duration such as 5m'],
    ['sum by (le (x)', '1:12: parse error: unexpected "(" in grouping, expected "," or ")"'],
    ['{instance=~".*"}', '1:1: parse error: vector selector must contain at least one non-empty matcher'],
    ['up{job=~"("}', '1:9: parse error: invalid regular expression "("'],
    ['up +', '1:5: parse error: unexpected end of input'],
    ['', '1:1: parse error: no expression found in input'],
    ['up $', '1:4: parse error: unexpected character: "$"']
  ])('%j', (q, message) => {
    expect(() => parsePromQL(q)).toThrow(message);
  });

  it.each([
    ['rate(up)', 'expected type range vector in call to function "rate", got instant vector'],
    ['up[5m]', 'a range vector cannot be the result of a query: wrap it in a function such as rate(...)'],
    ['nosuch(up)', 'unknown function with name "nosuch"']
  ])('evaluating %j', (q, message) => {
    expect(() => new Evaluator(new MetricsStore()).instant(q, 0)).toThrow(message);
  });
});

/**
 * The worker side of the Metrics tab: runs the page's range queries over a cluster's metrics
 * store (src/sim/monitoring) and returns plain data (labels and points) for Comlink to copy.
 * Queries never reach past the cluster's present: `end` is clamped to it.
 */
import { SIM_EPOCH_MS } from '../../sim/kernel/clock';
import { Evaluator, MAX_POINTS } from '../../sim/monitoring/promql-eval';
import type { MetricsStore } from '../../sim/monitoring/store';
import type { MetricsQuery, MetricsResult } from './protocol';

export function runMetricsQueries(store: MetricsStore | undefined, queries: readonly MetricsQuery[], now: number): MetricsResult[] {
  if (!store) return queries.map(() => ({ ok: false, error: 'the metrics store is off in this cluster' }));
  const ev = new Evaluator(store, { epochMs: SIM_EPOCH_MS });
  return queries.map((q) => {
    try {
      const end = Math.min(q.end, now);
      const step = Math.max(q.step, Math.ceil((end - q.start) / MAX_POINTS), 1);
      const start = Math.min(q.start, end);
      const series = ev.range(q.expr, end - Math.floor((end - start) / step) * step, end, step).map((s) => ({ labels: { ...s.labels }, points: s.points }));
      const v = ev.instant(q.expr, end);
      const instant = v.type === 'scalar' ? [{ labels: {}, value: v.value }] : v.samples.map((s) => ({ labels: { ...s.labels }, value: s.value }));
      return { ok: true, series, instant };
    } catch (e) {
      return { ok: false, error: (e as Error).message };
    }
  });
}

/**
 * `sim metrics ...`: the metrics store from the console.
 *   sim metrics query EXPR [--at DURATION]   an instant query, printed as promtool's `query instant`
 *                                            prints a vector: `name{l="v", ...} => VALUE @[UNIX_SECONDS]`
 *   sim metrics status                       what the store holds (targets up, series, samples, limits)
 * The store starts scraping at the first `sim metrics` if the cluster booted without it.
 * upstream: prometheus/cmd/promtool (query instant), prometheus/common/model value.go
 * (Sample.String, Metric.String, SampleValue and Time formats).
 */
import type { Cluster } from './cluster';
import type { CommandOutput } from '../kubectl/context';
import { SIM_EPOCH_MS, formatDuration, parseDuration } from '../kernel/clock';
import { Evaluator, type Value } from '../monitoring/promql-eval';
import { DEFAULT_MAX_SERIES } from '../monitoring/store';
import { formatMetric, formatSampleValue } from '../monitoring/format';
import { SCRAPE_INTERVAL_MS } from './metrics-scraper';

const ok = (stdout: string): CommandOutput => ({ stdout, stderr: '', exitCode: 0 });
const fail = (stderr: string): CommandOutput => ({ stdout: '', stderr, exitCode: 1 });

const USAGE = 'error: usage: sim metrics query EXPR [--at DURATION] | sim metrics status\n';

/** promtool's instant query output: one sample a line; a scalar as `scalar: V @[T]`. */
export function formatInstant(v: Value, t: number): string {
  const at = `@[${formatSampleValue((SIM_EPOCH_MS + t) / 1000)}]`;
  if (v.type === 'scalar') return `scalar: ${formatSampleValue(v.value)} ${at}\n`;
  return v.samples.map((s) => `${formatMetric(s.labels)} => ${formatSampleValue(s.value)} ${at}\n`).join('');
}

export function simMetrics(c: Cluster, args: string[]): CommandOutput {
  const [action, ...rest] = args;
  const wasOff = c.metrics === undefined;
  const store = c.enableMetrics();
  const note = wasOff ? `The metrics store was off: it scrapes every kubelet every ${formatDuration(SCRAPE_INTERVAL_MS)} from now on (sim advance 30s, then ask again).\n` : '';
  switch (action) {
    case 'query': {
      let at = c.now;
      const exprParts: string[] = [];
      for (let i = 0; i < rest.length; i++) {
        if (rest[i] === '--at') {
          const d = rest[++i];
          if (d === undefined) return fail('error: flag needs an argument: --at\n');
          try {
            at = parseDuration(d);
          } catch (e) {
            return fail(`error: invalid --at ${JSON.stringify(d)}: ${(e as Error).message}\n`);
          }
          if (at > c.now) return fail(`error: --at ${d} is in the future: the cluster is at ${formatDuration(c.now)}\n`);
        } else exprParts.push(rest[i]);
      }
      if (exprParts.length === 0) return fail(USAGE);
      try {
        const v = new Evaluator(store, { epochMs: SIM_EPOCH_MS }).instant(exprParts.join(' '), at);
        const out = formatInstant(v, at);
        return ok(note + (out === '' ? 'Empty query result\n' : out));
      } catch (e) {
        return fail(`${note}Error: query error: ${(e as Error).message}\n`);
      }
    }
    case 'status': {
      const up = new Evaluator(store).instant('up', c.now);
      const targets = up.type === 'vector' ? up.samples : [];
      const lines = [
        `scrape interval:  ${formatDuration(SCRAPE_INTERVAL_MS)} (jobs kubelet: /metrics, cadvisor: /metrics/cadvisor)`,
        `targets up:       ${targets.filter((s) => s.value === 1).length}/${targets.length}`,
        `series:           ${store.seriesCount} (at most ${store.maxSeries === DEFAULT_MAX_SERIES ? DEFAULT_MAX_SERIES : store.maxSeries})`,
        `samples:          ${store.sampleCount()} (retention ${formatDuration(store.retentionMs)})`,
        `dropped samples:  ${store.droppedSamples}`
      ];
      return ok(note + lines.join('\n') + '\n');
    }
    default:
      return fail(USAGE);
  }
}

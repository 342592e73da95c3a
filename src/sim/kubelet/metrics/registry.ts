/**
 * A small Prometheus registry: counters, gauges and histograms with label vectors, rendered in
 * the text exposition format (version 0.0.4) as the kubelet's /metrics serves it. Values change
 * only when something happens (an observation, an increment); rendering happens on request, so
 * an idle cluster pays nothing per tick.
 * upstream: k8s.io/component-base/metrics (opts.go: stability level in HELP as `[ALPHA]`,
 * `[STABLE]`; DefBuckets, ExponentialBuckets), github.com/prometheus/common/expfmt
 * (text_create.go: families sorted by name, `_bucket{le=...}`, `_sum`, `_count`, labels sorted,
 * floats as strconv 'g'), github.com/prometheus/client_golang/prometheus (histogram.go).
 */
import { formatFloatG } from '../../kubectl/printers/gofmt';

export type StabilityLevel = 'ALPHA' | 'BETA' | 'STABLE';
export type MetricType = 'counter' | 'gauge' | 'histogram';

/** upstream: prometheus.DefBuckets */
export const DEF_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** upstream: prometheus.ExponentialBuckets(start, factor, count) */
export function exponentialBuckets(start: number, factor: number, count: number): number[] {
  const out: number[] = [];
  let v = start;
  for (let i = 0; i < count; i++) {
    out.push(v);
    v *= factor;
  }
  return out;
}

export interface MetricOpts {
  /** The full name, e.g. `kubelet_running_pods` (subsystem_name). */
  name: string;
  help: string;
  stabilityLevel: StabilityLevel;
  labels?: readonly string[];
  buckets?: readonly number[];
}

interface Series {
  labels: Record<string, string>;
  value: number;
  /** Histograms: cumulative counts are computed at render time from per-bucket counts. */
  bucketCounts?: number[];
  sum?: number;
  count?: number;
  /** The series' label text and its buckets' (labels never change: made once, at the first render). */
  text?: string;
  bucketTexts?: string[];
}

/** A series of a metric vector, held (Metric.child). */
export interface MetricChild {
  inc(by?: number): void;
  /** `n` observations of `v` (a histogram). */
  observe(v: number, n?: number): void;
}

/** `n` observations of `v` in a histogram series. */
function observeInto(s: Series, buckets: readonly number[], v: number, n: number): void {
  // The first bucket the value fits (a loop: every runtime operation observes, no closure per call).
  let i = 0;
  while (i < buckets.length && !(v <= buckets[i])) i++;
  if (i < buckets.length) s.bucketCounts![i] += n;
  s.sum! += v * n;
  s.count! += n;
}

/** One metric family (a vector when it has labels). */
export class Metric {
  readonly #series = new Map<string, Series>();

  constructor(
    readonly type: MetricType,
    readonly opts: MetricOpts
  ) {}

  #get(labelValues: Record<string, string>): Series {
    const names = this.opts.labels ?? [];
    // Most metrics have one label (operation_type): its value is the key, nothing to join.
    const key = names.length === 1 ? (labelValues[names[0]] ?? '') : names.map((n) => labelValues[n] ?? '').join('\u0000');
    let s = this.#series.get(key);
    if (!s) {
      const labels: Record<string, string> = {};
      for (const n of names) labels[n] = labelValues[n] ?? '';
      s = { labels, value: 0 };
      if (this.type === 'histogram') {
        s.bucketCounts = new Array<number>((this.opts.buckets ?? DEF_BUCKETS).length).fill(0);
        s.sum = 0;
        s.count = 0;
      }
      this.#series.set(key, s);
    }
    return s;
  }

  inc(labels: Record<string, string> = {}, by = 1): void {
    this.#get(labels).value += by;
  }

  /**
   * One series of the vector, held by a caller that updates it often (client_golang's
   * WithLabelValues): its updates skip the lookup. The series stays until reset().
   */
  child(labels: Record<string, string>): MetricChild {
    const s = this.#get(labels);
    const buckets = this.opts.buckets ?? DEF_BUCKETS;
    return {
      inc: (by = 1) => void (s.value += by),
      observe: (v, n = 1) => observeInto(s, buckets, v, n)
    };
  }

  set(value: number, labels: Record<string, string> = {}): void {
    this.#get(labels).value = value;
  }

  /** Drops every series (a gauge vector recomputed from scratch). */
  reset(): void {
    this.#series.clear();
  }

  /** A histogram observation, in the metric's unit (seconds). */
  observe(v: number, labels: Record<string, string> = {}): void {
    this.observeN(v, 1, labels);
  }

  /** `n` observations of the same value at once (relists counted at scrape time). */
  observeN(v: number, n: number, labels: Record<string, string> = {}): void {
    if (n <= 0) return;
    observeInto(this.#get(labels), this.opts.buckets ?? DEF_BUCKETS, v, n);
  }

  /** The current value of a counter or gauge series (tests, /stats). */
  value(labels: Record<string, string> = {}): number {
    return this.#get(labels).value;
  }

  /** A histogram series' observation count. */
  count(labels: Record<string, string> = {}): number {
    return this.#get(labels).count ?? 0;
  }

  /** The family in text exposition format; a family without series prints nothing (as client_golang). */
  render(): string {
    if (this.#series.size === 0) return '';
    const { name, help, stabilityLevel } = this.opts;
    let out = `# HELP ${name} [${stabilityLevel}] ${escapeHelp(help)}\n# TYPE ${name} ${this.type}\n`;
    const series = [...this.#series.values()].sort((a, b) => compareLabels(a.labels, b.labels));
    for (const s of series) {
      s.text ??= labelText(s.labels);
      if (this.type !== 'histogram') {
        out += `${name}${s.text} ${formatFloatG(s.value)}\n`;
        continue;
      }
      const buckets = this.opts.buckets ?? DEF_BUCKETS;
      s.bucketTexts ??= [...buckets.map((b) => labelText({ ...s.labels, le: formatFloatG(b) })), labelText({ ...s.labels, le: '+Inf' })];
      let cumulative = 0;
      for (let i = 0; i < buckets.length; i++) {
        cumulative += s.bucketCounts![i];
        out += `${name}_bucket${s.bucketTexts[i]} ${cumulative}\n`;
      }
      out += `${name}_bucket${s.bucketTexts[buckets.length]} ${s.count}\n`;
      out += `${name}_sum${s.text} ${formatFloatG(s.sum!)}\n`;
      out += `${name}_count${s.text} ${s.count}\n`;
    }
    return out;
  }
}

/** upstream: expfmt escapes `\` and newlines in HELP, plus `"` in label values. */
function escapeHelp(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

export function labelText(labels: Record<string, string>): string {
  // `le` stays last, as client_golang appends it after the sorted label pairs.
  const names = Object.keys(labels).filter((n) => n !== 'le').sort();
  if ('le' in labels) names.push('le');
  if (names.length === 0) return '';
  return `{${names.map((n) => `${n}="${labels[n].replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"')}"`).join(',')}}`;
}

function compareLabels(a: Record<string, string>, b: Record<string, string>): number {
  for (const n of Object.keys(a).sort()) {
    if (a[n] !== b[n]) return a[n] < b[n] ? -1 : 1;
  }
  return 0;
}

export class Registry {
  readonly #metrics: Metric[] = [];

  counter(opts: MetricOpts): Metric {
    return this.#add(new Metric('counter', opts));
  }

  gauge(opts: MetricOpts): Metric {
    return this.#add(new Metric('gauge', opts));
  }

  histogram(opts: MetricOpts): Metric {
    return this.#add(new Metric('histogram', opts));
  }

  #add(m: Metric): Metric {
    this.#metrics.push(m);
    return m;
  }

  /** Every family with at least one series, sorted by name (upstream: Gatherer output order). */
  render(): string {
    return [...this.#metrics]
      .sort((a, b) => (a.opts.name < b.opts.name ? -1 : a.opts.name > b.opts.name ? 1 : 0))
      .map((m) => m.render())
      .join('');
  }
}

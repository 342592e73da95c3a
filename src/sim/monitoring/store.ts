/**
 * The metrics store: Prometheus's TSDB, small. Each scrape of a target (job + instance) appends
 * one sample per series at the scrape's virtual time; a series the target no longer exposes, or
 * every series of a target that is down, gets a staleness marker (upstream: scrape.go
 * `staleness markers`), so an instant query stops returning it at once instead of 5 minutes later.
 * `up{job,instance}` is 1 for a scrape that answered and 0 for one that did not.
 * Bounded: samples older than `retentionMs` (default 1 h of virtual time) are dropped at each
 * append, and at most `maxSeries` series (default 20,000) are kept: samples of new series past
 * the cap are dropped and counted in `droppedSamples` (Prometheus's `sample_limit` fails the whole
 * scrape instead; here the series already kept go on).
 * upstream: prometheus/tsdb (head block), prometheus/scrape/scrape.go (up, staleness).
 */
import { parseExposition, parseGoFloat, type ExpositionSample } from './exposition';

export type Labels = Readonly<Record<string, string>>;

/** A NaN sample is a staleness marker (the kubelets never expose NaN; upstream uses a NaN payload). */
export const isStale = (v: number): boolean => Number.isNaN(v);

export interface Series {
  readonly labels: Labels;
  readonly key: string;
  /** Virtual ms, ascending. */
  readonly t: number[];
  readonly v: number[];
  /** Set when retention dropped the series (a target's line cache must not use it again). */
  dropped?: boolean;
}

export interface StoreOptions {
  retentionMs?: number;
  maxSeries?: number;
}

export const DEFAULT_RETENTION_MS = 3_600_000;
export const DEFAULT_MAX_SERIES = 20_000;

/** The identity of a series: its labels sorted by name (`__name__` first, as it sorts). */
export function labelsKey(labels: Labels): string {
  let key = '';
  for (const n of Object.keys(labels).sort()) key += `${n}\u0001${labels[n]}\u0002`;
  return key;
}

export class MetricsStore {
  readonly retentionMs: number;
  readonly maxSeries: number;
  /** Samples dropped because the series cap was reached. */
  droppedSamples = 0;
  #seriesCount = 0;
  readonly #byName = new Map<string, Map<string, Series>>();
  /** The series each target exposed at its last scrape (for staleness markers). */
  readonly #lastSeen = new Map<string, Set<Series>>();
  /** Per target: a sample line's text before its value -> its series (a scrape mostly repeats the last one's lines). */
  readonly #lineCache = new Map<string, Map<string, Series | null>>();
  /** Virtual time of the latest scrape. */
  #head = 0;

  constructor(opts: StoreOptions = {}) {
    this.retentionMs = opts.retentionMs ?? DEFAULT_RETENTION_MS;
    this.maxSeries = opts.maxSeries ?? DEFAULT_MAX_SERIES;
  }

  get seriesCount(): number {
    return this.#seriesCount;
  }

  /** The time of the latest scrape (virtual ms). */
  get head(): number {
    return this.#head;
  }

  /** Every sample held (for measurements). */
  sampleCount(): number {
    let n = 0;
    for (const m of this.#byName.values()) for (const s of m.values()) n += s.t.length;
    return n;
  }

  /**
   * One scrape of `job`/`instance` at virtual time `t`: the samples it returned (undefined when the
   * target did not answer). A sample's own timestamp (ms since the Unix epoch, minus `epochMs`) is
   * honoured, as Prometheus's honor_timestamps does.
   */
  appendScrape(t: number, job: string, instance: string, samples: readonly ExpositionSample[] | undefined, epochMs = 0): void {
    const target = `${job}\u0000${instance}`;
    const pending = samples?.map((s) => ({ series: this.#series({ ...s.labels, __name__: s.name, job, instance }), t: s.timestampMs !== undefined ? s.timestampMs - epochMs : t, v: s.value }));
    this.#commit(t, target, job, instance, pending);
  }

  /** Appends a scrape's samples (undefined: the target is down), staleness markers, `up`; then retention. */
  #commit(t: number, target: string, job: string, instance: string, pending: { series: Series | undefined; t: number; v: number }[] | undefined): void {
    const seen = new Set<Series>();
    for (const p of pending ?? []) {
      if (!p.series) {
        this.droppedSamples++;
        continue;
      }
      push(p.series, p.t, p.v);
      seen.add(p.series);
    }
    this.#finish(t, target, job, instance, seen, pending !== undefined);
  }

  #finish(t: number, target: string, job: string, instance: string, seen: Set<Series>, answered: boolean): void {
    const prev = this.#lastSeen.get(target);
    if (prev) for (const series of prev) if (!seen.has(series)) push(series, t, NaN);
    this.#lastSeen.set(target, seen);
    const up = this.#series({ __name__: 'up', job, instance });
    if (up) push(up, t, answered ? 1 : 0);
    else this.droppedSamples++;
    // Once per scrape round (every target is scraped at the same instant).
    if (t > this.#head) {
      this.#head = t;
      this.#expire(t - this.retentionMs);
    }
  }

  /**
   * One scrape as the target's exposition text (undefined when it did not answer). Lines seen at
   * an earlier scrape of this target find their series by their text before the value, so only
   * new lines are parsed in full; the result is the same as parseExposition + appendScrape. A
   * malformed line throws (the scrape fails there; the kubelets never serve one).
   */
  appendText(t: number, job: string, instance: string, text: string | undefined, epochMs = 0): void {
    if (text === undefined) return this.appendScrape(t, job, instance, undefined, epochMs);
    const target = `${job}\u0000${instance}`;
    const cache = this.#lineCache.get(target);
    // Only this scrape's lines stay cached: a gone container's lines do not pile up.
    const next = new Map<string, Series | null>();
    const seen = new Set<Series>();
    for (const line of text.split('\n')) {
      if (line === '' || line.charCodeAt(0) === 35 /* # */) continue;
      const brace = line.indexOf('{');
      const end = brace >= 0 ? line.lastIndexOf('}') + 1 : line.indexOf(' ');
      if (end <= 0) throw new Error(`text format parsing error: ${JSON.stringify(line)}`);
      const prefix = line.slice(0, end);
      let series = cache?.get(prefix);
      // A line dropped at the cap stays dropped (unparsed) while the store is full.
      if (series === null && this.#seriesCount >= this.maxSeries) {
        next.set(prefix, null);
        this.droppedSamples++;
        continue;
      }
      if (series?.dropped) series = undefined;
      if (!series) {
        const [sample] = parseExposition(line).samples;
        series = this.#series({ ...sample.labels, __name__: sample.name, job, instance });
        if (!series) {
          next.set(prefix, null);
          this.droppedSamples++;
          continue;
        }
      }
      next.set(prefix, series);
      let i = end;
      while (line.charCodeAt(i) === 32) i++;
      const sp = line.indexOf(' ', i);
      const v = parseGoFloat(sp < 0 ? line.slice(i) : line.slice(i, sp));
      push(series, sp < 0 ? t : Number(line.slice(sp + 1)) - epochMs, v);
      seen.add(series);
    }
    this.#lineCache.set(target, next);
    this.#finish(t, target, job, instance, seen, true);
  }

  /** The series of one metric name (all series when `name` is undefined). */
  *select(name: string | undefined): Iterable<Series> {
    if (name !== undefined) {
      const m = this.#byName.get(name);
      if (m) yield* m.values();
      return;
    }
    for (const m of this.#byName.values()) yield* m.values();
  }

  /** Metric names held, sorted (the query box's suggestions). */
  names(): string[] {
    return [...this.#byName.keys()].sort();
  }

  #series(labels: Labels): Series | undefined {
    const name = labels.__name__;
    let m = this.#byName.get(name);
    const key = labelsKey(labels);
    let s = m?.get(key);
    if (s) return s;
    if (this.#seriesCount >= this.maxSeries) return undefined;
    if (!m) this.#byName.set(name, (m = new Map()));
    s = { labels: Object.freeze({ ...labels }), key, t: [], v: [] };
    m.set(key, s);
    this.#seriesCount++;
    return s;
  }

  /** Drops samples before `cutoff`, and series left empty. */
  #expire(cutoff: number): void {
    for (const [name, m] of this.#byName) {
      for (const [key, s] of m) {
        if (s.t.length === 0 || s.t[0] >= cutoff) continue;
        let i = 0;
        while (i < s.t.length && s.t[i] < cutoff) i++;
        s.t.splice(0, i);
        s.v.splice(0, i);
        if (s.t.length === 0) {
          s.dropped = true;
          m.delete(key);
          this.#seriesCount--;
          for (const seen of this.#lastSeen.values()) seen.delete(s);
        }
      }
      if (m.size === 0) this.#byName.delete(name);
    }
  }
}

function push(s: Series, t: number, v: number): void {
  const n = s.t.length;
  // Out of order or duplicate timestamps are refused, as the TSDB's appender does.
  if (n > 0 && t <= s.t[n - 1]) return;
  s.t.push(t);
  s.v.push(v);
}

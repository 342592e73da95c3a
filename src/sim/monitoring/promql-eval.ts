/**
 * Evaluates the small PromQL of promql-parse.ts over the MetricsStore, as Prometheus does: an
 * instant query at a time (each selector picks a series' latest sample within the 5 minute
 * lookback, none if that is a staleness marker) and a range query (the instant query at each step
 * from start to end). Range selectors take the samples in (t - range, t] (left-open, Prometheus 3).
 * rate / increase / delta extrapolate as upstream's extrapolatedRate; histogram_quantile
 * interpolates linearly inside the bucket as upstream's bucketQuantile.
 * Times are virtual ms; `epochMs` turns them into the Unix time time() and timestamp() report.
 * An Evaluator remembers which series each selector matched: make a new one after the store changes.
 * upstream: promql/engine.go (lookback, vectorSelectorSingle, matrix ranges), promql/functions.go
 * (extrapolatedRate, instantValue, aggrOverTime), promql/quantile.go (bucketQuantile,
 * ensureMonotonic), promql/engine.go aggregation / VectorBinop / VectorAnd|Or|Unless.
 */
import { AGGREGATIONS, parsePromQL, type BinaryOp, type Expr, type Matcher } from './promql-parse';
import { arith, bucketQuantile, extrapolatedRate, instantValue, lastIndexAtOrBefore } from './promql-functions';

export { bucketQuantile, extrapolatedRate };
import { isStale, labelsKey, type Labels, type MetricsStore, type Series } from './store';

export interface InstantSample {
  labels: Labels;
  value: number;
}
export type Value = { type: 'vector'; samples: InstantSample[] } | { type: 'scalar'; value: number };
export interface RangeSeries {
  labels: Labels;
  t: number[];
  v: number[];
}
export interface RangeResult {
  labels: Labels;
  points: [number, number][];
}

export interface EvalOptions {
  /** How far back an instant selector looks for a sample (default 5 m). */
  lookbackMs?: number;
  /** Virtual time 0 as Unix ms (time(), timestamp()). */
  epochMs?: number;
}

export class PromQLEvalError extends Error {}

/** upstream: promql/engine.go maxPointsPerTimeseries (11,000 points per series). */
export const MAX_POINTS = 11_000;

const matcherTest = (m: Matcher): ((v: string) => boolean) => {
  if (m.op === '=') return (v) => v === m.value;
  if (m.op === '!=') return (v) => v !== m.value;
  const re = new RegExp(`^(?:${m.value})$`);
  return m.op === '=~' ? (v) => re.test(v) : (v) => !re.test(v);
};

const dropName = (l: Labels): Labels => {
  if (!('__name__' in l)) return l;
  const { __name__: _, ...rest } = l;
  return rest;
};

export class Evaluator {
  readonly lookbackMs: number;
  readonly epochMs: number;

  constructor(
    readonly store: MetricsStore,
    opts: EvalOptions = {}
  ) {
    this.lookbackMs = opts.lookbackMs ?? 300_000;
    this.epochMs = opts.epochMs ?? 0;
  }

  instant(query: string | Expr, t: number): Value {
    const e = typeof query === 'string' ? parsePromQL(query) : query;
    const v = this.#eval(e, t);
    if (v.type === 'matrix') throw new PromQLEvalError('a range vector cannot be the result of a query: wrap it in a function such as rate(...)');
    return v;
  }

  /** The instant query at start, start + step, ... end, series by series. */
  range(query: string | Expr, start: number, end: number, step: number): RangeResult[] {
    if (!(step > 0)) throw new PromQLEvalError('zero or negative query resolution step widths are not accepted. Try a positive integer');
    if (end < start) throw new PromQLEvalError('end timestamp must not be before start time');
    if ((end - start) / step > MAX_POINTS) throw new PromQLEvalError('exceeded maximum resolution of 11,000 points per timeseries. Try decreasing the query resolution (?step=XX)');
    const e = typeof query === 'string' ? parsePromQL(query) : query;
    const out = new Map<string, RangeResult>();
    for (let t = start; t <= end; t += step) {
      const v = this.instant(e, t);
      const samples = v.type === 'scalar' ? [{ labels: {}, value: v.value }] : v.samples;
      for (const s of samples) {
        const key = labelsKey(s.labels);
        let r = out.get(key);
        if (!r) out.set(key, (r = { labels: s.labels, points: [] }));
        r.points.push([t, s.value]);
      }
    }
    return [...out.values()].sort((a, b) => (labelsKey(a.labels) < labelsKey(b.labels) ? -1 : 1));
  }

  #eval(e: Expr, t: number): Value | { type: 'matrix'; series: RangeSeries[] } {
    switch (e.kind) {
      case 'number':
        return { type: 'scalar', value: e.value };
      case 'selector':
        return e.rangeMs === undefined ? { type: 'vector', samples: this.#select(e.name, e.matchers, t) } : { type: 'matrix', series: this.#selectRange(e.name, e.matchers, t, e.rangeMs) };
      case 'unary': {
        const v = this.#vectorOrScalar(e.expr, t);
        return v.type === 'scalar' ? { type: 'scalar', value: -v.value } : { type: 'vector', samples: v.samples.map((s) => ({ labels: dropName(s.labels), value: -s.value })) };
      }
      case 'call':
        return this.#call(e.func, e.args, t);
      case 'aggregate':
        return { type: 'vector', samples: this.#aggregate(e, t) };
      case 'binary':
        return this.#binary(e.op, this.#vectorOrScalar(e.lhs, t), this.#vectorOrScalar(e.rhs, t), e.bool);
    }
  }

  #vectorOrScalar(e: Expr, t: number): Value {
    const v = this.#eval(e, t);
    if (v.type === 'matrix') throw new PromQLEvalError('a range vector is only allowed as the argument of a function such as rate(...)');
    return v;
  }

  #vector(e: Expr, t: number, where: string): InstantSample[] {
    const v = this.#eval(e, t);
    if (v.type !== 'vector') throw new PromQLEvalError(`expected type instant vector in ${where}, got ${v.type === 'matrix' ? 'range vector' : 'scalar'}`);
    return v.samples;
  }

  #matrix(e: Expr, t: number, fn: string): RangeSeries[] {
    const v = this.#eval(e, t);
    if (v.type !== 'matrix') throw new PromQLEvalError(`expected type range vector in call to function "${fn}", got ${v.type === 'vector' ? 'instant vector' : 'scalar'}`);
    return v.series;
  }

  #scalar(e: Expr, t: number, fn: string): number {
    const v = this.#eval(e, t);
    if (v.type !== 'scalar') throw new PromQLEvalError(`expected type scalar in call to function "${fn}", got ${v.type === 'vector' ? 'instant vector' : 'range vector'}`);
    return v.value;
  }

  /** The series a selector matches, worked out once per evaluator (a range query asks at every step; the store does not change meanwhile). */
  readonly #matched = new WeakMap<Matcher[], Series[]>();

  #candidates(name: string | undefined, matchers: Matcher[]): Series[] {
    const known = this.#matched.get(matchers);
    if (known) return known;
    const tests = matchers.map((m) => [m.name, matcherTest(m)] as const);
    const out: Series[] = [];
    for (const s of this.store.select(name)) if (tests.every(([n, test]) => test(s.labels[n] ?? ''))) out.push(s);
    this.#matched.set(matchers, out);
    return out;
  }

  #select(name: string | undefined, matchers: Matcher[], t: number): InstantSample[] {
    const out: InstantSample[] = [];
    for (const s of this.#candidates(name, matchers)) {
      const i = lastIndexAtOrBefore(s.t, t);
      if (i < 0 || s.t[i] <= t - this.lookbackMs || isStale(s.v[i])) continue;
      out.push({ labels: s.labels, value: s.v[i] });
    }
    return out;
  }

  #selectRange(name: string | undefined, matchers: Matcher[], t: number, rangeMs: number): RangeSeries[] {
    const out: RangeSeries[] = [];
    for (const s of this.#candidates(name, matchers)) {
      const hi = lastIndexAtOrBefore(s.t, t);
      let lo = hi;
      while (lo >= 0 && s.t[lo] > t - rangeMs) lo--;
      const r: RangeSeries = { labels: s.labels, t: [], v: [] };
      for (let i = lo + 1; i <= hi; i++) {
        if (isStale(s.v[i])) continue;
        r.t.push(s.t[i]);
        r.v.push(s.v[i]);
      }
      if (r.t.length > 0) out.push(r);
    }
    return out;
  }

  #call(fn: string, args: Expr[], t: number): Value {
    const arity = (n: number) => {
      if (args.length !== n) throw new PromQLEvalError(`expected ${n} argument(s) in call to "${fn}", got ${args.length}`);
    };
    const overRange = (f: (s: RangeSeries, rangeMs: number) => number | undefined): Value => {
      arity(1);
      const rangeMs = args[0].kind === 'selector' ? (args[0].rangeMs ?? 0) : 0;
      const samples: InstantSample[] = [];
      for (const s of this.#matrix(args[0], t, fn)) {
        const v = f(s, rangeMs);
        if (v !== undefined) samples.push({ labels: dropName(s.labels), value: v });
      }
      return { type: 'vector', samples };
    };
    const perSample = (f: (v: number) => number): Value => ({ type: 'vector', samples: this.#vector(args[0], t, `call to function "${fn}"`).map((s) => ({ labels: dropName(s.labels), value: f(s.value) })) });
    switch (fn) {
      case 'rate':
        return overRange((s, r) => extrapolatedRate(s, t, r, true, true));
      case 'increase':
        return overRange((s, r) => extrapolatedRate(s, t, r, true, false));
      case 'delta':
        return overRange((s, r) => extrapolatedRate(s, t, r, false, false));
      case 'irate':
      case 'idelta':
        return overRange((s) => instantValue(s, fn === 'irate'));
      case 'avg_over_time':
        return overRange((s) => s.v.reduce((a, b) => a + b, 0) / s.v.length);
      case 'sum_over_time':
        return overRange((s) => s.v.reduce((a, b) => a + b, 0));
      case 'min_over_time':
        return overRange((s) => Math.min(...s.v));
      case 'max_over_time':
        return overRange((s) => Math.max(...s.v));
      case 'count_over_time':
        return overRange((s) => s.v.length);
      case 'last_over_time':
        return overRange((s) => s.v[s.v.length - 1]);
      case 'abs':
      case 'ceil':
      case 'floor':
        arity(1);
        return perSample(Math[fn]);
      case 'round':
        arity(1);
        return perSample(Math.round);
      case 'clamp_min':
      case 'clamp_max': {
        arity(2);
        const bound = this.#scalar(args[1], t, fn);
        return perSample((v) => (fn === 'clamp_min' ? Math.max(v, bound) : Math.min(v, bound)));
      }
      case 'time':
        arity(0);
        return { type: 'scalar', value: (this.epochMs + t) / 1000 };
      case 'timestamp': {
        arity(1);
        // The time of the sample each selector picked (upstream: timestamp()).
        const arg = args[0];
        if (arg.kind !== 'selector') return perSample(() => (this.epochMs + t) / 1000);
        const samples: InstantSample[] = [];
        for (const s of this.#candidates(arg.name, arg.matchers)) {
          const i = lastIndexAtOrBefore(s.t, t);
          if (i < 0 || s.t[i] <= t - this.lookbackMs || isStale(s.v[i])) continue;
          samples.push({ labels: dropName(s.labels), value: (this.epochMs + s.t[i]) / 1000 });
        }
        return { type: 'vector', samples };
      }
      case 'scalar': {
        arity(1);
        const v = this.#vector(args[0], t, 'call to function "scalar"');
        return { type: 'scalar', value: v.length === 1 ? v[0].value : NaN };
      }
      case 'vector':
        arity(1);
        return { type: 'vector', samples: [{ labels: {}, value: this.#scalar(args[0], t, fn) }] };
      case 'histogram_quantile': {
        arity(2);
        const q = this.#scalar(args[0], t, fn);
        const groups = new Map<string, { labels: Labels; buckets: { le: number; count: number }[] }>();
        for (const s of this.#vector(args[1], t, 'call to function "histogram_quantile"')) {
          const le = s.labels.le;
          if (le === undefined) continue;
          const { le: _, ...rest } = dropName(s.labels) as Record<string, string>;
          const key = labelsKey(rest);
          let g = groups.get(key);
          if (!g) groups.set(key, (g = { labels: rest, buckets: [] }));
          g.buckets.push({ le: le === '+Inf' ? Infinity : Number(le), count: s.value });
        }
        return { type: 'vector', samples: [...groups.values()].map((g) => ({ labels: g.labels, value: bucketQuantile(q, g.buckets) })) };
      }
      default:
        throw new PromQLEvalError(`unknown function with name "${fn}"`);
    }
  }

  #aggregate(e: Extract<Expr, { kind: 'aggregate' }>, t: number): InstantSample[] {
    const input = this.#vector(e.expr, t, 'aggregation');
    const k = e.param ? this.#scalar(e.param, t, e.op) : 0;
    const groupLabels = (l: Labels): Labels => {
      const out: Record<string, string> = {};
      if (e.without) {
        for (const [n, v] of Object.entries(l)) if (n !== '__name__' && !e.grouping.includes(n)) out[n] = v;
      } else for (const n of e.grouping) if (l[n] !== undefined && l[n] !== '') out[n] = l[n];
      return out;
    };
    const groups = new Map<string, { labels: Labels; samples: InstantSample[] }>();
    for (const s of input) {
      const labels = groupLabels(s.labels);
      const key = labelsKey(labels);
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { labels, samples: [] }));
      g.samples.push(s);
    }
    const out: InstantSample[] = [];
    for (const g of groups.values()) {
      const vs = g.samples.map((s) => s.value);
      switch (e.op) {
        case 'sum':
          out.push({ labels: g.labels, value: vs.reduce((a, b) => a + b, 0) });
          break;
        case 'avg':
          out.push({ labels: g.labels, value: vs.reduce((a, b) => a + b, 0) / vs.length });
          break;
        case 'min':
          out.push({ labels: g.labels, value: Math.min(...vs) });
          break;
        case 'max':
          out.push({ labels: g.labels, value: Math.max(...vs) });
          break;
        case 'count':
          out.push({ labels: g.labels, value: vs.length });
          break;
        case 'group':
          out.push({ labels: g.labels, value: 1 });
          break;
        case 'stddev':
        case 'stdvar': {
          const mean = vs.reduce((a, b) => a + b, 0) / vs.length;
          const variance = vs.reduce((a, b) => a + (b - mean) ** 2, 0) / vs.length;
          out.push({ labels: g.labels, value: e.op === 'stddev' ? Math.sqrt(variance) : variance });
          break;
        }
        case 'topk':
        case 'bottomk': {
          const sorted = [...g.samples].sort((a, b) => (e.op === 'topk' ? b.value - a.value : a.value - b.value));
          out.push(...sorted.slice(0, Math.max(0, Math.floor(k))));
          break;
        }
        default:
          if (!AGGREGATIONS.has(e.op)) throw new PromQLEvalError(`unknown aggregation "${e.op}"`);
      }
    }
    return out;
  }

  #binary(op: BinaryOp, lhs: Value, rhs: Value, bool: boolean): Value {
    const comparison = ['==', '!=', '>', '<', '>=', '<='].includes(op);
    if (op === 'and' || op === 'or' || op === 'unless') {
      if (lhs.type !== 'vector' || rhs.type !== 'vector') throw new PromQLEvalError(`set operator "${op}" not allowed in binary scalar expression`);
      const sig = (s: InstantSample) => labelsKey(dropName(s.labels));
      const right = new Set(rhs.samples.map(sig));
      if (op === 'and') return { type: 'vector', samples: lhs.samples.filter((s) => right.has(sig(s))) };
      if (op === 'unless') return { type: 'vector', samples: lhs.samples.filter((s) => !right.has(sig(s))) };
      const left = new Set(lhs.samples.map(sig));
      return { type: 'vector', samples: [...lhs.samples, ...rhs.samples.filter((s) => !left.has(sig(s)))] };
    }
    if (lhs.type === 'scalar' && rhs.type === 'scalar') {
      const v = arith(op, lhs.value, rhs.value);
      if (comparison && !bool) throw new PromQLEvalError('comparisons between scalars must use BOOL modifier');
      return { type: 'scalar', value: comparison ? Number(v !== 0) : v };
    }
    const apply = (s: InstantSample, l: number, r: number, labels: Labels): InstantSample | undefined => {
      const v = arith(op, l, r);
      if (!comparison) return { labels: dropName(labels), value: v };
      if (bool) return { labels: dropName(labels), value: v };
      return v === 1 ? { labels, value: s.value } : undefined;
    };
    if (lhs.type === 'vector' && rhs.type === 'scalar') return { type: 'vector', samples: lhs.samples.flatMap((s) => apply(s, s.value, rhs.value, s.labels) ?? []) };
    if (lhs.type === 'scalar' && rhs.type === 'vector') return { type: 'vector', samples: rhs.samples.flatMap((s) => apply({ ...s, value: comparison ? lhs.value : s.value }, lhs.value, s.value, s.labels) ?? []) };
    // One-to-one matching on all labels but the name (upstream: VectorBinop without on/ignoring).
    const l = lhs as Extract<Value, { type: 'vector' }>;
    const r = rhs as Extract<Value, { type: 'vector' }>;
    const right = new Map<string, InstantSample>();
    for (const s of r.samples) {
      const key = labelsKey(dropName(s.labels));
      if (right.has(key)) throw new PromQLEvalError('found duplicate series for the match group on the right hand-side of the operation: many-to-many matching not allowed');
      right.set(key, s);
    }
    const out: InstantSample[] = [];
    for (const s of l.samples) {
      const m = right.get(labelsKey(dropName(s.labels)));
      if (!m) continue;
      const res = apply(s, s.value, m.value, s.labels);
      if (res) out.push(comparison && !bool ? res : { ...res, labels: dropName(s.labels) });
    }
    return { type: 'vector', samples: out };
  }
}

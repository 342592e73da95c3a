/**
 * The simulation clock: a discrete-event queue in virtual milliseconds.
 *
 * Every timer in the simulation goes through here. Events run in (time, sequence) order, so two
 * timers due at the same instant fire in the order they were scheduled: the property that makes a
 * run replayable from its seed. It is the hot loop of the whole simulator, so the queue is a
 * binary heap of the distinct times that have timers, each with its timers in a FIFO bucket (the
 * order they were set is their sequence order): the thousands of probe timers that share an
 * instant (probe ticks land on 100 ms boundaries) cost one heap entry, not one each. A bucket
 * holds its timers' callbacks and ids in order (running an instant reads nothing else); ids are
 * reusable slots (no per-event record objects beyond the callback).
 */

export type TimerId = number;

/** A TimerId is slot + generation * SLOTS: cancelling finds the slot without a map (the hot loop). */
const SLOTS = 2 ** 24;

type Callback = (now: number) => void;

/**
 * The timers due at one instant, in the order they were set: their callbacks (undefined once
 * cancelled) and ids side by side, so running an instant reads its bucket in order and nothing
 * else; `n` is how many were set, `head` the next to run, `live` how many are neither run nor
 * cancelled. A bucket is reused for later instants with its arrays as long as they grew (a busy
 * node's instants each hold about as many timers as the last).
 */
interface Bucket {
  t: number;
  fns: (Callback | undefined)[];
  ids: number[];
  n: number;
  head: number;
  live: number;
}

export class SimClock {
  #now = 0;
  /** Min-heap of the distinct times with a bucket, and beside it each time's bucket (moved together). */
  #heap: number[] = [];
  #heapBuckets: Bucket[] = [];
  #buckets = new Map<number, Bucket>();
  /** Emptied buckets, reused (no allocation per instant in the steady state). */
  #spare: Bucket[] = [];
  #free: number[] = [];
  // Per slot: how many timers it has held (the generation part of their ids), and the bucket and
  // place of its timer (read by cancel only). A cancelled timer keeps its slot until its bucket
  // reaches it (lazy deletion). Slots are reused last-freed first: the ones `at` writes are warm.
  #gen: number[] = [];
  #bucketOf: (Bucket | undefined)[] = [];
  #indexOf: number[] = [];
  #pending = 0;
  /** The instant `at` last set a timer for, and its bucket (undefined once retired). */
  #lastTime = -1;
  #lastBucket: Bucket | undefined;
  /** Number of callbacks run so far: a cheap progress measure for benchmarks. */
  executed = 0;

  constructor(start = 0) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  /** Runs fn after delay virtual ms (0 = later in this same instant, after what is already due). */
  after(delayMs: number, fn: Callback): TimerId {
    return this.at(this.#now + Math.max(0, delayMs), fn);
  }

  at(time: number, fn: Callback): TimerId {
    const t = time < this.#now ? this.#now : time;
    let slot: number;
    if (this.#free.length > 0) slot = this.#free.pop()!;
    else {
      slot = this.#gen.length;
      if (slot >= SLOTS) throw new Error('SimClock: too many pending timers');
      this.#gen.push(0);
      this.#bucketOf.push(undefined);
      this.#indexOf.push(0);
    }
    const id = slot + ++this.#gen[slot] * SLOTS;
    this.#pending++;
    // Timers come in runs for one instant (a thousand probe workers re-arm for the same tick):
    // the bucket of the last instant set is at hand without a map lookup.
    let bucket = t === this.#lastTime ? this.#lastBucket : this.#buckets.get(t);
    if (bucket === undefined) {
      bucket = this.#spare.pop() ?? { t, fns: [], ids: [], n: 0, head: 0, live: 0 };
      bucket.t = t;
      this.#buckets.set(t, bucket);
      this.#push(t, bucket);
    }
    this.#lastTime = t;
    this.#lastBucket = bucket;
    const i = bucket.n++;
    this.#bucketOf[slot] = bucket;
    this.#indexOf[slot] = i;
    bucket.fns[i] = fn;
    bucket.ids[i] = id;
    bucket.live++;
    return id;
  }

  cancel(id: TimerId | undefined): void {
    if (id === undefined) return;
    const slot = id % SLOTS;
    if (this.#gen[slot] !== (id - slot) / SLOTS) return;
    const bucket = this.#bucketOf[slot];
    const i = this.#indexOf[slot];
    // Already run (behind the head), cancelled, or its bucket retired (and perhaps reused).
    if (bucket === undefined || i >= bucket.n || bucket.ids[i] !== id || i < bucket.head || bucket.fns[i] === undefined) return;
    bucket.fns[i] = undefined;
    bucket.live--;
    this.#pending--;
  }

  /** Time of the earliest pending timer, or Infinity. */
  nextDeadline(): number {
    this.#dropCancelled();
    return this.#heap.length === 0 ? Infinity : this.#heap[0];
  }

  pending(): number {
    return this.#pending;
  }

  /** Runs every timer due at or before `time`, then leaves the clock at `time`. */
  runUntil(time: number): void {
    const heap = this.#heap;
    const free = this.#free;
    while (heap.length > 0 && heap[0] <= time) {
      // The earliest instant's timers in order, those its callbacks add for it included (they join
      // its bucket).
      const t = heap[0];
      const bucket = this.#heapBuckets[0];
      const fns = bucket.fns;
      const ids = bucket.ids;
      // (A callback that runs the clock itself retires this bucket, which may then be reused for another instant.)
      while (bucket.head < bucket.n && bucket.t === t) {
        const i = bucket.head++;
        free.push(ids[i] % SLOTS);
        const fn = fns[i];
        // Cancelled: its slot was kept until now (lazy deletion).
        if (fn === undefined) continue;
        bucket.live--;
        this.#pending--;
        this.#now = t;
        this.executed++;
        fn(t);
      }
      // A callback may have run the clock itself (a nested runUntil retires the bucket): retire it once.
      if (this.#heapBuckets[0] === bucket && bucket.t === t) this.#retire(t, bucket);
    }
    if (time > this.#now && Number.isFinite(time)) this.#now = time;
  }

  /** Runs everything due at the current instant (including timers those callbacks add for now). */
  runDue(): void {
    this.runUntil(this.#now);
  }

  /** Moves to the next deadline and runs everything due then. Returns false when idle. */
  step(): boolean {
    const next = this.nextDeadline();
    if (!Number.isFinite(next)) return false;
    this.runUntil(next);
    return true;
  }

  /** Moves the clock forward without running anything (the conductor uses it to sync hosts). */
  advanceTo(time: number): void {
    if (time > this.#now) this.#now = time;
  }

  /** Retires the earliest instants whose timers were all cancelled (their slots freed). */
  #dropCancelled(): void {
    const heap = this.#heap;
    while (heap.length > 0) {
      const bucket = this.#heapBuckets[0];
      if (bucket.live > 0) return;
      const ids = bucket.ids;
      while (bucket.head < bucket.n) this.#free.push(ids[bucket.head++] % SLOTS);
      this.#retire(heap[0], bucket);
    }
  }

  /** Removes the earliest time, whose bucket has run (or dropped) every timer. */
  #retire(t: number, bucket: Bucket): void {
    this.#buckets.delete(t);
    if (t === this.#lastTime) this.#lastBucket = undefined;
    this.#pop();
    // Let go of the callbacks; keep the arrays' room for the bucket's next instant.
    bucket.fns.fill(undefined, 0, bucket.n);
    bucket.n = 0;
    bucket.head = 0;
    bucket.live = 0;
    bucket.t = -1;
    this.#spare.push(bucket);
  }

  #push(t: number, bucket: Bucket): void {
    const h = this.#heap;
    const hb = this.#heapBuckets;
    let i = h.length;
    h.push(t);
    hb.push(bucket);
    // Sift up with a hole: move parents down until the time's place is found (times are distinct).
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pt = h[p];
      if (pt < t) break;
      h[i] = pt;
      hb[i] = hb[p];
      i = p;
    }
    h[i] = t;
    hb[i] = bucket;
  }

  #pop(): void {
    const h = this.#heap;
    const hb = this.#heapBuckets;
    const last = h.pop()!;
    const lastBucket = hb.pop()!;
    const n = h.length;
    if (n === 0) return;
    let i = 0;
    // Sift down with a hole.
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      let m = l;
      let mt = h[l];
      if (r < n && h[r] < mt) {
        m = r;
        mt = h[r];
      }
      if (last < mt) break;
      h[i] = mt;
      hb[i] = hb[m];
      i = m;
    }
    h[i] = last;
    hb[i] = lastBucket;
  }
}

// Timestamps (metav1.Time) live in timestamp.ts (the page reads them without the clock); re-exported here.
export { SIM_EPOCH_MS, timestamp, microTimestamp, parseTimestamp } from './timestamp';

/**
 * A pass that runs once at the current instant however many times it is asked for before then:
 * controllers that re-derive everything from their informers call it from every event handler.
 */
export function coalesced(clock: SimClock, pass: () => void): () => void {
  let scheduled = false;
  return () => {
    if (scheduled) return;
    scheduled = true;
    clock.after(0, () => {
      scheduled = false;
      pass();
    });
  };
}

const UNITS: Record<string, number> = { ns: 1e-6, us: 1e-3, 'µs': 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * Parses a duration like `500ms`, `35s`, `5m`, `1h30m`, `2m30.5s` into virtual ms, with Go's
 * error wording. upstream: Go's time.ParseDuration
 */
export function parseDuration(s: string): number {
  const quoted = JSON.stringify(s);
  let rest = s;
  let sign = 1;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    sign = rest[0] === '-' ? -1 : 1;
    rest = rest.slice(1);
  }
  if (rest === '0') return 0;
  if (rest === '') throw new Error(`time: invalid duration ${quoted}`);
  let total = 0;
  while (rest !== '') {
    const num = /^(\d*)(\.\d*)?/.exec(rest)!;
    if (num[0] === '' || num[0] === '.') throw new Error(`time: invalid duration ${quoted}`);
    rest = rest.slice(num[0].length);
    const unit = /^[^\d.]*/.exec(rest)![0];
    if (unit === '') throw new Error(`time: missing unit in duration ${quoted}`);
    if (!(unit in UNITS)) throw new Error(`time: unknown unit ${JSON.stringify(unit)} in duration ${quoted}`);
    total += Number(num[0]) * UNITS[unit];
    rest = rest.slice(unit.length);
  }
  return sign * total;
}

/** Go's time.Duration.String(): 1m30s, 500ms, 2h0m0s, 0s. */
export function formatDuration(ms: number): string {
  if (ms === 0) return '0s';
  if (ms < 1000) return `${ms}ms`;
  const totalSeconds = ms / 1000;
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds - h * 3600) / 60);
  const s = +(totalSeconds - h * 3600 - m * 60).toFixed(3);
  if (h > 0) return `${h}h${m}m${s}s`;
  if (m > 0) return `${m}m${s}s`;
  return `${s}s`;
}

/**
 * The simulation clock: a discrete-event queue in virtual milliseconds.
 *
 * Every timer in the simulation goes through here. Events run in (time, sequence) order, so two
 * timers due at the same instant fire in the order they were scheduled: the property that makes a
 * run replayable from its seed. The queue is a binary heap kept in parallel arrays (no per-event
 * record objects beyond the callback), because it is the hot loop of the whole simulator.
 */

export type TimerId = number;

/** A TimerId is slot + generation * SLOTS: cancelling finds the slot without a map (the hot loop). */
const SLOTS = 2 ** 24;

export class SimClock {
  #now = 0;
  #seq = 0;
  // Heap of slots; each slot index points into the parallel arrays below.
  #heap: number[] = [];
  #time: number[] = [];
  #order: number[] = [];
  #fn: (((now: number) => void) | undefined)[] = [];
  #free: number[] = [];
  // Per slot: how many timers it has held (the generation part of their ids). A cancelled timer
  // keeps its slot until popped (lazy deletion).
  #gen: number[] = [];
  #pending = 0;
  /** Number of callbacks run so far: a cheap progress measure for benchmarks. */
  executed = 0;

  constructor(start = 0) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  /** Runs fn after delay virtual ms (0 = later in this same instant, after what is already due). */
  after(delayMs: number, fn: (now: number) => void): TimerId {
    return this.at(this.#now + Math.max(0, delayMs), fn);
  }

  at(time: number, fn: (now: number) => void): TimerId {
    const t = time < this.#now ? this.#now : time;
    let slot: number;
    if (this.#free.length > 0) slot = this.#free.pop()!;
    else {
      slot = this.#time.length;
      if (slot >= SLOTS) throw new Error('SimClock: too many pending timers');
      this.#gen.push(0);
    }
    this.#time[slot] = t;
    this.#order[slot] = this.#seq++;
    this.#fn[slot] = fn;
    const gen = ++this.#gen[slot];
    this.#pending++;
    this.#push(slot);
    return slot + gen * SLOTS;
  }

  cancel(id: TimerId | undefined): void {
    if (id === undefined) return;
    const slot = id % SLOTS;
    if (this.#gen[slot] !== (id - slot) / SLOTS || this.#fn[slot] === undefined) return;
    this.#fn[slot] = undefined;
    this.#pending--;
  }

  /** Time of the earliest pending timer, or Infinity. */
  nextDeadline(): number {
    this.#dropCancelled();
    return this.#heap.length === 0 ? Infinity : this.#time[this.#heap[0]];
  }

  pending(): number {
    return this.#pending;
  }

  /** Runs every timer due at or before `time`, then leaves the clock at `time`. */
  runUntil(time: number): void {
    for (;;) {
      const next = this.nextDeadline();
      if (next > time) break;
      this.#runOne();
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

  #runOne(): void {
    const slot = this.#pop();
    const fn = this.#fn[slot]!;
    this.#fn[slot] = undefined;
    this.#pending--;
    this.#free.push(slot);
    this.#now = this.#time[slot];
    this.executed++;
    fn(this.#now);
  }

  #dropCancelled(): void {
    const h = this.#heap;
    while (h.length > 0 && this.#fn[h[0]] === undefined) {
      this.#free.push(this.#pop());
    }
  }

  #push(slot: number): void {
    const h = this.#heap;
    const time = this.#time;
    const order = this.#order;
    const t = time[slot];
    const o = order[slot];
    let i = h.length;
    h.push(slot);
    // Sift up with a hole: move parents down until the slot's place is found.
    while (i > 0) {
      const p = (i - 1) >> 1;
      const ps = h[p];
      const pt = time[ps];
      if (pt < t || (pt === t && order[ps] < o)) break;
      h[i] = ps;
      i = p;
    }
    h[i] = slot;
  }

  #pop(): number {
    const h = this.#heap;
    const top = h[0];
    const last = h.pop()!;
    const n = h.length;
    if (n > 0) {
      const time = this.#time;
      const order = this.#order;
      const t = time[last];
      const o = order[last];
      let i = 0;
      // Sift down with a hole.
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        let m = l;
        let mt = time[h[l]];
        if (r < n) {
          const rt = time[h[r]];
          if (rt < mt || (rt === mt && order[h[r]] < order[h[l]])) {
            m = r;
            mt = rt;
          }
        }
        if (t < mt || (t === mt && o < order[h[m]])) break;
        h[i] = h[m];
        i = m;
      }
      h[i] = last;
    }
    return top;
  }
}

/** Virtual time 0 is this instant (2025-01-01T00:00:00Z) for timestamps in objects. */
export const SIM_EPOCH_MS = 1735689600000;

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

/** RFC3339 timestamp (seconds precision, as metav1.Time serialises) for a virtual time. */
export function timestamp(virtualMs: number): string {
  const second = Math.floor(virtualMs / 1000);
  // Every status write stamps the current second: remember the last one made.
  if (second !== lastSecond) {
    lastSecond = second;
    lastSecondText = new Date(SIM_EPOCH_MS + second * 1000).toISOString().replace('.000Z', 'Z');
  }
  return lastSecondText;
}
let lastSecond = NaN;
let lastSecondText = '';

/** RFC3339 with microseconds (metav1.MicroTime, used by Lease renewTime and events.k8s.io). */
export function microTimestamp(virtualMs: number): string {
  const ms = Math.floor(virtualMs);
  const frac = ms - Math.floor(ms / 1000) * 1000;
  // The seconds part as timestamp() writes it, then the milliseconds as microseconds.
  return `${timestamp(ms).slice(0, -1)}.${String(frac).padStart(3, '0')}000Z`;
}

/** Virtual ms for an RFC3339 timestamp written by timestamp()/microTimestamp(). */
export function parseTimestamp(ts: string | undefined): number | undefined {
  if (!ts) return undefined;
  const ms = Date.parse(ts);
  return Number.isNaN(ms) ? undefined : ms - SIM_EPOCH_MS;
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

/**
 * The simulation clock: a discrete-event queue in virtual milliseconds.
 *
 * Every timer in the simulation goes through here. Events run in (time, sequence) order, so two
 * timers due at the same instant fire in the order they were scheduled: the property that makes a
 * run replayable from its seed. The queue is a binary heap kept in parallel arrays (no per-event
 * record objects beyond the callback), because it is the hot loop of the whole simulator.
 */

export type TimerId = number;

export class SimClock {
  #now = 0;
  #seq = 0;
  // Heap of slots; each slot index points into the parallel arrays below.
  #heap: number[] = [];
  #time: number[] = [];
  #order: number[] = [];
  #fn: (((now: number) => void) | undefined)[] = [];
  #free: number[] = [];
  // TimerId -> slot; a cancelled timer keeps its slot until popped (lazy deletion).
  #slotOf = new Map<TimerId, number>();
  #idOfSlot: number[] = [];
  #nextId = 1;
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
    const slot = this.#free.length > 0 ? this.#free.pop()! : this.#time.length;
    this.#time[slot] = t;
    this.#order[slot] = this.#seq++;
    this.#fn[slot] = fn;
    const id = this.#nextId++;
    this.#idOfSlot[slot] = id;
    this.#slotOf.set(id, slot);
    this.#push(slot);
    return id;
  }

  cancel(id: TimerId | undefined): void {
    if (id === undefined) return;
    const slot = this.#slotOf.get(id);
    if (slot === undefined) return;
    this.#fn[slot] = undefined;
    this.#slotOf.delete(id);
  }

  /** Time of the earliest pending timer, or Infinity. */
  nextDeadline(): number {
    this.#dropCancelled();
    return this.#heap.length === 0 ? Infinity : this.#time[this.#heap[0]];
  }

  pending(): number {
    return this.#slotOf.size;
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
    const id = this.#idOfSlot[slot];
    this.#slotOf.delete(id);
    this.#fn[slot] = undefined;
    this.#free.push(slot);
    this.#now = this.#time[slot];
    this.executed++;
    fn(this.#now);
  }

  #dropCancelled(): void {
    while (this.#heap.length > 0 && this.#fn[this.#heap[0]] === undefined) {
      this.#free.push(this.#pop());
    }
  }

  #less(a: number, b: number): boolean {
    const ta = this.#time[a];
    const tb = this.#time[b];
    return ta < tb || (ta === tb && this.#order[a] < this.#order[b]);
  }

  #push(slot: number): void {
    const h = this.#heap;
    h.push(slot);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.#less(h[i], h[p])) break;
      [h[i], h[p]] = [h[p], h[i]];
      i = p;
    }
  }

  #pop(): number {
    const h = this.#heap;
    const top = h[0];
    const last = h.pop()!;
    if (h.length > 0) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && this.#less(h[l], h[m])) m = l;
        if (r < h.length && this.#less(h[r], h[m])) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m], h[i]];
        i = m;
      }
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
  return new Date(SIM_EPOCH_MS + Math.floor(virtualMs / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** RFC3339 with microseconds (metav1.MicroTime, used by Lease renewTime and events.k8s.io). */
export function microTimestamp(virtualMs: number): string {
  const iso = new Date(SIM_EPOCH_MS + Math.floor(virtualMs)).toISOString(); // ...T00:00:05.123Z
  return iso.replace(/\.(\d{3})Z$/, '.$1000Z');
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

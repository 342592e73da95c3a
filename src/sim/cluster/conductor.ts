/**
 * The conductor keeps every host in lockstep on virtual time (bulk-synchronous rounds):
 * at instant t, each host, in a fixed order, takes the messages sent to it in the previous round
 * and runs its timers due at t; what the hosts send is routed for the next round. When no
 * message is in flight and no timer is due at t, time moves to the earliest deadline. A host's
 * step depends only on its own state and its inbox, so hosts may step in parallel (workers) and
 * the trace is the same as in one thread.
 */
import { Trace, type TraceEvent } from '../kernel/trace';
import type { Envelope, HostLink, StepResult } from './messages';

/**
 * Thrown when something asks the conductor to run past its halt time (time travel: a replay
 * stops exactly at the instant being viewed, even in the middle of a `sim advance 5m`).
 */
export class HaltedError extends Error {
  constructor(readonly at: number) {
    super(`virtual time is halted at ${at} ms`);
  }
}

/** A host with its inbox (the messages for its next step) and its next deadline. */
interface Seat {
  readonly host: HostLink;
  /** host.awaited, read once. */
  readonly awaited: boolean;
  inbox: Envelope[];
  next: number;
}

export class Conductor {
  /** The hosts in their fixed order (a round reads each seat without a lookup by name). */
  #seats: Seat[] = [];
  /** A round's step results, one per seat (reused: a round per instant with work). */
  #steps: (StepResult | Promise<StepResult>)[] = [];
  #byName = new Map<string, Seat>();
  #now = 0;
  #inFlight = 0;
  /** Messages whose destination host is gone (a powered-off node): dropped, as packets to a dead machine. */
  dropped = 0;
  rounds = 0;
  readonly trace: Trace;
  /** Called after each round with the trace events it produced (the page streams these). */
  onTrace?: (events: TraceEvent[]) => void;
  /**
   * Asked after a round of hosts in this thread: a promise when the thread's other tasks should
   * run before the next round (the page's flush), which the run awaits. What the rounds do, and
   * in which order, is the same either way.
   */
  breather?: () => Promise<void> | undefined;
  /** No round runs later than this (see haltAt). */
  #limit = Infinity;
  /** Set once something asked to run past the limit: from then on nothing runs and nothing is sent. */
  #halted = false;

  constructor(traceCapacity = 200_000) {
    this.trace = new Trace(traceCapacity);
  }

  get now(): number {
    return this.#now;
  }

  hostNames(): string[] {
    return this.#seats.map((s) => s.host.name);
  }

  add(host: HostLink): void {
    const seat: Seat = { host, awaited: host.awaited === true, inbox: [], next: this.#now };
    this.#seats.push(seat);
    this.#byName.set(host.name, seat);
  }

  remove(name: string): void {
    const seat = this.#byName.get(name);
    if (seat === undefined) return;
    this.#seats = this.#seats.filter((s) => s !== seat);
    this.#inFlight -= seat.inbox.length;
    this.#byName.delete(name);
  }

  /** Disposes of every host (a cluster dropped by time travel: its workers stop). */
  dispose(): void {
    for (const s of this.#seats) s.host.dispose?.();
  }

  has(name: string): boolean {
    return this.#byName.has(name);
  }

  /** Queues a message from outside the hosts (the console) for the next round. */
  post(env: Envelope): void {
    if (this.#halted) return;
    this.#route(env);
  }

  /**
   * Freezes virtual time at `t`: everything due at or before `t` runs, and the first request to
   * run later (or any round after that) throws HaltedError, while messages posted in between are
   * dropped, so the rest of an interrupted script changes nothing. `undefined` lifts the halt.
   */
  haltAt(t: number | undefined): void {
    this.#limit = t ?? Infinity;
    this.#halted = false;
  }

  get halted(): boolean {
    return this.#halted;
  }

  #halt(): never {
    this.#halted = true;
    throw new HaltedError(this.#limit);
  }

  #route(env: Envelope): void {
    const seat = this.#byName.get(env.to);
    if (seat === undefined) {
      this.dropped++;
      return;
    }
    seat.inbox.push(env);
    this.#inFlight++;
  }

  nextDeadline(): number {
    if (this.#inFlight > 0) return this.#now;
    let min = Infinity;
    for (const s of this.#seats) if (s.next < min) min = s.next;
    return min;
  }

  /** Runs one round at the current instant if anything is due now; returns false if not. */
  async round(): Promise<boolean> {
    if (this.#halted) this.#halt();
    if (this.nextDeadline() > this.#now) return false;
    await this.#round();
    return true;
  }

  /**
   * One round at the current instant. Hosts in this thread answer at once, and so does the round:
   * a promise only when some host is a worker (see #turn for what callers await otherwise).
   */
  #round(): Promise<void> | undefined {
    const t = this.#now;
    const seats = this.#seats;
    const steps = this.#steps;
    let async = false;
    for (let i = 0; i < seats.length; i++) {
      const seat = seats[i];
      const inbox = seat.inbox;
      if (inbox.length === 0 && seat.next > t) {
        steps[i] = EMPTY;
        continue;
      }
      if (inbox.length > 0) {
        seat.inbox = [];
        this.#inFlight -= inbox.length;
      }
      const r = seat.host.step(t, inbox);
      if (r instanceof Promise) async = true;
      if (seat.awaited) this.#turnsLeft = TURNS_AFTER_HEARD;
      steps[i] = r;
    }
    steps.length = seats.length;
    if (!async) return this.#finish(steps as StepResult[]);
    // A host in this thread hands back one result object per step it takes (Host.step): copy each
    // now, as another round may step that host before this one's workers answer (kubectl's own).
    const pending = steps.map((r) => (r instanceof Promise || r === EMPTY ? r : { outbox: r.outbox, trace: r.trace, next: r.next }));
    return Promise.all(pending).then((results) => this.#finish(results));
  }

  /** Routes what a round's steps sent and adopts their trace events. */
  #finish(results: StepResult[]): undefined {
    const seats = this.#seats;
    this.rounds++;
    const listening = this.onTrace !== undefined;
    let produced: TraceEvent[] | undefined;
    for (let i = 0; i < seats.length; i++) {
      const r = results[i];
      if (r === EMPTY) continue;
      seats[i].next = r.next;
      // The host's own event objects (t, seq, details, in that key order) take their global seq.
      const trace = r.trace;
      for (let k = 0; k < trace.length; k++) {
        this.trace.adopt(trace[k]);
        if (listening) (produced ??= []).push(trace[k]);
      }
      const outbox = r.outbox;
      for (let k = 0; k < outbox.length; k++) this.#route(outbox[k]);
    }
    if (produced !== undefined) this.onTrace?.(produced);
    return undefined;
  }

  /**
   * What a caller running rounds awaits after one: the round's promise when a host is a worker.
   * Else the breather's, when it asks for one. Else one microtask turn while code in this thread may be waiting on the console (an answer in
   * flight, or one heard in the last TURNS_AFTER_HEARD rounds, that code's continuation being a
   * few awaits deep): it goes on after the same rounds as when every round was awaited. Else
   * nothing: no one in this thread waits on what the rounds do, and they run back to back.
   */
  #turn(round: Promise<void> | undefined): Promise<void> | undefined {
    if (round !== undefined) return round;
    const breath = this.breather?.();
    if (breath !== undefined) return breath;
    if (this.#turnsLeft > 0) {
      this.#turnsLeft--;
      return Promise.resolve();
    }
    for (const seat of this.#seats) if (seat.awaited && seat.host.waiting?.() === true) return Promise.resolve();
    return undefined;
  }

  /** Rounds left that end with a microtask turn since an awaited host last stepped (see #turn). */
  #turnsLeft = 0;

  /** Runs rounds at the current instant until nothing is due now. */
  async settle(): Promise<void> {
    if (this.#halted) this.#halt();
    while (this.nextDeadline() <= this.#now) {
      const turn = this.#turn(this.#round());
      if (turn !== undefined) await turn;
    }
  }

  /** Runs until virtual time `until` (inclusive), then leaves the clock there. */
  async runUntil(until: number): Promise<void> {
    if (this.#halted) this.#halt();
    const past = until > this.#limit;
    if (past) until = this.#limit;
    for (;;) {
      const next = this.nextDeadline();
      if (next > until) break;
      if (next > this.#now) this.#now = next;
      const turn = this.#turn(this.#round());
      if (turn !== undefined) await turn;
    }
    if (until > this.#now && Number.isFinite(until)) this.#now = until;
    if (past) this.#halt();
  }

  /** Moves to the next instant with work and runs it to quiescence. Returns false when idle. */
  async stepInstant(): Promise<boolean> {
    if (this.#halted) this.#halt();
    const next = this.nextDeadline();
    if (!Number.isFinite(next)) return false;
    if (next > this.#limit) {
      // Time ran to the halt with nothing to do before it.
      if (this.#limit > this.#now) this.#now = this.#limit;
      this.#halt();
    }
    if (next > this.#now) this.#now = next;
    await this.settle();
    return true;
  }
}

/** See #turn: deeper than kubectl's code between two of its requests. */
const TURNS_AFTER_HEARD = 64;

const EMPTY: StepResult = Object.freeze({ outbox: [], trace: [], next: Infinity }) as StepResult;

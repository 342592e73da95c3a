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

export class Conductor {
  #hosts: HostLink[] = [];
  #next = new Map<string, number>();
  #inboxes = new Map<string, Envelope[]>();
  #now = 0;
  #inFlight = 0;
  /** Messages whose destination host is gone (a powered-off node): dropped, as packets to a dead machine. */
  dropped = 0;
  rounds = 0;
  readonly trace: Trace;
  /** Called after each round with the trace events it produced (the page streams these). */
  onTrace?: (events: TraceEvent[]) => void;
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
    return this.#hosts.map((h) => h.name);
  }

  add(host: HostLink): void {
    this.#hosts.push(host);
    this.#inboxes.set(host.name, []);
    this.#next.set(host.name, this.#now);
  }

  remove(name: string): void {
    this.#hosts = this.#hosts.filter((h) => h.name !== name);
    this.#inFlight -= this.#inboxes.get(name)?.length ?? 0;
    this.#inboxes.delete(name);
    this.#next.delete(name);
  }

  /** Disposes of every host (a cluster dropped by time travel: its workers stop). */
  dispose(): void {
    for (const h of this.#hosts) h.dispose?.();
  }

  has(name: string): boolean {
    return this.#inboxes.has(name);
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
    const box = this.#inboxes.get(env.to);
    if (!box) {
      this.dropped++;
      return;
    }
    box.push(env);
    this.#inFlight++;
  }

  nextDeadline(): number {
    if (this.#inFlight > 0) return this.#now;
    let min = Infinity;
    for (const t of this.#next.values()) if (t < min) min = t;
    return min;
  }

  /** Runs one round at the current instant if anything is due now; returns false if not. */
  async round(): Promise<boolean> {
    if (this.#halted) this.#halt();
    if (this.nextDeadline() > this.#now) return false;
    await this.#round();
    return true;
  }

  async #round(): Promise<void> {
    const t = this.#now;
    const hosts = this.#hosts;
    const steps: (StepResult | Promise<StepResult>)[] = [];
    let async = false;
    for (const h of hosts) {
      const inbox = this.#inboxes.get(h.name)!;
      const due = inbox.length > 0 || this.#next.get(h.name)! <= t;
      if (!due) {
        steps.push(EMPTY);
        continue;
      }
      this.#inboxes.set(h.name, []);
      this.#inFlight -= inbox.length;
      const r = h.step(t, inbox);
      if (r instanceof Promise) async = true;
      steps.push(r);
    }
    const results = async ? await Promise.all(steps) : (steps as StepResult[]);
    this.rounds++;
    const produced: TraceEvent[] = [];
    for (let i = 0; i < hosts.length; i++) {
      const r = results[i];
      if (r === EMPTY) continue;
      this.#next.set(hosts[i].name, r.next);
      // The host's own event objects (t, seq, details, in that key order) take their global seq.
      for (const e of r.trace) produced.push(this.trace.adopt(e));
      for (const env of r.outbox) this.#route(env);
    }
    if (produced.length > 0) this.onTrace?.(produced);
  }

  /** Runs rounds at the current instant until nothing is due now. */
  async settle(): Promise<void> {
    if (this.#halted) this.#halt();
    while (this.nextDeadline() <= this.#now) await this.#round();
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
      await this.#round();
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

const EMPTY: StepResult = Object.freeze({ outbox: [], trace: [], next: Infinity }) as StepResult;

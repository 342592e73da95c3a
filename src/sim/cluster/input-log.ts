/**
 * Time travel's memory. A cluster is a function of its seed and the ordered inputs it was given:
 * console scripts, Ctrl-C, and how far virtual time ran between them. The log keeps exactly
 * those, stamped with virtual time, so replaying it into a fresh Cluster built from the same seed
 * gives the same API state, the same resourceVersions and the same trace (src/sim is
 * deterministic). Scrubbing the timeline replays a prefix of it (`upTo`); resuming from an
 * earlier moment keeps only that prefix (a fork).
 */

export type InputEntry =
  /** Virtual time ran (play, step, `+5m`) until `t`. */
  | { kind: 'advance'; t: number }
  /**
   * A console script run at `t` that returned at `end` (later than `t` when it let time run:
   * `sim advance 5m`, `kubectl delete` waiting). `haltAt`: the script was cut at that instant by
   * a fork there; its replay is cut there too, so the rest of it never happens.
   */
  | { kind: 'exec'; t: number; end: number; script: string; haltAt?: number }
  /** Ctrl-C at `t`: the streams (`kubectl get -w`, `logs -f`) stop. */
  | { kind: 'interrupt'; t: number };

/** What a replay drives: a cluster and its console (see replayInputs). */
export interface ReplayTarget {
  readonly now: number;
  /** Runs virtual time until `t` (nothing happens if `t` is not later than now). */
  advanceTo(t: number): Promise<void>;
  /** Runs a console script; `haltAt` freezes virtual time at that instant for its duration. */
  exec(script: string, haltAt?: number): Promise<void>;
  interrupt(): void;
}

export class InputLog {
  #entries: InputEntry[];

  constructor(entries: readonly InputEntry[] = []) {
    this.#entries = entries.map((e) => ({ ...e }));
  }

  get entries(): readonly InputEntry[] {
    return this.#entries;
  }

  /** The latest virtual time the log reaches. */
  get end(): number {
    const last = this.#entries.at(-1);
    if (!last) return 0;
    return last.kind === 'exec' ? (last.haltAt ?? last.end) : last.t;
  }

  /** Virtual time ran until `t`; consecutive advances merge into one (running to b after a is running to b). */
  advanceTo(t: number): void {
    if (t < this.end) throw new Error(`the log is at ${this.end} ms: time cannot run back to ${t} ms`);
    const last = this.#entries.at(-1);
    if (last?.kind === 'advance') last.t = t;
    else if (t > this.end) this.#entries.push({ kind: 'advance', t });
  }

  exec(t: number, end: number, script: string): void {
    if (t < this.end) throw new Error(`the log is at ${this.end} ms: a script cannot run at ${t} ms`);
    if (end < t) throw new Error('a script cannot end before it starts');
    this.#entries.push({ kind: 'exec', t, end, script });
  }

  interrupt(t: number): void {
    if (t < this.end) throw new Error(`the log is at ${this.end} ms: Ctrl-C cannot come at ${t} ms`);
    this.#entries.push({ kind: 'interrupt', t });
  }

  /**
   * The inputs that made the cluster as it was at `t`: everything that happened at or before
   * `t`. A script still running at `t` is cut there (`haltAt`); an advance past `t` stops at `t`.
   */
  upTo(t: number): InputLog {
    const out: InputEntry[] = [];
    for (const e of this.#entries) {
      if (e.t > t) break;
      if (e.kind === 'advance') out.push({ kind: 'advance', t: e.t });
      else if (e.kind === 'exec') {
        const stop = Math.min(e.haltAt ?? Infinity, e.end > t ? t : Infinity);
        out.push(Number.isFinite(stop) ? { ...e, end: Math.min(e.end, stop), haltAt: stop } : { ...e });
      } else out.push({ ...e });
    }
    const log = new InputLog(out);
    if (log.end < t) log.advanceTo(t);
    return log;
  }
}

/**
 * Replays `log` into `target` (a fresh cluster booted from the same seed as the one that made
 * the log). Returns when the target is at `log.end`.
 */
export async function replayInputs(target: ReplayTarget, log: InputLog): Promise<void> {
  for (const e of log.entries) {
    await target.advanceTo(e.t);
    if (e.kind === 'exec') await target.exec(e.script, e.haltAt);
    else if (e.kind === 'interrupt') target.interrupt();
  }
}

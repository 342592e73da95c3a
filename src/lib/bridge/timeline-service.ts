/**
 * Time travel, worker side. The live cluster's inputs go into an InputLog (playground-service.ts
 * calls the `record*` hooks); `seek(t)` builds the cluster as it was at `t` by replaying the log's
 * prefix into a fresh in-process cluster from the same seed (continuing the last replay when
 * scrubbing forward, which costs only the difference); `fork()` makes that past cluster the live
 * one, its log cut at `t`.
 */
import { InputLog, replayInputs, type InputEntry } from '../../sim/cluster/input-log';
import type { ClusterSession } from './cluster-session';

interface Past {
  session: ClusterSession;
  /** The inputs that made `session`: the live log up to `at`, then what was run while viewing it. */
  log: InputLog;
  at: number;
  /** Nothing but the replay ran in it yet (so a later moment can be reached by replaying on). */
  pristine: boolean;
}

/** Whether entry lists `a` and `b` hold the same inputs. */
function sameEntries(a: readonly InputEntry[], b: readonly InputEntry[]): boolean {
  return a.length === b.length && a.every((e, i) => JSON.stringify(e) === JSON.stringify(b[i]));
}

export class TimelineService {
  #log = new InputLog();
  #past?: Past;
  /**
   * A fresh cluster already booted from the seed (boot is about half of a replay's cost): the next
   * replay starts from it. Every replay starts with the same boot, so one spare serves any moment.
   */
  #spare?: ClusterSession;

  /**
   * `newSession` builds an unbooted session from the live one's seed (in-process hosts);
   * `bootEnd` is when the live cluster's boot finished (every node Ready): the earliest moment to view.
   */
  constructor(
    readonly newSession: () => ClusterSession,
    readonly bootEnd: number,
    /** The inputs the live cluster was restored from (a saved playground), if any. */
    log?: InputLog
  ) {
    if (log) this.#log = log;
  }

  get log(): InputLog {
    return this.#log;
  }

  /** The moment being viewed, or undefined when live. */
  get viewing(): number | undefined {
    return this.#past?.at;
  }

  get pastSession(): ClusterSession | undefined {
    return this.#past?.session;
  }

  // The one place inputs enter the log (the live session's onInput hook).
  recordAdvance(t: number): void {
    this.#log.advanceTo(t);
  }

  recordExec(t: number, end: number, script: string): void {
    this.#log.exec(t, end, script);
  }

  recordInterrupt(t: number): void {
    this.#log.interrupt(t);
  }

  /** A read-only script run while viewing the past: part of that past if it becomes the live one. */
  recordPastExec(t: number, end: number, script: string): void {
    if (!this.#past) throw new Error('not viewing the past');
    this.#past.log.exec(t, end, script);
    this.#past.at = end;
    this.#past.pristine = false;
  }

  /** The cluster as it was at `t` (clamped to the run: after boot, not later than now). */
  async seek(t: number): Promise<ClusterSession> {
    const at = Math.max(this.bootEnd, Math.min(Math.round(t), this.#log.end));
    const inputs = this.#log.upTo(at);
    const past = this.#past;
    const prev = past?.log.entries;
    // Scrubbing forward: the earlier replay is a prefix of this one up to its last advance.
    if (past && past.pristine && prev && prev.length > 0 && at >= past.at && prev.at(-1)!.kind === 'advance' && sameEntries(prev.slice(0, -1), inputs.entries.slice(0, prev.length - 1))) {
      await replayInputs(past.session, new InputLog(inputs.entries.slice(prev.length - 1)));
      this.#past = { session: past.session, log: inputs, at, pristine: true };
      return past.session;
    }
    const session = this.#spare ?? this.newSession();
    if (this.#spare) this.#spare = undefined;
    else await session.boot();
    await replayInputs(session, inputs);
    this.#past = { session, log: inputs, at, pristine: true };
    return session;
  }

  /** Boots the spare cluster the next replay will start from, unless there is one. */
  async prepare(): Promise<void> {
    if (this.#spare) return;
    const session = this.newSession();
    await session.boot();
    this.#spare ??= session;
  }

  get hasSpare(): boolean {
    return this.#spare !== undefined;
  }

  /** Resume from the moment viewed: the past cluster becomes the live one, and its inputs the log. */
  fork(): ClusterSession {
    const past = this.#past;
    if (!past) throw new Error('not viewing the past');
    this.#log = past.log;
    this.#past = undefined;
    return past.session;
  }

  /** Back to live: the past cluster is dropped. */
  returnToLive(): void {
    this.#past = undefined;
  }
}

/**
 * A probe worker: one per probe (startup, liveness, readiness) per container of a pod. It probes
 * at its first run and then every periodSeconds on one SimClock timer, reading the container from
 * the pod status the kubelet last generated; it waits out initialDelaySeconds from the container's
 * start, lets the startup probe gate the other two, counts successThreshold / failureThreshold
 * and stores the outcome in its results manager (which reports only changes). A new container
 * (new ID) starts from the probe's initial result; after a liveness or startup failure the worker
 * holds until the container is replaced. A probe still running when the period ticks runs again
 * as soon as it finishes (Go's ticker keeps one tick). Results are traced only when they change
 * or fail: a probe that keeps succeeding costs no trace event and no status write.
 *
 * A worker whose next ticks are known to change nothing sleeps: its timer is cancelled until what
 * would change them moves, and then it ticks again on its own period (the instants it would
 * have ticked at). It sleeps when the pod status alone told it to wait (no container yet, a
 * startup probe whose container has started, another probe before it has, a container on hold
 * after a failure) until the status manager sets the pod a new status; and when its probe was
 * answered from the remembered success of an httpGet or tcpSocket probe (see AnswerMemo), until
 * that status changes or the node's answer epoch moves (a container, the network or a file
 * changed, or a container hung). Upstream's ticker runs these ticks and they do nothing: a
 * thousand nodes' steady probes then cost a timer each per period for the exec probes only.
 * The ticks come at the same instants; within an instant, a woken worker's tick runs after the
 * timers set before it woke (awake, its timer would have been set a period before).
 * upstream: pkg/kubelet/prober/worker.go (newWorker, run, doProbe)
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { SimClock, TimerId } from '../../kernel/clock';
import { parseTimestamp } from '../../kernel/clock';
import type { ProbeAnswer, ProbeCall, Prober, ProbeType } from './prober';
import { probeSpecOf } from './prober';
import type { Result, ResultsManager } from './results/results-manager';
import type { StatusCell } from '../status/status-manager';

export interface WorkerDeps {
  clock: SimClock;
  prober: Prober;
  /** The pod status the kubelet last generated (the status manager's cache). */
  podStatus: (uid: string) => any;
  /** The pod's status manager entry (`cell.status` is podStatus(uid) while the pod is known): read without a lookup. */
  statusCell?: (uid: string) => StatusCell;
  /** A draw in [0, 1) from the prober's seeded stream. */
  random: () => number;
  /** When the kubelet process (its probe manager) started. */
  managerStart: number;
  trace: (kind: string, pod: any, extra: Record<string, unknown>) => void;
  /** The worker stopped itself (pod terminated, container will not restart). */
  onStop: (w: Worker) => void;
}

/** The status of a container that has been created (has an ID). upstream: podutil.GetContainerStatus */
function findStatus(list: any[] | undefined, name: string): any {
  if (!list) return undefined;
  for (const s of list) if (s.name === name && s.containerID) return s;
  return undefined;
}

/** No pod status yet: what a worker's last passed status is before its first probe (never a status, nor undefined). */
const NO_STATUS = Object.freeze({});

/** Why a tick changed nothing and the next would not either: see Worker (the top of this file). */
const enum Idle {
  No = 0,
  /** The pod status alone told the worker to wait: until the status manager sets a new one. */
  Status = 1,
  /** Answered from a remembered success: until the status or the node's answer epoch moves. */
  Answer = 2
}

/** Probe ticks land on multiples of this (virtual ms): invisible at the seconds users read, cheap to step. */
export const TICK_ALIGN_MS = 100;

export class Worker {
  // The fields a probe reads, first and together: an object's fields lie in the order they are
  // declared, and on a big node a probe's worker is rarely in the cache (each line read is a miss).
  // The rest are declared at the end of the class.
  #stopped = false;
  #inFlight = false;
  #pendingTick = false;
  #timer?: TimerId;
  /** deps.clock, read once (every tick sets its next timer on it). */
  readonly #clock: SimClock;
  /** periodSeconds in ms and the thresholds, read once: a probe need not reach into the spec. */
  readonly periodMs: number;
  readonly failureThreshold: number;
  readonly successThreshold: number;
  /** The pod's status manager entry (see WorkerDeps.statusCell), which tells the worker when its status changes. */
  #cell?: StatusCell;
  /** The entry's status as last read, and whether it has changed since (a tick that finds it has not reads no entry). */
  #status: any = undefined;
  #statusMoved = true;
  /** What the tick in progress learned (see Idle). */
  #idle = Idle.No;
  /** The pod status of the last probe that reached the prober (see doProbe). */
  #passedStatus: unknown = NO_STATUS;
  onHold = false;
  containerID = '';
  /** The runtime's ID of the container (containerID without `containerd://`), and the containerID it came from. */
  #rawFor = '';
  #raw = '';
  /** This worker's probe through the prober (one at a time: the ticker waits for each answer). */
  readonly #call: ProbeCall;
  /** The container and callback of the probe in flight (one at a time: the ticker waits for it). */
  #probeContainerID = '';
  #probeDone: (keepGoing: boolean) => void = () => {};
  lastResult: Result = 'Unknown';
  resultRun = 0;
  #lastTraced?: Result;
  /**
   * The result this worker last stored for its container: the worker is the only writer of that
   * entry (one worker per container and probe type), so a probe that succeeds again does not
   * even look the entry up.
   */
  #stored?: Result;

  constructor(deps: WorkerDeps, probeType: ProbeType, pod: any, container: any, managers: Record<ProbeType, ResultsManager>) {
    this.deps = deps;
    this.probeType = probeType;
    this.pod = pod;
    this.container = container;
    this.spec = probeSpecOf(container, probeType);
    this.periodMs = (this.spec.periodSeconds ?? 10) * 1000;
    this.failureThreshold = this.spec.failureThreshold ?? 3;
    this.successThreshold = this.spec.successThreshold ?? 1;
    this.resultsManager = managers[probeType];
    // upstream newWorker: readiness starts as Failure, liveness as Success, startup as Unknown.
    this.initialValue = probeType === 'readiness' ? 'Failure' : probeType === 'liveness' ? 'Success' : 'Unknown';
    const init = (pod.spec?.initContainers ?? []).some((x: any) => x.name === container.name);
    this.#uid = pod.metadata.uid;
    this.#clock = deps.clock;
    this.#fieldPath = init ? `spec.initContainers{${container.name}}` : `spec.containers{${container.name}}`;
    const cell = deps.statusCell?.(this.#uid);
    if (cell !== undefined) this.#watch(cell);
    this.#call = deps.prober.call(probeType, pod, container, this.#fieldPath, this.#answered);
  }

  /** upstream: worker.run: right after a kubelet (re)start, wait a random part of the period first. */
  run(): void {
    const { clock } = this.deps;
    const jitter = this.periodMs > clock.now() - this.deps.managerStart ? Math.floor(this.deps.random() * this.periodMs) : 0;
    // The ticker starts on a TICK_ALIGN_MS boundary: the workers of many pods share instants, so a
    // thousand nodes' probes cost a few conductor rounds per second, not one per probe.
    const first = Math.ceil((clock.now() + jitter) / TICK_ALIGN_MS) * TICK_ALIGN_MS;
    this.#timer = clock.at(first, () => {
      this.#running = true;
      this.#nextAt = clock.now() + this.periodMs;
      this.#timer = clock.after(this.periodMs, this.#tick);
      this.#probeNow();
    });
  }

  stop(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#asleep = false;
    this.#unwatch();
    this.deps.clock.cancel(this.#timer);
    this.#timer = undefined;
    // upstream: run's deferred cleanup removes the last container's result.
    if (this.containerID) this.#remove();
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  /** upstream: manualTriggerCh (buffered 1): probe now unless a probe is running or already asked for. */
  trigger(): void {
    if (this.#stopped || this.#pendingTick) return;
    if (this.#asleep) this.#wake();
    this.#pendingTick = true;
    if (!this.#inFlight && this.#running) this.deps.clock.after(0, () => this.#drain());
  }

  #tick = (): void => {
    if (this.#stopped) return;
    const clock = this.#clock;
    this.#nextAt = clock.now() + this.periodMs;
    this.#timer = clock.after(this.periodMs, this.#tick);
    if (this.#inFlight) this.#pendingTick = true;
    else this.#probeNow();
  };

  #drain(): void {
    if (this.#stopped || this.#inFlight || !this.#pendingTick) return;
    this.#pendingTick = false;
    this.#probeNow();
  }

  #probeNow(): void {
    this.#inFlight = true;
    this.#idle = Idle.No;
    this.doProbe(this.#probed);
  }

  /** doProbe's answer to #probeNow (one function per worker, not one per probe). */
  #probed = (keepGoing: boolean): void => {
    this.#inFlight = false;
    if (this.#stopped) return;
    if (!keepGoing) {
      this.stop();
      this.deps.onStop(this);
      return;
    }
    if (this.#idle !== Idle.No && !this.#pendingTick) this.#sleep();
    else this.#drain();
  };

  /**
   * The ticks to come would change nothing until the pod status (or, for a remembered answer, the
   * node's answer epoch) moves: cancel the timer and sleep until then (see the top of this file).
   */
  #sleep(): void {
    const cell = this.#cell;
    // Only on the entry the status was read from (a worker without one reads the status by lookup).
    if (cell === undefined || cell.status === undefined || this.#timer === undefined) return;
    this.#clock.cancel(this.#timer);
    this.#timer = undefined;
    this.#asleep = true;
    if (this.#idle === Idle.Answer && !this.#onProber) {
      this.#onProber = true;
      this.deps.prober.sleepUntilAnswersChange(this.#wakeFromProber);
    }
  }

  /** Reads the pod status from this entry, and hears when it changes. */
  #watch(cell: StatusCell): void {
    this.#unwatch();
    this.#cell = cell;
    (cell.watchers ??= []).push(this.#statusChanged);
  }

  #unwatch(): void {
    const watchers = this.#cell?.watchers;
    const i = watchers?.indexOf(this.#statusChanged) ?? -1;
    if (i >= 0) watchers!.splice(i, 1);
    this.#cell = undefined;
  }

  /** The status manager set the pod a new status: the next tick reads it; a sleeping worker wakes. */
  readonly #statusChanged = (): void => {
    this.#statusMoved = true;
    this.#wake();
  };

  readonly #wakeFromProber = (): void => {
    this.#onProber = false;
    this.#wake();
  };

  /**
   * Ticks again from the first instant of its period after now. A tick due at this very instant
   * counts as run: awake, its timer was set a period ago, before whatever woke it (a CRI call's
   * answer, a file written: set moments ago), so it ran first and saw nothing new.
   */
  #wake(): void {
    if (!this.#asleep) return;
    this.#asleep = false;
    const now = this.#clock.now();
    let next = this.#nextAt;
    if (next <= now) next += (Math.floor((now - next) / this.periodMs) + 1) * this.periodMs;
    this.#nextAt = next;
    this.#timer = this.#clock.at(next, this.#tick);
  }

  /** upstream: worker.go doProbe. Answers whether to keep probing. */
  doProbe(done: (keepGoing: boolean) => void): void {
    let status: any;
    // Unchanged since the last tick read it (the entry tells when it changes): on a big node the
    // entry is rarely in the cache.
    if (!this.#statusMoved) status = this.#status;
    else {
      status = this.#cell?.status;
      if (status === undefined) {
        // No status yet, or the entry held was dropped (the pod forgotten and its status set anew).
        status = this.deps.podStatus(this.#uid);
        if (status !== undefined && this.deps.statusCell) this.#watch(this.deps.statusCell(this.#uid));
      }
      this.#status = status;
      // Read from the entry watched: trusted until it says it changed.
      this.#statusMoved = status === undefined || this.#cell === undefined || this.#cell.status !== status;
    }
    // The same status object as at the last probe that passed every check below: they pass again
    // (the container, its start and `started` are the status's; the initial delay, once over,
    // stays over; this.pod does not change), unless a failure put the worker on hold since.
    // Compared before anything reads the status itself: on a big node it is rarely in the cache.
    if (status === this.#passedStatus && !this.onHold) return this.#callProber(status, done);
    // Either the pod has not been created yet, or it was already deleted.
    if (!status) return done(true);
    // The same status object as at a tick the status alone told to wait (no container yet, a
    // startup probe whose container has started, another probe before it has): it waits again.
    if (status === this.#waitStatus) {
      this.#idle = Idle.Status;
      return done(true);
    }
    if (status.phase === 'Failed' || status.phase === 'Succeeded') return done(false);
    const name = this.container.name;
    const c = findStatus(status.containerStatuses, name) ?? findStatus(status.initContainerStatuses, name);
    // The container has not been created yet, or it was deleted.
    if (!c) {
      this.#waitStatus = status;
      this.#idle = Idle.Status;
      return done(true);
    }
    if (this.containerID !== c.containerID) {
      if (this.containerID) this.#remove();
      this.containerID = c.containerID;
      this.#store(this.initialValue);
      // A new container: resume probing.
      this.onHold = false;
    }
    if (this.onHold) {
      // Until the container is replaced (a new ID in a new status).
      this.#idle = Idle.Status;
      return done(true);
    }
    if (!c.state?.running) {
      if (this.containerID) this.#store('Failure');
      // Abort if the container will not be restarted.
      return done(!c.state?.terminated || this.pod.spec?.restartPolicy !== 'Never');
    }
    // Graceful shutdown of the pod: liveness and startup say Success for a quiet stop.
    if (this.pod.metadata.deletionTimestamp && (this.probeType === 'liveness' || this.probeType === 'startup')) {
      this.#store('Success');
      return done(false);
    }
    // Probe disabled for InitialDelaySeconds (whole seconds since the container started).
    if (this.#startedAtText !== c.state.running.startedAt) {
      this.#startedAtText = c.state.running.startedAt;
      this.#startedAt = parseTimestamp(this.#startedAtText) ?? 0;
    }
    const startedAt = this.#startedAt;
    if (Math.floor((this.deps.clock.now() - startedAt) / 1000) < (this.spec.initialDelaySeconds ?? 0)) return done(true);
    if (c.started) {
      // Stop probing for startup once the container has started (kept for a restarted container).
      if (this.probeType === 'startup') {
        this.#waitStatus = status;
        this.#idle = Idle.Status;
        return done(true);
      }
    } else if (this.probeType !== 'startup') {
      // Other probes wait until the container has started.
      this.#waitStatus = status;
      this.#idle = Idle.Status;
      return done(true);
    }
    this.#passedStatus = status;
    this.#callProber(status, done);
  }

  #store(result: Result): void {
    if (result === this.#stored) return;
    this.#stored = result;
    this.resultsManager.set(this.containerID, result, this.pod);
  }

  #remove(): void {
    this.#stored = undefined;
    this.resultsManager.remove(this.containerID);
  }

  #callProber(status: any, done: (keepGoing: boolean) => void): void {
    const containerID = this.containerID;
    if (this.#rawFor !== containerID) {
      this.#rawFor = containerID;
      this.#raw = containerID.slice(containerID.indexOf('://') + 3);
    }
    this.#probeContainerID = containerID;
    this.#probeDone = done;
    this.#call.run(status, this.#raw);
  }

  /** The prober's answer to doProbe (one function per worker, not a closure per probe). */
  #answered = (answer: ProbeAnswer): void => {
    const containerID = this.#probeContainerID;
    const done = this.#probeDone;
    // The container changed or the worker stopped while the probe ran: its answer is stale.
    if (this.#stopped || containerID !== this.containerID) return done(true);
    // Prober error: throw away the result.
    if (answer.error !== undefined) return done(true);
    const result = answer.result;
    if (this.lastResult === result) this.resultRun++;
    else {
      this.lastResult = result;
      this.resultRun = 1;
    }
    const { failureThreshold, successThreshold } = this;
    if (result === 'Failure' || result !== this.#lastTraced) {
      this.#lastTraced = result;
      this.deps.trace(`probe.${this.probeType}`, this.pod, {
        container: this.container.name,
        result,
        run: this.resultRun,
        threshold: result === 'Failure' ? failureThreshold : successThreshold,
        ...(result === 'Failure' ? { output: answer.output.trimEnd() } : {})
      });
    }
    // Below the threshold: the probe state stays unchanged.
    if ((result === 'Failure' && this.resultRun < failureThreshold) || (result === 'Success' && this.resultRun < successThreshold)) return done(true);
    this.#store(result);
    // A remembered success at its threshold: the probes to come answer the same while it holds.
    if (result === 'Success' && this.#call.remembered) this.#idle = Idle.Answer;
    if ((this.probeType === 'liveness' || this.probeType === 'startup') && result === 'Failure') {
      // The container will be restarted: hold until a new container ID shows up.
      this.onHold = true;
      this.resultRun = 0;
    }
    done(true);
  };

  // The fields a probe does not read (see the top of the class).
  readonly deps: WorkerDeps;
  readonly probeType: ProbeType;
  readonly pod: any;
  readonly container: any;
  readonly spec: any;
  readonly resultsManager: ResultsManager;
  readonly initialValue: Result;
  /** The start jitter is over (a manual trigger before it waits for the first probe, as in Go). */
  #running = false;
  #startedAtText?: string;
  #startedAt = 0;
  /** The container's reference in events. */
  readonly #fieldPath: string;
  /** The pod's UID, read once. */
  readonly #uid: string;
  /** The pod status of the last tick that waited for a reason read from the status alone (see doProbe). */
  #waitStatus: unknown;
  /** Asleep (see #sleep), and the instant its ticker would tick next. */
  #asleep = false;
  #nextAt = 0;
  /** Among the prober's sleepers (until it wakes the worker). */
  #onProber = false;
}

/**
 * Pod workers: one worker per pod, running one sync at a time; an update that arrives while a
 * sync runs is kept (only the latest) and runs next. A pod moves syncing -> terminating ->
 * terminated and never back (a pod UID is never reused).
 * upstream: pkg/kubelet/pod_workers.go (UpdatePod, podWorkerLoop, completeWork, podSyncStatus)
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { SimClock, TimerId } from '../../kernel/clock';

export type PodWorkerState = 'syncing' | 'terminating' | 'terminated';

export interface SyncOutcome {
  /** Sync again at this virtual time (a back-off ends). */
  requeueAt?: number;
  /** The pod reached a terminal phase: stop it for good. */
  terminal?: boolean;
}

export interface PodSyncer {
  syncPod(pod: any, done: (o: SyncOutcome) => void): void;
  /** Stops the pod's containers; `gracePeriodSeconds` from the deletion, or the override for a pod gone from the API. */
  syncTerminatingPod(pod: any, gracePeriodSeconds: number, deleted: boolean, done: () => void): void;
  syncTerminatedPod(pod: any, deleted: boolean, done: () => void): void;
}

interface Worker {
  pod: any;
  state: PodWorkerState;
  working: boolean;
  pending: boolean;
  /** Gone from the API (deleted, or force-deleted). */
  deleted: boolean;
  /** The terminated pod's clean-up after deletion has run. */
  finished: boolean;
  timer?: TimerId;
  /** When the worker first saw the pod, and whether it has synced it yet (metrics: create vs sync). */
  firstSeen: number;
  synced: boolean;
  /** A kill's grace period (eviction: 1 s), used instead of the pod's. upstream: KillPodOptions.PodTerminationGracePeriodSecondsOverride */
  graceOverride?: number;
}

/**
 * What a worker does next. Pure. upstream: pod_workers.go UpdatePod decides terminating on a
 * deletionTimestamp, a pod removed from the config, or a terminal phase.
 */
export function nextWork(state: PodWorkerState, pod: any, deleted: boolean): 'sync' | 'terminating' | 'terminated' | 'none' {
  if (state === 'syncing') return pod.metadata?.deletionTimestamp || deleted ? 'terminating' : 'sync';
  if (state === 'terminating') return 'terminating';
  return deleted || pod.metadata?.deletionTimestamp ? 'terminated' : 'none';
}

/** upstream: pod_workers.go: a pod removed from the API without grace is killed with a 1 s override. */
export const ORPHAN_GRACE_PERIOD_SECONDS = 1;

export class PodWorkers {
  readonly #workers = new Map<string, Worker>();
  #stopped = false;
  /** Metrics hook: a sync ended (kubelet_pod_worker_duration_seconds, kubelet_pod_start_duration_seconds). */
  onSyncDone?: (pod: any, operation: 'create' | 'sync', durationMs: number, firstSeen: number) => void;

  constructor(
    readonly clock: SimClock,
    readonly syncer: PodSyncer
  ) {}

  state(uid: string): PodWorkerState | undefined {
    return this.#workers.get(uid)?.state;
  }

  get size(): number {
    return this.#workers.size;
  }

  /** upstream: pod_workers.go UpdatePod */
  updatePod(pod: any, opts: { deleted?: boolean; gracePeriodOverride?: number } = {}): void {
    if (this.#stopped) return;
    const uid = pod.metadata.uid as string;
    let w = this.#workers.get(uid);
    if (!w) {
      if (opts.deleted) return;
      w = { pod, state: 'syncing', working: false, pending: false, deleted: false, finished: false, firstSeen: this.clock.now(), synced: false };
      this.#workers.set(uid, w);
    }
    if (!opts.deleted) w.pod = pod;
    w.deleted ||= !!opts.deleted;
    if (opts.gracePeriodOverride !== undefined) w.graceOverride = opts.gracePeriodOverride;
    if (w.working) {
      w.pending = true;
      return;
    }
    this.#run(uid, w);
  }

  stop(): void {
    this.#stopped = true;
    for (const w of this.#workers.values()) this.clock.cancel(w.timer);
    this.#workers.clear();
  }

  #run(uid: string, w: Worker): void {
    this.clock.cancel(w.timer);
    w.timer = undefined;
    const work = nextWork(w.state, w.pod, w.deleted);
    if (work === 'terminated' && w.finished) {
      if (w.deleted) this.#workers.delete(uid);
      return;
    }
    if (work === 'none') return;
    w.working = true;
    w.pending = false;
    const complete = (o: SyncOutcome = {}) => {
      if (this.#stopped) return;
      w.working = false;
      if (o.terminal && w.state === 'syncing') {
        w.state = 'terminating';
        w.pending = true;
      }
      if (o.requeueAt !== undefined && w.state === 'syncing') w.timer = this.clock.at(o.requeueAt, () => this.#run(uid, w));
      if (w.finished && w.deleted) {
        this.#workers.delete(uid);
        return;
      }
      if (w.pending) this.#run(uid, w);
    };
    switch (work) {
      case 'sync': {
        const t0 = this.clock.now();
        const operation = w.synced ? 'sync' : 'create';
        w.synced = true;
        this.syncer.syncPod(w.pod, (o) => {
          this.onSyncDone?.(w.pod, operation, this.clock.now() - t0, w.firstSeen);
          complete(o);
        });
        break;
      }
      case 'terminating': {
        w.state = 'terminating';
        const md = w.pod.metadata;
        const grace = w.graceOverride ?? (md.deletionTimestamp ? (md.deletionGracePeriodSeconds ?? w.pod.spec?.terminationGracePeriodSeconds ?? 30) : w.deleted ? ORPHAN_GRACE_PERIOD_SECONDS : (w.pod.spec?.terminationGracePeriodSeconds ?? 30));
        this.syncer.syncTerminatingPod(w.pod, grace, w.deleted, () => {
          w.state = 'terminated';
          w.pending = true;
          complete();
        });
        break;
      }
      case 'terminated':
        this.syncer.syncTerminatedPod(w.pod, w.deleted, () => {
          w.finished = true;
          complete();
        });
        break;
    }
  }
}

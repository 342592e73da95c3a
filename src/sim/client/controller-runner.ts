/**
 * A controller's workers around its work queue: `workers` keys synced at once, started only once
 * the controller's informers have synced, each key forgotten when its sync succeeds and re-queued
 * rate-limited when it fails, then marked done (which hands it back out if it changed meanwhile).
 * upstream: every controller's Run (WaitForNamedCacheSync, then `workers` goroutines of
 * wait.UntilWithContext(worker)), worker and processNextWorkItem.
 */
import type { SharedInformer } from './informer';
import { RateLimitingQueue } from './workqueue';

/**
 * Syncs one key, synchronously or not; calls `done` once, with the error that makes the key
 * re-queue (rate-limited), or with nothing when it synced, and the virtual milliseconds the sync's
 * own work takes (syncMillis), if any: the worker and the key stay busy that long, and the
 * changes that come meanwhile wait for one sync after it, as they do behind a real controller's
 * sync.
 */
export type SyncHandler = (key: string, done: (err?: string, busyMs?: number) => void) => void;

/**
 * Objects a controller's sync walks per millisecond of its work. A sync here takes no virtual
 * time, so without this every instant in which one of a ReplicaSet's 10,000 pods changes would
 * sync it again, walking all 10,000 (each walk is real work for the simulation: at 1,000 nodes
 * those walks were most of a 10,000-pod start). A real ReplicaSet controller lists, filters,
 * claims and counts a pod in about half a microsecond of Go; while it does, the changes queue up
 * behind the key (client-go's workqueue: dirty while processing) and the next sync takes them
 * all. Below OBJECTS_PER_MS objects a sync takes no virtual time at all, as before.
 */
export const OBJECTS_PER_MS = 2000;

/** The virtual milliseconds a sync that walked `objects` objects keeps its key busy. */
export function syncMillis(objects: number): number {
  return Math.floor(objects / OBJECTS_PER_MS);
}

export class ControllerRunner {
  readonly queue: RateLimitingQueue;
  #busyWorkers = 0;
  #synced = false;
  #wakeScheduled = false;

  constructor(
    /** The host clock (delayed re-queues, and waking the workers in a later callback). */
    readonly schedule: (ms: number, fn: () => void) => void,
    readonly workers: number,
    readonly sync: SyncHandler
  ) {
    this.queue = new RateLimitingQueue(schedule, () => this.#wake());
  }

  /**
   * upstream: WaitForNamedCacheSync: the workers start once every informer has synced (waited for
   * in the order given).
   */
  startWhenSynced(informers: readonly SharedInformer[]): void {
    const [first, ...rest] = informers;
    if (first === undefined) {
      this.#synced = true;
      this.#wake();
      return;
    }
    first.onSynced(() => this.startWhenSynced(rest));
  }

  /** Starts idle workers on queued keys, in a later callback (never inside an informer handler). */
  #wake(): void {
    if (!this.#synced || this.#wakeScheduled) return;
    this.#wakeScheduled = true;
    this.schedule(0, () => {
      this.#wakeScheduled = false;
      while (this.#busyWorkers < this.workers && this.queue.length > 0) this.#processNextWorkItem();
    });
  }

  /** upstream: processNextWorkItem: sync the key; forget it on success, requeue it rate-limited on error. */
  #processNextWorkItem(): void {
    const key = this.queue.get();
    if (key === undefined) return;
    this.#busyWorkers++;
    const finish = (err: string | undefined) => {
      if (err === undefined) this.queue.forget(key);
      else this.queue.addRateLimited(key);
      this.queue.done(key);
      this.#busyWorkers--;
      this.#wake();
    };
    this.sync(key, (err, busyMs = 0) => {
      if (busyMs > 0) this.schedule(busyMs, () => finish(err));
      else finish(err);
    });
  }
}

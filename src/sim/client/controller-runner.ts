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
 * re-queue (rate-limited), or with nothing when it synced.
 */
export type SyncHandler = (key: string, done: (err?: string) => void) => void;

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
    this.sync(key, (err) => {
      if (err === undefined) this.queue.forget(key);
      else this.queue.addRateLimited(key);
      this.queue.done(key);
      this.#busyWorkers--;
      this.#wake();
    });
  }
}

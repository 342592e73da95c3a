/**
 * A controller's work queue: keys (`namespace/name`), never objects, so that many changes to one
 * object collapse into one sync; a key being processed is never handed to a second worker; a key
 * that failed comes back later, each time later (exponential back-off per key), on the host clock.
 * upstream: staging/src/k8s.io/client-go/util/workqueue (queue.go Add/Get/Done, delaying_queue.go
 * AddAfter, rate_limiting_queue.go AddRateLimited/Forget, default_rate_limiters.go
 * ItemExponentialFailureRateLimiter). DefaultControllerRateLimiter also has an overall 10 qps
 * token bucket; it is left out, as nothing in a simulated cluster comes near it.
 */

/** upstream: DefaultControllerRateLimiter's ItemExponentialFailureRateLimiter(5ms, 1000s). */
export const RATE_LIMIT_BASE_MS = 5;
export const RATE_LIMIT_MAX_MS = 1000_000;

/** upstream: ItemExponentialFailureRateLimiter.When: base * 2^failures, capped. */
export function exponentialBackoff(failures: number, baseMs = RATE_LIMIT_BASE_MS, maxMs = RATE_LIMIT_MAX_MS): number {
  return Math.min(baseMs * 2 ** failures, maxMs);
}

export class RateLimitingQueue {
  #queue: string[] = [];
  /** Keys that need processing (queued, or re-added while being processed). */
  #dirty = new Set<string>();
  #processing = new Set<string>();
  #failures = new Map<string, number>();
  #shuttingDown = false;

  constructor(
    /** The host clock, for AddAfter. */
    readonly schedule: (ms: number, fn: () => void) => void,
    /** Called whenever a key becomes available, so the owner can wake its workers. */
    readonly onAdd: () => void = () => {}
  ) {}

  get length(): number {
    return this.#queue.length;
  }

  add(key: string): void {
    if (this.#shuttingDown || this.#dirty.has(key)) return;
    this.#dirty.add(key);
    // A key being processed is queued again only when its worker calls done().
    if (this.#processing.has(key)) return;
    this.#queue.push(key);
    this.onAdd();
  }

  addAfter(key: string, delayMs: number): void {
    if (delayMs <= 0) return this.add(key);
    this.schedule(delayMs, () => this.add(key));
  }

  addRateLimited(key: string): void {
    const failures = this.#failures.get(key) ?? 0;
    this.#failures.set(key, failures + 1);
    this.addAfter(key, exponentialBackoff(failures));
  }

  /** Stops tracking the key's failures (it synced). */
  forget(key: string): void {
    this.#failures.delete(key);
  }

  numRequeues(key: string): number {
    return this.#failures.get(key) ?? 0;
  }

  /** The next key to process, or undefined when the queue is empty. */
  get(): string | undefined {
    const key = this.#queue.shift();
    if (key === undefined) return undefined;
    this.#processing.add(key);
    this.#dirty.delete(key);
    return key;
  }

  done(key: string): void {
    this.#processing.delete(key);
    if (this.#dirty.has(key)) {
      this.#queue.push(key);
      this.onAdd();
    }
  }

  shutDown(): void {
    this.#shuttingDown = true;
  }
}

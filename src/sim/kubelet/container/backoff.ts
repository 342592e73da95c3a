/**
 * Per-key exponential back-off, as client-go's flowcontrol.Backoff: the kubelet keys it by
 * container (CrashLoopBackOff) and by `<podUID>_<image>` (ImagePullBackOff). Pure: the caller
 * passes the virtual time.
 * upstream: staging/src/k8s.io/client-go/util/flowcontrol/backoff.go
 */

interface Entry {
  backoff: number;
  lastUpdate: number;
}

/** upstream: pkg/kubelet/kubelet.go containerBackOffPeriod / imageBackOffPeriod (10s), MaxContainerBackOff / MaxImageBackOff (300s). */
export const INITIAL_BACKOFF_MS = 10_000;
export const MAX_BACKOFF_MS = 300_000;

export class Backoff {
  readonly #entries = new Map<string, Entry>();

  constructor(
    readonly initial = INITIAL_BACKOFF_MS,
    readonly max = MAX_BACKOFF_MS
  ) {}

  /** An entry untouched for more than 2 x max starts again from the initial duration. upstream: hasExpired */
  #expired(eventTime: number, lastUpdate: number): boolean {
    return eventTime - lastUpdate > this.max * 2;
  }

  /** The current back-off of `id` (0 when none). */
  get(id: string): number {
    return this.#entries.get(id)?.backoff ?? 0;
  }

  /** Records a failure at `eventTime`: the first one sets the initial duration, later ones double it up to max. upstream: Next */
  next(id: string, eventTime: number): void {
    const e = this.#entries.get(id);
    if (!e || this.#expired(eventTime, e.lastUpdate)) this.#entries.set(id, { backoff: this.initial, lastUpdate: eventTime });
    else {
      e.backoff = Math.min(e.backoff * 2, this.max);
      e.lastUpdate = eventTime;
    }
  }

  /** True while `now - eventTime` is shorter than the current back-off. upstream: IsInBackOffSince */
  isInBackOffSince(id: string, eventTime: number, now: number): boolean {
    const e = this.#entries.get(id);
    if (!e || this.#expired(eventTime, e.lastUpdate)) return false;
    return now - eventTime < e.backoff;
  }

  /** True while less than the current back-off has passed since the last failure. upstream: IsInBackOffSinceUpdate */
  isInBackOffSinceUpdate(id: string, now: number): boolean {
    const e = this.#entries.get(id);
    if (!e || this.#expired(now, e.lastUpdate)) return false;
    return now - e.lastUpdate < e.backoff;
  }

  /** When the back-off that started at the last update ends (undefined when none). */
  expiresAt(id: string): number | undefined {
    const e = this.#entries.get(id);
    return e ? e.lastUpdate + e.backoff : undefined;
  }

  /** Forgets entries idle for more than 2 x max. upstream: GC */
  gc(now: number): void {
    for (const [id, e] of this.#entries) if (this.#expired(now, e.lastUpdate)) this.#entries.delete(id);
  }

  reset(id: string): void {
    this.#entries.delete(id);
  }
}

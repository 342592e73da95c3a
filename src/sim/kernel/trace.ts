/**
 * The trace: a typed record of everything the components do. It drives the animations, the
 * sequence diagrams, `sim trace`, time travel and the tests. Kinds use upstream names with a
 * prefix (`api.create`, `watch.MODIFIED`, `cri.RunPodSandbox`, `lease.renew`); do not rename them.
 */

export interface TraceEvent {
  /** Virtual time in ms. */
  t: number;
  /** Global sequence number: the total order of the run. */
  seq: number;
  /** Who did it: `kube-apiserver`, `kubelet`, `kube-scheduler`, `replicaset-controller`, `kubectl` ... */
  component: string;
  kind: string;
  node?: string;
  /** `namespace/name` of the pod concerned. */
  pod?: string;
  /** Free-form, JSON-serialisable details (resource, name, code, method arguments...). */
  [detail: string]: unknown;
}

export type TraceInput = Omit<TraceEvent, 't' | 'seq'>;

export interface TraceFilter {
  pod?: string;
  node?: string;
  /** Matches kinds equal to this or starting with `prefix.` (or any kind starting with it). */
  kind?: string;
  component?: string;
  since?: number;
  until?: number;
}

/** A bounded ring buffer of trace events; old events fall off the front. */
export class Trace {
  #buf: (TraceEvent | undefined)[];
  #start = 0;
  #size = 0;
  #seq = 0;
  #listeners = new Set<(e: TraceEvent) => void>();
  /** Number of events dropped because the ring was full. */
  dropped = 0;

  constructor(readonly capacity = 100_000) {
    this.#buf = new Array(capacity);
  }

  get size(): number {
    return this.#size;
  }

  /** Next sequence number to be given out. */
  get seq(): number {
    return this.#seq;
  }

  record(t: number, input: TraceInput): TraceEvent {
    const e = { t, seq: this.#seq++, ...input } as TraceEvent;
    this.append(e);
    return e;
  }

  /** Appends an event made elsewhere (a host's, with its local seq), giving it the next global seq. */
  adopt(e: TraceEvent): TraceEvent {
    e.seq = this.#seq++;
    this.append(e);
    return e;
  }

  /** Appends an event that already has t and seq (merged from another host). */
  append(e: TraceEvent): void {
    if (e.seq >= this.#seq) this.#seq = e.seq + 1;
    if (this.#size < this.capacity) {
      this.#buf[(this.#start + this.#size) % this.capacity] = e;
      this.#size++;
    } else {
      this.#buf[this.#start] = e;
      this.#start = (this.#start + 1) % this.capacity;
      this.dropped++;
    }
    for (const l of this.#listeners) l(e);
  }

  onEvent(listener: (e: TraceEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  *events(filter: TraceFilter = {}): IterableIterator<TraceEvent> {
    for (let i = 0; i < this.#size; i++) {
      const e = this.#buf[(this.#start + i) % this.capacity]!;
      if (matches(e, filter)) yield e;
    }
  }

  list(filter: TraceFilter = {}): TraceEvent[] {
    return [...this.events(filter)];
  }

  clear(): void {
    this.#buf = new Array(this.capacity);
    this.#start = 0;
    this.#size = 0;
  }
}

export function matches(e: TraceEvent, f: TraceFilter): boolean {
  if (f.since !== undefined && e.t < f.since) return false;
  if (f.until !== undefined && e.t > f.until) return false;
  if (f.node !== undefined && e.node !== f.node) return false;
  if (f.component !== undefined && e.component !== f.component) return false;
  if (f.pod !== undefined) {
    if (e.pod === undefined) return false;
    // `--pod web` matches any namespace; `--pod ns/web` one.
    if (e.pod !== f.pod && !e.pod.endsWith('/' + f.pod)) return false;
  }
  if (f.kind !== undefined && !(e.kind === f.kind || e.kind.startsWith(f.kind))) return false;
  return true;
}

/** One line of `sim trace`: `00:00:01.250 kubelet worker-1 cri.RunPodSandbox default/web ...`. */
export function formatTraceEvent(e: TraceEvent): string {
  const { t, seq: _seq, component, kind, node, pod, ...rest } = e;
  const details = Object.entries(rest)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' ');
  return [formatClock(t), component, node ?? '-', kind, pod ?? '-', details].filter((s) => s !== '').join(' ');
}

/** Virtual time as HH:MM:SS.mmm. */
export function formatClock(ms: number): string {
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const milli = Math.floor(ms % 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(milli, 3)}`;
}

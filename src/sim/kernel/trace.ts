/**
 * The trace: a typed record of everything the components do. It drives the animations, the
 * sequence diagrams, `sim trace`, time travel and the tests. Kinds use upstream names with a
 * prefix (`api.create`, `watch.MODIFIED`, `cri.RunPodSandbox`, `lease.renew`); do not rename them.
 */
import { formatClock } from './timestamp';

// The clock's text (HH:MM:SS.mmm) lives in timestamp.ts (the page's clock reads it without the trace); re-exported here.
export { formatClock };

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

/**
 * How many keys (t and seq included) an event may have to be kept in the ring's columns; an
 * event with more (a PullImage return with its progress) is kept as it came.
 */
const WIDTH = 14;
/** Slots per chunk of the columns: a chunk is made when the ring first reaches it. */
const CHUNK_BITS = 12;
const CHUNK = 1 << CHUNK_BITS;
/** At most this many distinct key lists are remembered; past it, events are kept as they came. */
const MAX_SHAPES = 4096;
/** A kind whose events come with ever new keys is searched no further than this many lists. */
const MAX_SHAPES_PER_KIND = 32;
/** A slot kept as the event object itself (in its first value cell). */
const AS_OBJECT = -1;

/** One key list (in order) that events share, and where the fields a filter reads sit in it. */
interface Shape {
  keys: string[];
  t: number;
  component: number;
  kind: number;
  node: number;
  pod: number;
}

interface Chunk {
  /** WIDTH value cells per slot, in its shape's key order. */
  vals: unknown[];
  /** Each slot's shape id, or AS_OBJECT. */
  shapes: Int32Array;
}

/**
 * A bounded ring buffer of trace events; old events fall off the front.
 *
 * The ring keeps each event's values in preallocated columns, beside the id of its key list, not
 * the event object: an event lives in the ring for many seconds of a run (the newest 200,000), so
 * kept as an object it would outlive the young generation and be copied into the old one, only to
 * die there a little later. In a thousand-node cluster with exec probes those copies were half of
 * all the bytes promoted, and what made the major collections of a 2 GB heap come round. The
 * values themselves (pod names, container ids, a probe's command) are the components' own
 * long-lived strings and arrays, so an event costs the ring nothing that a collection must copy.
 * Reading makes each event again, with its keys in the order it was made.
 */
export class Trace {
  #chunks: Chunk[] = [];
  #shapes: Shape[] = [];
  #shapesByKind = new Map<string, number[]>();
  #keys: string[] = new Array(WIDTH);
  #start = 0;
  #size = 0;
  #seq = 0;
  #listeners = new Set<(e: TraceEvent) => void>();
  /** Number of events dropped because the ring was full. */
  dropped = 0;

  constructor(readonly capacity = 100_000) {}

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
    let slot: number;
    if (this.#size < this.capacity) {
      slot = (this.#start + this.#size) % this.capacity;
      this.#size++;
    } else {
      slot = this.#start;
      this.#start = (this.#start + 1) % this.capacity;
      this.dropped++;
    }
    this.#store(slot, e);
    for (const l of this.#listeners) l(e);
  }

  #store(slot: number, e: TraceEvent): void {
    const c = this.#chunks[slot >> CHUNK_BITS] ?? this.#chunk(slot >> CHUNK_BITS);
    const i = slot & (CHUNK - 1);
    const base = i * WIDTH;
    const vals = c.vals;
    const keys = this.#keys;
    let before = c.shapes[i] === AS_OBJECT ? 1 : this.#shapes[c.shapes[i]].keys.length;
    let n = 0;
    for (const k in e) {
      if (n === WIDTH) {
        n = -1;
        break;
      }
      keys[n] = k;
      vals[base + n] = e[k];
      n++;
    }
    const id = n < 0 ? AS_OBJECT : this.#shapeOf(e.kind, keys, n);
    if (id === AS_OBJECT) {
      vals[base] = e;
      before = WIDTH;
      n = 1;
    }
    c.shapes[i] = id;
    // Let go of what the slot's last event held past this one's values.
    for (let k = n; k < before; k++) vals[base + k] = undefined;
  }

  #chunk(index: number): Chunk {
    const slots = Math.min(CHUNK, this.capacity - index * CHUNK);
    const c: Chunk = { vals: new Array(slots * WIDTH).fill(undefined), shapes: new Int32Array(slots).fill(AS_OBJECT) };
    this.#chunks[index] = c;
    return c;
  }

  /** The id of the shape with these n keys in this order, made if new (AS_OBJECT past MAX_SHAPES). */
  #shapeOf(kind: string, keys: string[], n: number): number {
    let ids = this.#shapesByKind.get(kind);
    if (ids !== undefined) {
      for (const id of ids) {
        const have = this.#shapes[id].keys;
        if (have.length !== n) continue;
        let k = 0;
        while (k < n && have[k] === keys[k]) k++;
        if (k === n) return id;
      }
    }
    if (this.#shapes.length >= MAX_SHAPES || (ids !== undefined && ids.length >= MAX_SHAPES_PER_KIND)) return AS_OBJECT;
    const list = keys.slice(0, n);
    const shape: Shape = { keys: list, t: list.indexOf('t'), component: list.indexOf('component'), kind: list.indexOf('kind'), node: list.indexOf('node'), pod: list.indexOf('pod') };
    const id = this.#shapes.push(shape) - 1;
    if (ids === undefined) this.#shapesByKind.set(kind, (ids = []));
    ids.push(id);
    return id;
  }

  /** The event in a slot, made again from its values (the stored object for one kept whole). */
  #event(slot: number): TraceEvent {
    const c = this.#chunks[slot >> CHUNK_BITS];
    const i = slot & (CHUNK - 1);
    const base = i * WIDTH;
    const id = c.shapes[i];
    if (id === AS_OBJECT) return c.vals[base] as TraceEvent;
    const keys = this.#shapes[id].keys;
    const e: Record<string, unknown> = {};
    for (let k = 0; k < keys.length; k++) e[keys[k]] = c.vals[base + k];
    return e as TraceEvent;
  }

  /** matches() read from a slot's columns, without making its event. */
  #matches(slot: number, f: TraceFilter): boolean {
    const c = this.#chunks[slot >> CHUNK_BITS];
    const i = slot & (CHUNK - 1);
    const base = i * WIDTH;
    const id = c.shapes[i];
    if (id === AS_OBJECT) return matches(c.vals[base] as TraceEvent, f);
    const s = this.#shapes[id];
    const at = (k: number) => (k < 0 ? undefined : c.vals[base + k]);
    return matchesFields(at(s.t) as number, at(s.component) as string, at(s.kind) as string, at(s.node) as string | undefined, at(s.pod) as string | undefined, f);
  }

  onEvent(listener: (e: TraceEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  *events(filter: TraceFilter = {}): IterableIterator<TraceEvent> {
    for (let i = 0; i < this.#size; i++) {
      const slot = (this.#start + i) % this.capacity;
      if (this.#matches(slot, filter)) yield this.#event(slot);
    }
  }

  list(filter: TraceFilter = {}): TraceEvent[] {
    return [...this.events(filter)];
  }

  clear(): void {
    this.#chunks = [];
    this.#start = 0;
    this.#size = 0;
  }
}

export function matches(e: TraceEvent, f: TraceFilter): boolean {
  return matchesFields(e.t, e.component, e.kind, e.node, e.pod, f);
}

function matchesFields(t: number, component: string, kind: string, node: string | undefined, pod: string | undefined, f: TraceFilter): boolean {
  if (f.since !== undefined && t < f.since) return false;
  if (f.until !== undefined && t > f.until) return false;
  if (f.node !== undefined && node !== f.node) return false;
  if (f.component !== undefined && component !== f.component) return false;
  if (f.pod !== undefined) {
    if (pod === undefined) return false;
    // `--pod web` matches any namespace; `--pod ns/web` one.
    if (pod !== f.pod && !pod.endsWith('/' + f.pod)) return false;
  }
  if (f.kind !== undefined && !(kind === f.kind || kind.startsWith(f.kind))) return false;
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

/**
 * The node's systemd journal, as `journalctl -u kubelet` prints it: the kubelet's own klog lines
 * and systemd's about the kubelet.service unit. Kept per node on the kubelet host (it outlives
 * kubelet restarts), bounded (the oldest lines go first), written only when something happens:
 * no line, and no cost, per tick.
 * upstream: k8s.io/klog/v2 (klog.go formatHeader, internal/serialize KVListFormat),
 * systemd journalctl's short output format.
 */
import { SIM_EPOCH_MS } from '../../kernel/clock';

export type Severity = 'I' | 'W' | 'E';

export interface JournalEntry {
  /** Virtual ms. */
  t: number;
  /** `kubelet` or `systemd`. */
  ident: string;
  pid: number;
  text: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Default bound: lines kept per node. */
export const JOURNAL_CAPACITY = 5000;

export class Journal {
  readonly #entries: JournalEntry[] = [];

  constructor(
    readonly hostname: string,
    readonly capacity = JOURNAL_CAPACITY
  ) {}

  append(e: JournalEntry): void {
    this.#entries.push(e);
    if (this.#entries.length > this.capacity) this.#entries.splice(0, this.#entries.length - this.capacity);
  }

  get size(): number {
    return this.#entries.length;
  }

  entries(): readonly JournalEntry[] {
    return this.#entries;
  }

  /** `journalctl -u kubelet [-n N]` lines: `Jan 01 00:00:05 worker-1 kubelet[743]: ...`. */
  lines(tail?: number): string[] {
    const list = tail === undefined ? this.#entries : tail <= 0 ? [] : this.#entries.slice(-tail);
    return list.map((e) => `${journalTime(e.t)} ${this.hostname} ${e.ident}[${e.pid}]: ${e.text}`);
  }
}

/** `Jan 01 00:00:05` (UTC). */
export function journalTime(t: number): string {
  const d = new Date(SIM_EPOCH_MS + Math.floor(t));
  return `${MONTHS[d.getUTCMonth()]} ${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/**
 * A klog value: strings quoted as Go's strconv.Quote, numbers and booleans bare, structs and
 * slices as JSON (`pods=["default/web"]`, `event={"ID":"...","Type":"ContainerDied",...}`).
 * upstream: klog internal/serialize
 */
function klogValue(v: unknown): string {
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'object' && v !== null) return JSON.stringify(v);
  return JSON.stringify(String(v));
}

/**
 * One structured klog line: `I0101 00:00:05.123456     743 kubelet.go:2340] "msg" key="value"`.
 * upstream: klog.go formatHeader (Lmmdd hh:mm:ss.uuuuuu threadid file:line]), InfoS/ErrorS.
 */
export function klogLine(severity: Severity, t: number, pid: number, source: string, msg: string, kv: Record<string, unknown> = {}): string {
  const d = new Date(SIM_EPOCH_MS + Math.floor(t));
  const micros = pad(Math.round((t - Math.floor(t / 1000) * 1000) * 1000), 6);
  const header = `${severity}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${micros} ${String(pid).padStart(7)} ${source}]`;
  const pairs = Object.entries(kv).map(([k, v]) => ` ${k}=${klogValue(v)}`).join('');
  return `${header} ${JSON.stringify(msg)}${pairs}`;
}

/**
 * The container log manager: every 10 s it looks at each running container's log file and, once
 * the file reaches containerLogMaxSize (10Mi), rotates it: the file is renamed
 * `<n>.log.<YYYYMMDD-hhmmss>`, the runtime reopens a fresh one (our writer appends to the path, so
 * the next line starts the new file), rotated files older than the newest are compressed
 * (`.gz`), and no more than containerLogMaxFiles (5) files are kept, current one included.
 * `kubectl logs` reads only the current file, as upstream.
 * upstream: pkg/kubelet/logs/container_log_manager.go (logMonitorPeriod, rotateLog,
 * cleanupUnusedLogs, removeExcessLogs, compressLog, rotateLatestLog, timestampFormat).
 */
import type { SimClock, TimerId } from '../../kernel/clock';
import { SIM_EPOCH_MS } from '../../kernel/clock';
import type { TraceInput } from '../../kernel/trace';

export const LOG_MONITOR_PERIOD_MS = 10_000;

/** Go's "20060102-150405" for a virtual time. */
export function rotationTimestamp(virtualMs: number): string {
  const iso = new Date(SIM_EPOCH_MS + virtualMs).toISOString(); // 2025-01-01T00:05:12.000Z
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}-${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`;
}

export interface LogFiles {
  /** Running containers' current log files. */
  running(): { containerId: string; path: string }[];
  files: Map<string, string>;
  /** A count of the writes to log files so far (none: every pass looks at every file). */
  appends?(): number;
}

export class ContainerLogManager {
  #timer?: TimerId;
  /** logs.appends() at the end of the last pass: after a pass every running container's file is below the limit, and only a write can take one past it. */
  #appendsChecked?: number;

  constructor(
    readonly logs: LogFiles,
    readonly clock: SimClock,
    readonly maxSizeBytes: number,
    readonly maxFiles: number,
    readonly trace: (e: Omit<TraceInput, 'component'>) => void
  ) {}

  start(): void {
    const tick = () => {
      this.rotateAll();
      this.#timer = this.clock.after(LOG_MONITOR_PERIOD_MS, tick);
    };
    this.#timer = this.clock.after(LOG_MONITOR_PERIOD_MS, tick);
  }

  stop(): void {
    if (this.#timer !== undefined) this.clock.cancel(this.#timer);
    this.#timer = undefined;
  }

  rotateAll(): void {
    const appends = this.logs.appends?.();
    if (appends !== undefined && appends === this.#appendsChecked) return;
    for (const { containerId, path } of this.logs.running()) {
      const text = this.logs.files.get(path);
      if (text === undefined || text.length < this.maxSizeBytes) continue;
      this.#rotate(containerId, path, text);
    }
    this.#appendsChecked = appends;
  }

  #rotate(containerId: string, path: string, text: string): void {
    const files = this.logs.files;
    const rotated = [...files.keys()].filter((f) => f.startsWith(path + '.')).sort();
    // removeExcessLogs: keep maxFiles - 2 rotated files, so that with the one rotated now and the
    // current file there are at most maxFiles.
    const keep = Math.max(0, this.maxFiles - 2);
    for (const f of rotated.slice(0, Math.max(0, rotated.length - keep))) files.delete(f);
    // compressLog: every rotated file but the newest is compressed (a simulated .gz of the same text).
    for (const f of keep > 0 ? rotated.slice(-keep) : []) {
      if (f.endsWith('.gz') || !files.has(f)) continue;
      files.set(f + '.gz', files.get(f)!);
      files.delete(f);
    }
    const target = `${path}.${rotationTimestamp(this.clock.now())}`;
    files.set(target, text);
    files.delete(path); // ReopenContainerLog: the runtime's next write starts a new file.
    this.trace({ kind: 'logs.rotate', containerId, path, rotatedTo: target, bytes: text.length });
  }
}

/**
 * The container log file in the CRI log format the kubelet and `kubectl logs` read: one line per
 * line of output, `<RFC3339Nano time> <stream> <tag> <text>`, tag `F` for a full line and `P` for
 * a partial one (text flushed without a newline, here when the process exits), e.g.
 * `2025-01-01T00:00:12.345000000Z stdout F hello`. The time is the virtual clock's, in UTC with
 * nine fraction digits. The file is `<logDirectory>/<logPath>` on the node's filesystem:
 * `/var/log/pods/<ns>_<pod>_<uid>/<container>/<attempt>.log`.
 * upstream: containerd internal/cri/io/logger.go (redirectLogs: timestamp, stream, tag, content),
 * staging/src/k8s.io/cri-api/pkg/apis/runtime/v1/constants.go (LogTagPartial "P", LogTagFull "F"),
 * pkg/kubelet/kuberuntime/logs/logs.go (parseCRILog).
 */

import { SIM_EPOCH_MS } from '../../kernel/clock';
import type { ContainerFS } from '../programs/process';

export type LogStream = 'stdout' | 'stderr';

/** `2025-01-01T00:00:12.345000000Z` for a virtual time in ms. */
export function criLogTime(ms: number): string {
  const whole = Math.floor(ms);
  const nanos = Math.round((ms - whole) * 1e6);
  const iso = new Date(SIM_EPOCH_MS + whole).toISOString(); // ...T00:00:12.345Z
  return iso.replace(/\.(\d{3})Z$/, (_m, f: string) => `.${f}${String(nanos).padStart(6, '0')}Z`);
}

/** Appends a process's output to its log file, line by line. */
export class CriLogWriter {
  readonly #partial: Record<LogStream, string> = { stdout: '', stderr: '' };

  constructor(
    readonly fs: ContainerFS,
    /** Absolute path of the log file (its directory is created on first write). */
    readonly path: string,
    private readonly now: () => number,
    /** Called at each append (the runtime counts them for the kubelet's log rotation). */
    private readonly appended?: () => void
  ) {}

  /** Creates the file (empty) if it is not there. */
  open(): void {
    this.#append('');
  }

  write(stream: LogStream, text: string): void {
    const all = this.#partial[stream] + text;
    const lines = all.split('\n');
    this.#partial[stream] = lines.pop()!;
    if (lines.length > 0) this.#append(lines.map((l) => `${criLogTime(this.now())} ${stream} F ${l}\n`).join(''));
  }

  /** The process exited: what is left without a newline is written as a partial line. */
  close(): void {
    for (const stream of ['stdout', 'stderr'] as const) {
      const rest = this.#partial[stream];
      this.#partial[stream] = '';
      if (rest !== '') this.#append(`${criLogTime(this.now())} ${stream} P ${rest}\n`);
    }
  }

  #append(text: string): void {
    this.appended?.();
    if (this.fs.write(this.path, text, true) === 'ENOENT') {
      this.fs.mkdir(this.path.slice(0, this.path.lastIndexOf('/')), true);
      this.fs.write(this.path, text, true);
    }
  }
}

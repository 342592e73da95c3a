/**
 * Reading a container's log file: the runtime writes one CRI log record per line,
 * `2025-01-01T00:00:12.345678901Z stdout F text` (F a full line, P a partial one continued by the
 * next record), and the kubelet turns the file into what `kubectl logs` prints, with the options
 * of PodLogOptions: tailLines (the last N records), timestamps (RFC3339Nano, trailing zeros cut,
 * once per output line), sinceSeconds / sinceTime, limitBytes. Pure.
 * upstream: pkg/kubelet/kuberuntime/logs/logs.go (parseCRILog, ReadLogs, logWriter, NewLogOptions,
 * findTailLineStartIndex), pkg/kubelet/kubelet_pods.go (validateContainerLogStatus).
 */
import { goQuote } from '../../api/gostrings';
import { SIM_EPOCH_MS } from '../../kernel/clock';

export interface CRILogRecord {
  /** The timestamp as written (RFC3339Nano). */
  timestamp: string;
  stream: 'stdout' | 'stderr';
  partial: boolean;
  content: string;
}

export interface LogOptions {
  tailLines?: number;
  timestamps?: boolean;
  /** Records strictly before this virtual time (ms) are skipped (sinceSeconds / sinceTime). */
  sinceMs?: number;
  limitBytes?: number;
}

/** upstream: logs.go parseCRILog: `timestamp stream tag content`. */
export function parseCRILog(line: string): CRILogRecord | string {
  const a = line.indexOf(' ');
  if (a < 0) return 'timestamp is not found';
  const b = line.indexOf(' ', a + 1);
  if (b < 0) return 'stream type is not found';
  const stream = line.slice(a + 1, b);
  if (stream !== 'stdout' && stream !== 'stderr') return `unexpected stream type "${stream}"`;
  const c = line.indexOf(' ', b + 1);
  if (c < 0) return 'log tag is not found';
  const tag = line.slice(b + 1, c);
  return { timestamp: line.slice(0, a), stream, partial: tag.split(':')[0] === 'P', content: line.slice(c + 1) };
}

/** Go's time.Format(RFC3339Nano): fractional seconds without trailing zeros (none when zero). */
export function logTimestamp(timestamp: string): string {
  return timestamp.replace(/\.(\d*?)0*Z$/, (_m, digits: string) => (digits ? `.${digits}Z` : 'Z'));
}

/** Epoch ms of a CRI timestamp (nanoseconds beyond the millisecond are dropped). */
export function timestampMs(timestamp: string): number {
  return Date.parse(timestamp.replace(/\.(\d{1,3})\d*Z$/, '.$1Z'));
}

/** upstream: logs.go ReadLogs: the records of a log file, filtered and formatted. */
export function readLogs(file: string, opts: LogOptions = {}): string {
  let lines = file.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  // upstream: tail counts records (lines in the file), not the lines they join into.
  if (opts.tailLines !== undefined && opts.tailLines >= 0) lines = opts.tailLines === 0 ? [] : lines.slice(-opts.tailLines);
  let out = '';
  let atLineStart = true;
  for (const line of lines) {
    const rec = parseCRILog(line);
    if (typeof rec === 'string') continue;
    if (opts.sinceMs !== undefined && timestampMs(rec.timestamp) - SIM_EPOCH_MS < opts.sinceMs) continue;
    const text = (opts.timestamps && atLineStart ? logTimestamp(rec.timestamp) + ' ' : '') + rec.content + (rec.partial ? '' : '\n');
    atLineStart = !rec.partial;
    if (opts.limitBytes !== undefined) {
      const left = opts.limitBytes - utf8Length(out);
      if (left <= 0) break;
      if (utf8Length(text) > left) {
        out += truncateUtf8(text, left);
        break;
      }
    }
    out += text;
  }
  return out;
}

function utf8Length(s: string): number {
  return new TextEncoder().encode(s).length;
}

function truncateUtf8(s: string, bytes: number): string {
  return new TextDecoder().decode(new TextEncoder().encode(s).slice(0, bytes));
}

/** The log directory of a pod: /var/log/pods/<namespace>_<name>_<uid>. upstream: kuberuntime_sandbox.go BuildPodLogsDirectory */
export function podLogsDirectory(namespace: string, name: string, uid: string): string {
  return `/var/log/pods/${namespace}_${name}_${uid}`;
}

/** upstream: kuberuntime/helpers.go BuildContainerLogsDirectory + `<restartCount>.log`. */
export function containerLogPath(namespace: string, name: string, uid: string, container: string, attempt: number): string {
  return `${podLogsDirectory(namespace, name, uid)}/${container}/${attempt}.log`;
}

/* eslint-disable @typescript-eslint/no-explicit-any */
/**
 * Which container instance's logs to read, from the pod's status: the running one, else the
 * terminated one, else the last terminated one; `previous` wants the last terminated one.
 * Returns the container ID or the error the kubelet answers (400).
 * upstream: kubelet_pods.go validateContainerLogStatus
 */
export function validateContainerLogStatus(podName: string, podStatus: any, containerName: string, previous: boolean): { containerID: string } | { error: string } {
  const find = (list: any[] | undefined) => (list ?? []).find((s: any) => s.name === containerName);
  const cStatus = find(podStatus?.containerStatuses) ?? find(podStatus?.initContainerStatuses) ?? find(podStatus?.ephemeralContainerStatuses);
  if (!cStatus) return { error: `container ${goQuote(containerName)} in pod ${goQuote(podName)} is not available` };
  const lastTerminated = cStatus.lastState?.terminated;
  const { waiting, running, terminated } = cStatus.state ?? {};
  if (previous) {
    if (!lastTerminated || !lastTerminated.containerID) return { error: `previous terminated container ${goQuote(containerName)} in pod ${goQuote(podName)} not found` };
    return { containerID: lastTerminated.containerID };
  }
  if (running) return { containerID: cStatus.containerID };
  if (terminated) {
    if (terminated.containerID) return { containerID: terminated.containerID };
    if (lastTerminated?.containerID) return { containerID: lastTerminated.containerID };
    return { error: `container ${goQuote(containerName)} in pod ${goQuote(podName)} is terminated` };
  }
  if (lastTerminated) {
    if (!lastTerminated.containerID) return { error: `container ${goQuote(containerName)} in pod ${goQuote(podName)} is terminated` };
    return { containerID: lastTerminated.containerID };
  }
  if (waiting) {
    // upstream: output some info for the most common pending failures
    switch (waiting.reason) {
      case 'ErrImagePull':
        return { error: `container ${goQuote(containerName)} in pod ${goQuote(podName)} is waiting to start: image can't be pulled` };
      case 'ImagePullBackOff':
        return { error: `container ${goQuote(containerName)} in pod ${goQuote(podName)} is waiting to start: trying and failing to pull image` };
      default:
        return { error: `container ${goQuote(containerName)} in pod ${goQuote(podName)} is waiting to start: ${waiting.reason ?? ''}` };
    }
  }
  return { error: `container ${goQuote(containerName)} in pod ${goQuote(podName)} is in an unknown state` };
}

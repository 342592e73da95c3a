/**
 * The Logs tab's reading of a kubelet journal (`journalctl -u kubelet` lines, klog format inside):
 * `Jan 01 00:00:12 worker-1 kubelet[700]: E0101 00:00:12.000000     700 file.go:123] "msg" k="v"`.
 * Each line's klog severity (I, W, E, F) colours it; the filter keeps lines containing every
 * word typed (case-insensitive), as `journalctl | grep` chains would.
 * upstream: k8s.io/klog/v2 (header: Lmmdd hh:mm:ss.uuuuuu threadid file:line]).
 */
export type Severity = 'info' | 'warning' | 'error' | 'fatal' | 'other';

export interface JournalLine {
  n: number;
  text: string;
  severity: Severity;
}

const SEVERITY: Record<string, Severity> = { I: 'info', W: 'warning', E: 'error', F: 'fatal' };

export function parseJournal(output: string): JournalLine[] {
  return output
    .split('\n')
    .filter((l) => l !== '')
    .map((text, n) => {
      const m = /^\S+ \d+ [\d:]+ \S+ [^:]+: ([IWEF])\d{4} /.exec(text);
      return { n, text, severity: m ? SEVERITY[m[1]] : 'other' };
    });
}

export function filterJournal(lines: readonly JournalLine[], query: string, severities?: ReadonlySet<Severity>): JournalLine[] {
  const words = query.toLowerCase().split(/\s+/).filter((w) => w !== '');
  return lines.filter((l) => (!severities || severities.has(l.severity)) && words.every((w) => l.text.toLowerCase().includes(w)));
}

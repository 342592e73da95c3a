/**
 * Virtual time as the timestamps objects carry (metav1.Time, metav1.MicroTime), and back, and as
 * a clock reads (`sim trace`'s column, the page's clock). A module of its own (clock.ts and trace.ts
 * re-export it) so the page's map reads timestamps without the event clock or the trace buffer.
 * upstream: staging/src/k8s.io/apimachinery/pkg/apis/meta/v1/time.go, micro_time.go
 */

/** Virtual time 0 is this instant (2025-01-01T00:00:00Z) for timestamps in objects. */
export const SIM_EPOCH_MS = 1735689600000;

/** RFC3339 timestamp (seconds precision, as metav1.Time serialises) for a virtual time. */
export function timestamp(virtualMs: number): string {
  const second = Math.floor(virtualMs / 1000);
  // Every status write stamps the current second: remember the last one made.
  if (second !== lastSecond) {
    lastSecond = second;
    lastSecondText = new Date(SIM_EPOCH_MS + second * 1000).toISOString().replace('.000Z', 'Z');
  }
  return lastSecondText;
}
let lastSecond = NaN;
let lastSecondText = '';

/** RFC3339 with microseconds (metav1.MicroTime, used by Lease renewTime and events.k8s.io). */
export function microTimestamp(virtualMs: number): string {
  const ms = Math.floor(virtualMs);
  const frac = ms - Math.floor(ms / 1000) * 1000;
  // The seconds part as timestamp() writes it, then the milliseconds as microseconds.
  return `${timestamp(ms).slice(0, -1)}.${String(frac).padStart(3, '0')}000Z`;
}

/** Virtual ms for an RFC3339 timestamp written by timestamp()/microTimestamp(). */
export function parseTimestamp(ts: string | undefined): number | undefined {
  if (!ts) return undefined;
  const ms = Date.parse(ts);
  return Number.isNaN(ms) ? undefined : ms - SIM_EPOCH_MS;
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

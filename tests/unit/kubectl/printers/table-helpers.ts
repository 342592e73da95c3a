// Shared helpers for the table cell tests.
import { lookupResource, type Cell } from '../../../../src/sim/kubectl/printers/table';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** virtual "now" used by the cell tests */
export const NOW = Date.UTC(2025, 0, 1, 0, 0, 0);

/** RFC3339 timestamp `seconds` before NOW (negative = in the future); fractional seconds kept. */
export function ago(seconds: number): string {
  const d = new Date(NOW - Math.round(seconds * 1000));
  const ms = d.getUTCMilliseconds();
  const base = d.toISOString().slice(0, 19);
  return ms ? `${base}.${String(ms).padStart(3, '0')}Z` : `${base}Z`;
}

/** A v1 ContainerStatus with Go zero values filled in. */
export function cs(partial: Record<string, unknown> = {}): any {
  return { name: '', state: {}, lastState: {}, ready: false, restartCount: 0, image: '', imageID: '', ...partial };
}
/** A v1 ContainerStateTerminated with Go zero values (finishedAt null = zero metav1.Time). */
export function term(partial: Record<string, unknown> = {}): any {
  return { exitCode: 0, startedAt: null, finishedAt: null, ...partial };
}
export function running(startedAt: string | null = null): any {
  return { running: { startedAt } };
}
export function waiting(reason?: string): any {
  return { waiting: reason === undefined ? {} : { reason } };
}

/** The cells the API server would send for one object, filtered like kubectl does for -o wide or not. */
export function rows(resource: string, obj: any, opts: { wide?: boolean; now?: number } = {}): Cell[] {
  const d = lookupResource(resource);
  const cells = d.row(obj, opts.now ?? NOW);
  expect_(cells.length === d.columns.length, `${resource}: ${cells.length} cells for ${d.columns.length} columns`);
  return opts.wide ? cells : cells.filter((_, i) => !d.columns[i]!.priority);
}

function expect_(cond: boolean, msg: string): void {
  if (!cond) throw new Error(msg);
}

/**
 * Rows of the Events tab, as `kubectl get events` prints them: LAST SEEN, TYPE, REASON, OBJECT,
 * MESSAGE. Newest first (kubectl lists in store order; a page reads better newest first).
 */
import type { KObject } from '../bridge/deltas';
import { parseTimestamp } from '../../sim/kernel/timestamp';

export interface EventRow {
  key: string;
  /** Virtual ms of the last occurrence (undefined if the event carries no time). */
  lastSeen: number | undefined;
  type: string;
  reason: string;
  object: string;
  message: string;
  count: number;
}

/** Last time the event happened: series, then lastTimestamp, eventTime, creation. */
export function lastSeenOf(event: KObject): number | undefined {
  return (
    parseTimestamp(event.series?.lastObservedTime) ??
    parseTimestamp(event.lastTimestamp) ??
    parseTimestamp(event.eventTime) ??
    parseTimestamp(event.metadata?.creationTimestamp)
  );
}

export function eventRows(events: ReadonlyMap<string, KObject>, limit = 500): EventRow[] {
  const rows: EventRow[] = [];
  for (const [key, e] of events) {
    const involved = e.involvedObject ?? e.regarding ?? {};
    rows.push({
      key,
      lastSeen: lastSeenOf(e),
      type: e.type ?? 'Normal',
      reason: e.reason ?? '',
      object: `${String(involved.kind ?? '').toLowerCase()}/${involved.name ?? ''}`,
      message: e.message ?? e.note ?? '',
      count: e.series?.count ?? e.count ?? 1
    });
  }
  rows.sort((a, b) => (b.lastSeen ?? -1) - (a.lastSeen ?? -1) || (a.key < b.key ? -1 : 1));
  return rows.length > limit ? rows.slice(0, limit) : rows;
}

/** The rows holding every word typed (in reason, object or message, any case), Warnings only if asked. */
export function filterEventRows(rows: readonly EventRow[], query: string, warningsOnly: boolean): EventRow[] {
  const words = query.toLowerCase().split(/\s+/).filter((w) => w !== '');
  return rows.filter((r) => (!warningsOnly || r.type === 'Warning') && words.every((w) => `${r.type} ${r.reason} ${r.object} ${r.message}`.toLowerCase().includes(w)));
}

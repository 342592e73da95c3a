/**
 * The timeline's marks, from the live cluster's Events (pure). An Event object is one mark per
 * occurrence: when the kubelet or a controller records the same event again, its `count` goes up
 * and its last timestamp moves, and that is a new mark at the new time. Warnings, evictions, OOM
 * kills and container kills each get their own shape (not only a colour); a few Normal events a
 * learner acts on (a deployment scaling, a node turning NotReady) get a small tick.
 */
import { parseTimestamp } from '../../sim/kernel/timestamp';
import type { ObjectChange } from '../bridge/protocol';
import type { KObject } from '../bridge/deltas';

export type MarkerKind = 'evicted' | 'oom' | 'killing' | 'warning' | 'normal';

export interface Marker {
  /** Event key and occurrence (`default/web-1.17f3|2`): the same occurrence is never marked twice. */
  id: string;
  /** Virtual ms. */
  t: number;
  kind: MarkerKind;
  reason: string;
  /** `Pod default/web-1`. */
  object: string;
  message: string;
}

/** Normal events worth a tick: what a learner did, or what happened to a node. */
const NOTABLE_NORMAL = new Set(['ScalingReplicaSet', 'NodeNotReady', 'NodeReady', 'RegisteredNode', 'Preempted', 'TaintManagerEviction']);
/** Marks kept (the oldest go first): enough for hours of a busy cluster, bounded for the page. */
export const MAX_MARKERS = 2000;

/** The kind of mark an Event makes, or undefined for the routine ones (Scheduled, Pulled, Started...). */
export function markerKind(event: KObject): MarkerKind | undefined {
  const reason = String(event.reason ?? '');
  if (reason === 'Evicted') return 'evicted';
  if (reason === 'OOMKilling' || reason === 'OOMKilled') return 'oom';
  if (reason === 'Killing') return 'killing';
  if (event.type === 'Warning') return 'warning';
  if (NOTABLE_NORMAL.has(reason)) return 'normal';
  return undefined;
}

/** When this occurrence of the Event happened, in virtual ms. */
export function eventTime(event: KObject): number | undefined {
  return parseTimestamp(event.series?.lastObservedTime) ?? parseTimestamp(event.lastTimestamp) ?? parseTimestamp(event.eventTime) ?? parseTimestamp(event.firstTimestamp) ?? parseTimestamp(event.metadata?.creationTimestamp);
}

/**
 * Folds event changes into the marks (sorted by time). Returns `current` itself when no mark was
 * added. Deleted events keep their marks: the timeline remembers what the API server forgot.
 */
export function foldMarkers(current: readonly Marker[], changes: readonly ObjectChange[]): readonly Marker[] {
  let added: Marker[] | undefined;
  let seen: Set<string> | undefined;
  for (const c of changes) {
    if (c.resource !== 'events' || c.type === 'DELETED') continue;
    const e = c.object;
    const kind = markerKind(e);
    const t = kind && eventTime(e);
    if (!kind || t === undefined) continue;
    const id = `${c.key}|${e.count ?? e.series?.count ?? 1}`;
    seen ??= new Set(current.map((m) => m.id));
    if (seen.has(id)) continue;
    seen.add(id);
    const io = e.involvedObject ?? e.regarding ?? {};
    (added ??= []).push({ id, t, kind, reason: String(e.reason ?? ''), object: `${io.kind ?? ''} ${io.namespace ? `${io.namespace}/` : ''}${io.name ?? ''}`.trim(), message: String(e.message ?? e.note ?? '') });
  }
  if (!added) return current;
  const all = current.concat(added).sort((a, b) => a.t - b.t);
  return all.length > MAX_MARKERS ? all.slice(all.length - MAX_MARKERS) : all;
}

/** The marks up to `t` (a fork at `t`: what came after it did not happen). */
export function markersUpTo(markers: readonly Marker[], t: number): readonly Marker[] {
  const i = markers.findIndex((m) => m.t > t);
  return i < 0 ? markers : markers.slice(0, i);
}

/**
 * Marks as the strip draws them at `width` px for times 0..`end`: marks closer than `minGapPx`
 * of the same kind merge into one with a count (a crash loop is one mark with ×12, not a smear).
 */
export function layoutMarkers(markers: readonly Marker[], end: number, width: number, minGapPx = 6): { x: number; kind: MarkerKind; count: number; first: Marker }[] {
  const out: { x: number; kind: MarkerKind; count: number; first: Marker }[] = [];
  const lastByKind = new Map<MarkerKind, (typeof out)[number]>();
  const scale = end > 0 ? width / end : 0;
  for (const m of markers) {
    const x = Math.min(width, Math.max(0, m.t * scale));
    const last = lastByKind.get(m.kind);
    if (last && x - last.x < minGapPx) {
      last.count++;
      continue;
    }
    const mark = { x, kind: m.kind, count: 1, first: m };
    out.push(mark);
    lastByKind.set(m.kind, mark);
  }
  return out;
}

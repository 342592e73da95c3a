/**
 * Semantic zoom (UI.md): the map draws more or less by zoom, not only bigger or smaller.
 *
 *   far    (k < FAR_BELOW)   nodes as tiles: name, STATUS chip, pods as coloured dots (dense.ts's
 *                            shapes, on its canvas); the grid re-lays out for the zoomed width, so
 *                            zooming out shows more tiles a row.
 *   middle                   the map as it is at k = 1: cards with rail and gauges, pods as shapes.
 *   near   (k > NEAR_ABOVE)  containers labelled inside their pod, the rail's agents explained.
 *
 * A level is left only HYSTERESIS past its threshold, so a view resting near one does not flicker.
 * Pure: ClusterMap keeps the level and the anchor, layout.ts the geometry of each level.
 */
import { GAP, PAD, type Box } from './layout';
import type { View } from './pan-zoom';

export type ZoomLevel = 'far' | 'middle' | 'near';

export const FAR_BELOW = 0.6;
export const NEAR_ABOVE = 1.6;
/** How far past a threshold (in k) the view must go back before the level changes back. */
export const HYSTERESIS = 0.08;

/** The level at zoom `k`, coming from `previous`. */
export function zoomLevel(k: number, previous: ZoomLevel = 'middle'): ZoomLevel {
  if (previous === 'far' && k < FAR_BELOW + HYSTERESIS) return 'far';
  if (previous === 'near' && k > NEAR_ABOVE - HYSTERESIS) return 'near';
  if (k < FAR_BELOW) return 'far';
  if (k > NEAR_ABOVE) return 'near';
  return 'middle';
}

/** What each level draws, for the zoom toolbar's label and title (and assistive technology). */
export const LEVEL_HINT: Record<ZoomLevel, string> = {
  far: 'far: nodes as tiles, pods as dots',
  middle: 'middle: pods',
  near: 'near: containers and node components, labelled'
};

/**
 * The zooms the + and − buttons stop at: each press from the default view changes level (far has
 * two stops: the second shows more tiles a row); wheel and pinch zoom freely in between.
 */
export const ZOOM_STOPS = [0.35, 0.5, 1, 2, 2.5] as const;

/** The zoom the + (`direction` 1) or − (-1) button goes to from `k`; `k` itself at either end. */
export function zoomStop(k: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOM_STOPS.find((s) => s > k * 1.01) ?? k;
  return [...ZOOM_STOPS].reverse().find((s) => s < k / 1.01) ?? k;
}

/**
 * Far level: how many tiles of `tileW` a row, for a `viewWidth` (map px) area at zoom `k`: as many
 * as the zoomed width holds. The count moves only once the width is a third of a tile past it, so
 * a wheel tick at the edge of a count does not re-lay the grid out back and forth.
 */
export function tileColumns(viewWidth: number, k: number, tileW: number, previous?: number): number {
  const fits = (viewWidth / k - 2 * PAD + GAP) / (tileW + GAP);
  if (previous !== undefined && fits >= previous - 1 / 3 && fits < previous + 1 + 1 / 3) return Math.max(1, previous);
  return Math.max(1, Math.floor(fits));
}

/** The layout width holding exactly `columns` cards or tiles of `cardW` (layout.ts centres nothing then). */
export function widthForColumns(columns: number, cardW: number): number {
  return columns * cardW + (columns - 1) * GAP + 2 * PAD;
}

/** The node (name and box) the anchor follows: the card under `point` (map coordinates), else the nearest. */
export function anchorNode(nodes: readonly (Box & { name: string })[], point: { x: number; y: number }): (Box & { name: string }) | undefined {
  let best: (Box & { name: string }) | undefined;
  let bestD = Infinity;
  for (const n of nodes) {
    const dx = Math.max(n.x - point.x, 0, point.x - (n.x + n.w));
    const dy = Math.max(n.y - point.y, 0, point.y - (n.y + n.h));
    const d = dx * dx + dy * dy;
    if (d < bestD) [best, bestD] = [n, d];
  }
  return best;
}

/**
 * The view that keeps the user's place when the grid re-lays out (a level change, a column more or
 * fewer): the node under `screen` (a point of the area, in map px: the pointer, or the centre)
 * stays under it, at the same relative spot of its card or tile. Same zoom; undefined when there
 * is no node to follow (or it left the map).
 */
export function anchoredView(view: View, before: readonly (Box & { name: string })[], after: readonly (Box & { name: string })[], screen: { x: number; y: number }): View | undefined {
  const point = { x: (screen.x - view.x) / view.k, y: (screen.y - view.y) / view.k };
  const from = anchorNode(before, point);
  const to = from && after.find((n) => n.name === from.name);
  if (!from || !to) return undefined;
  const clamp = (v: number) => Math.max(0, Math.min(1, v));
  const x = to.x + clamp((point.x - from.x) / from.w) * to.w;
  const y = to.y + clamp((point.y - from.y) / from.h) * to.h;
  return { x: screen.x - x * view.k, y: screen.y - y * view.k, k: view.k };
}

/** Near level: a container's caption over its segment, its state as a cue (✓ ready, … waiting, ✕ terminated, ○ running not ready) and its RESTARTS. */
export function containerCaption(c: { name: string; ready: boolean; state: string; restarts?: number }): string {
  const cue = c.ready ? '✓' : c.state === 'waiting' ? '…' : c.state === 'terminated' ? '✕' : '○';
  return `${cue} ${c.name}${c.restarts ? ` ↻${c.restarts}` : ''}`;
}

/** Near level: the node agents of a card's rail, in one line each (their full hint stays on hover). */
export const AGENT_LINE = {
  kubelet: 'node agent',
  containerd: 'runtime (CRI)',
  cni: 'pod IPs',
  csi: 'volumes'
} as const;

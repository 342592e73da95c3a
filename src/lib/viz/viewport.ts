/**
 * The part of the map on screen, in map (content) coordinates, and what lies in it. The map draws
 * in full only the cards and pods on screen (with a margin, so panning shows no gaps): off screen
 * they cost the browser their style, paint and layerization on every frame that changes anything.
 */
import type { Box, NodePlacement } from './layout';
import type { View } from './pan-zoom';

/**
 * Maps of up to this many nodes are drawn whole: every card and pod stays in the document (a pod
 * glides to any node, a phone's embed keeps its lower cards), and a few hundred elements cost the
 * browser little. Bigger maps draw what is on screen; Tab still reaches every card and pod (the
 * map draws and pans to each as the focus comes: tab-order.ts).
 */
export const CULL_FROM_NODES = 13;

/** The part of the map on screen, in map (content) coordinates. */
export interface Viewport {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The viewport of a `width` x `height` area under `view`, grown by `margin` map px on each side. */
export function viewportOf(view: View, width: number, height: number, margin = 0): Viewport {
  const x0 = (0 - view.x) / view.k - margin;
  const y0 = (0 - view.y) / view.k - margin;
  return { x0, y0, x1: x0 + width / view.k + 2 * margin, y1: y0 + height / view.k + 2 * margin };
}

export function inViewport(b: Box, v: Viewport): boolean {
  return b.x + b.w >= v.x0 && b.y + b.h >= v.y0 && b.x <= v.x1 && b.y <= v.y1;
}

/** The cards on screen, in slot order, and the `kept` one wherever it is (the keyboard's). */
export function cardsOnScreen(nodes: readonly NodePlacement[], v: Viewport, kept?: string): NodePlacement[] {
  return nodes.filter((n) => n.name === kept || inViewport(n, v));
}

/** Screen px kept clear around what the map shows for the keyboard (the zoom buttons sit at the right). */
export interface Insets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * The view (same zoom) that shows `box` inside a `width` x `height` area less `insets`, moved as
 * little as it can: unchanged when the box is already there; a box too big for the area shows its
 * top left (a tall card: its header).
 */
export function viewShowing(view: View, box: Box, width: number, height: number, insets: Insets): View {
  const axis = (t: number, start: number, size: number, lo: number, hi: number): number => {
    const a0 = start * view.k + t;
    const a1 = (start + size) * view.k + t;
    if (a1 - a0 > hi - lo || a0 < lo) return t + (lo - a0);
    if (a1 > hi) return t - (a1 - hi);
    return t;
  };
  return {
    x: axis(view.x, box.x, box.w, insets.left, width - insets.right),
    y: axis(view.y, box.y, box.h, insets.top, height - insets.bottom),
    k: view.k
  };
}

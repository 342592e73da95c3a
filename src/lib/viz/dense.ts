/**
 * Dense mode: past a few hundred pods the map draws each pod as a dot on one <canvas> instead of
 * an SVG group of a dozen elements, so a hundred nodes of pods stay smooth. Colour carries the
 * state and so does the shape (colour-blind safe, as the shapes' glyphs are): a filled circle is
 * Running and Ready, a ring Running but not Ready, a dashed ring Pending, a diamond
 * ContainerCreating, a triangle an error, a square OOMKilled, a cross Evicted, a small square
 * Completed. Pure except `drawDots`, which only draws on the context it is given.
 */
import type { NodePlacement, PodPlacement } from './layout';
import { podView, type PodTone } from './status';

// When the map turns dense lives in dense-setting.ts (the map's first load reads it without the canvas's drawing).
export { DENSE_THRESHOLD, isDense, type DenseSetting } from './dense-setting';

export type DotShape = 'disc' | 'ring' | 'dashed-ring' | 'diamond' | 'triangle' | 'square' | 'cross' | 'small-square';

export const DOT_SHAPES: Record<PodTone, DotShape> = {
  running: 'disc',
  notready: 'ring',
  pending: 'dashed-ring',
  creating: 'diamond',
  error: 'triangle',
  oom: 'square',
  evicted: 'cross',
  succeeded: 'small-square',
  unknown: 'dashed-ring'
};

/** The CSS colour token of a tone (the same as PodShape's). */
export const TONE_TOKEN: Record<PodTone, string> = {
  running: '--st-running',
  notready: '--st-running',
  pending: '--st-pending',
  creating: '--st-creating',
  error: '--st-error',
  oom: '--st-oom',
  evicted: '--st-evicted',
  succeeded: '--st-succeeded',
  unknown: '--st-unknown'
};

/**
 * The pod under a point of the map (content coordinates), or undefined. Cards first (a hundred),
 * then the card's pods; a point in the gap between dots hits the nearest dot within half a gap.
 */
export function hitTest(nodes: readonly NodePlacement[], tray: readonly PodPlacement[], x: number, y: number, slop = 2): PodPlacement | undefined {
  const inBox = (p: { x: number; y: number; w: number; h: number }) => x >= p.x - slop && x <= p.x + p.w + slop && y >= p.y - slop && y <= p.y + p.h + slop;
  for (const n of nodes) {
    if (!inBox(n)) continue;
    return n.pods.find(inBox);
  }
  return tray.find(inBox);
}

export interface DotStyle {
  /** Resolved colours: tone token -> CSS colour. */
  colour(token: string): string;
  surface: string;
  accent: string;
  /** A ring's and the selection's line width (`--stroke-pod` + 0.5: 2, or 3 in projector mode). */
  line?: number;
}

export interface DotState {
  faded: boolean;
  selected: boolean;
  terminating: boolean;
}

/** Draws one pod as its dot in its cell (context already in map coordinates). */
export function drawDot(ctx: CanvasRenderingContext2D, p: PodPlacement, tone: PodTone, state: DotState, style: DotStyle): void {
  const cx = p.x + p.w / 2;
  const cy = p.y + p.h / 2;
  const r = p.w / 2 - 1;
  const colour = style.colour(TONE_TOKEN[tone]);
  ctx.globalAlpha = state.faded ? 0.15 : state.terminating ? 0.5 : 1;
  ctx.fillStyle = colour;
  ctx.strokeStyle = colour;
  ctx.lineWidth = style.line ?? 2;
  ctx.setLineDash([]);
  ctx.beginPath();
  switch (DOT_SHAPES[tone]) {
    case 'disc':
      ctx.arc(cx, cy, r, 0, 2 * Math.PI);
      ctx.fill();
      break;
    case 'ring':
      ctx.arc(cx, cy, r - 1, 0, 2 * Math.PI);
      ctx.stroke();
      break;
    case 'dashed-ring':
      ctx.setLineDash([3, 2]);
      ctx.arc(cx, cy, r - 1, 0, 2 * Math.PI);
      ctx.stroke();
      break;
    case 'diamond':
      ctx.moveTo(cx, cy - r);
      ctx.lineTo(cx + r, cy);
      ctx.lineTo(cx, cy + r);
      ctx.lineTo(cx - r, cy);
      ctx.closePath();
      ctx.fill();
      break;
    case 'triangle':
      ctx.moveTo(cx, cy - r);
      ctx.lineTo(cx + r, cy + r * 0.8);
      ctx.lineTo(cx - r, cy + r * 0.8);
      ctx.closePath();
      ctx.fill();
      break;
    case 'square':
      ctx.rect(cx - r * 0.85, cy - r * 0.85, r * 1.7, r * 1.7);
      ctx.fill();
      break;
    case 'cross':
      ctx.moveTo(cx - r * 0.8, cy - r * 0.8);
      ctx.lineTo(cx + r * 0.8, cy + r * 0.8);
      ctx.moveTo(cx + r * 0.8, cy - r * 0.8);
      ctx.lineTo(cx - r * 0.8, cy + r * 0.8);
      ctx.stroke();
      break;
    case 'small-square':
      ctx.rect(cx - r * 0.55, cy - r * 0.55, r * 1.1, r * 1.1);
      ctx.fill();
      break;
  }
  if (state.selected) {
    ctx.globalAlpha = 1;
    ctx.setLineDash([]);
    ctx.strokeStyle = style.accent;
    ctx.lineWidth = style.line ?? 2;
    ctx.beginPath();
    ctx.arc(cx, cy, r + 2.5, 0, 2 * Math.PI);
    ctx.stroke();
  }
}

/** Tone and terminating per pod, computed once per pod object (pods are immutable snapshots). */
const views = new WeakMap<object, { tone: PodTone; terminating: boolean }>();
export function dotTone(p: PodPlacement): { tone: PodTone; terminating: boolean } {
  let v = views.get(p.pod);
  if (!v) {
    const view = podView(p.pod);
    views.set(p.pod, (v = { tone: view.tone, terminating: view.terminating }));
  }
  return v;
}

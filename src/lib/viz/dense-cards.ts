/**
 * Dense mode's node cards, drawn on the canvas under the map's SVG: past a few hundred pods the
 * SVG cards (header, rail, gauges: some forty elements each) were what the browser spent its
 * frames on. A canvas card keeps what a reader needs at a glance: the name, the STATUS chip, the
 * node agents, the pods (as dots, dense.ts) and the gauges; the rail's live CRI arrows and the
 * scheduler's verdict badges stay with the SVG cards of smaller clusters. What must stay
 * clickable and focusable (the header, the selection) is a light SVG layer on top (DenseNodes).
 * Pure except `drawCard`, which only draws on the context it is given.
 */
import { CARD_PAD, GAUGES_H, HEADER_H, RAIL_H, TILE_HEADER_H, type NodePlacement } from './layout';
import type { NodeTone } from './status';
import type { Gauge } from './usage';

/**
 * Level of detail: semantic zoom's far level lays nodes out as tiles (layout.ts TILE_W, `tile`)
 * with their name, STATUS and dots (drawTile); otherwise the card with its rail and gauges.
 */
export function cardDetail(n: Pick<NodePlacement, 'tile'>): 'tile' | 'full' {
  return n.tile ? 'tile' : 'full';
}

export interface CardStyle {
  /** Resolved CSS custom properties (`--surface`, `--st-running`, ...). */
  colour(token: string): string;
  font: string;
  /** The card's border width (`--stroke-card`: 1, or 2 in projector mode). */
  line?: number;
}

export interface CardState {
  status: string;
  tone: NodeTone;
  faded: boolean;
  selected: boolean;
  /** The countdown line (node failure), when the node stopped reporting. */
  countdown?: string;
  /** Gauges (usage.ts nodeGauges); only drawn at full detail. */
  gauges?: readonly Gauge[];
  detail: 'tile' | 'full';
}

const AGENTS = [
  { name: 'kubelet', x: 0 },
  { name: 'containerd', x: 88 },
  { name: 'CNI', x: 176 },
  { name: 'CSI', x: 224 }
];
const CHIP_TOKEN: Record<NodeTone, string> = { ready: '--st-running', notready: '--st-error', unknown: '--st-unknown' };

/** The STATUS chip's text, as the SVG card writes it. */
export function chipText(tone: NodeTone, status: string): string {
  return (tone === 'ready' ? '✓ ' : '? ') + status;
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

/** A tile's pod count, as its line says it. */
export function podCountText(count: number): string {
  return `${count} pod${count === 1 ? '' : 's'}`;
}

/** A card's or tile's outline and fill: faded with the filter, dashed and greyed while the node is not Ready, the accent when selected. */
function frame(ctx: CanvasRenderingContext2D, n: NodePlacement, s: CardState, style: CardStyle, shape: { dash: number[]; radius: number; width: number; border: string }): void {
  const c = style.colour;
  const down = s.tone !== 'ready';
  ctx.globalAlpha = s.faded ? 0.35 : 1;
  ctx.setLineDash(down ? shape.dash : []);
  roundRect(ctx, n.x + 0.5, n.y + 0.5, n.w - 1, n.h - 1, shape.radius);
  ctx.fillStyle = c(down ? '--surface-2' : '--surface');
  ctx.fill();
  ctx.lineWidth = shape.width;
  ctx.strokeStyle = c(s.selected ? '--accent' : shape.border);
  ctx.stroke();
  ctx.setLineDash([]);
}

/**
 * Draws one node as a far-level tile (context in map coordinates): a mark and the name, then the
 * STATUS chip (the card's tones and ✓ / ? cue) and the pod count (or the countdown of a node that
 * stopped reporting); its dots are drawn after it (dense.ts drawDot). Text is twice a card's size:
 * tiles are read at half zoom or less.
 */
export function drawTile(ctx: CanvasRenderingContext2D, n: NodePlacement, s: CardState, style: CardStyle): void {
  const c = style.colour;
  const line = style.line ?? 1;
  const down = s.tone !== 'ready';
  frame(ctx, n, s, style, { dash: [8, 5], radius: 12, width: (s.selected ? line + 2 : line + 0.5) * 1.5, border: '--border-strong' });

  // The mark: a disc in the STATUS tone with the chip's cue in it.
  const tone = c(CHIP_TOKEN[s.tone]);
  ctx.beginPath();
  ctx.arc(n.x + CARD_PAD + 10, n.y + 26, 10, 0, 2 * Math.PI);
  ctx.fillStyle = tone;
  ctx.fill();
  ctx.font = `800 14px ${style.font}`;
  ctx.fillStyle = c('--surface');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(down ? '?' : '✓', n.x + CARD_PAD + 10, n.y + 27);
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
  ctx.font = `650 20px ${style.font}`;
  ctx.fillStyle = c('--text');
  ctx.fillText(n.name, n.x + CARD_PAD + 28, n.y + 33, n.w - 2 * CARD_PAD - 28);

  // The STATUS chip, as the card's; the pod count (or the countdown) at the right.
  const text = chipText(s.tone, s.status);
  ctx.font = `600 16px ${style.font}`;
  const chipW = Math.min(ctx.measureText(text).width + 20, n.w - 2 * CARD_PAD);
  const chipY = n.y + 44;
  roundRect(ctx, n.x + CARD_PAD, chipY, chipW, 24, 12);
  ctx.strokeStyle = tone;
  ctx.lineWidth = line * 1.5;
  ctx.stroke();
  ctx.fillStyle = tone;
  ctx.textAlign = 'center';
  ctx.fillText(text, n.x + CARD_PAD + chipW / 2, chipY + 17.5, chipW - 8);
  const right = s.countdown ?? (n.pods.length > 0 ? podCountText(n.pods.length) : 'no pods');
  const rightW = n.w - 3 * CARD_PAD - chipW;
  if (rightW > 24) {
    ctx.font = `${s.countdown ? 650 : 400} 15px ${style.font}`;
    ctx.fillStyle = c(s.countdown ? '--text' : '--text-muted');
    ctx.textAlign = 'right';
    ctx.fillText(right, n.x + n.w - CARD_PAD, chipY + 17.5, rightW);
  }
  ctx.textAlign = 'left';
  ctx.strokeStyle = c('--border');
  ctx.lineWidth = line;
  ctx.setLineDash([2, 3]);
  ctx.beginPath();
  ctx.moveTo(n.x + CARD_PAD, n.y + TILE_HEADER_H - 4);
  ctx.lineTo(n.x + n.w - CARD_PAD, n.y + TILE_HEADER_H - 4);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.globalAlpha = 1;
}

/** Draws one node card (context already in map coordinates). */
export function drawCard(ctx: CanvasRenderingContext2D, n: NodePlacement, s: CardState, style: CardStyle): void {
  const c = style.colour;
  const line = style.line ?? 1;
  const down = s.tone !== 'ready';
  frame(ctx, n, s, style, { dash: [6, 4], radius: 10, width: s.selected ? line + 1 : line, border: '--border' });

  // Header: a status mark, the name, the STATUS chip.
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
  ctx.beginPath();
  ctx.arc(n.x + CARD_PAD + 9.5, n.y + 20.5, 6, 0, 2 * Math.PI);
  ctx.fillStyle = c(CHIP_TOKEN[s.tone]);
  ctx.fill();
  ctx.font = `650 14px ${style.font}`;
  ctx.fillStyle = c('--text');
  ctx.fillText(n.name, n.x + CARD_PAD + 22, n.y + 25, n.w - 2 * CARD_PAD - 110);
  const text = chipText(s.tone, s.status);
  ctx.font = `600 10.5px ${style.font}`;
  const chipW = ctx.measureText(text).width + 14;
  const chipX = n.x + n.w - CARD_PAD - chipW;
  roundRect(ctx, chipX, n.y + 12, chipW, 18, 9);
  ctx.strokeStyle = c(CHIP_TOKEN[s.tone]);
  ctx.lineWidth = line;
  ctx.stroke();
  ctx.fillStyle = c(CHIP_TOKEN[s.tone]);
  ctx.textAlign = 'center';
  ctx.fillText(text, chipX + chipW / 2, n.y + 24.5);
  ctx.textAlign = 'left';

  // The rail: the node agents (their live calls are drawn by the SVG cards of smaller clusters),
  // or the countdown of a node that stopped reporting.
  const railY = n.y + HEADER_H;
  if (s.detail === 'full') {
    ctx.font = `10.5px ${style.font}`;
    ctx.fillStyle = c('--text-muted');
    for (const a of AGENTS) ctx.fillText(a.name, n.x + CARD_PAD + a.x, railY + 12);
  }
  if (s.countdown) {
    ctx.font = `650 10.5px ${style.font}`;
    ctx.fillStyle = c('--text');
    ctx.fillText(s.countdown, n.x + CARD_PAD, railY + 32, n.w - 2 * CARD_PAD);
  }
  ctx.strokeStyle = c('--border');
  ctx.lineWidth = line;
  ctx.setLineDash([2, 3]);
  ctx.beginPath();
  ctx.moveTo(n.x + CARD_PAD, railY + RAIL_H - 4);
  ctx.lineTo(n.x + n.w - CARD_PAD, railY + RAIL_H - 4);
  ctx.stroke();
  ctx.setLineDash([]);

  if (n.pods.length === 0) {
    ctx.font = `italic 12px ${style.font}`;
    ctx.fillStyle = c('--text-faint');
    ctx.fillText('no pods', n.x + CARD_PAD, n.podsY + 19);
  }

  // Gauges: label, per cent, bar, and the eviction threshold's tick.
  const gauges = s.detail === 'full' ? (s.gauges ?? []) : [];
  if (gauges.length > 0) {
    const gap = 10;
    const gw = (n.w - 2 * CARD_PAD - (gauges.length - 1) * gap) / gauges.length;
    const gy = n.y + n.h - GAUGES_H + 6;
    gauges.forEach((g, i) => {
      const gx = n.x + CARD_PAD + i * (gw + gap);
      const ratio = g.capacity > 0 ? Math.min(1, g.used / g.capacity) : 0;
      const high = ratio >= (g.threshold ?? 0.9) || !!g.pressure;
      ctx.font = `600 9.5px ${style.font}`;
      ctx.fillStyle = c(g.pressure ? '--st-error' : '--text-muted');
      ctx.textAlign = 'left';
      ctx.fillText(`${g.pressure ? '⚠ ' : ''}${g.label}`, gx, gy + 9);
      if (!g.pressure) {
        ctx.textAlign = 'right';
        ctx.fillText(`${Math.round(ratio * 100)}%`, gx + gw, gy + 9);
        ctx.textAlign = 'left';
      }
      roundRect(ctx, gx, gy + 15, gw, 5, 2.5);
      ctx.fillStyle = c('--surface-3');
      ctx.fill();
      if (ratio > 0) {
        roundRect(ctx, gx, gy + 15, Math.max(3, gw * ratio), 5, 2.5);
        ctx.fillStyle = c(high ? '--st-error' : '--st-info');
        ctx.fill();
      }
      if (g.threshold !== undefined) {
        ctx.strokeStyle = c('--text');
        ctx.lineWidth = 1.5;
        ctx.beginPath();
        ctx.moveTo(gx + gw * g.threshold, gy + 12.5);
        ctx.lineTo(gx + gw * g.threshold, gy + 22.5);
        ctx.stroke();
      }
    });
  }
  ctx.globalAlpha = 1;
}

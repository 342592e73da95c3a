/**
 * Geometry for a statechart in the inspector's column: top-level states stacked top to bottom in
 * definition order, child states as chips inside their parent, a transition to the next state as
 * a straight arrow with its label, other forward transitions as arcs on the right, backward ones on
 * the left, and a stub from the left edge for transitions that leave any state. Pure.
 */
import type { ChartGraph } from './machines';

export const CHART_WIDTH = 236;
const BOX_X = 40;
const BOX_W = CHART_WIDTH - 2 * BOX_X;
const HEADER_H = 22;
const CHIP_H = 17;
const CHIP_GAP = 4;
const PAD = 6;
const GAP = 24;
const CHAR_W = 10 * 0.58;

export interface BoxLayout {
  key: string;
  x: number;
  y: number;
  w: number;
  h: number;
  chips: { key: string; x: number; y: number; w: number }[];
}

export interface EdgeLayout {
  from: string;
  to: string;
  label: string;
  d: string;
  /** Where the label goes, when it is drawn (straight arrows only; arcs say it on hover). */
  labelAt?: { x: number; y: number };
}

export interface ChartLayout {
  width: number;
  height: number;
  boxes: BoxLayout[];
  edges: EdgeLayout[];
}

/** Chip width for a label at 10px (an estimate: the SVG has no layout engine here). */
export function chipWidth(label: string): number {
  return Math.ceil(label.length * CHAR_W) + 10;
}

export function chartLayout(graph: ChartGraph): ChartLayout {
  const boxes: BoxLayout[] = [];
  let y = 4;
  for (const s of graph.states) {
    const chips: BoxLayout['chips'] = [];
    let cx = BOX_X + PAD;
    let cy = y + HEADER_H;
    for (const c of s.children) {
      const w = Math.min(chipWidth(c.label), BOX_W - 2 * PAD);
      if (cx + w > BOX_X + BOX_W - PAD && cx > BOX_X + PAD) {
        cx = BOX_X + PAD;
        cy += CHIP_H + CHIP_GAP;
      }
      chips.push({ key: c.key, x: cx, y: cy, w });
      cx += w + CHIP_GAP;
    }
    const h = s.children.length > 0 ? cy + CHIP_H + PAD - y : HEADER_H + 4;
    boxes.push({ key: s.key, x: BOX_X, y, w: BOX_W, h, chips });
    y += h + GAP;
  }
  const index = new Map(boxes.map((b, i) => [b.key, i]));
  const edges: EdgeLayout[] = [];
  let right = 0;
  let left = 0;
  for (const e of graph.edges) {
    if (e.internal) continue;
    const j = index.get(e.to);
    if (j === undefined) continue;
    const to = boxes[j];
    if (e.from === '*') {
      const ty = to.y + to.h / 2;
      edges.push({ ...e, d: `M 4 ${ty} L ${to.x - 2} ${ty}`, labelAt: undefined });
      continue;
    }
    const i = index.get(e.from);
    if (i === undefined) continue;
    const from = boxes[i];
    if (j === i + 1) {
      const x = from.x + 26;
      edges.push({ ...e, d: `M ${x} ${from.y + from.h} L ${x} ${to.y - 2}`, labelAt: { x: x + 6, y: from.y + from.h + GAP / 2 + 3 } });
    } else if (j > i) {
      const x0 = from.x + from.w;
      const bulge = 12 + 7 * right++;
      const y0 = from.y + from.h / 2;
      const y1 = to.y + to.h / 2;
      edges.push({ ...e, d: `M ${x0} ${y0} C ${x0 + bulge} ${y0}, ${x0 + bulge} ${y1}, ${x0 + 2} ${y1}` });
    } else {
      const x0 = from.x;
      const bulge = 12 + 7 * left++;
      const y0 = from.y + from.h / 2;
      const y1 = to.y + to.h / 2;
      edges.push({ ...e, d: `M ${x0} ${y0} C ${x0 - bulge} ${y0}, ${x0 - bulge} ${y1}, ${x0 - 2} ${y1}` });
    }
  }
  return { width: CHART_WIDTH, height: y - GAP + 6, boxes, edges };
}

import { describe, expect, it } from 'vitest';
import { cardsOnScreen, inViewport, viewportOf, viewShowing } from './viewport';
import { layoutCluster } from './layout';
import type { KObject } from '../bridge/deltas';

const node = (name: string): KObject => ({ metadata: { name, creationTimestamp: '2025-01-01T00:00:00Z' } });

describe('viewport', () => {
  it.each([
    ['the default view of a 1280 x 600 area', { x: 0, y: 0, k: 1 }, 1280, 600, { x0: 0, y0: 0, x1: 1280, y1: 600 }],
    ['panned 300 px down', { x: 0, y: -300, k: 1 }, 1280, 600, { x0: 0, y0: 300, x1: 1280, y1: 900 }],
    ['zoomed out to half: twice the map', { x: 0, y: 0, k: 0.5 }, 1280, 600, { x0: 0, y0: 0, x1: 2560, y1: 1200 }]
  ])('maps %s to map coordinates', (_, view, w, h, want) => {
    expect(viewportOf(view, w, h)).toEqual(want);
  });

  it('puts only the cards on screen in the DOM layer: 4 columns x 4 rows of 1,000 nodes at 1280 x 600', () => {
    const nodes = Array.from({ length: 1000 }, (_, i) => node(`worker-${i + 1}`));
    const l = layoutCluster(nodes, [], { width: 1280, dense: true });
    expect(l.columns).toBe(4);
    const shown = cardsOnScreen(l.nodes, viewportOf({ x: 0, y: 0, k: 1 }, 1280, 600));
    // Band 20 + 64 + 16 at the top, then rows of empty cards (40 + 44 + 14 + 12 + 38 = 148) 16 apart:
    // rows at y 100, 264, 428 and 592 (its top edge is on screen), none at 756.
    expect(shown.map((n) => n.name)).toEqual(Array.from({ length: 16 }, (_, i) => `worker-${i + 1}`));
    // Scrolled far down: the cards there, none of the first rows.
    // Scrolled to row 100 (y 100 + 100 x 164): rows 100 to 103 (row 99 ends 16 px above).
    const far = cardsOnScreen(l.nodes, viewportOf({ x: 0, y: -(100 + 100 * 164), k: 1 }, 1280, 600));
    expect(far.map((n) => n.slot)).toEqual(Array.from({ length: 16 }, (_, i) => 400 + i));
  });

  it('counts a card touching the viewport edge as on screen, one a pixel past it as not', () => {
    const v = { x0: 0, y0: 0, x1: 100, y1: 100 };
    expect(inViewport({ x: 100, y: 0, w: 10, h: 10 }, v)).toBe(true);
    expect(inViewport({ x: 101, y: 0, w: 10, h: 10 }, v)).toBe(false);
    expect(inViewport({ x: -11, y: 0, w: 10, h: 10 }, v)).toBe(false);
  });

  it('keeps the card the keyboard holds among the cards drawn, in slot order, wherever the view is', () => {
    const l = layoutCluster(Array.from({ length: 40 }, (_, i) => node(`worker-${i + 1}`)), [], { width: 1280, dense: true });
    const shown = cardsOnScreen(l.nodes, viewportOf({ x: 0, y: 0, k: 1 }, 1280, 600), 'worker-37');
    expect(shown.map((n) => n.name)).toEqual([...Array.from({ length: 16 }, (_, i) => `worker-${i + 1}`), 'worker-37']);
  });

  describe('viewShowing: the least pan that shows a box clear of the insets', () => {
    const insets = { top: 16, right: 56, bottom: 16, left: 16 };
    it.each([
      ['a box already on screen: no pan', { x: 0, y: 0, k: 1 }, { x: 100, y: 100, w: 280, h: 200 }, { x: 0, y: 0, k: 1 }],
      ['a card below the screen: up until its bottom is 16 px above the edge', { x: 0, y: 0, k: 1 }, { x: 100, y: 900, w: 280, h: 200 }, { x: 0, y: -516, k: 1 }],
      ['a card above, with the map panned down: down until its top is 16 px below the edge', { x: 0, y: -2000, k: 1 }, { x: 100, y: 900, w: 280, h: 200 }, { x: 0, y: -884, k: 1 }],
      ['a card right of the screen: left until it clears the zoom buttons', { x: 0, y: 0, k: 1 }, { x: 1100, y: 100, w: 280, h: 200 }, { x: -156, y: 0, k: 1 }],
      ['a card taller than the screen: its top (the header) at the top', { x: 0, y: 0, k: 1 }, { x: 100, y: 900, w: 280, h: 1000 }, { x: 0, y: -884, k: 1 }],
      ['zoomed out to half: map px count half', { x: 0, y: 0, k: 0.5 }, { x: 100, y: 2000, w: 280, h: 200 }, { x: 0, y: -516, k: 0.5 }]
    ])('%s', (_, view, box, want) => {
      expect(viewShowing(view, box, 1280, 600, insets)).toEqual(want);
    });
  });
});

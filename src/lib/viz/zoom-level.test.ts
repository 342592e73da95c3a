import { describe, expect, it } from 'vitest';
import { anchoredView, anchorNode, containerCaption, FAR_BELOW, NEAR_ABOVE, tileColumns, widthForColumns, zoomLevel, zoomStop, type ZoomLevel } from './zoom-level';
import { layoutCluster, TILE_W, CARD_W } from './layout';
import type { KObject } from '../bridge/deltas';

const node = (name: string): KObject => ({ metadata: { name, creationTimestamp: '2025-01-01T00:00:00Z' } });
const nodes = ['control-plane', ...Array.from({ length: 12 }, (_, i) => `worker-${i + 1}`)].map(node);

describe('zoom level', () => {
  it.each<[string, number, ZoomLevel, ZoomLevel]>([
    ['the default view', 1, 'middle', 'middle'],
    ['zoomed out past the far threshold', 0.55, 'middle', 'far'],
    ['just above the far threshold, from middle', 0.62, 'middle', 'middle'],
    ['just above the far threshold, from far: stays far (hysteresis)', 0.62, 'far', 'far'],
    ['back past the far band, from far', 0.7, 'far', 'middle'],
    ['zoomed in past the near threshold', 1.7, 'middle', 'near'],
    ['just below the near threshold, from near: stays near', 1.55, 'near', 'near'],
    ['just below the near threshold, from middle', 1.55, 'middle', 'middle'],
    ['back past the near band, from near', 1.5, 'near', 'middle'],
    ['from far straight to near (the reset button, then +)', 2, 'far', 'near'],
    ['from near straight to far', 0.35, 'near', 'far']
  ])('%s', (_, k, previous, want) => {
    expect(zoomLevel(k, previous)).toBe(want);
  });

  it('does not flicker: a view wobbling around a threshold changes level once', () => {
    for (const threshold of [FAR_BELOW, NEAR_ABOVE]) {
      let level: ZoomLevel = 'middle';
      const seen: ZoomLevel[] = [];
      for (const wobble of [0.01, -0.01, 0.02, -0.02, 0.03, -0.03, 0.01]) {
        level = zoomLevel(threshold + wobble, level);
        if (seen.at(-1) !== level) seen.push(level);
      }
      expect(seen.length).toBeLessThanOrEqual(2);
    }
  });

  it('steps the buttons from level to level: − from 1 to far, + from 1 to near, stays at the ends', () => {
    expect(zoomStop(1, -1)).toBe(0.5);
    expect(zoomLevel(zoomStop(1, -1))).toBe('far');
    expect(zoomStop(0.5, -1)).toBe(0.35);
    expect(zoomStop(0.35, -1)).toBe(0.35);
    expect(zoomStop(1, 1)).toBe(2);
    expect(zoomLevel(zoomStop(1, 1))).toBe('near');
    expect(zoomStop(2.5, 1)).toBe(2.5);
    // From an in-between zoom (a wheel's), the next stop that way.
    expect(zoomStop(0.8, 1)).toBe(1);
    expect(zoomStop(0.8, -1)).toBe(0.5);
    expect(zoomStop(1.3, 1)).toBe(2);
  });
});

describe('far level: tiles a row', () => {
  it('lays out the zoomed width in whole tiles: zooming out adds columns', () => {
    // A 1500 px map: at half zoom 3000 map px, (3000 - 40 + 16) / 236 = 12.6 tiles.
    expect(tileColumns(1500, 0.5, TILE_W)).toBe(12);
    expect(tileColumns(1500, 0.35, TILE_W)).toBe(18);
    expect(widthForColumns(12, TILE_W)).toBe(12 * TILE_W + 11 * 16 + 40);
    expect(layoutCluster(nodes, [], { width: widthForColumns(12, TILE_W), zoom: 'far' }).columns).toBe(12);
  });

  it('is quantised: the width does not move on every wheel tick, and a count is kept a third of a tile past its edge', () => {
    const widths = new Set<number>();
    let columns: number | undefined;
    for (let k = 0.55; k >= 0.5; k -= 0.005) widths.add(widthForColumns((columns = tileColumns(1500, k, TILE_W, columns)), TILE_W));
    expect(widths.size).toBeLessThanOrEqual(2);
    // 11.7 tiles fit: 12 are kept (within a third of a tile), 11 too (within a tile and a third above).
    const k = 1500 / (11.7 * (TILE_W + 16) + 40 - 16);
    expect(tileColumns(1500, k, TILE_W)).toBe(11);
    expect(tileColumns(1500, k, TILE_W, 12)).toBe(12);
    expect(tileColumns(1500, k, TILE_W, 11)).toBe(11);
    expect(tileColumns(1500, k, TILE_W, 9)).toBe(11);
  });

  it('lays tiles out in slot order, narrower and shorter than cards, with no rail', () => {
    const far = layoutCluster(nodes, [], { width: widthForColumns(12, TILE_W), zoom: 'far' });
    const middle = layoutCluster(nodes, [], { width: 1500 });
    expect(far.zoom).toBe('far');
    expect(far.nodes.map((n) => n.name)).toEqual(middle.nodes.map((n) => n.name));
    expect(far.nodes.every((n) => n.tile && n.w === TILE_W)).toBe(true);
    expect(middle.nodes.every((n) => !n.tile && n.w === CARD_W)).toBe(true);
    expect(far.nodes[0].h).toBeLessThan(middle.nodes[0].h);
    // Row 1 is the first 12 slots, left to right; worker-12 opens row 2.
    expect(new Set(far.nodes.slice(0, 12).map((n) => n.y)).size).toBe(1);
    expect(far.nodes[12].x).toBe(far.nodes[0].x);
    expect(far.nodes[12].y).toBeGreaterThan(far.nodes[0].y);
  });

  it('makes pods taller at near, for their containers', () => {
    const pod: KObject = { metadata: { name: 'web', namespace: 'default' }, spec: { nodeName: 'worker-1' } };
    const near = layoutCluster(nodes, [pod], { width: 1500, zoom: 'near' });
    const middle = layoutCluster(nodes, [pod], { width: 1500 });
    expect(near.nodes[1].pods[0].h).toBeGreaterThan(middle.nodes[1].pods[0].h);
  });
});

describe('anchor', () => {
  const box = (name: string, x: number, y: number, w = 100, h = 100) => ({ name, x, y, w, h });

  it('follows the card under the point, else the nearest', () => {
    const cards = [box('a', 0, 0), box('b', 200, 0)];
    expect(anchorNode(cards, { x: 250, y: 50 })?.name).toBe('b');
    expect(anchorNode(cards, { x: 160, y: 50 })?.name).toBe('b');
    expect(anchorNode(cards, { x: 140, y: 50 })?.name).toBe('a');
    expect(anchorNode([], { x: 0, y: 0 })).toBeUndefined();
  });

  it('keeps the node under the pointer in place on screen when the grid re-lays out', () => {
    const before = [box('a', 20, 100, 280, 200), box('b', 316, 100, 280, 200)];
    const after = [box('a', 20, 100, 220, 100), box('b', 256, 100, 220, 100)];
    const view = { x: 0, y: 0, k: 0.5 };
    // The pointer at b's centre on screen: (316 + 140) * 0.5, (100 + 100) * 0.5.
    const screen = { x: 228, y: 100 };
    const to = anchoredView(view, before, after, screen)!;
    expect(to.k).toBe(0.5);
    // b's centre in the new layout, (256 + 110, 100 + 50), is under the pointer again.
    expect((256 + 110) * to.k + to.x).toBeCloseTo(screen.x);
    expect((100 + 50) * to.k + to.y).toBeCloseTo(screen.y);
  });

  it('keeps real layouts in place: middle to far at the centre of a 1500 x 900 map', () => {
    const middle = layoutCluster(nodes, [], { width: 1500 });
    const far = layoutCluster(nodes, [], { width: widthForColumns(12, TILE_W), zoom: 'far' });
    const view = { x: 0, y: 0, k: 0.5 };
    const centre = { x: 750, y: 450 };
    const followed = anchorNode(middle.nodes, { x: 1500, y: 900 })!;
    const to = anchoredView(view, middle.nodes, far.nodes, centre)!;
    const tile = far.nodes.find((n) => n.name === followed.name)!;
    // The followed tile is on screen, around the centre.
    const sx = tile.x * to.k + to.x;
    const sy = tile.y * to.k + to.y;
    expect(sx).toBeLessThanOrEqual(centre.x);
    expect(sx + tile.w * to.k).toBeGreaterThanOrEqual(centre.x);
    expect(sy).toBeLessThanOrEqual(centre.y);
    expect(sy + tile.h * to.k).toBeGreaterThanOrEqual(centre.y);
  });

  it('gives up when the node left', () => {
    expect(anchoredView({ x: 0, y: 0, k: 1 }, [box('a', 0, 0)], [box('b', 0, 0)], { x: 50, y: 50 })).toBeUndefined();
  });
});

describe('near level captions', () => {
  it.each([
    [{ name: 'nginx', ready: true, state: 'running', restarts: 0 }, '✓ nginx'],
    [{ name: 'app', ready: false, state: 'waiting', restarts: 3 }, '… app ↻3'],
    [{ name: 'app', ready: false, state: 'running', restarts: 0 }, '○ app'],
    [{ name: 'job', ready: false, state: 'terminated' }, '✕ job']
  ])('captions %o as %s', (c, want) => {
    expect(containerCaption(c)).toBe(want);
  });
});

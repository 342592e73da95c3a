import { describe, expect, it } from 'vitest';
import { cardDetail, chipText, podCountText } from './dense-cards';

describe('dense cards', () => {
  it('draws a far-level tile (layout.ts `tile`) without rail and gauges, a card with them', () => {
    expect(cardDetail({ tile: true })).toBe('tile');
    expect(cardDetail({})).toBe('full');
  });

  it("counts a tile's pods", () => {
    expect(podCountText(1)).toBe('1 pod');
    expect(podCountText(7)).toBe('7 pods');
  });

  it('writes the STATUS chip as the SVG card does', () => {
    expect(chipText('ready', 'Ready')).toBe('✓ Ready');
    expect(chipText('unknown', 'NotReady')).toBe('? NotReady');
  });
});

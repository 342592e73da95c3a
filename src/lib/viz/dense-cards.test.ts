import { describe, expect, it } from 'vitest';
import { cardDetail, chipText } from './dense-cards';

describe('dense cards', () => {
  it('drops text far out (tiles) and keeps it from the default zoom on', () => {
    expect(cardDetail(0.35)).toBe('tile');
    expect(cardDetail(1)).toBe('full');
  });

  it('writes the STATUS chip as the SVG card does', () => {
    expect(chipText('ready', 'Ready')).toBe('✓ Ready');
    expect(chipText('unknown', 'NotReady')).toBe('? NotReady');
  });
});

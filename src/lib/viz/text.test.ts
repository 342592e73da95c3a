import { describe, expect, it } from 'vitest';
import { estimateWidth, fitMiddle } from './text';

describe('estimateWidth', () => {
  it('counts narrow letters narrower than wide ones', () => {
    expect(estimateWidth('iiii', 10)).toBeLessThan(estimateWidth('mmmm', 10));
    expect(estimateWidth('', 10)).toBe(0);
    expect(estimateWidth('ab', 20)).toBeCloseTo(2 * estimateWidth('ab', 10));
  });
});

describe('fitMiddle', () => {
  it.each([
    ['short names stay whole', 'etcd', 100],
    ['long names keep both ends', 'nginx-5869d7778c-8xw2k', 90],
    ['very narrow space still gives a string that fits', 'kube-controller-manager', 20]
  ])('%s', (_, name, width) => {
    const fitted = fitMiddle(name, width, 11.5);
    expect(estimateWidth(fitted, 11.5)).toBeLessThanOrEqual(Math.max(width, estimateWidth('…', 11.5)));
    if (fitted !== name && fitted !== '…') {
      const [head, tail] = fitted.split('…');
      expect(name.startsWith(head)).toBe(true);
      expect(name.endsWith(tail)).toBe(true);
    }
  });
  it('keeps a name that fits', () => expect(fitMiddle('etcd', 100, 11.5)).toBe('etcd'));
});

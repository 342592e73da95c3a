import { describe, expect, it } from 'vitest';
import { clockText, humanDuration, shortDuration } from './format';

describe('clockText', () => {
  it.each([
    [0, '00:00:00'],
    [275_400, '00:04:35'],
    [3_600_000 * 26 + 1, '26:00:00'],
    [-5, '00:00:00']
  ])('%i ms', (ms, want) => expect(clockText(ms)).toBe(want));
});

describe('humanDuration', () => {
  const s = 1000;
  const m = 60 * s;
  const h = 60 * m;
  const d = 24 * h;
  it.each([
    [-2 * s, '<invalid>'],
    [-500, '0s'],
    [0, '0s'],
    [119 * s, '119s'],
    [2 * m, '2m'],
    [2 * m + 5 * s, '2m5s'],
    [10 * m + 5 * s, '10m'],
    [3 * h, '3h'],
    [3 * h + 20 * m, '3h20m'],
    [8 * h + 20 * m, '8h'],
    [2 * d + 3 * h, '2d3h'],
    [9 * d, '9d'],
    [3 * 365 * d + 4 * d, '3y4d'],
    [9 * 365 * d, '9y']
  ])('%i ms -> %s', (ms, want) => expect(humanDuration(ms)).toBe(want));
});

describe('shortDuration', () => {
  it.each([
    [300_000, '5m'],
    [3_600_000, '1h'],
    [30_000, '30s']
  ])('%i ms -> %s', (ms, want) => expect(shortDuration(ms)).toBe(want));
});

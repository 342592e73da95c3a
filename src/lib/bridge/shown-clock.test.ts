import { describe, expect, it } from 'vitest';
import { ShownClock } from './shown-clock';

describe('ShownClock', () => {
  it('never runs backwards while the cluster runs: a report behind the extrapolation holds the clock until it catches up', () => {
    const c = new ShownClock();
    expect(c.show(10_000, 10_000, true)).toBe(10_000);
    // 1 s of wall time at 10x extrapolated: 20 s shown
    expect(c.show(10_000, 20_000, true)).toBe(20_000);
    // the worker only reached 16 s: the page keeps 20 s rather than going back to 16 s
    expect(c.show(16_000, 16_000, true)).toBe(20_000);
    expect(c.show(16_000, 19_000, true)).toBe(20_000);
    expect(c.show(21_000, 21_000, true)).toBe(21_000);
  });

  it('shows a clock set back (time travel, a fork, a new cluster) and a paused clock as they are', () => {
    const c = new ShownClock();
    c.show(60_000, 70_000, true);
    expect(c.show(30_000, 30_000, true)).toBe(30_000);
    c.show(30_000, 40_000, true);
    // paused at what the worker says, even below the last extrapolation
    expect(c.show(35_000, 35_000, false)).toBe(35_000);
    expect(c.show(35_000, 35_500, true)).toBe(35_500);
  });
});

import { describe, expect, it } from 'vitest';
import { chartLayout } from './layout';
import { containerMachine, graphOf, podWorkerMachine } from './machines';
import { kubeletMachine } from '../../sim/kubelet/kubelet.machine';

describe('chartLayout', () => {
  it('stacks the states without overlap, chips inside their box', () => {
    for (const m of [podWorkerMachine, containerMachine, kubeletMachine]) {
      const l = chartLayout(graphOf(m));
      for (let i = 1; i < l.boxes.length; i++) expect(l.boxes[i].y).toBeGreaterThanOrEqual(l.boxes[i - 1].y + l.boxes[i - 1].h + 20);
      for (const b of l.boxes) {
        for (const c of b.chips) {
          expect(c.x).toBeGreaterThanOrEqual(b.x);
          expect(c.x + c.w).toBeLessThanOrEqual(b.x + b.w);
          expect(c.y).toBeGreaterThan(b.y);
          expect(c.y + 17).toBeLessThanOrEqual(b.y + b.h);
        }
      }
      expect(l.height).toBeGreaterThan(l.boxes[l.boxes.length - 1].y + l.boxes[l.boxes.length - 1].h);
    }
  });

  it('draws next-state moves straight with a label, others as arcs (forward right, backward left)', () => {
    const l = chartLayout(graphOf(containerMachine));
    const byPair = new Map(l.edges.map((e) => [`${e.from}->${e.to}`, e]));
    expect(byPair.get('waiting->running')!.labelAt).toBeDefined();
    expect(byPair.get('running->terminated')!.d).toMatch(/^M \d+ \d+ L/);
    // terminated -> waiting goes back up: an arc on the left of the boxes.
    const back = byPair.get('terminated->waiting')!;
    expect(back.d).toMatch(/^M 40 /);
    expect(back.labelAt).toBeUndefined();
  });

  it("draws a transition from any state (the kubelet's STOP) as a stub into its target", () => {
    const l = chartLayout(graphOf(kubeletMachine));
    const stop = l.edges.find((e) => e.from === '*')!;
    expect(stop.to).toBe('stopped');
    expect(stop.d.startsWith('M 4 ')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { DENSE_THRESHOLD, DOT_SHAPES, hitTest, isDense, TONE_TOKEN } from './dense';
import { DOT, layoutCluster } from './layout';
import type { KObject } from '../bridge/deltas';

const node = (name: string): KObject => ({ metadata: { name, creationTimestamp: '2025-01-01T00:00:00Z' } });
const pod = (name: string, nodeName?: string): KObject => ({ metadata: { namespace: 'default', name, creationTimestamp: '2025-01-01T00:00:01Z' }, spec: nodeName ? { nodeName } : {} });

describe('dense mode', () => {
  it.each([
    ['auto, few pods: shapes', 'auto', DENSE_THRESHOLD, false],
    ['auto, past the threshold: dots', 'auto', DENSE_THRESHOLD + 1, true],
    ['on: dots even for three pods', 'on', 3, true],
    ['off: shapes even for 1,500 pods', 'off', 1500, false]
  ] as const)('%s', (_, setting, count, want) => {
    expect(isDense(setting, count)).toBe(want);
  });

  it('gives every state its own shape where the colour is shared (Running and Ready vs not Ready)', () => {
    expect(DOT_SHAPES.running).not.toBe(DOT_SHAPES.notready);
    expect(TONE_TOKEN.running).toBe(TONE_TOKEN.notready);
    const tones = ['running', 'notready', 'pending', 'creating', 'error', 'oom', 'evicted', 'succeeded'] as const;
    expect(new Set(tones.map((t) => DOT_SHAPES[t])).size).toBe(tones.length);
  });

  it('hit-tests a point to the pod whose dot is there, and nothing between cards', () => {
    const pods = Array.from({ length: 15 }, (_, i) => pod(`p-${String(i).padStart(2, '0')}`, 'worker-1')).concat([pod('waiting')]);
    const l = layoutCluster([node('worker-1'), node('worker-2')], pods, { width: 960, dense: true });
    const card = l.nodes.find((n) => n.name === 'worker-1')!;
    // 14 dots per row in a 280 px card: the 15th starts the second row.
    expect(card.pods[14].y).toBe(card.pods[0].y + DOT + 4);
    expect(card.pods[0].w).toBe(DOT);
    const at = (p: { x: number; y: number }) => hitTest(l.nodes, l.tray.pods, p.x + DOT / 2, p.y + DOT / 2)?.key;
    expect(at(card.pods[0])).toBe('default/p-00');
    expect(at(card.pods[14])).toBe('default/p-14');
    expect(at(l.tray.pods[0])).toBe('default/waiting');
    expect(hitTest(l.nodes, l.tray.pods, card.x + card.w + 8, card.y + 100)).toBeUndefined();
    expect(hitTest(l.nodes, l.tray.pods, card.x + 5, card.y + 5)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import type { PodPlacement } from './layout';
import { PodCells, podCellValues, type PodCellInputs } from './pod-cells.svelte';
import type { PodMarks } from './probes';
import type { PullState } from './rail';

const placed = (name: string, nodeName?: string): PodPlacement => ({ key: `default/${name}`, pod: { metadata: { name, namespace: 'default' }, spec: { nodeName } }, x: 0, y: 0, w: 124, h: 30 });
// A readiness probe result at t=1000 (its pulse lasts 900 virtual ms at 1x).
const probed: PodMarks = new Map([['default/web-1', new Map([['nginx', { probes: [{ kind: 'readiness' as const, ok: true, run: 1, threshold: 3, t: 1000 }] }]])]]);
// A pull started at t=0 of 72 MB (2 s at the map's pull rate), and one that ended at t=500.
const pulls = new Map<string, PullState>([
  ['default/web-1', { start: 0, bytes: 72_000_000 }],
  ['default/web-2', { start: 0, end: 500, ok: true }]
]);
const inputs = (over: Partial<PodCellInputs> = {}): PodCellInputs => ({ now: 1200, speed: 1, podMarks: probed, pulls, downNodes: new Set(), fadedPods: new Set(), selectedKey: undefined, ...over });

describe('podCellValues', () => {
  it.each([
    ['a pod whose probe result pulses gets the clock', placed('web-1', 'worker-1'), inputs(), { now: 1200, pull: 0.6 }],
    ['after the pulse it is still again', placed('web-1', 'worker-1'), inputs({ now: 2000 }), { now: 0, pull: 0.95 }],
    ['a pod without marks is still', placed('web-3', 'worker-1'), inputs(), { now: 0, pull: undefined }],
    ['a finished pull shows full for 600 wall ms (x speed)', placed('web-2', 'worker-1'), inputs({ now: 1000 }), { now: 0, pull: 1 }],
    ['then goes', placed('web-2', 'worker-1'), inputs({ now: 1200 }), { now: 0, pull: undefined }],
    ['a pod held in the tray (no node yet) shows no pull', placed('web-1'), inputs(), { now: 1200, pull: undefined }]
  ] as const)('%s', (_, p, given, want) => {
    const v = podCellValues(p, given);
    expect({ now: v.now, pull: v.pull }).toEqual(want);
  });

  it('selected, dimmed (its node stopped reporting) and faded (filtered out)', () => {
    const p = placed('web-1', 'worker-1');
    const v = podCellValues(p, inputs({ selectedKey: 'pods:default/web-1', downNodes: new Set(['worker-1']), fadedPods: new Set(['default/web-1']) }));
    expect([v.selected, v.dimmed, v.faded]).toEqual([true, true, true]);
    expect(podCellValues(placed('web-9'), inputs({ downNodes: new Set(['worker-1']) })).dimmed).toBe(false);
    expect(podCellValues(p, inputs({ selectedKey: 'nodes:worker-1' })).selected).toBe(false);
  });
});

describe('PodCells', () => {
  it('sets only the cells whose values changed, and forgets pods that left the map', () => {
    const cells = new PodCells();
    const pods = [placed('web-1', 'worker-1'), placed('web-3', 'worker-1'), placed('web-4', 'worker-2')];
    expect(cells.sync(pods, inputs({ now: 1100 }))).toEqual(['default/web-1']);
    expect(cells.get('default/web-1').now).toBe(1100);
    // A frame later: only web-1's pulse (and pull) moved.
    expect(cells.sync(pods, inputs({ now: 1150 }))).toEqual(['default/web-1']);
    // Its pulse over (and the pull still at 0.95 at 1x past 2 s): nothing moves any more.
    cells.sync(pods, inputs({ now: 2100 }));
    expect(cells.sync(pods, inputs({ now: 2200 }))).toEqual([]);
    // A node stops reporting: its pod dims; selecting a pod changes that pod.
    expect(cells.sync(pods, inputs({ now: 2200, downNodes: new Set(['worker-2']), selectedKey: 'pods:default/web-3' }))).toEqual(['default/web-3', 'default/web-4']);
    expect([cells.get('default/web-3').selected, cells.get('default/web-4').dimmed]).toEqual([true, true]);
    cells.sync(pods.slice(0, 1), inputs());
    expect(cells.size).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { assignSlots, CARD_W, cardHeight, GAP, layoutCluster, mapScale, PAD, plannedSlots, PROJECTOR_MAP_SCALE } from './layout';

const node = (name: string, created = '2025-01-01T00:00:00Z', controlPlane = false) => ({
  metadata: {
    name,
    creationTimestamp: created,
    labels: controlPlane ? { 'node-role.kubernetes.io/control-plane': '' } : {}
  }
});
const pod = (name: string, nodeName?: string, created = '2025-01-01T00:00:10Z', namespace = 'default') => ({
  metadata: { name, namespace, creationTimestamp: created },
  spec: nodeName ? { nodeName } : {}
});

const defaultNodes = [node('worker-2'), node('worker-1'), node('control-plane', '2025-01-01T00:00:00Z', true)];

describe('assignSlots', () => {
  const cases: { name: string; nodes: ReturnType<typeof node>[]; previous?: [string, number][]; want: [string, number][] }[] = [
    {
      name: 'control plane first, then by name in natural order',
      nodes: [node('worker-10'), node('worker-2'), node('control-plane', undefined, true)],
      want: [['control-plane', 0], ['worker-2', 1], ['worker-10', 2]]
    },
    {
      name: 'older nodes before newer ones',
      nodes: [node('a', '2025-01-01T00:05:00Z'), node('b', '2025-01-01T00:01:00Z')],
      want: [['b', 0], ['a', 1]]
    },
    {
      name: 'a removed node leaves a hole; the others keep their slot',
      nodes: [node('control-plane', undefined, true), node('worker-2')],
      previous: [['control-plane', 0], ['worker-1', 1], ['worker-2', 2]],
      want: [['control-plane', 0], ['worker-2', 2]]
    },
    {
      name: 'a new node takes the lowest free slot',
      nodes: [node('control-plane', undefined, true), node('worker-2'), node('worker-3')],
      previous: [['control-plane', 0], ['worker-2', 2]],
      want: [['control-plane', 0], ['worker-3', 1], ['worker-2', 2]]
    }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const slots = assignSlots(c.nodes, new Map(c.previous));
      expect([...slots].sort((a, b) => a[1] - b[1])).toEqual(c.want);
    });
  }
});

describe('assignSlots with the planned nodes', () => {
  // A booting cluster of 5 workers: the kubelets register in a random order, over several batches.
  const planned = plannedSlots(['control-plane', 'worker-1', 'worker-2', 'worker-3', 'worker-4', 'worker-5']);
  const registered = (names: string[]) => names.map((name, i) => (name === 'control-plane' ? node(name, undefined, true) : node(name, `2025-01-01T00:00:0${i}Z`)));
  const ordered = (slots: Map<string, number>) => [...slots].sort((a, b) => a[1] - b[1]);
  /** The slots after each batch, each layout's slots passed to the next, as the map does. */
  const afterBatches = (batches: string[][]) => {
    let slots = new Map<string, number>();
    for (const names of batches) slots = assignSlots(registered(names), slots, planned);
    return slots;
  };

  it('puts the control plane first, then the others in natural name order, whatever order they are listed in', () => {
    expect([...plannedSlots(['control-plane', 'worker-10', 'worker-2', 'worker-1'])]).toEqual([['control-plane', 0], ['worker-1', 1], ['worker-2', 2], ['worker-10', 3]]);
    expect(plannedSlots([]).size).toBe(0);
  });

  it('places nodes arriving in a scattered order over several batches in plan order', () => {
    const slots = afterBatches([['control-plane', 'worker-3'], ['control-plane', 'worker-3', 'worker-5', 'worker-1'], ['control-plane', 'worker-3', 'worker-5', 'worker-1', 'worker-4', 'worker-2']]);
    expect(ordered(slots)).toEqual([['control-plane', 0], ['worker-1', 1], ['worker-2', 2], ['worker-3', 3], ['worker-4', 4], ['worker-5', 5]]);
  });

  it('holds the slots of the planned nodes not registered yet', () => {
    expect(ordered(afterBatches([['worker-4', 'control-plane']]))).toEqual([['control-plane', 0], ['worker-4', 4]]);
  });

  it('puts a node that was not planned after the planned ones, and keeps it there', () => {
    const all = ['control-plane', 'worker-1', 'worker-2', 'worker-3', 'worker-4', 'worker-5'];
    // `sim node add extra` while worker-2 and worker-3 have not registered yet: slots 2 and 3 stay theirs.
    const slots = afterBatches([['control-plane', 'worker-1', 'worker-4', 'worker-5', 'extra'], all.concat('extra')]);
    expect(ordered(slots)).toEqual([...all.map((name, i) => [name, i]), ['extra', 6]]);
  });

  it("leaves a removed node's slot empty, and gives the node its slot back when it returns", () => {
    const all = ['control-plane', 'worker-1', 'worker-2', 'worker-3', 'worker-4', 'worker-5'];
    const without = all.filter((name) => name !== 'worker-2');
    const gone = afterBatches([all, without, [...without, 'extra']]);
    expect(gone.has('worker-2')).toBe(false);
    expect([...gone.values()]).not.toContain(2);
    expect(gone.get('extra')).toBe(6);
    const back = afterBatches([all, without, [...without, 'extra'], [...without, 'extra', 'worker-2']]);
    expect(back.get('worker-2')).toBe(2);
    expect(back.get('extra')).toBe(6);
  });

  it('keeps an unplanned node off the planned slots, even where the previous layout had it', () => {
    // The map's memory of an earlier cluster (a new one booted in the same page): `extra` was in slot 1.
    const slots = assignSlots(registered(['control-plane', 'extra', 'worker-1']), new Map([['extra', 1]]), planned);
    expect(ordered(slots)).toEqual([['control-plane', 0], ['worker-1', 1], ['extra', 6]]);
  });
});

describe('layoutCluster', () => {
  it('places the default cluster in one row below the control-plane band', () => {
    const layout = layoutCluster(defaultNodes, [], { width: 960 });
    expect(layout.columns).toBe(3);
    expect(layout.nodes.map((n) => n.name)).toEqual(['control-plane', 'worker-1', 'worker-2']);
    const x0 = (960 - (3 * CARD_W + 2 * GAP)) / 2;
    expect(x0).toBeGreaterThanOrEqual(PAD);
    expect(layout.nodes.map((n) => n.x)).toEqual([x0, x0 + CARD_W + GAP, x0 + 2 * (CARD_W + GAP)]);
    const y = layout.band.y + layout.band.h + GAP;
    expect(layout.nodes.every((n) => n.y === y)).toBe(true);
    expect(layout.tray.y).toBeGreaterThan(y + cardHeight(0));
    expect(layout.height).toBe(layout.tray.y + layout.tray.h + PAD);
  });

  it('centres a single column', () => {
    const layout = layoutCluster(defaultNodes, [], { width: 400 });
    expect(layout.columns).toBe(1);
    expect(layout.nodes[0].x).toBe((400 - CARD_W) / 2);
    expect([layout.band.x, layout.band.w, layout.tray.x, layout.tray.w]).toEqual([(400 - CARD_W) / 2, CARD_W, (400 - CARD_W) / 2, CARD_W]);
  });

  it('wraps to as many columns as fit, at least one', () => {
    expect(layoutCluster(defaultNodes, [], { width: 620 }).columns).toBe(2);
    expect(layoutCluster(defaultNodes, [], { width: 100 }).columns).toBe(1);
  });

  it('puts pods in their node card, oldest first, and unscheduled or orphaned pods in the tray', () => {
    const pods = [
      pod('web-b', 'worker-1', '2025-01-01T00:00:20Z'),
      pod('web-a', 'worker-1', '2025-01-01T00:00:10Z'),
      pod('pending'),
      pod('orphan', 'gone-node')
    ];
    const layout = layoutCluster(defaultNodes, pods, { width: 960 });
    const w1 = layout.nodes.find((n) => n.name === 'worker-1')!;
    expect(w1.pods.map((p) => p.key)).toEqual(['default/web-a', 'default/web-b']);
    expect(w1.pods[0].y).toBe(w1.podsY);
    expect(w1.pods[1].x).toBeGreaterThan(w1.pods[0].x);
    for (const p of w1.pods) {
      expect(p.x).toBeGreaterThanOrEqual(w1.x);
      expect(p.x + p.w).toBeLessThanOrEqual(w1.x + w1.w);
    }
    expect(layout.tray.pods.map((p) => p.key).sort()).toEqual(['default/orphan', 'default/pending']);
  });

  it('keeps a node where it was when another node goes away', () => {
    const before = layoutCluster(defaultNodes, [], { width: 960 });
    const after = layoutCluster(
      defaultNodes.filter((n) => n.metadata.name !== 'worker-1'),
      [],
      { width: 960, previous: before.slots }
    );
    const at = (l: typeof before, name: string) => l.nodes.find((n) => n.name === name)!;
    expect([at(after, 'worker-2').x, at(after, 'worker-2').y]).toEqual([at(before, 'worker-2').x, at(before, 'worker-2').y]);
  });

  it('gives every card in a row the height of the fullest card', () => {
    const pods = Array.from({ length: 7 }, (_, i) => pod(`p${i}`, 'worker-2'));
    const layout = layoutCluster(defaultNodes, pods, { width: 960 });
    expect(new Set(layout.nodes.map((n) => n.h))).toEqual(new Set([cardHeight(7)]));
    expect(cardHeight(7)).toBeGreaterThan(cardHeight(0));
  });
});

describe('naturalKey', () => {
  it('orders Kubernetes names as Intl.Collator numeric does, with plain string comparison', async () => {
    const { naturalKey } = await import('./layout');
    const names = ['worker-10', 'worker-2', 'web-7c9f-x2k9q', 'web-7c9f-x10aa', 'web-7c10-aaaaa', 'a.b-1', 'a-b-1', 'kube-proxy-9', 'kube-proxy-09x', 'web', 'web-1', 'z0', 'z'];
    const collator = new Intl.Collator('en', { numeric: true });
    const byCollator = [...names].sort(collator.compare);
    const byKey = [...names].sort((a, b) => (naturalKey(a) < naturalKey(b) ? -1 : naturalKey(a) > naturalKey(b) ? 1 : 0));
    expect(byKey).toEqual(byCollator);
  });
});

describe('mapScale (projector mode)', () => {
  const cases: { name: string; projector: boolean; width: number; scale: number }[] = [
    { name: 'off: 1 at any width', projector: false, width: 1800, scale: 1 },
    { name: 'on, room for a card at full scale', projector: true, width: 940, scale: PROJECTOR_MAP_SCALE },
    { name: 'on, narrower: one card still fits', projector: true, width: 400, scale: 400 / (CARD_W + 2 * PAD) },
    { name: 'on, a phone: never below 1', projector: true, width: 300, scale: 1 }
  ];
  for (const c of cases) it(c.name, () => expect(mapScale(c.projector, c.width)).toBeCloseTo(c.scale, 6));

  it('the grid re-lays out in the scaled width: fewer columns, the same card and pod sizes', () => {
    const nodes = [node('control-plane', undefined, true), node('worker-1'), node('worker-2')];
    const at = (px: number, projector: boolean) => layoutCluster(nodes, [], { width: px / mapScale(projector, px) });
    expect(at(940, false).columns).toBe(3);
    expect(at(940, true).columns).toBe(2);
    expect(at(1580, true).columns).toBe(3);
    expect(at(940, true).nodes[0].w).toBe(CARD_W);
  });
});

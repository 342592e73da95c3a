import { describe, expect, it } from 'vitest';
import { layoutCluster } from './layout';
import { mapTabStops, nextInTabOrder } from './tab-order';
import type { KObject } from '../bridge/deltas';

const node = (name: string, at: string): KObject => ({ metadata: { name, creationTimestamp: at } });
const pod = (name: string, nodeName: string | undefined, at: string): KObject => ({ metadata: { name, namespace: 'default', creationTimestamp: at }, spec: { nodeName } });

describe('mapTabStops', () => {
  // worker-2 joined first but worker-1 is older: slots go by age, and Tab goes by slot.
  const nodes = [node('worker-2', '2025-01-01T00:00:02Z'), node('worker-1', '2025-01-01T00:00:01Z'), node('worker-3', '2025-01-01T00:00:03Z')];
  const pods = [pod('b', 'worker-1', '2025-01-01T00:01:02Z'), pod('a', 'worker-1', '2025-01-01T00:01:01Z'), pod('c', 'worker-3', '2025-01-01T00:01:03Z'), pod('waiting', undefined, '2025-01-01T00:01:04Z')];
  const l = layoutCluster(nodes, pods, { width: 1280 });

  it.each([
    ['pod shapes: each card, then its pods oldest first (as drawn), then the Pending tray', true, ['nodes:worker-1', 'pods:default/a', 'pods:default/b', 'nodes:worker-2', 'nodes:worker-3', 'pods:default/c', 'pods:default/waiting']],
    ['dense mode (pods are dots on a canvas): the cards, then the tray (its header lists its pods)', false, ['nodes:worker-1', 'nodes:worker-2', 'nodes:worker-3', 'tray']]
  ])('%s', (_, withPods, want) => {
    expect(mapTabStops(l.nodes, l.tray.pods, withPods)).toEqual(want);
  });
});

describe('nextInTabOrder', () => {
  // Stand-ins for elements: a stop is found by its data-map-stop, anything else by identity.
  const el = (stop?: string) => ({ closest: () => (stop ? { getAttribute: () => stop } : null) }) as unknown as Element;
  const filterInput = el();
  const zoomIn = el();
  const zoomOut = el();
  const order = [filterInput, 'nodes:worker-1', 'pods:default/a', 'nodes:worker-2', zoomIn, zoomOut];

  it.each([
    ['from the filter bar into the first card', filterInput, false, 'nodes:worker-1'],
    ["from a card to its pod (the pod's element is another stop)", el('nodes:worker-1'), false, 'pods:default/a'],
    ['from the last card out to the zoom buttons', el('nodes:worker-2'), false, zoomIn],
    ['back from the zoom buttons to the last card (the document would give its last drawn pod)', zoomIn, true, 'nodes:worker-2'],
    ['back from a pod to its card', el('pods:default/a'), true, 'nodes:worker-1'],
    ['between two buttons after the cards: the document knows', zoomIn, false, undefined],
    ['off the start of the map: the document knows', filterInput, true, undefined],
    ['off the end of the map: the document knows', zoomOut, false, undefined],
    ['an element not on the map', el(), false, undefined]
  ])('%s', (_, target, backward, want) => {
    expect(nextInTabOrder(order, target, backward)).toBe(want);
  });
});

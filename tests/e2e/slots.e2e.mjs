// The node cards' slots follow the cluster's plan, not the order the kubelets registered in (a
// random order over a couple of virtual seconds): the grid reads control-plane, worker-1, worker-2,
// ..., worker-12, row by row, as `kubectl get nodes` lists them. A node added later goes after them.
import assert from 'node:assert/strict';
import { runInConsole, until } from './helpers.mjs';

const MAP = '[data-testid="cluster-map"]';
const PLANNED = ['control-plane', ...Array.from({ length: 12 }, (_, i) => `worker-${i + 1}`)];

/** The cards' names in slot order: by their place on screen, row by row, left to right. */
function cardsInReadingOrder(page) {
  return page.locator(`${MAP} [data-node]`).evaluateAll((els) =>
    els
      .map((el) => {
        const r = el.querySelector('rect.card')?.getBoundingClientRect();
        return { name: el.getAttribute('data-node'), x: r ? Math.round(r.x) : NaN, y: r ? Math.round(r.y) : NaN };
      })
      .sort((a, b) => a.y - b.y || a.x - b.x)
      .map((c) => (Number.isNaN(c.x) ? `${c.name} (not drawn)` : c.name))
  );
}

export async function cardsInPlanOrder({ page, baseURL, screenshot }) {
  // Tall enough for every card to be drawn (13 nodes: the map draws only the cards on screen).
  await page.setViewportSize({ width: 1600, height: 1400 });
  await page.goto(`${baseURL}/?autoplay=0&workers=12`);
  await until(async () => (await page.locator(`${MAP} [data-node]`).count()) === 13, { timeout: 60_000, message: '13 nodes' });
  assert.equal(await page.locator(`${MAP} [data-node].offscreen`).count(), 0, 'every card is drawn');
  assert.deepEqual(await cardsInReadingOrder(page), PLANNED);
  await screenshot('workers-12');

  // A node that was not planned takes the first slot after the planned ones; the others stay.
  await runInConsole(page, 'sim node add extra', /node\/extra added/);
  await runInConsole(page, 'sim advance 10s', /sim advance 10s/);
  await until(async () => (await page.locator(`${MAP} [data-node]`).count()) === 14, { timeout: 30_000, message: 'node extra on the map' });
  await until(async () => (await page.locator(`${MAP} [data-node].offscreen`).count()) === 0 && (await page.locator(`${MAP} [data-node="extra"] rect.card`).count()) === 1, { message: 'extra drawn' });
  assert.deepEqual(await cardsInReadingOrder(page), [...PLANNED, 'extra']);
  await screenshot('extra-node');
}

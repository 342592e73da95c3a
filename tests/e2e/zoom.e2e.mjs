// Semantic zoom (UI.md): far = nodes as tiles with coloured pod dots, middle = pods, near =
// containers and the node's components with their labels. On a cluster of 12 workers: the − button
// goes to far (the map says so, more tiles a row than cards, a dot's click still inspects its pod),
// reset comes back to today's map, + (or ctrl + wheel over a pod) goes to near (container names in
// the pods, the rail's agents explained), and reset again brings the middle level back as it was.
import assert from 'node:assert/strict';
import { advance, bothThemes, clockMs, runInConsole, until } from './helpers.mjs';

const MAP = '[data-testid="cluster-map"]';
const INSPECTOR = 'section[aria-label="Inspector"]';
/** layout.ts: a tile's width, its header (name, chip) and its dots. */
const TILE_W = 220;
const TILE_HEADER_H = 78;
const CARD_PAD = 12;
const TILE_DOT = 22;

const level = (page) => page.locator('.map').getAttribute('data-zoom-level');

/** The cards (or tiles) drawn in the first row of the grid: same top edge as control-plane's. */
async function perRow(page) {
  const boxes = await page.locator(`${MAP} [data-node] rect.card`).evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, w: r.width })));
  const top = Math.min(...boxes.map((b) => b.y));
  return { count: boxes.filter((b) => Math.abs(b.y - top) < 2).length, width: boxes[0]?.w ?? 0 };
}

async function setLevel(page, button, want) {
  await page.getByRole('button', { name: button }).click();
  await until(async () => (await level(page)) === want, { message: `level ${want} after ${button}` });
  // The canvas draws on the next frame.
  await page.waitForTimeout(150);
}

/** Boots 12 workers with a Deployment of nginx pods, all running. */
async function boot(page, baseURL, width, height) {
  await page.setViewportSize({ width, height });
  await page.goto(`${baseURL}/?autoplay=0&workers=12`);
  await until(async () => (await page.locator(`${MAP} [data-node]`).count()) === 13, { timeout: 60_000, message: '13 nodes' });
  await runInConsole(page, 'kubectl create deployment web --image=nginx --replicas=6', /deployment\.apps\/web created/);
  await advance(page, 30);
  await runInConsole(page, 'kubectl get deployment web', /web\s+6\/6/);
  await until(async () => !(await page.getByRole('button', { name: 'Zoom out' }).isDisabled()), { message: 'the zoom buttons' });
}

export async function threeLevels({ page, baseURL, screenshot }) {
  await boot(page, baseURL, 1920, 1080);
  const toolbar = page.getByTestId('zoom-toolbar');
  assert.equal(await level(page), 'middle');
  assert.match(await toolbar.getAttribute('aria-label'), /middle/);
  const middle = await perRow(page);
  assert.equal(middle.width, 280, 'cards at k = 1');
  await bothThemes(page, screenshot, 'zoom-middle-1920', 150);

  // Far: tiles, more of them a row; the toolbar says what the level draws.
  await setLevel(page, 'Zoom out', 'far');
  assert.match(await toolbar.getAttribute('aria-label'), /far: nodes as tiles/);
  assert.equal(await page.locator('.map').getAttribute('data-dense'), 'true', 'far draws on the dots canvas');
  assert.equal(await page.locator(`${MAP} [data-gauge]`).count(), 0, 'no gauges on tiles');
  assert.equal(await page.locator(`${MAP} [data-agent]`).count(), 0, 'no rail on tiles');
  const far = await perRow(page);
  assert.ok(Math.abs(far.width - TILE_W * 0.5) < 1, `tiles at k = 0.5: ${far.width} px`);
  assert.ok(far.count > middle.count, `more tiles a row at far (${far.count}) than cards at middle (${middle.count})`);
  console.log(`      1920 px, 12 workers: middle ${middle.count} cards a row, far (k 0.5) ${far.count} tiles a row`);
  await bothThemes(page, screenshot, 'zoom-far-1920', 150);

  // A click on a dot inspects its pod: the tile of a node with pods, its first dot.
  const name = await page.locator(`${MAP} [data-node].dense:not([data-node="control-plane"]):not([data-pods="0"])`).first().getAttribute('data-node');
  const box = await page.locator(`${MAP} [data-node="${name}"] rect.card`).boundingBox();
  const k = box.width / TILE_W;
  const dot = { x: box.x + (CARD_PAD + TILE_DOT / 2) * k, y: box.y + (TILE_HEADER_H + TILE_DOT / 2) * k };
  await page.mouse.move(dot.x, dot.y);
  const tip = await until(async () => page.getByTestId('dot-tip').textContent().catch(() => ''), { message: 'the dot tip' });
  const key = tip.slice(0, tip.indexOf(':'));
  await page.mouse.click(dot.x, dot.y);
  await until(async () => (await page.locator(INSPECTOR).locator('.name').textContent().catch(() => '')) === key.split('/')[1], { message: `the inspector on ${key}` });

  // 13 nodes in one row: the grid has no more columns than nodes, the band ends with the tiles.
  assert.equal(far.count, 13);
  assert.equal(await page.locator('.map').getAttribute('data-columns'), '13');
  // Further out: still far, still one row.
  await setLevel(page, 'Zoom out', 'far');
  assert.equal((await perRow(page)).count, 13);
  await screenshot('zoom-far-035-1920-dark');

  // Reset: today's map, the same cards a row.
  await setLevel(page, 'Reset view', 'middle');
  assert.equal((await perRow(page)).count, middle.count);
  assert.equal(await page.locator('.map').getAttribute('data-dense'), 'false');

  // Near, by ctrl + wheel over a web pod: the pod stays on screen with its container's name.
  const pod = page.locator(`${MAP} [data-pod^="default/web-"]`).first();
  const podKey = await pod.getAttribute('data-pod');
  const before = await pod.boundingBox();
  await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -50);
  await page.keyboard.up('Control');
  await until(async () => (await level(page)) === 'near', { message: 'near after ctrl + wheel' });
  const named = page.locator(`${MAP} [data-pod="${podKey}"] [data-container-name="nginx"]`);
  await until(async () => (await named.count()) === 1 && (await named.textContent()).includes('nginx'), { message: "nginx's container name in its pod" });
  const after = await page.locator(`${MAP} [data-pod="${podKey}"]`).boundingBox();
  const area = await page.locator(MAP).boundingBox();
  assert.ok(after.x >= area.x && after.x + after.width <= area.x + area.width && after.y >= area.y && after.y + after.height <= area.y + area.height, `the pod stays on screen: ${JSON.stringify(after)} in ${JSON.stringify(area)}`);
  await until(async () => (await page.locator(`${MAP} [data-agent-line="kubelet"]`).count()) > 0, { message: "the kubelet's one-line explanation" });
  assert.match(await page.locator(`${MAP} [data-agent-line="kubelet"]`).first().textContent(), /node agent/);
  assert.match(await toolbar.getAttribute('aria-label'), /near/);
  await bothThemes(page, screenshot, 'zoom-near-1920', 150);

  // Back to middle: no captions, cards as before.
  await setLevel(page, 'Reset view', 'middle');
  assert.equal(await page.locator(`${MAP} [data-container-name]`).count(), 0);
  assert.equal(await page.locator(`${MAP} [data-agent-line]`).count(), 0);
  assert.equal((await perRow(page)).count, middle.count);

  // The buttons: + from middle is near, − from there is middle again.
  await setLevel(page, 'Zoom in', 'near');
  await setLevel(page, 'Zoom out', 'middle');
}

export async function threeLevelsAt1280({ page, baseURL, screenshot }) {
  await boot(page, baseURL, 1280, 800);
  const middle = await perRow(page);
  await screenshot('zoom-middle-1280');
  await setLevel(page, 'Zoom out', 'far');
  const far = await perRow(page);
  assert.ok(far.count > middle.count, `more tiles a row at far (${far.count}) than cards at middle (${middle.count})`);
  await screenshot('zoom-far-1280');
  // Further out, more tiles a row.
  await setLevel(page, 'Zoom out', 'far');
  const farther = await perRow(page);
  assert.ok(farther.count > far.count, `more tiles a row at k 0.35 (${farther.count}) than at 0.5 (${far.count})`);
  console.log(`      1280 px, 12 workers: middle ${middle.count} cards a row, far ${far.count} tiles a row at k 0.5, ${farther.count} at 0.35`);
  await screenshot('zoom-far-035-1280');
  // The keyboard still walks the tiles: Tab from a tile's header reaches the next node.
  await page.locator(`${MAP} [data-node="worker-1"] .header`).focus();
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-map-stop')), 'nodes:worker-2');
  await setLevel(page, 'Reset view', 'middle');
  await setLevel(page, 'Zoom in', 'near');
  await screenshot('zoom-near-1280');
}

export async function farOnADenseCluster({ page, baseURL, screenshot }) {
  // 40 workers in dense mode: far keeps the canvas and its culling, with tiles instead of cards.
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`${baseURL}/?autoplay=0&workers=40&dense=1`);
  await until(async () => (await page.locator(`${MAP} [data-node]`).count()) === 41, { timeout: 120_000, message: '41 nodes' });
  await until(async () => !(await page.getByRole('button', { name: 'Zoom out' }).isDisabled()), { message: 'the zoom buttons' });
  const canvas = page.getByTestId('dense-canvas');
  const columns = async () => Number(await page.locator('.map').getAttribute('data-columns'));
  const middle = await columns();
  await setLevel(page, 'Zoom out', 'far');
  const far = await columns();
  await setLevel(page, 'Zoom out', 'far');
  const farther = await columns();
  assert.ok(middle < far && far < farther, `columns: middle ${middle}, far ${far} at k 0.5, ${farther} at 0.35`);
  console.log(`      1920 px, 40 workers: ${middle} cards a row, far ${far} tiles a row at k 0.5, ${farther} at 0.35`);
  // Culling still works: the DOM has a header per tile drawn, a placeholder for each other.
  const drawn = Number(await canvas.getAttribute('data-cards'));
  const headers = await page.locator(`${MAP} [data-node].dense`).count();
  assert.ok(drawn > 0 && headers >= drawn, `tiles drawn ${drawn}, headers ${headers}`);
  assert.equal(headers + (await page.locator(`${MAP} [data-node].offscreen`).count()), 41);
  await screenshot('zoom-far-dense-1920');
  await setLevel(page, 'Reset view', 'middle');
  assert.equal(await columns(), middle);

  // ctrl + wheel in small ticks over worker-1: one gesture crosses the threshold and goes on, the
  // grid re-lays out under it (pan-zoom.ts rebase); the tiles stay on screen. (A grid that fits
  // on screen sits at the top left, as it does at any zoom: the anchor's own test is a unit test.)
  const card = await page.locator(`${MAP} [data-node="worker-1"] rect.card`).boundingBox();
  await page.mouse.move(card.x + 20, card.y + 20);
  await page.keyboard.down('Control');
  for (let i = 0; i < 6; i++) await page.mouse.wheel(0, 10);
  await page.keyboard.up('Control');
  await until(async () => (await level(page)) === 'far', { message: 'far after ctrl + wheel' });
  await page.waitForTimeout(300);
  const area = await page.locator(MAP).boundingBox();
  const tile = await page.locator(`${MAP} [data-node="worker-1"] rect.card`).boundingBox();
  assert.ok(tile && tile.x >= area.x && tile.y >= area.y && tile.x + tile.width <= area.x + area.width && tile.y + tile.height <= area.y + area.height, `worker-1's tile on screen: ${JSON.stringify(tile)} in ${JSON.stringify(area)}`);
  await screenshot('zoom-far-wheel-1920');
}

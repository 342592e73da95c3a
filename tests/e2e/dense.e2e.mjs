// Dense mode's node cards are drawn on the canvas under the map's SVG; the SVG keeps a light layer
// (an outline and a header button per card on screen, an empty placeholder per card off screen).
// The canvas draws only the cards on screen, a click on a card's header selects the node (the
// canvas outlines it in the accent colour), and scrolling the map brings other cards in.
import assert from 'node:assert/strict';
import { bothThemes, until } from './helpers.mjs';

const MAP = '[data-testid="cluster-map"]';

/** The canvas pixel (RGBA) at a point of the page, in CSS px. */
function canvasPixel(page, x, y) {
  return page.evaluate(
    ({ x, y }) => {
      const canvas = document.querySelector('[data-testid="dense-canvas"]');
      const r = canvas.getBoundingClientRect();
      const dpr = canvas.width / r.width;
      return [...canvas.getContext('2d').getImageData(Math.round((x - r.left) * dpr), Math.round((y - r.top) * dpr), 1, 1).data];
    },
    { x, y }
  );
}

export async function denseCanvasNodeCards({ page, baseURL, screenshot }) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${baseURL}/?autoplay=0&workers=40&dense=1`);
  await until(async () => (await page.locator(`${MAP} [data-node]`).count()) === 41, { timeout: 120_000, message: '41 nodes' });
  const canvas = page.getByTestId('dense-canvas');
  await until(async () => Number(await canvas.getAttribute('data-node-count')) === 41, { message: 'the canvas knows 41 nodes' });

  // No SVG card bodies (rails, gauges) in dense mode: the canvas draws them.
  assert.equal(await page.locator(`${MAP} [data-gauge]`).count(), 0, 'no SVG gauges');
  assert.equal(await page.locator(`${MAP} [data-agent]`).count(), 0, 'no SVG rails');
  // The canvas draws the cards on screen; the DOM has a header for each of those (with a margin
  // for panning), and an empty placeholder for each of the others.
  const drawn = Number(await canvas.getAttribute('data-cards'));
  const headers = await page.locator(`${MAP} [data-node].dense`).count();
  const placeholders = await page.locator(`${MAP} [data-node].offscreen`).count();
  assert.ok(drawn >= 3 && drawn < 41, `cards drawn on the canvas: ${drawn} of 41`);
  assert.ok(headers >= drawn && headers < 41, `headers in the DOM: ${headers}`);
  assert.equal(headers + placeholders, 41);
  assert.equal(await page.locator(`${MAP} [data-node="worker-1"]`).getAttribute('data-status'), 'Ready');

  // A click on worker-1's header selects the node: the inspector opens on it, and the canvas
  // outlines its card in the accent colour (the card's top edge, which was the border's grey).
  const card = await page.locator(`${MAP} [data-node="worker-1"] rect.card`).boundingBox();
  const edge = () => canvasPixel(page, card.x + card.width / 2, card.y + 1);
  const [r0, , b0] = await edge();
  assert.ok(b0 - r0 < 40, `worker-1's top edge is grey before the click: ${await edge()}`);
  await page.locator(`${MAP} [data-node="worker-1"] .header`).click();
  const inspector = page.locator('section[aria-label="Inspector"]');
  await until(async () => (await inspector.locator('.name').textContent().catch(() => '')) === 'worker-1', { message: 'the inspector on worker-1' });
  assert.equal(await page.locator(`${MAP} [data-node="worker-1"]`).getAttribute('class').then((c) => c.includes('selected')), true);
  await until(async () => {
    const [r, , b] = await edge();
    return b - r > 60;
  }, { message: 'the accent outline on worker-1' });
  await bothThemes(page, screenshot, 'dense-cards-1280');

  // Scrolling the map down: worker-1 leaves the screen (a placeholder), cards further down come in.
  const onScreen = () => page.locator(`${MAP} [data-node].dense`).evaluateAll((els) => els.map((e) => e.getAttribute('data-node')));
  const before = await onScreen();
  const area = await page.locator(MAP).boundingBox();
  await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
  await page.mouse.wheel(0, 1200);
  await until(async () => (await page.locator(`${MAP} [data-node="worker-1"]`).getAttribute('class')).includes('offscreen'), { message: 'worker-1 off screen' });
  const after = await onScreen();
  assert.ok(after.length >= 3 && after.some((name) => !before.includes(name)), `cards further down on screen: ${after}`);
  assert.ok(Number(await canvas.getAttribute('data-cards')) >= 3);

  for (const [w, h] of [
    [390, 844],
    [1920, 1080]
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await bothThemes(page, screenshot, `dense-cards-${w}`);
  }
}

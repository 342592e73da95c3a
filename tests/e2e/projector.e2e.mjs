// Projector mode (UI.md): larger type, thicker strokes, more contrast, for a class at the back of a room.
import assert from 'node:assert/strict';
import { runInConsole, until, waitForNodes } from './helpers.mjs';

/** Sizes as drawn on screen, in CSS px: an SVG element's computed size times its scale on screen. */
async function drawnSizes(page) {
  return page.evaluate(() => {
    const px = (el, prop) => {
      const v = parseFloat(getComputedStyle(el)[prop]);
      const ctm = el instanceof SVGGraphicsElement ? el.getScreenCTM() : null;
      return Math.round(v * (ctm ? ctm.a : 1) * 100) / 100;
    };
    const q = (sel) => {
      const el = document.querySelector(sel);
      if (!el) throw new Error(`no ${sel}`);
      return el;
    };
    return {
      podName: px(q('[data-testid="cluster-map"] .pod .name'), 'fontSize'),
      podStroke: px(q('[data-testid="cluster-map"] .pod .body'), 'strokeWidth'),
      nodeName: px(q('[data-node="worker-1"] .node-name'), 'fontSize'),
      chip: px(q('[data-node="worker-1"] .chip text'), 'fontSize'),
      gaugeLabel: px(q('[data-node="worker-1"] .gauge-label'), 'fontSize'),
      cardStroke: px(q('[data-node="worker-1"] .card'), 'strokeWidth'),
      clock: px(q('[data-testid="clock"]'), 'fontSize'),
      muted: getComputedStyle(document.documentElement).getPropertyValue('--text-muted').trim(),
      columns: new Set([...document.querySelectorAll('[data-testid="cluster-map"] .node .card')].map((c) => Math.round(c.getBoundingClientRect().x))).size
    };
  });
}

/** Texts drawn past their card's or pod's edge (node names, chips, the rail, gauges, pod names). */
async function overflowing(page) {
  return page.evaluate(() => {
    const out = [];
    const inside = (inner, outer, slack = 0.5) =>
      inner.left >= outer.left - slack && inner.right <= outer.right + slack && inner.top >= outer.top - slack && inner.bottom <= outer.bottom + slack;
    for (const card of document.querySelectorAll('[data-testid="cluster-map"] .node:not(.offscreen)')) {
      const box = card.querySelector('.card').getBoundingClientRect();
      for (const t of card.querySelectorAll('.node-name, .chip, .agent-name, .gauge-label, .gauge-value, .empty, .still')) {
        const r = t.getBoundingClientRect();
        if (r.width > 0 && !inside(r, box)) out.push(`${card.dataset.node}: ${t.getAttribute('class')} "${t.textContent.trim()}"`);
      }
      // The name and the chip do not run into each other.
      const name = card.querySelector('.node-name').getBoundingClientRect();
      const chip = card.querySelector('.chip').getBoundingClientRect();
      if (name.right > chip.left) out.push(`${card.dataset.node}: the name runs under the STATUS chip`);
    }
    for (const pod of document.querySelectorAll('[data-testid="cluster-map"] .pod')) {
      const box = pod.querySelector('.body').getBoundingClientRect();
      const name = pod.querySelector('.name').getBoundingClientRect();
      if (!inside(name, box)) out.push(`pod ${pod.dataset.pod}: its name "${pod.querySelector('.name').textContent}" leaves its shape`);
    }
    return out;
  });
}

const projectorOn = (page) => page.evaluate(() => document.documentElement.dataset.projector !== undefined);

/** The top bar's toggle, from the keyboard: sizes really grow, the map re-lays out, nothing overflows, and a reload keeps it. */
export async function toggleGrowsAndSurvivesReload({ page, baseURL, screenshot }) {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${baseURL}/`);
  await waitForNodes(page);
  await page.locator('[data-testid="cluster-map"] .pod').first().waitFor();
  assert.equal(await projectorOn(page), false, 'off on a first visit');
  const before = await drawnSizes(page);
  await screenshot('1280-light-before');

  const toggle = page.getByRole('button', { name: 'Projector mode' });
  assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await until(() => projectorOn(page), { message: 'data-projector on the root' });
  assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
  await page.waitForTimeout(500);
  const after = await drawnSizes(page);
  console.log(`     sizes before ${JSON.stringify(before)}\n     sizes after  ${JSON.stringify(after)}`);

  assert.ok(after.podName >= before.podName * 1.3, `a pod's name grew: ${before.podName} -> ${after.podName} px`);
  assert.ok(after.nodeName >= before.nodeName * 1.3, `a card's name grew: ${before.nodeName} -> ${after.nodeName} px`);
  assert.ok(after.chip > before.chip && after.gaugeLabel >= 12, `chips and gauge labels grew: ${before.chip} -> ${after.chip}, ${before.gaugeLabel} -> ${after.gaugeLabel} px`);
  assert.ok(after.clock >= before.clock * 1.2, `the clock grew: ${before.clock} -> ${after.clock} px`);
  assert.ok(after.podStroke >= before.podStroke * 2, `pod outlines thicker: ${before.podStroke} -> ${after.podStroke} px`);
  assert.ok(after.cardStroke >= before.cardStroke * 2, `card borders thicker: ${before.cardStroke} -> ${after.cardStroke} px`);
  assert.notEqual(after.muted, before.muted, 'muted text gets more contrast');
  assert.ok(after.columns < before.columns, `the grid re-lays out: ${before.columns} -> ${after.columns} columns`);
  assert.deepEqual(await overflowing(page), [], 'no text leaves its card or pod at 1280x720');
  await screenshot('1280-light');

  await page.reload();
  await waitForNodes(page);
  assert.equal(await projectorOn(page), true, 'remembered across a reload');
  assert.equal(await page.getByRole('button', { name: 'Projector mode' }).getAttribute('aria-pressed'), 'true');

  // Dark: the same sizes, its own contrast tokens.
  await page.getByRole('button', { name: /Switch to dark theme/ }).click();
  await page.waitForTimeout(400);
  assert.deepEqual(await overflowing(page), []);
  await screenshot('1280-dark');

  // A pod selected, the inspector open; the console with some output.
  // At 720 px the cards' pods are under the fold: a wheel pans the map (the scaled map pans in its own units),
  // and the keyboard selects a pod wherever it is.
  const map = page.getByTestId('cluster-map');
  const box = await map.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, 220);
  await page.waitForTimeout(300);
  const pod = page.locator('[data-testid="cluster-map"] .pod[data-pod^="kube-system/etcd"]');
  await pod.focus();
  await pod.press('Enter');
  await until(async () => /etcd-control-plane/.test(await page.locator('.inspector-slot').innerText()), { message: 'the pod in the inspector' });
  await runInConsole(page, 'kubectl get pods -A -o wide', /kube-system\s+\S*(coredns|etcd)/);
  const consoleFont = await page.evaluate(() => getComputedStyle(document.querySelector('[data-testid="console-output"]')).fontSize);
  assert.ok(parseFloat(consoleFont) >= 15, `the console's monospace is ${consoleFont}`);
  assert.deepEqual(await overflowing(page), [], 'no overflow with the inspector open');
  await screenshot('1280-dark-inspector-console');

  // Off again: the sizes come back.
  await page.getByRole('button', { name: 'Projector mode' }).click();
  await until(async () => !(await projectorOn(page)), { message: 'off' });
  await page.waitForTimeout(400);
  const back = await drawnSizes(page);
  assert.equal(back.podName, before.podName);
  assert.equal(back.cardStroke, before.cardStroke);
}

/** `?projector=1` turns it on (a teacher's bookmark); toggling off rewrites the parameter so a reload keeps it off. */
export async function fromTheUrl({ page, baseURL }) {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${baseURL}/?projector=1`);
  await waitForNodes(page);
  assert.equal(await projectorOn(page), true);
  await page.getByRole('button', { name: 'Projector mode' }).click();
  await until(() => page.evaluate(() => new URL(location.href).searchParams.get('projector') === '0'), { message: '?projector=0 in the URL' });
  await page.reload();
  await waitForNodes(page);
  assert.equal(await projectorOn(page), false, 'the reload keeps it off');
}

/** /embed: `?projector=1` turns it on; the playground's remembered choice does not reach an embed (it has no toggle). */
export async function embed({ page, baseURL, screenshot }) {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${baseURL}/`);
  await page.evaluate(() => localStorage.setItem('kubarium.projector', '1'));
  await page.goto(`${baseURL}/embed?autoplay=1`);
  await waitForNodes(page);
  assert.equal(await projectorOn(page), false, 'a remembered choice does not apply to /embed');
  await page.goto(`${baseURL}/embed?autoplay=1&projector=1`);
  await waitForNodes(page);
  assert.equal(await projectorOn(page), true);
  await page.locator('[data-testid="cluster-map"] .pod').first().waitFor();
  const podName = await page.evaluate(() => {
    const el = document.querySelector('[data-testid="cluster-map"] .pod .name');
    return parseFloat(getComputedStyle(el).fontSize) * el.getScreenCTM().a;
  });
  assert.ok(podName >= 15, `a pod's name is ${podName} px`);
  assert.deepEqual(await overflowing(page), []);
  await screenshot('embed');
}

/** 1920x1080, both themes: the screenshots to look at, and no overflow. */
export async function fullHd({ page, baseURL, screenshot }) {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`${baseURL}/?projector=1`);
  await waitForNodes(page);
  await page.locator('[data-testid="cluster-map"] .pod').first().waitFor();
  await page.waitForTimeout(1500);
  assert.deepEqual(await overflowing(page), []);
  await screenshot('1920-light');
  await page.locator('[data-testid="cluster-map"] .pod').first().click();
  await runInConsole(page, 'kubectl get nodes', /worker-2\s+Ready/);
  await page.getByRole('button', { name: /Switch to dark theme/ }).click();
  await page.waitForTimeout(400);
  assert.deepEqual(await overflowing(page), []);
  await screenshot('1920-dark-inspector-console');
}

/** Dense mode's canvas in projector mode: drawn at the map's scale, with the thicker lines (screenshot to look at). */
export async function denseCanvas({ page, baseURL, screenshot }) {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${baseURL}/?projector=1&dense=1`);
  await waitForNodes(page);
  const canvas = page.getByTestId('dense-canvas');
  await until(async () => Number(await canvas.getAttribute('data-dots')) > 0, { message: 'dots on the canvas' });
  // The canvas covers the map area in CSS px while the SVG above it draws in map units: the headers line up.
  const aligned = await page.evaluate(() => {
    const hit = document.querySelector('[data-testid="cluster-map"] [data-node="worker-1"] .hit, [data-testid="cluster-map"] [data-map-stop="nodes:worker-1"] rect');
    return hit ? Math.round(hit.getBoundingClientRect().width) : 0;
  });
  assert.ok(aligned >= 370, `a card's header is ${aligned} px wide on screen (280 map units at 1.35)`);
  await screenshot('dense-1280');
}

/**
 * On a phone the top bar has no room for the toggle (a class does not watch a phone): it is hidden
 * while the mode is off, and the clock reads whole beside the lesson menu (with it, the clock slid
 * under the menu's icon and read `0:00:06`).
 */
export async function phoneTopBar({ page, baseURL, screenshot }) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${baseURL}/?autoplay=0`);
  const clock = page.getByTestId('clock');
  await clock.waitFor();
  assert.equal(await page.getByTestId('projector-toggle').isVisible(), false, 'no projector toggle on a phone');
  const clockBox = await clock.boundingBox();
  const lessonBox = await page.getByRole('button', { name: /lesson|Playground/i }).first().boundingBox();
  assert.ok(lessonBox.x + lessonBox.width <= clockBox.x, `the clock (x ${clockBox.x}) clear of the lesson menu (right edge ${lessonBox.x + lessonBox.width})`);
  assert.equal(await clock.evaluate((el) => el.scrollWidth <= el.clientWidth), true, 'the clock text is not clipped');
  // Turned on from the URL, the toggle is there to turn it off.
  await page.goto(`${baseURL}/?autoplay=0&projector=1`);
  await page.getByTestId('projector-toggle').waitFor({ state: 'visible' });
  await screenshot('phone-top-bar');
}

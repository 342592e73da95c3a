// Keyboard only: from the top of the page, Tab reaches the clock controls, a node and a pod on the
// map; Enter opens them in the inspector; the inspector's tabs and the console work from the keys;
// the focused element always shows a visible focus ring.
import assert from 'node:assert/strict';
import { runInConsole, until, waitForNodes } from './helpers.mjs';

/** Presses Tab until `match(active)` holds; returns the steps it took. */
async function tabTo(page, match, what, max = 80) {
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press('Tab');
    const active = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el) return null;
      const style = getComputedStyle(el);
      // The theme's focus colour, as computed colours come back (rgb(...)).
      const probe = document.createElement('span');
      probe.style.color = 'var(--focus)';
      document.body.append(probe);
      const focus = getComputedStyle(probe).color;
      probe.remove();
      // SVG shapes on the map draw their ring as a stroke in the focus colour on a child shape.
      const svgRing = el instanceof SVGElement && [...el.querySelectorAll('rect, path')].some((c) => getComputedStyle(c).stroke === focus);
      return {
        label: el.getAttribute('aria-label') ?? '',
        text: (el.textContent ?? '').trim().slice(0, 60),
        role: el.getAttribute('role') ?? el.tagName.toLowerCase(),
        testid: el.getAttribute('data-testid') ?? '',
        // A visible focus indicator: an outline, or a box-shadow ring.
        ring: (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none' || svgRing
      };
    });
    if (active && match(active)) return { steps: i, active };
  }
  assert.fail(`Tab never reached ${what} in ${max} presses`);
}

export async function keyboardOnly({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  await runInConsole(page, 'kubectl run web --image=nginx', /pod\/web created/);
  await runInConsole(page, 'sim advance 20s', /sim advance 20s/);
  await page.locator('[data-pod="default/web"][data-status="Running"]').waitFor();
  // Start from the top of the document, as a keyboard user arriving on the page.
  await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
  await page.mouse.click(1, 1);

  const play = await tabTo(page, (a) => /^play$/i.test(a.label) || /^play$/i.test(a.text), 'the Play button');
  assert.ok(play.active.ring, 'the Play button shows a focus ring');
  const node = await tabTo(page, (a) => /^node worker-1:/.test(a.label), 'node worker-1 on the map');
  assert.ok(node.active.ring, 'a focused node shows a focus ring');
  await page.keyboard.press('Enter');
  await until(async () => (await page.locator('.inspector .name').innerText()) === 'worker-1', { message: 'the inspector shows worker-1' });

  const pod = await tabTo(page, (a) => /^pod default\/web:/.test(a.label), 'pod web on the map');
  assert.ok(pod.active.ring, 'a focused pod shows a focus ring');
  await page.keyboard.press('Enter');
  await until(async () => (await page.locator('.inspector .name').innerText()) === 'web', { message: 'the inspector shows pod web' });
  await screenshot('pod-focused');

  // The inspector's tabs: Tab to "describe", Enter.
  await tabTo(page, (a) => a.role === 'tab' && a.text === 'describe', 'the describe tab');
  await page.keyboard.press('Enter');
  await until(async () => /Status:\s+Running/.test(await page.getByTestId('inspector-describe').innerText()), { message: 'describe of pod web' });

  // The console input: Tab to it, type, Enter.
  await tabTo(page, (a) => a.testid === 'console-input', 'the console input', 120);
  await page.keyboard.type('kubectl get pods');
  await page.keyboard.press('Enter');
  await until(async () => /web\s+1\/1\s+Running/.test(await page.getByTestId('console-output').innerText()), { message: 'kubectl get pods typed from the keyboard' });
  await screenshot('console');
}

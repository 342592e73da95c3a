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

/** What has the focus: its accessible name, where it is, whether it is inside the map's visible area, whether it shows a ring. */
function focused(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    const map = document.querySelector('[data-testid="cluster-map"]');
    if (!el || !map?.contains(el)) return { label: el?.getAttribute('aria-label') ?? '', inMap: false, inList: !!el?.closest('[data-testid="node-pods"]') };
    const r = el.getBoundingClientRect();
    const m = map.getBoundingClientRect();
    // A card's place on the map (map coordinates, under the pan and zoom), for its reading order.
    const card = el.closest('[data-node]')?.querySelector('rect.card')?.getBoundingClientRect();
    const view = map.querySelector(':scope > g').transform.baseVal.consolidate().matrix;
    const at = card ? { x: Math.round((card.x - m.x - view.e) / view.a), y: Math.round((card.y - m.y - view.f) / view.a) } : undefined;
    const probe = document.createElement('span');
    probe.style.color = 'var(--focus)';
    document.body.append(probe);
    const focus = getComputedStyle(probe).color;
    probe.style.color = 'var(--accent)';
    const accent = getComputedStyle(probe).color;
    probe.remove();
    return {
      label: el.getAttribute('aria-label') ?? '',
      inMap: true,
      node: el.closest('[data-node]')?.getAttribute('data-node') ?? undefined,
      at,
      pod: el.getAttribute('data-pod') ?? undefined,
      onNode: el.getAttribute('data-on-node') ?? undefined,
      box: { x: r.x - m.x, y: r.y - m.y, w: r.width, h: r.height },
      visible: r.width > 0 && r.height > 0 && r.left >= m.left && r.top >= m.top && r.right <= m.right && r.bottom <= m.bottom,
      // A card's header draws its ring on its hit area in the focus colour; a pod strokes its body in
      // the accent (as when selected) and adds an outline in the focus colour.
      ring: [...el.querySelectorAll('rect')].some((c) => [focus, accent].includes(getComputedStyle(c).stroke) && parseFloat(getComputedStyle(c).strokeWidth) >= 2),
      outline: getComputedStyle(el).outlineStyle !== 'none' && parseFloat(getComputedStyle(el).outlineWidth) >= 2 && getComputedStyle(el).outlineColor === focus
    };
  });
}

const PINNED = `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: pinned
spec:
  nodeName: worker-20
  containers:
  - name: app
    image: nginx
EOF`;

// A 20-worker cluster draws only the cards on screen (CULL_FROM_NODES): the keyboard still reaches
// worker-20's pod. Tab walks card by card, each card's pods after it; every stop is panned into
// view before it takes the focus, and shows its ring; Enter inspects the pod; Shift+Tab walks back.
export async function keyboardReachesPodsOffScreen({ page, baseURL, screenshot }) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`${baseURL}/?autoplay=0&workers=20`);
  const MAP = '[data-testid="cluster-map"]';
  await until(async () => (await page.locator(`${MAP} [data-node]`).count()) === 21, { timeout: 60_000, message: '21 nodes' });
  await runInConsole(page, PINNED, /pod\/pinned created/);
  await runInConsole(page, 'sim advance 20s', /sim advance 20s/);
  await until(async () => /pinned\s+1\/1\s+Running/.test(await runInConsole(page, 'kubectl get pod pinned', /pinned\s+\S+\s+\S+/)), { message: 'pinned Running' });
  // worker-20's card is off screen: an empty placeholder, and its pods are not drawn.
  assert.match(await page.locator(`${MAP} [data-node="worker-20"]`).getAttribute('class'), /offscreen/);
  assert.equal(await page.locator(`${MAP} [data-pod="default/pinned"]`).count(), 0, 'the pinned pod is not drawn yet');
  assert.match(await page.locator(`${MAP} [data-node="worker-20"]`).getAttribute('aria-label'), /^node worker-20: Ready, 2 pods$/);

  // From the map's first element (the kube-scheduler in the control-plane band), Tab until the pinned pod.
  await page.locator(`${MAP} [data-component="kube-scheduler"]`).focus();
  const walk = [];
  let lastNode;
  let lastAt;
  for (let i = 0; ; i++) {
    assert.ok(i < 150, `Tab never reached pod pinned; last stops: ${walk.slice(-5).join(' | ')}`);
    await page.keyboard.press('Tab');
    const a = await focused(page);
    assert.ok(a.inMap, `Tab left the map after ${walk.slice(-3).join(' | ')}: ${a.label}`);
    walk.push(a.label);
    if (!a.pod && !/^node /.test(a.label)) continue; // the Services band
    assert.ok(a.visible, `${a.label} is focused inside the map's visible area: ${JSON.stringify(a.box)}`);
    assert.ok(a.ring, `${a.label} shows a focus ring`);
    if (a.pod) {
      assert.equal(a.onNode, lastNode, `${a.label} comes right after its card (last card: ${lastNode})`);
      if (a.pod === 'default/pinned') break;
    } else {
      const n = a.label.match(/^node (\S+):/)[1];
      // Cards in reading order (the grid's slots: along a row, then the next row), the control plane first.
      if (lastAt === undefined) assert.equal(n, 'control-plane');
      else assert.ok(a.at.y > lastAt.y || (a.at.y === lastAt.y && a.at.x > lastAt.x), `${n} at ${JSON.stringify(a.at)} comes after ${lastNode} at ${JSON.stringify(lastAt)} in reading order`);
      assert.ok(!walk.slice(0, -1).includes(a.label), `${n} is visited once`);
      lastNode = n;
      lastAt = a.at;
    }
  }
  assert.equal(lastNode, 'worker-20');
  assert.match(walk.at(-1), /^pod default\/pinned: Running, 1\/1 ready$/);
  // The pinned pod's box lies in the visible map; worker-1's card left the screen on the way.
  assert.match(await page.locator(`${MAP} [data-node="worker-1"]`).getAttribute('class'), /offscreen/);
  await page.keyboard.press('Enter');
  const inspector = page.locator('section[aria-label="Inspector"]');
  await until(async () => (await inspector.locator('.name').textContent().catch(() => '')) === 'pinned', { message: 'the inspector on pod pinned' });
  await screenshot('offscreen-pod-focused');

  // Shift+Tab: back through worker-20's older pod (its kube-proxy) to worker-20's header, then the last stop of the card before it.
  await page.keyboard.press('Shift+Tab');
  let a = await focused(page);
  assert.match(a.label, /^pod kube-system\/kube-proxy-/);
  assert.equal(a.onNode, 'worker-20');
  // Beside the selected pod (pinned), the focused one is told apart by its outline.
  assert.ok(a.outline, 'the focused pod has an outline in the focus colour');
  assert.equal(await page.locator(`${MAP} [data-pod="default/pinned"]`).evaluate((el) => getComputedStyle(el).outlineStyle), 'none');
  await screenshot('offscreen-focus-beside-selection');
  await page.keyboard.press('Shift+Tab');
  a = await focused(page);
  assert.match(a.label, /^node worker-20: Ready, 2 pods$/);
  await page.keyboard.press('Shift+Tab');
  a = await focused(page);
  const header = walk.findIndex((l) => /^node worker-20:/.test(l));
  assert.equal(a.label, walk[header - 1]);
  assert.ok(a.visible, `${a.label} is panned into view`);

  // With motion, the map glides to worker-1 as Shift+Tab walks back up; the focus ends in view.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  for (let i = 0; !/^node worker-1:/.test(a.label); i++) {
    assert.ok(i < 80, `Shift+Tab never reached node worker-1; at ${a.label}`);
    await page.keyboard.press('Shift+Tab');
    a = await focused(page);
    assert.ok(a.inMap, `Shift+Tab left the map at ${a.label}`);
  }
  await until(async () => (await focused(page)).visible, { message: 'worker-1 glides into view' });
  await screenshot('offscreen-back-to-worker-1');
}

const STUCK = `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: stuck
spec:
  nodeSelector:
    disk: none
  containers:
  - name: app
    image: nginx
EOF`;

// Dense mode draws pods as dots on a canvas: Tab walks the cards (an off-screen one is panned into
// view), Enter on a card opens its list of pods, and Tab goes into that list before the next card;
// after the cards, the Pending tray's header lists the pods no node took the same way.
export async function keyboardDenseCardThenPods({ page, baseURL, screenshot }) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`${baseURL}/?autoplay=0&workers=20&dense=1`);
  const MAP = '[data-testid="cluster-map"]';
  await until(async () => (await page.locator(`${MAP} [data-node]`).count()) === 21, { timeout: 60_000, message: '21 nodes' });
  await runInConsole(page, PINNED, /pod\/pinned created/);
  await runInConsole(page, STUCK, /pod\/stuck created/);
  await runInConsole(page, 'sim advance 20s', /sim advance 20s/);
  await until(async () => /pinned\s+1\/1\s+Running/.test(await runInConsole(page, 'kubectl get pod pinned', /pinned\s+\S+\s+\S+/)), { message: 'pinned Running' });
  await until(async () => (await page.locator('.map').getAttribute('data-dense')) === 'true', { message: 'dense mode' });
  assert.match(await page.locator(`${MAP} [data-node="worker-20"]`).getAttribute('class'), /offscreen/);

  await page.locator(`${MAP} [data-component="kube-scheduler"]`).focus();
  let a;
  for (let i = 0; ; i++) {
    assert.ok(i < 60, 'Tab never reached node worker-20');
    await page.keyboard.press('Tab');
    a = await focused(page);
    assert.ok(a.inMap, `Tab left the map at ${a.label}`);
    if (/^node /.test(a.label)) assert.ok(a.visible && a.ring, `${a.label} is in view with its ring: ${JSON.stringify(a)}`);
    if (/^node worker-20:/.test(a.label)) break;
  }
  assert.equal(a.label, 'node worker-20: Ready, 2 pods');
  await page.keyboard.press('Enter');
  const list = page.getByTestId('node-pods');
  await list.waitFor();
  assert.match(await list.locator('h3').textContent(), /^Pods on worker-20 · 2$/);
  // Tab: into worker-20's pods (oldest first: its kube-proxy, then pinned).
  await page.keyboard.press('Tab');
  assert.match(await page.evaluate(() => document.activeElement?.textContent ?? ''), /^kube-system\/kube-proxy-/);
  await page.keyboard.press('Tab');
  assert.match(await page.evaluate(() => document.activeElement?.textContent ?? ''), /^default\/pinned Running$/);
  // The card stays in view above the list.
  const card = await page.locator(`${MAP} [data-node="worker-20"] rect.card`).boundingBox();
  const listBox = await list.boundingBox();
  assert.ok(card.y + 40 <= listBox.y, `worker-20's header (y ${card.y}) clears the list (y ${listBox.y})`);
  await page.keyboard.press('Enter');
  const inspector = page.locator('section[aria-label="Inspector"]');
  await until(async () => (await inspector.locator('.name').textContent().catch(() => '')) === 'pinned', { message: 'the inspector on pod pinned' });
  await screenshot('dense-list-pod-focused');
  // Shift+Tab goes back up the list to the card.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  assert.equal((await focused(page)).label, 'node worker-20: Ready, 2 pods');

  // On past the last card: the Pending tray's header, in view; Enter lists its pod; Tab, Enter inspects it.
  for (let i = 0; !/^Pending/.test(a.label); i++) {
    assert.ok(i < 60, `Tab never reached the Pending tray; at ${a.label}`);
    await page.keyboard.press('Tab');
    a = await focused(page);
    assert.ok(a.inMap || a.inList, `Tab left the map at ${a.label}`);
  }
  assert.equal(a.label, 'Pending (unscheduled): 1 pod; list them');
  assert.ok(a.visible && a.ring, `the tray's header is in view with its ring: ${JSON.stringify(a)}`);
  await page.keyboard.press('Enter');
  await until(async () => (await list.locator('h3').textContent()) === 'Pods on Pending (unscheduled) · 1', { message: "the tray's list" });
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent ?? ''), 'default/stuck Pending');
  await page.keyboard.press('Enter');
  await until(async () => (await inspector.locator('.name').textContent().catch(() => '')) === 'stuck', { message: 'the inspector on pod stuck' });
  await screenshot('dense-tray-pod-focused');
}

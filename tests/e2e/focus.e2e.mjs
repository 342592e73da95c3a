// The map's filters, focus mode and dense mode. Filtering by namespace fades the other
// namespaces' pods in place (and goes into the URL); focusing a crashing pod dims the rest and
// tells its story (restarts after back-off, CrashLoopBackOff) with virtual times; Esc leaves.
// Dense mode at 40 workers draws the pods as dots on a canvas, and a click on a dot selects it.
import assert from 'node:assert/strict';
import { advance, bothThemes, clockMs, runInConsole, until, waitForNodes } from './helpers.mjs';

const MAP = '[data-testid="cluster-map"]';

export async function filterAndFocusACrashingPod({ page, baseURL, screenshot }) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  await runInConsole(page, 'kubectl create namespace shop', /namespace\/shop created/);
  await runInConsole(page, 'kubectl run web --image=nginx -n shop --labels=app=web', /pod\/web created/);
  await runInConsole(page, 'kubectl run crash --image=busybox -- sh -c "echo boom; exit 1"', /pod\/crash created/);
  await advance(page, 60);

  // Filter by namespace: the shop pod fades where it is, the default pods stay.
  await page.getByTestId('filter-namespace').selectOption('default');
  const web = page.locator(`${MAP} [data-pod="shop/web"]`);
  const crash = page.locator(`${MAP} [data-pod="default/crash"]`);
  await until(async () => (await web.getAttribute('data-faded')) === 'true', { message: 'shop/web faded' });
  assert.equal(await crash.getAttribute('data-faded'), 'false');
  assert.match(page.url(), /[?&]ns=default(&|$)/);
  // The static pods of kube-system fade too; the count says how many are shown.
  assert.equal(await page.locator(`${MAP} [data-pod^="kube-system/"][data-faded="false"]`).count(), 0);
  assert.match(await page.getByTestId('filter-count').textContent(), /^1 of \d+ pods$/);

  // A selector the API would reject says so, in the parser's words.
  await page.getByTestId('filter-labels').fill('app in (web');
  await page.getByTestId('filter-labels').press('Enter');
  assert.match(await page.locator('#filter-error').textContent(), /unable to parse requirement: found '', expected: ',' or '\)'/);
  await page.getByTestId('filter-labels').fill('run=crash');
  await page.getByTestId('filter-labels').press('Enter');
  await until(async () => /[?&]l=run%3Dcrash/.test(page.url()), { message: 'the selector in the URL' });
  assert.equal(await crash.getAttribute('data-faded'), 'false');
  await bothThemes(page, screenshot, 'filter-1280');

  // A link with the filter shows the same view. (`seed=1`, the default seed, names a fresh
  // cluster: a plain reload would restore the autosaved one, with its pods.)
  await page.goto(`${baseURL}/?autoplay=0&ns=shop&seed=1`);
  await waitForNodes(page);
  assert.equal(await page.getByTestId('filter-namespace').inputValue(), 'shop');
  await page.getByRole('button', { name: 'Clear' }).click();
  assert.ok(!/[?&]ns=/.test(page.url()), 'Clear empties the URL');

  await runInConsole(page, 'kubectl run crash --image=busybox -- sh -c "echo boom; exit 1"', /pod\/crash created/);
  await runInConsole(page, 'kubectl create deployment shopweb --image=nginx', /deployment\.apps\/shopweb created/);
  await advance(page, 75);
  const pod = page.locator(`${MAP} [data-pod="default/crash"]`);
  await until(async () => (await pod.getAttribute('data-status')) === 'CrashLoopBackOff', { message: 'crash in CrashLoopBackOff' });

  // Select it, press f: focus mode.
  await pod.click();
  await page.locator(`${MAP}`).focus().catch(() => {});
  await page.keyboard.press('f');
  const strip = page.getByTestId('focus-strip');
  await strip.waitFor();
  assert.equal(await strip.getAttribute('data-focus-pod'), 'default/crash');
  // Everything but the pod and its node dims.
  assert.equal(await pod.getAttribute('data-faded'), 'false');
  const node = await pod.getAttribute('data-on-node');
  assert.equal(await page.locator(`${MAP} [data-node="${node}"]`).getAttribute('data-faded'), 'false');
  assert.equal(await page.locator(`${MAP} [data-node="control-plane"]`).getAttribute('data-faded'), 'true');
  assert.equal(await page.locator(`${MAP} [data-pod="kube-system/etcd-control-plane"]`).getAttribute('data-faded'), 'true');

  // The story: created, scheduled, ..., exits, restarts with their back-off, CrashLoopBackOff; with times.
  const items = strip.locator('li');
  const story = await until(
    async () => {
      const text = await strip.getByTestId('focus-story').innerText();
      return /Restart 3: container crash created again/.test(text) && /CrashLoopBackOff/.test(text) ? text : undefined;
    },
    { message: 'the restarts and CrashLoopBackOff in the story' }
  );
  const steps = await items.evaluateAll((lis) => lis.map((li) => li.dataset.step));
  assert.deepEqual(steps.slice(0, 2), ['created', 'scheduled']);
  assert.ok(steps.indexOf('started') < steps.indexOf('exited'), 'started before it exited');
  assert.match(story, /\d\d:\d\d:\d\d\.\d{3}\s+Scheduled to worker-\d/);
  assert.match(story, /\d\d:\d\d:\d\d\.\d{3}\s+Container crash exited with code 1/);
  assert.match(story, /Restart 2: container crash created again\s+after a back-off of 10 s since it exited/);
  assert.match(story, /Restart 3: container crash created again\s+after a back-off of 20 s since it exited/);
  assert.match(story, /\d\d:\d\d:\d\d\.\d{3}\s+CrashLoopBackOff \(event BackOff\)\s+Back-off restarting failed container crash/);
  const times = await items.evaluateAll((lis) => lis.map((li) => Number(li.dataset.t)));
  assert.deepEqual(times, [...times].sort((a, b) => a - b), 'the story runs forward in time');
  await bothThemes(page, screenshot, 'focus-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await bothThemes(page, screenshot, 'focus-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Esc leaves focus mode: nothing is faded any more.
  await page.keyboard.press('Escape');
  await strip.waitFor({ state: 'detached' });
  assert.equal(await page.locator(`${MAP} [data-faded="true"]`).count(), 0);
  // The inspector's button enters it too.
  await page.getByTestId('inspector-focus').click();
  await strip.waitFor();
  await page.getByTestId('focus-leave').click();
  await strip.waitFor({ state: 'detached' });

  // The state tab draws the scheduling cycle, and for a ReplicaSet's pod its controller's loop.
  await page.locator(`${MAP} [data-pod^="default/shopweb-"]`).click();
  await page.getByRole('tab', { name: 'state' }).click();
  const chart = (machine) => page.locator(`[data-testid="statechart"][data-machine="${machine}"]`);
  await chart('scheduling-cycle').waitFor();
  assert.equal(await chart('scheduling-cycle').getAttribute('data-active'), 'bound');
  assert.equal(await chart('replicaset-sync').getAttribute('data-active'), 'idle');
  await chart('scheduling-cycle').scrollIntoViewIfNeeded();
  await screenshot('state-cycles-1280');
}

export async function denseModeCanvas({ page, baseURL, screenshot }) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${baseURL}/?autoplay=0&workers=40`);
  await until(async () => (await page.locator(`${MAP} [data-node]`).count()) >= 41, { timeout: 120_000, message: '41 nodes' });
  await runInConsole(page, 'kubectl create deployment bench --image=nginx --replicas=400', /deployment\.apps\/bench created/);
  await runInConsole(page, 'sim advance 20s', /\$/, 120_000);
  // Past 300 pods the map draws dots on one canvas: no SVG pods.
  const map = page.locator('.map');
  await until(async () => (await map.getAttribute('data-dense')) === 'true', { timeout: 60_000, message: 'dense mode' });
  const canvas = page.getByTestId('dense-canvas');
  await until(async () => Number(await canvas.getAttribute('data-pod-count')) >= 400, { timeout: 60_000, message: '400+ pods on the canvas' });
  assert.equal(await page.locator(`${MAP} [data-pod]`).count(), 0, 'no SVG pod shapes in dense mode');
  // Only the dots on screen are drawn (the map area shows three cards here).
  assert.ok(Number(await canvas.getAttribute('data-dots')) >= 20, `dots drawn on screen: ${await canvas.getAttribute('data-dots')}`);

  // A click on a dot selects that pod: the inspector opens on it. The first pod cell of worker-1's card:
  const card = page.locator(`${MAP} [data-node="worker-1"] rect.card`);
  const box = await card.boundingBox();
  // Header 40 + rail 44, card padding 12, a dot 14: the first dot's centre.
  await page.mouse.click(box.x + 12 + 7, box.y + 84 + 7);
  // The hover names the dot (worker-1's first pod is its kube-proxy, a DaemonSet's), and the inspector opens on that pod.
  const tip = await page.getByTestId('dot-tip').textContent();
  assert.match(tip, /^kube-system\/kube-proxy-[a-z0-9]+: Running, 1\/1 ready$/);
  const inspector = page.locator('section[aria-label="Inspector"]');
  await until(async () => (await inspector.locator('.name').textContent().catch(() => '')) === tip.split(':')[0].split('/')[1], { message: `the inspector on ${tip}` });
  await bothThemes(page, screenshot, 'dense-1280');

  // The keyboard reaches the dots through a node's list (dense mode draws only the cards on screen).
  assert.equal(await page.locator(`${MAP} [data-node].offscreen`).count() > 0, true, 'cards off screen are placeholders');
  await page.locator(`${MAP} [data-node="worker-3"] .header`).focus();
  await page.keyboard.press('Enter');
  const list = page.getByTestId('node-pods');
  await list.waitFor();
  assert.match(await list.locator('h3').textContent(), /^Pods on worker-3 · \d+$/);
  const listed = (await list.locator('button').first().textContent()).split(' ')[0];
  await list.locator('button').first().focus();
  await page.keyboard.press('Enter');
  await until(async () => (await inspector.locator('.name').textContent()) === listed.split('/')[1], { message: `the inspector on ${listed}` });
  await page.setViewportSize({ width: 390, height: 844 });
  await bothThemes(page, screenshot, 'dense-390');
}

/**
 * The label selector's parser is not part of the map's first load (filter.ts loadSelectorParser):
 * a selector typed as the page's first interaction, or one from the URL, filters all the same, on
 * the main page and on /embed.
 */
export async function labelFilterLoadsOnFirstUse({ page, baseURL }) {
  await page.setViewportSize({ width: 1280, height: 800 });
  const etcd = page.locator(`${MAP} [data-pod="kube-system/etcd-control-plane"]`);
  const proxy = page.locator(`${MAP} [data-pod^="kube-system/kube-proxy-"]`).first();
  const onlyEtcd = async (how) => {
    await until(async () => /^1 of \d+ pods$/.test(await page.getByTestId('filter-count').textContent()), { message: `${how}: 1 of N pods` });
    await until(async () => (await proxy.getAttribute('data-faded')) === 'true', { message: `${how}: kube-proxy faded` });
    assert.equal(await etcd.getAttribute('data-faded'), 'false', `${how}: etcd shown`);
  };
  for (const path of ['/?autoplay=0&seed=1', '/embed?seed=1']) {
    // Typed (the field's focus starts loading the parser; the selector applies after a short pause).
    await page.goto(`${baseURL}${path}`);
    await waitForNodes(page);
    await proxy.waitFor();
    await page.getByTestId('filter-labels').pressSequentially('component=etcd');
    await onlyEtcd(`${path}, typed`);
    assert.equal(await page.getByTestId('filter-labels').inputValue(), 'component=etcd');
    // A selector the API rejects still says why.
    await page.getByTestId('filter-labels').fill('component in (etcd');
    await page.getByTestId('filter-labels').press('Enter');
    await until(async () => /unable to parse requirement/.test((await page.locator('#filter-error').textContent().catch(() => '')) ?? ''), { message: `${path}: the parser's error` });

    // From the URL, before any interaction: the parser loads with the filter.
    await page.goto(`${baseURL}${path}&l=${encodeURIComponent('component=etcd')}`);
    await waitForNodes(page);
    assert.equal(await page.getByTestId('filter-labels').inputValue(), 'component=etcd');
    await onlyEtcd(`${path}, from the URL`);
  }
}

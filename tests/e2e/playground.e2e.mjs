// The playground's first page: the map, the clock, the console and the editor.
import assert from 'node:assert/strict';
import { clockMs, GET_NODES_HEADER, NODES, runInConsole, until, waitForNodes } from './helpers.mjs';

/** (a) The page loads, the clock is visible and advances while playing, the three nodes are drawn. */
export async function mapAndClock({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/`);
  await page.getByTestId('clock').waitFor({ state: 'visible' });
  await waitForNodes(page);
  for (const name of NODES) {
    const card = page.locator(`[data-node="${name}"]`);
    assert.match(await card.innerHTML(), new RegExp(`>${name}<`), `node card ${name} shows its name`);
  }
  // Playing at 1x: over 3 s of wall time, at least 2 s of virtual time pass. (The page only
  // extrapolates up to 1 s past the worker's last report, so this needs the worker's clock to run.)
  assert.equal(await page.getByRole('button', { name: 'Pause', exact: true }).count(), 1, 'the cluster plays on first open');
  const t0 = await clockMs(page);
  await page.waitForTimeout(3000);
  const t1 = await clockMs(page);
  assert.ok(t1 - t0 >= 2000, `clock went from ${t0} to ${t1} ms in 3 s at 1x`);
  await screenshot('map');
}

/** (b) The console runs `kubectl get nodes` and prints kubectl's table; Up recalls the line. */
export async function consoleGetNodes({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/`);
  await waitForNodes(page);
  const text = await runInConsole(page, 'kubectl get nodes', /^worker-1\s+Ready\s/m);
  assert.match(text, GET_NODES_HEADER);
  for (const name of NODES) assert.match(text, new RegExp(`^${name}\\s+Ready\\s`, 'm'));
  const input = page.getByTestId('console-input');
  await input.press('ArrowUp');
  assert.equal(await input.inputValue(), 'kubectl get nodes');
  await screenshot('console');
}

/** Streaming: `kubectl get nodes -w` returns its table; Ctrl-C stops the watch and the prompt answers again. */
export async function consoleWatchInterrupt({ page, baseURL }) {
  await page.goto(`${baseURL}/`);
  await waitForNodes(page);
  await runInConsole(page, 'kubectl get nodes -w', /^worker-2\s+Ready\s/m);
  const input = page.getByTestId('console-input');
  await input.press('Control+c');
  await until(async () => /^\^C$/m.test(await page.getByTestId('console-output').innerText()), { message: '^C in the console' });
  const text = await runInConsole(page, 'kubectl get nodes --no-headers', /\$ kubectl get nodes --no-headers\n(control-plane|worker-1|worker-2)\s/);
  assert.doesNotMatch(text.split('$ kubectl get nodes --no-headers')[1], /^NAME\s/m);
}

/** (c) The editor loads Monaco on demand and applies the starter manifest; its pods and an applied pod run on the map. */
export async function editorApply({ page, baseURL, screenshot }) {
  const monacoRequests = [];
  page.on('request', (r) => {
    if (/monaco|editor\.worker|yaml\.worker/.test(r.url())) monacoRequests.push(r.url());
  });
  await page.goto(`${baseURL}/`);
  await waitForNodes(page);
  assert.deepEqual(monacoRequests, [], 'Monaco is not fetched before the Editor tab opens');

  await page.getByRole('tab', { name: 'Editor' }).click();
  const editor = page.locator('[data-testid="monaco-host"] .monaco-editor');
  await editor.waitFor({ state: 'visible', timeout: 30_000 });
  assert.ok(monacoRequests.length > 0, 'opening the Editor tab fetched Monaco');
  await until(async () => /kind:\s*Deployment/.test(await editor.locator('.view-lines').innerText()), {
    message: 'the starter manifest in Monaco'
  });

  await page.getByTestId('apply').click();
  const output = page.getByTestId('apply-output');
  const applied = await until(
    async () => {
      const text = await output.innerText();
      return /deployment\.apps\/nginx created/.test(text) ? text : undefined;
    },
    { timeout: 30_000, message: 'apply output `deployment.apps/nginx created`' }
  );
  assert.match(applied, /^service\/nginx created$/m);
  await screenshot('editor');

  // The Deployment controller makes a ReplicaSet, the scheduler places its pods, the kubelets run them.
  const text = await runInConsole(page, 'kubectl get deploy', /^nginx\s+[012]\/2\s/m, 30_000);
  assert.match(text, /^NAME\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+AGE\s*$/m);
  await until(async () => (await page.locator('[data-testid="cluster-map"] [data-pod^="default/nginx-"]').count()) === 2, {
    timeout: 30_000,
    message: 'two nginx pods on the map'
  });
  await until(
    async () => (await page.locator('[data-pod^="default/nginx-"][data-on-node^="worker-"][data-status="Running"]').count()) === 2,
    { timeout: 30_000, message: 'both nginx pods Running on worker nodes (never on the tainted control plane)' }
  );
  await runInConsole(page, 'kubectl get deploy nginx --no-headers', /^nginx\s+2\/2\s+2\s+2\s/m, 30_000);
  await screenshot('map-with-nginx');

  // A pod applied from the page is placed on a worker and runs.
  await page.getByRole('button', { name: /Apply a pod/ }).click();
  const pod = page.locator('[data-testid="cluster-map"] [data-pod="default/hello"]');
  await pod.waitFor({ state: 'attached', timeout: 30_000 });
  await until(async () => (await pod.getAttribute('data-status')) === 'Running', { timeout: 30_000, message: 'hello Running on the map' });
  assert.match((await pod.getAttribute('data-on-node')) ?? '', /^worker-\d$/, 'placed on a worker, not the tainted control plane');
  const pods = await runInConsole(page, 'kubectl get pods -o wide', /^hello\s+1\/1\s+Running\s+0\s+\d+s\s+10\.244\.\d\.\d+\s+worker-\d\s/m);
  assert.match(pods, /^NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE\s+IP\s+NODE\s/m);

  // The inspector shows it as the API server stores it, and as `kubectl describe` prints it.
  await pod.click();
  await until(async () => /^kind: Pod$/m.test(await page.getByTestId('inspector-yaml').innerText()), { message: 'the pod YAML in the inspector' });
  assert.match(await page.getByTestId('inspector-yaml').innerText(), /^  name: hello$/m);
  await page.getByRole('tab', { name: 'describe' }).click();
  const described = await until(
    async () => {
      const text = await page.getByTestId('inspector-describe').innerText();
      return /^Status:\s+Running$/m.test(text) ? text : undefined;
    },
    { message: 'kubectl describe of the pod in the inspector' }
  );
  assert.match(described, /^Name:\s+hello$/m);
  assert.match(described, /^Node:\s+worker-\d\/172\.18\.0\.\d+$/m);
  assert.match(described, /^QoS Class:\s+BestEffort$/m);
  assert.match(described, /Successfully assigned default\/hello to worker-\d/);
  await screenshot('inspector-describe');
}

/**
 * (e) Phone (390 x 844) and projector (1920 x 1080), light and dark: the page fits the width (no
 * sideways scroll), the clock is on screen, the map shows the nodes and the selected pod, and the
 * theme really changes the colours. Screenshots of each, for the eye.
 */
export async function phoneAndProjectorInBothThemes({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  await runInConsole(page, 'kubectl create deployment web --image=nginx --replicas=3', /deployment\.apps\/web created/);
  await runInConsole(page, 'sim advance 20s', /sim advance 20s/);
  const web = page.locator('[data-testid="cluster-map"] [data-pod^="default/web-"][data-status="Running"]');
  await until(async () => (await web.count()) === 3, { message: 'three web pods Running on the map' });
  const key = await web.first().getAttribute('data-pod');
  await web.first().click();
  await until(async () => (await page.locator('.inspector .name').innerText()) === key.split('/')[1], { message: `the inspector on ${key}` });

  for (const [width, height] of [
    [390, 844],
    [1920, 1080]
  ]) {
    await page.setViewportSize({ width, height });
    const backgrounds = {};
    for (const theme of ['light', 'dark']) {
      const current = await page.evaluate(() => document.documentElement.dataset.theme ?? 'light');
      if (current !== theme) await page.getByRole('button', { name: `Switch to ${theme} theme` }).click();
      await page.waitForTimeout(400); // the map lays its cards out again for the width
      const seen = await page.evaluate((podKey) => {
        const inView = (r) => r.width > 0 && r.height > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
        const map = document.querySelector('[data-testid="cluster-map"]').getBoundingClientRect();
        const inMap = (r) => r.width > 0 && r.left >= map.left - 1 && r.right <= map.right + 1 && r.top >= map.top - 1 && r.bottom <= map.bottom + 1;
        const cards = [...document.querySelectorAll('[data-testid="cluster-map"] [data-node] rect.card')].map((c) => c.getBoundingClientRect());
        return {
          theme: document.documentElement.dataset.theme,
          background: getComputedStyle(document.body).backgroundColor,
          sideways: document.documentElement.scrollWidth - innerWidth,
          clock: inView(document.querySelector('[data-testid="clock"]').getBoundingClientRect()),
          mapInView: inView(map) || (map.width > 0 && map.left >= 0 && map.right <= innerWidth),
          cardsInMap: cards.filter(inMap).length,
          podInMap: inMap(document.querySelector(`[data-pod="${podKey}"]`).getBoundingClientRect())
        };
      }, key);
      const where = `${width}x${height} ${theme}`;
      assert.equal(seen.theme, theme, where);
      assert.ok(seen.sideways <= 0, `${where}: no sideways scroll (${seen.sideways} px too wide)`);
      assert.ok(seen.clock, `${where}: the clock is on screen`);
      assert.ok(seen.mapInView, `${where}: the map fits the width`);
      // A projector shows the whole default cluster at a glance; a phone at least the first card.
      assert.ok(width >= 1920 ? seen.cardsInMap === 3 : seen.cardsInMap >= 1, `${where}: cards on the map: ${seen.cardsInMap}`);
      if (width >= 1920) assert.ok(seen.podInMap, `${where}: the selected pod ${key} is on the map`);
      backgrounds[theme] = seen.background;
      await screenshot(`${width}-${theme}`);
    }
    assert.notEqual(backgrounds.light, backgrounds.dark, `${width}x${height}: the themes differ`);
  }
}

// /embed inside <iframe sandbox="allow-scripts"> (an opaque origin: no storage, no same-origin) on a
// page of the same server: it boots the cluster, sends its height, and answers postMessage (a
// command's output). Run at 390x844 and 1280x800 for the screenshots.
import assert from 'node:assert/strict';
import { until } from './helpers.mjs';

/** A host page that embeds /embed in a sandboxed iframe and records what it posts. */
function hostPage(baseURL, query) {
  return `<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>host</title>
<style>body{font-family:sans-serif;margin:12px}iframe{width:100%;border:0;height:300px}</style></head><body>
<h1 style="font-size:18px">A blog post about the kubelet</h1><p>The cluster below runs in your browser.</p>
<iframe id="k" sandbox="allow-scripts" src="${baseURL}/embed?${query}"></iframe>
<p>Text after the embed.</p>
<script>
  window.received = [];
  addEventListener('message', (e) => {
    if (e.source !== document.getElementById('k').contentWindow) return;
    window.received.push(e.data);
    if (e.data && e.data.type === 'kubarium:resize') document.getElementById('k').style.height = e.data.height + 'px';
  });
  window.ask = (msg) => document.getElementById('k').contentWindow.postMessage(msg, '*');
</script></body></html>`;
}

async function openHost(page, baseURL, query) {
  const url = `${baseURL}/__embed-host.html`;
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: hostPage(baseURL, query) }));
  await page.goto(url);
  return page.frameLocator('#k');
}

const received = (page, type) => page.evaluate((t) => window.received.filter((m) => m.type === t), type);

async function sandboxedEmbedAnswers(page, baseURL, screenshot, name) {
  const origin = new URL(baseURL).origin;
  // The opaque origin starts its cluster worker from a data: URL that imports the site's script.
  const workers = [];
  page.on('worker', (w) => workers.push(w.url()));
  const frame = await openHost(page, baseURL, `console=1&origin=${encodeURIComponent(origin)}`);
  const started = Date.now();
  await until(async () => (await received(page, 'kubarium:ready')).length > 0, { timeout: 60_000, message: 'kubarium:ready from the sandboxed embed' });
  console.log(`    ${name}: ready ${Date.now() - started} ms after load`);
  await frame.locator('[data-node="worker-2"]').waitFor({ timeout: 30_000 });
  assert.equal(workers.length, 1, `one cluster worker: ${JSON.stringify(workers)}`);
  assert.match(decodeURIComponent(workers[0]), /^data:text\/javascript,import "http:\/\/[^"]+\/_app\/immutable\/workers\/cluster\.worker-[\w-]+\.js";$/);
  // The last resize and the iframe's height are read in one task of the host page: a resize that
  // arrives between two separate reads (the console's first output grows the content) is no mismatch.
  const { last, height } = await page.evaluate(() => ({
    last: window.received.filter((m) => m.type === 'kubarium:resize').at(-1),
    height: document.getElementById('k').getBoundingClientRect().height,
  }));
  // One height from the first frame: the host page's text below the embed does not jump.
  const heights = new Set((await received(page, 'kubarium:resize')).map((m) => m.height));
  assert.deepEqual([...heights], [last.height], 'the embed announced one height');
  assert.ok(last !== undefined && last.height > 300, `a resize with the content height: ${JSON.stringify(last)}`);
  assert.ok(Math.abs(height - last.height) <= 1, `the host sized the iframe to ${last.height}: ${height}`);

  // run(command) -> result.
  await page.evaluate(() => window.ask({ type: 'kubarium:run', id: 1, command: 'kubectl get nodes' }));
  const [result] = await until(async () => {
    const r = await received(page, 'kubarium:result');
    return r.length > 0 ? r : undefined;
  }, { message: 'the result of kubectl get nodes' });
  assert.equal(result.id, 1);
  assert.equal(result.exitCode, 0);
  assert.match(result.output, /^worker-1\s+Ready\s+<none>\s/m);
  // A bad request gets an error, not silence.
  await page.evaluate(() => window.ask({ type: 'kubarium:reboot', id: 2 }));
  await until(async () => (await received(page, 'kubarium:error')).some((m) => m.id === 2 && /unknown request/.test(m.message)), { message: 'an error for an unknown request' });
  // Click to play: the clock runs and ticks come.
  await frame.getByTestId('embed-play').click();
  await until(async () => (await received(page, 'kubarium:tick')).some((m) => m.running), { message: 'a running tick' });
  // seek(t) ahead runs the cluster on to t; the ticks say so.
  await page.evaluate(() => window.ask({ type: 'kubarium:seek', t: 90_000 }));
  await until(async () => (await received(page, 'kubarium:tick')).some((m) => m.t >= 90_000), { timeout: 30_000, message: 'a tick at 90 s after seek' });
  await screenshot(name);
}

export async function sandboxedDesktop({ page, baseURL, screenshot }) {
  await sandboxedEmbedAnswers(page, baseURL, screenshot, '1280x800');
}

export async function sandboxedPhone({ page, baseURL, screenshot }) {
  await page.setViewportSize({ width: 390, height: 844 });
  await sandboxedEmbedAnswers(page, baseURL, screenshot, '390x844');
}

export async function otherOriginsAreIgnored({ page, baseURL }) {
  // Only https://blog.example may drive it: the host page (another origin) gets nothing back.
  await openHost(page, baseURL, `origin=${encodeURIComponent('https://blog.example')}`);
  await page.frameLocator('#k').locator('[data-node="worker-2"]').waitFor({ timeout: 60_000 });
  await page.evaluate(() => window.ask({ type: 'kubarium:run', id: 1, command: 'kubectl get nodes' }));
  await page.waitForTimeout(1500);
  assert.deepEqual(await page.evaluate(() => window.received), [], 'nothing posted to an origin not allowed');
}

export async function customElementRuns({ page, baseURL, screenshot }) {
  const url = `${baseURL}/__element-host.html`;
  const body = `<!doctype html><html><body style="margin:12px;font-family:sans-serif"><p>Before.</p>
<script type="module" src="${baseURL}/embed.js"></script>
<kubarium-playground id="k" console height="auto"></kubarium-playground><p>After.</p></body></html>`;
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body }));
  await page.goto(url);
  await page.waitForFunction(() => customElements.get('kubarium-playground') !== undefined);
  const frame = page.frameLocator('#k iframe');
  await frame.locator('[data-node="worker-2"]').waitFor({ timeout: 60_000 });
  assert.equal(await page.locator('#k iframe').getAttribute('sandbox'), 'allow-scripts');
  const result = await page.evaluate(() => document.getElementById('k').run('kubectl get nodes -o name'));
  assert.deepEqual(result, { output: 'node/control-plane\nnode/worker-1\nnode/worker-2\n', exitCode: 0 });
  await until(async () => (await page.locator('#k iframe').boundingBox()).height > 480, { message: 'the element following the embed’s height (map + console)' });
  await screenshot('element');
}

export async function embedDialogSnippet({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await page.locator('[data-testid="cluster-map"] [data-node="worker-2"]').waitFor({ timeout: 30_000 });
  await page.getByTestId('embed').click();
  const snippet = page.getByTestId('embed-snippet');
  await until(async () => /#s=[A-Za-z0-9_-]+" style="width:100%;height:480px;border:0" sandbox="allow-scripts"/.test(await snippet.inputValue()), { message: 'an iframe snippet with the state' });
  await page.getByTestId('embed-dialog').getByLabel('console', { exact: true }).check();
  assert.match(await snippet.inputValue(), /\/embed\?console=1&amp;origin=/);
  await screenshot('dialog');
}

/** Offline, once the service worker has precached the site: /embed and a lesson still open. */
export async function embedAndLessonOffline({ page, context, baseURL }) {
  await page.goto(`${baseURL}/`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 30_000 });
  await context.setOffline(true);

  await page.goto(`${baseURL}/embed?autoplay=1`);
  await page.getByTestId('embed').waitFor();
  await page.locator('[data-node="worker-2"]').waitFor({ timeout: 30_000 });
  await until(async () => (await page.getByTestId('clock').textContent()) !== '00:00:00', { message: 'the offline embed’s clock running' });

  await page.goto(`${baseURL}/?lesson=probes`);
  await page.getByRole('heading', { name: /probe/i }).first().waitFor({ timeout: 30_000 });
  await page.locator('[data-testid="cluster-map"] [data-node="control-plane"]').waitFor({ timeout: 30_000 });
}

export async function editorOnlyOnEdit({ page, baseURL, screenshot }) {
  const monaco = [];
  page.on('request', (r) => {
    if (/monaco|editor\.worker|yaml\.worker/i.test(r.url())) monaco.push(r.url());
  });
  await page.goto(`${baseURL}/embed?editor=1`);
  await page.locator('[data-node="worker-2"]').waitFor({ timeout: 30_000 });
  assert.equal(monaco.length, 0, `no Monaco before Edit: ${monaco.join(', ')}`);
  await page.getByTestId('embed-edit').click();
  await page.locator('.monaco-editor').first().waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Apply' }).first().waitFor();
  await screenshot('editor');
}

const SCENARIO = `title: Three nodes, one pod
description: A demo for a blog post.
cluster:
  seed: 5
  workers: 3
steps:
  - title: A pod
    text: Create a pod.
    run: kubectl run hello --image=nginx
  - title: Time
    text: Let it start.
    run: sim advance 20s
checks: []
`;

/** ?scenario=URL: the scenario file's cluster boots and its steps run (a console shows them). */
export async function scenarioFromUrl({ page, baseURL }) {
  await page.route(`${baseURL}/__demo.yaml`, (route) => route.fulfill({ contentType: 'text/yaml', body: SCENARIO }));
  await page.goto(`${baseURL}/embed?console=1&scenario=${encodeURIComponent('/__demo.yaml')}`);
  await page.locator('[data-node="worker-3"]').waitFor({ timeout: 30_000 });
  await page.locator('[data-pod="default/hello"][data-status="Running"]').waitFor({ timeout: 30_000 });
  await until(async () => /\$ sim advance 20s/.test(await page.getByTestId('console-output').innerText()), { message: 'the steps in the console' });
  // A broken scenario says where, and the default cluster runs.
  await page.route(`${baseURL}/__broken.yaml`, (route) => route.fulfill({ contentType: 'text/yaml', body: 'title: x\ncluster: {workers: many}\n' }));
  await page.goto(`${baseURL}/embed?scenario=${encodeURIComponent('/__broken.yaml')}`);
  await page.locator('[data-node="worker-2"]').waitFor({ timeout: 30_000 });
  assert.match(await page.getByTestId('embed-problem').innerText(), /__broken\.yaml[\s\S]*default cluster runs instead/);
}

/**
 * /embed loaded directly: its cluster runs in one worker (the components in-process; the HTML's
 * inline script started it before the page's modules loaded) and is the same cluster as the CLI's
 * for the same seed (the same pod names: their suffixes come from the seeded RNG).
 */
export async function directEmbedOneWorkerSameCluster({ page, baseURL }) {
  const { spawnSync } = await import('node:child_process');
  const cli = spawnSync(process.execPath, ['bin/kubarium.js', '--seed', '3', '-'], { input: 'kubectl get pods -A -o name\n', encoding: 'utf8' });
  assert.equal(cli.status, 0, cli.stderr);
  const expected = cli.stdout.match(/^pod\/\S+$/gm);
  assert.ok(expected?.some((l) => /^pod\/kube-proxy-\w{5}$/.test(l)), cli.stdout);

  await page.goto(`${baseURL}/embed?seed=3&console=1`);
  await page.locator('[data-node="worker-2"]').waitFor({ state: 'attached', timeout: 30_000 });
  assert.deepEqual(page.workers().map((w) => new URL(w.url()).pathname.replace(/-[\w-]+\.js$/, '')), ['/_app/immutable/workers/cluster.worker']);
  const input = page.getByTestId('console-input');
  await input.click();
  await input.fill('kubectl get pods -A -o name');
  await input.press('Enter');
  const text = await until(async () => {
    const t = await page.getByTestId('console-output').innerText();
    return /pod\/kube-proxy-/.test(t) ? t : undefined;
  }, { timeout: 20_000, message: 'kubectl get pods in the embed console' });
  assert.deepEqual(text.match(/^pod\/\S+$/gm), expected);
}

export async function iconsFromTheInlineSprite({ page, baseURL }) {
  // The map's icons are symbols of the page's inline sprite: each is drawn, and no icon file is
  // fetched (an SVG file in an <image> is a document of its own for the main thread to build).
  const svgRequests = [];
  page.on('request', (r) => {
    if (/\/icons\/[\w-]+\.svg$/.test(new URL(r.url()).pathname)) svgRequests.push(r.url());
  });
  await page.goto(`${baseURL}/embed?autoplay=1`);
  await page.locator('[data-node="worker-2"]').waitFor({ timeout: 30_000 });
  const icons = await page.locator('[data-testid="cluster-map"] use').evaluateAll((uses) =>
    uses.map((u) => {
      const href = u.getAttribute('href');
      const box = u.getBoundingClientRect();
      return { href, symbol: document.querySelector(href)?.tagName ?? null, drawn: box.width >= 12 && box.height >= 12 };
    })
  );
  assert.deepEqual(icons.map((i) => i.href).sort(), ['#kubarium-icon-api', '#kubarium-icon-c-m', '#kubarium-icon-control-plane', '#kubarium-icon-etcd', '#kubarium-icon-node', '#kubarium-icon-node', '#kubarium-icon-sched', '#kubarium-icon-svc']);
  for (const icon of icons) assert.deepEqual(icon, { href: icon.href, symbol: 'symbol', drawn: true });
  assert.deepEqual(svgRequests, []);
}

export async function placeholderUntilThePageMounts({ page, baseURL, screenshot }) {
  // /embed renders in the browser only: until its modules run, its HTML shows the embed's frame
  // and the booting status (here Kit's start module is held back), in the place the page then
  // takes, and the page replaces it when it mounts.
  let release = () => {};
  const held = new Promise((r) => (release = r));
  await page.route(/\/_app\/immutable\/entry\/start\.[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${baseURL}/embed?autoplay=1`, { waitUntil: 'domcontentloaded' });
  const shell = page.locator('#kubarium-embed-shell');
  await shell.getByText('Booting the cluster…').waitFor();
  const before = await shell.boundingBox();
  assert.ok(before && before.height >= 280, `the placeholder takes the embed's room: ${JSON.stringify(before)}`);
  await screenshot('placeholder');
  release();
  await page.locator('[data-node="worker-2"]').waitFor({ timeout: 30_000 });
  assert.equal(await shell.count(), 0);
  const after = await page.getByTestId('embed').boundingBox();
  // The embed where the placeholder was: same place, same width, same height (its bar and map).
  assert.deepEqual([after.x, after.y, after.width, after.height].map(Math.round), [before.x, before.y, before.width, before.height].map(Math.round));
}

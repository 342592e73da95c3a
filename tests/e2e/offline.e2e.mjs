// The playground works offline once the service worker has cached it.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GET_NODES_HEADER, runInConsole, until, waitForNodes } from './helpers.mjs';

/** (d) Load, let the service worker take control, go offline, reload: it still renders and answers. */
export async function offlineReload({ page, context, baseURL, screenshot }) {
  await page.goto(`${baseURL}/`);
  // The worker is active once it has precached the app (Monaco included).
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // A worker that does not claim clients controls a page from its next load on: load once more.
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 30_000 });

  await context.setOffline(true);
  await page.reload();
  await page.getByTestId('clock').waitFor({ state: 'visible' });
  await waitForNodes(page);
  await runInConsole(page, 'kubectl get nodes', /^worker-1\s+Ready\s/m);
  const text = await page.getByTestId('console-output').innerText();
  if (!GET_NODES_HEADER.test(text)) throw new Error(`no kubectl get nodes header offline:\n${text}`);
  await screenshot('offline');

  // The editor offline: Monaco, its YAML worker and the Kubernetes schema all come from the cache,
  // so a wrong type is still marked as you type.
  await page.getByRole('tab', { name: 'Editor' }).click();
  await page.locator('[data-testid="monaco-host"] .monaco-editor').waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForFunction(() => document.querySelector('[data-testid="monaco-host"]')?.kubariumEditor);
  await page.evaluate(() => document.querySelector('[data-testid="monaco-host"]').kubariumEditor.setValue('apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: "x"\n'));
  const marker = await until(
    async () => (await page.evaluate(() => document.querySelector('[data-testid="monaco-host"]').kubariumEditor.markers().map((m) => ({ line: m.startLineNumber, message: m.message })))).find((m) => m.line === 6),
    { timeout: 30_000, message: 'a schema marker on line 6, offline' }
  );
  assert.match(marker.message, /Incorrect type\. Expected "integer"/);
  await screenshot('offline-editor');
}

/** Installable: the manifest lists a 512x512 maskable PNG icon (the logo inside the safe zone). */
export async function maskableIcon({ page, baseURL }) {
  await page.goto(`${baseURL}/`);
  const manifest = await page.evaluate(async () => (await fetch(document.querySelector('link[rel="manifest"]').href)).json());
  const maskable = manifest.icons.find((i) => i.purpose === 'maskable');
  if (!maskable || maskable.sizes !== '512x512') throw new Error(`no 512x512 maskable icon: ${JSON.stringify(manifest.icons)}`);
  const type = await page.evaluate(async (src) => (await fetch(src)).headers.get('content-type'), maskable.src);
  if (!/image\/png/.test(type)) throw new Error(`the maskable icon is not a PNG: ${type}`);
}

/**
 * Chromium's own install criteria: once the service worker is ready, the browser reports no
 * installability errors (CDP Page.getInstallabilityErrors: manifest name, start_url, display,
 * 192 and 512 px icons, a secure origin) and reads the manifest as the app's.
 */
export async function installCriteriaMet({ page, context, baseURL }) {
  await page.goto(`${baseURL}/`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  assert.deepEqual(installabilityErrors, [], `installable: ${JSON.stringify(installabilityErrors)}`);
  const { errors, data } = await cdp.send('Page.getAppManifest');
  assert.deepEqual(errors, []);
  const manifest = JSON.parse(data);
  assert.equal(manifest.name, 'kubarium');
  assert.equal(manifest.display, 'standalone');
  assert.deepEqual(manifest.icons.filter((i) => i.type === 'image/png').map((i) => `${i.sizes}${i.purpose ? ` ${i.purpose}` : ''}`), ['192x192', '512x512', '512x512 maskable']);
}

/**
 * A build served from the test's own server (build/ as vite preview serves it), where `deploy()`
 * swaps in a "new build": the home page carries a marker and sw.js lists it with a new revision,
 * as a real rebuild changes both. Listens on an ephemeral port.
 */
async function serveBuild() {
  const root = fileURLToPath(new URL('../../build/', import.meta.url));
  const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.webmanifest': 'application/manifest+json', '.ttf': 'font/ttf', '.woff2': 'font/woff2' };
  const files = { '/sw.js': await readFile(join(root, 'sw.js'), 'utf8'), '/': await readFile(join(root, 'index.html'), 'utf8') };
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const candidates = path === '/' ? ['index.html'] : [path.slice(1), `${path.slice(1)}.html`];
    const inMemory = files[path];
    for (const file of inMemory !== undefined ? [] : candidates) {
      try {
        const body = await readFile(join(root, normalize(file)));
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
        return res.end(body);
      } catch {
        // next candidate
      }
    }
    if (inMemory === undefined) return res.writeHead(404).end('not found');
    res.writeHead(200, { 'content-type': path === '/sw.js' ? 'text/javascript' : 'text/html', 'cache-control': 'no-cache' });
    res.end(inMemory);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    deploy() {
      files['/'] = files['/'].replace('<head>', '<head><meta name="kubarium-build" content="next">');
      const before = files['/sw.js'];
      files['/sw.js'] = before.replace(/\{url:"\/",revision:"[0-9a-f]+"\}/, '{url:"/",revision:"next-build"}');
      if (files['/sw.js'] === before) throw new Error('sw.js has no precache entry for "/" to revise');
    },
    close: () => new Promise((resolve) => server.close(resolve))
  };
}

/**
 * (f) A new build deployed while the playground is open: its service worker installs and waits,
 * the page offers "A new version of kubarium is ready", and Reload puts the page on the new build.
 */
export async function updatePrompt({ page, screenshot }) {
  const site = await serveBuild();
  try {
    await page.goto(`${site.url}/`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 30_000 });
    const prompt = page.getByTestId('update-available');
    assert.equal(await prompt.count(), 0, 'no update prompt before a new build exists');

    site.deploy();
    // A returning reader: the old build answers from the cache while the browser fetches the new sw.js.
    await page.reload();
    await prompt.waitFor({ state: 'visible', timeout: 60_000 });
    assert.match(await prompt.innerText(), /A new version of kubarium is ready/);
    assert.equal(await page.locator('meta[name="kubarium-build"]').count(), 0, 'the old build still shows until the reader accepts');
    await screenshot('update-available');

    await Promise.all([page.waitForEvent('load', { timeout: 60_000 }), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await page.locator('meta[name="kubarium-build"][content="next"]').waitFor({ state: 'attached', timeout: 30_000 });
    await page.getByTestId('clock').waitFor({ state: 'visible' });
    assert.equal(await prompt.count(), 0, 'the new build has nothing newer to offer');
    const script = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    assert.equal(script, `${site.url}/sw.js`);
    await screenshot('updated');
  } finally {
    await site.close();
  }
}

// The playground works offline once the service worker has cached it.
import { GET_NODES_HEADER, runInConsole, waitForNodes } from './helpers.mjs';

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

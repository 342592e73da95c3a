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

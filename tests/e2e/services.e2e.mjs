// Services on the map: a Deployment of three nginx pods behind a Service with an httpGet
// readiness probe; the chip links to its three ready endpoints. One pod loses its index.html:
// its readiness probe fails, the EndpointSlice marks it not ready, its solid link fades to a
// dashed one and the chip says 2/3. Then memory used outside the pods moves the MEM gauge.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { clockMs, runInConsole, until, waitForNodes } from './helpers.mjs';

const MAP = '[data-testid="cluster-map"]';
const MI = 2 ** 20;

const APP = `kubectl apply -f - <<EOF\n${readFileSync(new URL('../fixtures/web-readiness-service.yaml', import.meta.url), 'utf8')}EOF`;

/** `sim advance Ns` in the console; returns once the page's clock shows the new time. */
async function advance(page, seconds) {
  const before = await clockMs(page);
  await runInConsole(page, `sim advance ${seconds}s`, /\$/);
  await until(async () => (await clockMs(page)) >= before + seconds * 1000, { message: `the clock past +${seconds}s` });
}

async function shot(page, screenshot, name) {
  await screenshot(name);
  await page.screenshot({ path: `/tmp/ui5-${name}.png` });
}

export async function serviceLinksFollowReadiness({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  // The `kubernetes` Service is there from boot: its endpoint is the API server's address, not a pod.
  const kubernetes = page.locator(`${MAP} [data-service="default/kubernetes"]`);
  await kubernetes.waitFor({ state: 'attached' });
  assert.equal(await kubernetes.locator('[data-service-count]').textContent(), '1/1 ready');
  // So no links: their layer (ClusterMap's ServiceLinks) loads right after the first frame, empty.
  await page.locator(`${MAP} .svc-links`).waitFor({ state: 'attached' });
  assert.equal(await page.locator(`${MAP} [data-service-link]`).count(), 0);

  await runInConsole(page, APP, /service\/web created/);
  await advance(page, 30);
  const chip = page.locator(`${MAP} [data-service="default/web"]`);
  const ready = page.locator(`${MAP} [data-service-link="default/web"][data-link-ready="true"]`);
  const notReady = page.locator(`${MAP} [data-service-link="default/web"][data-link-ready="false"]`);
  await until(async () => (await ready.count()) === 3, { message: 'three ready links' });
  assert.equal(await chip.locator('[data-service-count]').textContent(), '3/3 ready');
  assert.equal(await chip.getAttribute('aria-label'), 'Service default/web: 3/3 ready; show its endpoints and inspect it');
  assert.match(await chip.locator('title').textContent(), /^Service default\/web \(ClusterIP 10\.\d+\.\d+\.\d+, 80\/TCP\): selector app=web; EndpointSlice endpoints 3\/3 ready: default\/web-/);
  // Every link ends on a pod of the Deployment drawn on the map.
  const pods = [];
  for (let i = 0; i < 3; i++) pods.push(await ready.nth(i).getAttribute('data-link-pod'));
  for (const p of pods) assert.equal(await page.locator(`${MAP} [data-pod="${p}"]`).count(), 1, `${p} on the map`);
  await page.waitForTimeout(800);
  await shot(page, screenshot, 'services-3-ready');

  // Break one pod's readiness: nginx answers 403 for / without index.html.
  const broken = pods.sort()[0];
  await runInConsole(page, `kubectl exec ${broken.split('/')[1]} -- rm /usr/share/nginx/html/index.html`, /\$/);
  // The console runs one command at a time: the advance starts once the exec is done.
  await advance(page, 10);
  await until(async () => (await ready.count()) === 2 && (await notReady.count()) === 1, { message: 'two ready links and one dashed' });
  assert.equal(await notReady.getAttribute('data-link-pod'), broken);
  assert.equal(await chip.locator('[data-service-count]').textContent(), '2/3 ready');
  assert.equal(await chip.getAttribute('data-ready'), '2');
  assert.match(await chip.locator('title').textContent(), new RegExp(`${broken.replace('/', '\\/')} \\(not ready\\)`));
  await page.waitForTimeout(800);
  await shot(page, screenshot, 'services-2-of-3');
  // Clicking the chip keeps its links emphasised.
  await chip.click();
  assert.equal(await chip.getAttribute('aria-pressed'), 'true');
  await shot(page, screenshot, 'services-pinned');
  await chip.click();
}

export async function memoryGaugeShowsUsage({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  const mem = page.locator(`${MAP} [data-node="worker-1"] [data-gauge="MEM"]`);
  await until(async () => (await mem.getAttribute('data-gauge-in-use')) === 'true', { message: 'the MEM gauge drawing usage' });
  const before = Number(await mem.getAttribute('data-gauge-used'));
  // The system's 512Mi (and kube-proxy's few MiB once it runs): in use, though no pod requests memory here.
  assert.ok(before >= 512 * MI && before < 560 * MI, `in use at boot: ${before / MI}Mi`);
  assert.match(await mem.locator('title').textContent(), /^5\d\d(\.\d)?Mi in use of 8Gi \(working set of the pods and the system; memory\.available 7\.\dGi\)/);
  const width = async () => Number(await mem.locator('rect.fill').getAttribute('width'));
  const w0 = await width();

  await runInConsole(page, 'sim node pressure memory worker-1 6Gi', /\$ sim node pressure memory worker-1 6Gi\n/);
  await until(async () => Number(await mem.getAttribute('data-gauge-used')) === before + 6 * 1024 * MI, { message: 'MEM in use up by 6Gi' });
  const w1 = await width();
  assert.ok(w1 > w0 * 5, `the bar grows: ${w0} -> ${w1}`);
  assert.match(await mem.locator('.gauge-value').textContent(), /^8\d%$/);
  await shot(page, screenshot, 'memory-gauge-6Gi');
  // Back to normal.
  await runInConsole(page, 'sim node pressure memory worker-1 0', /\$ sim node pressure memory worker-1 0\n/);
  await until(async () => Number(await mem.getAttribute('data-gauge-used')) === before, { message: 'MEM back to the boot figure' });
}

// A node powered off, the whole story on the map: the lease stops, the card counts the grace period
// down, turns grey with a "?" once Ready is Unknown, counts the 300 s toleration of the unreachable
// taint down; then its pods are Terminating (no kubelet confirms) and replacements fly to worker-1.
import assert from 'node:assert/strict';
import { clockMs, runInConsole, until, waitForNodes } from './helpers.mjs';

const MAP = '[data-testid="cluster-map"]';

async function countdown(page, node) {
  const el = page.locator(`${MAP} [data-node="${node}"] [data-countdown]`);
  if ((await el.count()) === 0) return undefined;
  return { phase: await el.getAttribute('data-countdown'), seconds: Number(await el.getAttribute('data-remaining-s')), text: (await el.locator('[data-countdown-label]').textContent()).trim() };
}

/** `sim advance Ns` in the console; returns once the page's clock shows the new time. */
async function advance(page, seconds) {
  const before = await clockMs(page);
  await runInConsole(page, `sim advance ${seconds}s`, /\$/);
  await until(async () => (await clockMs(page)) >= before + seconds * 1000, { message: `the clock past +${seconds}s` });
}

const podsOn = (page, node, status) => page.locator(`${MAP} [data-pod^="default/web-"][data-on-node="${node}"]${status ? `[data-status="${status}"]` : ''}`);

/** `sim node poweroff worker-2` with a Deployment on both workers, time advanced from the console. */
export async function powerOffWorker2({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  await runInConsole(page, 'kubectl create deployment web --image=nginx --replicas=4', /deployment\.apps\/web created/);
  await advance(page, 20);
  await until(async () => (await podsOn(page, 'worker-2', 'Running').count()) === 2 && (await podsOn(page, 'worker-1', 'Running').count()) === 2, {
    message: '2 web pods Running on each worker'
  });
  assert.equal(await countdown(page, 'worker-2'), undefined, 'no countdown on a healthy node');

  await runInConsole(page, 'sim node poweroff worker-2', /node\/worker-2 powered off/);
  await advance(page, 30);
  // Still Ready (nobody noticed yet), but the Lease stopped: the grace period counts down.
  const grace = await until(() => countdown(page, 'worker-2'), { message: 'grace countdown on worker-2' });
  assert.equal(grace.phase, 'grace');
  assert.ok(grace.seconds > 0 && grace.seconds <= 30, `grace seconds left: ${grace.seconds}`);
  assert.match(grace.text, /no heartbeat: NotReady in 0:\d\d/);
  assert.equal(await page.locator(`${MAP} [data-node="worker-2"]`).getAttribute('data-tone'), 'ready');
  await screenshot('grace');

  await advance(page, 30);
  const card = page.locator(`${MAP} [data-node="worker-2"]`);
  await until(async () => (await card.getAttribute('data-tone')) === 'unknown', { message: 'worker-2 Ready=Unknown' });
  assert.equal(await card.getAttribute('data-status'), 'NotReady');
  const tol = await until(async () => {
    const c = await countdown(page, 'worker-2');
    return c?.phase === 'toleration' ? c : undefined;
  }, { message: 'toleration countdown on worker-2' });
  assert.ok(tol.seconds > 240 && tol.seconds <= 300, `toleration seconds left: ${tol.seconds}`);
  assert.match(tol.text, /unreachable: evicting pods in [45]:\d\d/);
  assert.equal(await card.locator('.down-mark').count(), 1, 'the "?" mark');
  await screenshot('toleration');

  // Up to 3 s before the eviction, then play at 1x: the eviction and the replacements' arcs.
  await advance(page, tol.seconds - 3);
  const late = await countdown(page, 'worker-2');
  assert.ok(late.seconds <= 4, `seconds left before eviction: ${late.seconds}`);
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  const arc = await until(
    async () => {
      const a = page.locator(`${MAP} [data-sched-arc]`).first();
      return (await a.count()) ? a.getAttribute('data-sched-arc') : undefined;
    },
    { timeout: 20_000, interval: 50, message: 'a binding arc for a replacement' }
  );
  assert.equal(arc, 'worker-1');
  await screenshot('replacement-arc');
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await advance(page, 20);

  await until(async () => (await podsOn(page, 'worker-2', 'Terminating').count()) === 2, { message: 'the 2 pods of worker-2 Terminating' });
  await until(async () => (await podsOn(page, 'worker-1', 'Running').count()) === 4, { message: '4 web pods Running on worker-1' });
  assert.equal((await countdown(page, 'worker-2'))?.text, 'unreachable: pods evicted');
  await screenshot('evicted');
}

// Time travel: a deployment runs ~2 minutes, is scaled, and the timeline scrubs back to before the
// scale (the map and `kubectl get pods` show the earlier count, read-only), returns to live (the
// later state), then resumes from the earlier moment (a fork that runs on without the scale).
import assert from 'node:assert/strict';
import { clockMs, runInConsole, until, waitForNodes } from './helpers.mjs';

const MAP = '[data-testid="cluster-map"]';
const webPods = (page, status = 'Running') => page.locator(`${MAP} [data-pod^="default/web-"]${status ? `[data-status="${status}"]` : ''}`);
const shot = (page, name) => page.screenshot({ path: `/tmp/timetravel-${name}.png` });

/** Clicks the timeline at virtual time `t` (the strip spans boot to now). */
async function scrubTo(page, t, end) {
  // The track's box once it stays put for a frame or two: the viewing bar that comes and goes
  // around it re-lays the page out, and a click aimed before that lands at another moment.
  const timeline = page.getByTestId('timeline');
  let box = await timeline.boundingBox();
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(50);
    const again = await timeline.boundingBox();
    if (again.x === box.x && again.y === box.y && again.width === box.width) break;
    box = again;
  }
  await page.mouse.click(box.x + (box.width * t) / end, box.y + box.height / 2);
}

/** Runs a line in the console and returns what it printed (the text after its last `$ line`). */
async function output(page, line, expect) {
  const text = await runInConsole(page, line, new RegExp(`\\$ ${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\n[\\s\\S]*${expect.source}`));
  return text.slice(text.lastIndexOf(`$ ${line}`) + line.length + 2);
}

async function jump(page, label, before) {
  await page.getByRole('button', { name: label, exact: true }).click();
  const ms = label === '+1m' ? 60_000 : 300_000;
  await until(async () => (await clockMs(page)) >= before + ms, { timeout: 30_000, message: `the clock ${label} ahead` });
}

export async function scrubResumeReturn({ page, baseURL }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  await runInConsole(page, 'kubectl create deployment web --image=nginx --replicas=2', /deployment\.apps\/web created/);
  const t0 = await clockMs(page);
  await jump(page, '+1m', t0);
  await jump(page, '+1m', t0 + 60_000);
  await until(async () => (await webPods(page).count()) === 2, { message: '2 web pods Running' });
  const beforeScale = await clockMs(page);
  assert.ok(beforeScale >= 120_000, `about 2 minutes in: ${beforeScale}`);

  await runInConsole(page, 'kubectl scale deployment web --replicas=4', /deployment\.apps\/web scaled/);
  const scaledAt = await clockMs(page);
  await runInConsole(page, 'sim advance 30s', /\$ sim advance 30s/);
  await until(async () => (await clockMs(page)) >= scaledAt + 30_000, { message: 'the clock 30 s on' });
  await until(async () => (await webPods(page).count()) === 4, { message: '4 web pods Running after the scale' });
  const end = await clockMs(page);
  await page.getByTestId('console-input').fill('');

  // Scrub back to 10 s before the scale.
  const target = beforeScale - 10_000;
  const started = Date.now();
  await scrubTo(page, target, end);
  await page.getByTestId('viewing').waitFor({ timeout: 20_000 });
  console.log(`    replay to ${Math.round(target / 1000)} s took ${Date.now() - started} ms wall (click to viewing bar)`);
  const viewed = await clockMs(page);
  assert.ok(Math.abs(viewed - target) <= 3000, `viewing ${viewed} ms, asked about ${target} ms`);
  await until(async () => (await webPods(page, null).count()) === 2, { message: 'the map shows 2 web pods in the past' });
  assert.equal(await webPods(page).count(), 2, 'both Running');
  const slider = page.getByRole('slider', { name: /Timeline/ });
  assert.match(await slider.getAttribute('aria-valuetext'), /viewing the past/);
  const lastGet = await output(page, 'kubectl get pods', /NAME\s+READY[\s\S]*web-/);
  assert.equal((lastGet.match(/^web-\S+\s+1\/1\s+Running/gm) ?? []).length, 2, `kubectl get pods in the past:\n${lastGet}`);
  await runInConsole(page, 'kubectl scale deployment web --replicas=1', /read-only: "kubectl scale"/);
  await shot(page, 'desktop-light-viewing');
  await page.getByRole('button', { name: /Switch to dark theme/ }).click();
  await shot(page, 'desktop-dark-viewing');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(600); // the map re-lays its cards out for the narrow screen
  await shot(page, 'phone-dark-viewing');
  await page.getByRole('button', { name: /Switch to light theme/ }).click();
  await shot(page, 'phone-light-viewing');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Return to live: the later state.
  await page.getByRole('button', { name: 'Return to live' }).click();
  await page.getByTestId('viewing').waitFor({ state: 'detached' });
  // The clock's text follows on the next animation frame (+page.svelte's rAF loop), the bar at once.
  await until(async () => (await clockMs(page)) === end, { message: `the live clock back at ${end} ms` });
  await until(async () => (await webPods(page).count()) === 4, { message: '4 web pods again, live' });

  // Dragging the playhead: the map follows, and settles where the pointer is let go.
  const box = await page.getByTestId('timeline').boundingBox();
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width - 1, y);
  await page.mouse.down();
  await page.mouse.move(box.x + (box.width * (beforeScale + 20_000)) / end, y, { steps: 8 });
  await page.waitForTimeout(400);
  await page.mouse.move(box.x + (box.width * target) / end, y, { steps: 8 });
  await page.mouse.up();
  await page.getByTestId('viewing').waitFor({ timeout: 20_000 });
  await until(async () => Math.abs((await clockMs(page)) - target) <= 3000, { message: `the drag settles about ${target} ms` });
  await until(async () => (await webPods(page, null).count()) === 2, { message: 'the map shows 2 web pods where the drag ended' });
  await page.getByRole('button', { name: 'Return to live' }).click();
  await page.getByTestId('viewing').waitFor({ state: 'detached' });
  await until(async () => (await webPods(page).count()) === 4, { message: '4 web pods again, live' });

  // The keyboard: Shift+Left is 10 s back; End is live again.
  await slider.focus();
  const keyed = Date.now();
  await page.keyboard.press('Shift+ArrowLeft');
  await page.getByTestId('viewing').waitFor({ timeout: 20_000 });
  console.log(`    second replay (to ${Math.round((end - 10_000) / 1000)} s) took ${Date.now() - keyed} ms wall (key to viewing bar, 300 ms of it the key's settle delay)`);
  await until(async () => (await clockMs(page)) === end - 10_000, { message: `the clock at ${end - 10_000} ms` });
  await page.keyboard.press('End');
  await page.getByTestId('viewing').waitFor({ state: 'detached' });

  // Resume from before the scale: a fork that runs on with 2 replicas.
  await scrubTo(page, target, end);
  await page.getByTestId('viewing').waitFor({ timeout: 20_000 });
  let seen;
  await until(async () => Math.abs((seen = await clockMs(page)) - target) <= 3000, { message: () => `the clock about ${target} ms (it reads ${seen} ms)` });
  const forkAt = await clockMs(page);
  await page.getByRole('button', { name: 'Resume from here' }).click();
  await page.getByTestId('viewing').waitFor({ state: 'detached' });
  await until(async () => (await clockMs(page)) === forkAt, { message: `the fork's clock at ${forkAt} ms` });
  await jump(page, '+1m', forkAt);
  assert.equal(await clockMs(page), forkAt + 60_000, 'the fork runs on from the earlier moment');
  await until(async () => (await webPods(page, null).count()) === 2, { message: '2 web pods in the fork' });
  const forked = await output(page, 'kubectl get deployment web', /web\s+\d\/\d/);
  assert.match(forked, /web\s+2\/2\s+2\s+2/);
  await shot(page, 'desktop-light-forked');
}

export async function jumpProgressCancel({ page, baseURL }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  const t0 = await clockMs(page);
  await page.getByRole('button', { name: '+5m', exact: true }).click();
  const bar = page.getByTestId('jump-progress');
  await bar.waitFor({ timeout: 10_000 });
  // Cancel at once: an idle cluster's five minutes take under a second here (a screenshot first
  // could outlast the jump on a loaded machine).
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await bar.waitFor({ state: 'detached', timeout: 20_000 });
  const t1 = await clockMs(page);
  assert.ok(t1 > t0 && t1 < t0 + 300_000, `cancelled part way: ${t0} -> ${t1}`);
  await page.getByRole('button', { name: '+5m', exact: true }).click();
  await bar.waitFor({ timeout: 10_000 });
  await shot(page, 'desktop-light-jumping');
  await bar.waitFor({ state: 'detached', timeout: 30_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: '+5m', exact: true }).click();
  await bar.waitFor({ timeout: 10_000 });
  await page.waitForTimeout(300);
  await shot(page, 'phone-light-jumping');
  await bar.waitFor({ state: 'detached', timeout: 30_000 });
  await page.waitForTimeout(300);
  await shot(page, 'phone-light-live');
}

/** Memory pressure on worker-1: the eviction manager evicts, and the timeline marks it (a shape per kind). */
export async function evictionMarks({ page, baseURL }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  await runInConsole(page, 'kubectl create deployment web --image=nginx --replicas=4', /deployment\.apps\/web created/);
  const t0 = await clockMs(page);
  await jump(page, '+1m', t0);
  await runInConsole(page, 'sim node pressure memory worker-1 7800Mi', /\$ sim node pressure memory worker-1 7800Mi/);
  await jump(page, '+1m', t0 + 60_000);
  const marks = page.locator('[data-testid="timeline"] [data-mark]');
  const kinds = await until(async () => {
    const all = new Set(await marks.evaluateAll((els) => els.map((e) => e.getAttribute('data-mark'))));
    return all.has('evicted') && all.has('warning') && all.has('killing') ? [...all].sort() : undefined;
  }, { message: 'evicted, warning and killing marks on the timeline' });
  console.log(`    marks: ${kinds.join(', ')}`);
  const evicted = page.locator('[data-testid="timeline"] [data-mark="evicted"]').first();
  assert.match(await evicted.locator('title').textContent(), /^\d\d:\d\d:\d\d Evicted: Evicted Pod default\/web-/);
  await shot(page, 'desktop-light-eviction-marks');
  const box = await page.getByTestId('timeline').boundingBox();
  await page.screenshot({ path: '/tmp/timetravel-timeline-strip.png', clip: { x: 0, y: box.y - 6, width: 940, height: box.height + 12 } });
}

// The Metrics and Logs tabs: charts get a point per 15 s scrape while the cluster runs, the query
// box answers `kubelet_running_pods` with one row per node, scrubbing the timeline back ends the
// charts at the moment viewed, and the kubelet journal is filterable. Screenshots in both themes.
import assert from 'node:assert/strict';
import { clockMs, runInConsole, until, waitForNodes } from './helpers.mjs';

const chartPath = (page, id, series) => page.locator(`[data-testid="metrics-chart-${id}"] path[data-series="${series}"]`);
const pointsOf = async (page, id, series) => Number((await chartPath(page, id, series).getAttribute('data-points', { timeout: 20_000 })) ?? 0);
const endOf = async (page, id, series) => Number((await chartPath(page, id, series).getAttribute('data-end', { timeout: 20_000 })) ?? 0);

async function jump(page, label, before) {
  await page.getByRole('button', { name: label, exact: true }).click();
  await until(async () => (await clockMs(page)) >= before + 60_000, { timeout: 30_000, message: `the clock ${label} ahead` });
}

export async function chartsFollowTheClockAndTheTimeline({ page, baseURL, screenshot }) {
  // A taller tools panel, as a reader would drag it, so the charts have room.
  await page.addInitScript(() => localStorage.setItem('kubarium.panel.height', '520'));
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  await runInConsole(page, 'kubectl create deployment web --image=nginx --replicas=4', /deployment\.apps\/web created/);
  const t0 = await clockMs(page);
  await jump(page, '+1m', t0);

  // The Events tab: a tick per event on the strip, filtered with the table.
  await page.getByRole('tab', { name: /Events/ }).click();
  const ticks = page.getByTestId('events-strip').locator('line.tick');
  const allTicks = await ticks.count();
  assert.ok(allTicks > 5, `events on the strip: ${allTicks}`);
  await page.getByLabel('Filter the events').fill('Scheduled web-');
  await until(async () => (await ticks.count()) === 4, { message: 'the 4 Scheduled events of the web pods' });
  assert.equal(await page.getByTestId('events').locator('tbody tr').count(), 4);
  await screenshot('events-filtered');
  await page.getByLabel('Filter the events').fill('');

  await page.getByRole('tab', { name: 'Metrics' }).click();
  await until(async () => (await pointsOf(page, 'running-pods', 'worker-1')) >= 3, { message: 'running pods of worker-1 charted' });
  const before = await pointsOf(page, 'running-pods', 'worker-1');
  const t1 = await clockMs(page);
  // One point per scrape: the cluster runs a minute on, the chart gets about 4 more.
  await jump(page, '+1m', t1);
  await until(async () => (await pointsOf(page, 'running-pods', 'worker-1')) >= before + 3, { message: 'more points after a minute' });
  const end = await clockMs(page);
  const liveEnd = await endOf(page, 'running-pods', 'worker-1');
  assert.ok(end - liveEnd < 16_000, `the chart reaches the present (${liveEnd} ms, clock ${end} ms)`);
  for (const id of ['running-containers', 'node-memory', 'node-disk', 'pleg-relist']) {
    assert.ok((await pointsOf(page, id, 'worker-1')) >= 3, `${id} has points for worker-1`);
  }
  assert.ok((await pointsOf(page, 'node-memory', 'worker-1 threshold')) >= 3, 'the memory eviction threshold is drawn');

  // The query box (its default expression): one row per node, the worker values sum to the web pods plus the DaemonSet pods.
  const rows = page.getByTestId('metrics-instant').locator('tr');
  await until(async () => (await rows.count()) === 3, { message: 'three rows for kubelet_running_pods' });
  const table = await page.getByTestId('metrics-instant').innerText();
  for (const n of ['control-plane', 'worker-1', 'worker-2']) assert.match(table, new RegExp(`kubelet_running_pods\\{instance="${n}", job="kubelet"\\}\\s+\\d+`));
  const running = await runInConsole(page, 'kubectl get pods -A -o wide --no-headers', /web-/);
  await page.getByRole('tab', { name: 'Metrics' }).click();
  const lastGet = running.slice(running.lastIndexOf('$ kubectl get pods -A'));
  const onWorker1 = (lastGet.match(/\sRunning\s.*\sworker-1\s/g) ?? []).length;
  const w1 = Number(/instance="worker-1", job="kubelet"\}\s+(\d+)/.exec(await page.getByTestId('metrics-instant').innerText())[1]);
  assert.equal(w1, onWorker1, `kubelet_running_pods for worker-1 = Running pods there:\n${lastGet}`);

  // A bad expression: the parse error, as text.
  await page.getByLabel('PromQL').fill('rate(kubelet_running_pods[1m)');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.getByText('1:29: parse error: unexpected ")" in range, expected "]"').waitFor();
  await page.getByLabel('PromQL').fill('sum by (operation_type) (increase(kubelet_runtime_operations_total{operation_type=~"run_podsandbox|start_container"}[5m]))');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await until(async () => /operation_type="start_container"/.test(await page.getByTestId('metrics-instant').innerText()), { message: 'the increase of start_container' });
  await screenshot('metrics-light');
  await page.getByTestId('metrics').evaluate((el) => (el.scrollTop = el.scrollHeight));
  await screenshot('metrics-lower-light');
  await page.getByTestId('metrics').evaluate((el) => (el.scrollTop = 0));
  await page.getByRole('button', { name: /Switch to dark theme/ }).click();
  await screenshot('metrics-dark');
  await page.getByRole('button', { name: /Switch to light theme/ }).click();

  // Scrub back to about half-way: the charts end at the moment viewed.
  const box = await page.getByTestId('timeline').boundingBox();
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height / 2);
  await page.getByTestId('viewing').waitFor({ timeout: 20_000 });
  const viewed = await clockMs(page);
  await until(async () => Math.abs(Number(await page.getByTestId('metrics').getAttribute('data-end')) - viewed) < 1000, { message: 'the Metrics tab at the moment viewed' });
  const pastEnd = await endOf(page, 'running-pods', 'worker-1');
  assert.ok(pastEnd <= viewed + 999 && viewed - pastEnd < 16_000, `the chart ends at the last scrape before ${viewed} ms: ${pastEnd}`);
  assert.ok((await pointsOf(page, 'running-pods', 'worker-1')) < (await pointsOf(page, 'running-pods', 'worker-2')) + 1, 'points for both workers');
  assert.ok(pastEnd < liveEnd, 'earlier than live');
  await screenshot('metrics-viewing-past');

  // The Logs tab: the kubelet's journal on worker-1 (klog lines), filtered.
  await page.getByRole('tab', { name: 'Logs' }).click();
  const log = page.getByRole('log');
  await until(async () => /Started kubelet/.test(await log.innerText()), { message: 'the journal of worker-1' });
  await page.getByLabel('Filter the journal').fill('sync loop');
  await until(async () => {
    const text = await log.innerText();
    return /Starting kubelet main sync loop/.test(text) && !/Started kubelet"/.test(text);
  }, { message: 'only the sync loop line' });
  await page.getByLabel('Filter the journal').fill('');
  assert.equal(await page.getByTestId('kubelet-logs').getByLabel('Node', { exact: true }).inputValue(), 'worker-1');
  await page.getByTestId('kubelet-logs').getByLabel('Node', { exact: true }).selectOption('control-plane');
  await until(async () => /control-plane kubelet\[/.test(await log.innerText()), { message: 'the journal of control-plane' });
  await screenshot('logs-light');
  await page.getByRole('button', { name: 'Return to live' }).click();
  await page.getByTestId('viewing').waitFor({ state: 'detached' });
  await page.getByRole('tab', { name: 'Metrics' }).click();
  const live = await clockMs(page);
  await until(async () => Math.abs((await endOf(page, 'running-pods', 'worker-1')) - live) < 1000, { message: `the charts back at the live clock ${live}` });
  assert.ok((await endOf(page, 'running-pods', 'worker-1')) > pastEnd, 'later than the moment viewed');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(400);
  await screenshot('metrics-phone');
}

// Probes and the OOM killer on the map, with the kubernetes.io examples: the liveness probe of
// exec-liveness fails ("1/3", "2/3"...) until the kubelet restarts the container (the restart
// badge counts 1); memory-request-limit-2 is OOM killed again and again (the "OOM" mark, then
// CrashLoopBackOff). The node cards draw memory and disk gauges with the eviction threshold tick.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { clockMs, runInConsole, until, waitForNodes } from './helpers.mjs';

const MAP = '[data-testid="cluster-map"]';
const EXAMPLES = '/work/shared/examples/kubernetes-website';

/** `kubectl apply -f -` with the example's text as a heredoc, typed in the console. */
async function applyExample(page, file, expect) {
  const body = await readFile(`${EXAMPLES}/${file}`, 'utf8');
  await runInConsole(page, `kubectl apply -f - <<EOF\n${body.trimEnd()}\nEOF`, expect);
}

/** `sim advance Ns` in the console; returns once the page's clock shows the new time. */
async function advance(page, seconds) {
  const before = await clockMs(page);
  await runInConsole(page, `sim advance ${seconds}s`, /\$/);
  await until(async () => (await clockMs(page)) >= before + seconds * 1000, { message: `the clock past +${seconds}s` });
}

async function attrs(locator, names) {
  if ((await locator.count()) === 0) return undefined;
  const out = {};
  for (const n of names) out[n] = await locator.first().getAttribute(n);
  return out;
}

/** exec-liveness: the failure counter against the threshold, then a restart. */
export async function livenessProbeRestarts({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  // Every card has memory and disk gauges with their eviction threshold tick.
  const ticks = page.locator(`${MAP} [data-node="worker-1"] [data-eviction-tick]`);
  assert.equal(await ticks.count(), 2, 'MEM and DISK ticks on worker-1');
  const memTick = Number(await page.locator(`${MAP} [data-node="worker-1"] [data-gauge="MEM"] [data-eviction-tick]`).getAttribute('data-eviction-tick'));
  assert.ok(memTick > 0.98 && memTick < 1, `memory tick at capacity - 100Mi: ${memTick}`);

  await applyExample(page, 'exec-liveness.yaml', /pod\/liveness-exec created/);
  const pod = page.locator(`${MAP} [data-pod="default/liveness-exec"]`);
  await advance(page, 45);
  // The file is removed after 30 s: failures at about 35 s and 40 s, the third (restart) at 45 s.
  const failing = await until(() => attrs(pod.locator('[data-probe-failing]'), ['data-probe-failing', 'data-probe-run', 'data-probe-threshold']), {
    message: 'the liveness failure counter'
  });
  assert.equal(failing['data-probe-failing'], 'liveness');
  assert.equal(failing['data-probe-threshold'], '3');
  assert.ok(['1', '2', '3'].includes(failing['data-probe-run']), `failures so far: ${failing['data-probe-run']}`);
  assert.match(await pod.locator('[data-probe-failing] text').textContent(), /^✕ [123]\/3$/);
  assert.match(await pod.locator('[data-probe-failing] title').textContent(), /cat: can't open '\/tmp\/healthy'/);
  await screenshot('liveness-failing');

  // The kubelet kills the container (30 s grace, the shell ignores SIGTERM) and starts it again,
  // about 78 s after the apply; the next probe, 5 s later, succeeds. Close to it, then play at 1x.
  await advance(page, 30);
  assert.equal(await pod.locator('[data-restarts]').count(), 0, 'no restart yet');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await until(async () => (await pod.locator('[data-restarts]').getAttribute('data-restarts').catch(() => null)) === '1', { timeout: 20_000, interval: 100, message: 'restart badge 1' });
  assert.equal(await pod.getAttribute('data-status'), 'Running');
  // A new container: its probe worker starts over, no counter.
  assert.equal(await pod.locator('[data-probe-failing]').count(), 0, 'the counter gone after the restart');
  // The first probe of the new container succeeds: a green ring pulses out of it.
  await until(async () => (await pod.locator('[data-probe-pulse="success"]').count()) > 0, { timeout: 15_000, interval: 50, message: 'a green probe pulse' });
  await page.waitForTimeout(250);
  await screenshot('liveness-restarted');
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
}

/** memory-request-limit-2: OOM killed, restarted, OOM killed again: the OOM mark and CrashLoopBackOff. */
export async function oomKilledCrashLoop({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  await runInConsole(page, 'kubectl create namespace mem-example', /namespace\/mem-example created/);
  await applyExample(page, 'memory-request-limit-2.yaml', /pod\/memory-demo-2 created/);
  const pod = page.locator(`${MAP} [data-pod="mem-example/memory-demo-2"]`);
  await advance(page, 20);
  await until(async () => (await pod.getAttribute('data-status').catch(() => null)) === 'CrashLoopBackOff', { message: 'CrashLoopBackOff' });
  assert.equal(await pod.locator('[data-oom]').count(), 1, 'the OOM mark');
  assert.match(await pod.locator('[data-oom] title').textContent(), /OOMKilled/);
  const restarts = Number(await pod.locator('[data-restarts]').getAttribute('data-restarts'));
  assert.ok(restarts >= 1, `restarts: ${restarts}`);
  await screenshot('oom-crashloop');

  // Play at 1x until the next start is OOM killed: the container flashes.
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await until(async () => (await pod.locator('.oom-flash').count()) > 0, { timeout: 40_000, interval: 50, message: 'the OOM flash' });
  await screenshot('oom-flash');
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
}

/** Memory used outside the pods past the eviction threshold: MemoryPressure on the card, the pod Evicted (and it stays). */
export async function memoryPressureEvicts({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  const POD = `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: hog
spec:
  nodeName: worker-1
  containers:
  - name: app
    image: nginx
EOF`;
  await runInConsole(page, POD, /pod\/hog created/);
  await advance(page, 10);
  const pod = page.locator(`${MAP} [data-pod="default/hog"]`);
  await until(async () => (await pod.getAttribute('data-status').catch(() => null)) === 'Running', { message: 'hog Running' });
  await runInConsole(page, 'sim node pressure memory worker-1 8150Mi', /\$/);
  await advance(page, 25);
  const card = page.locator(`${MAP} [data-node="worker-1"]`);
  await until(async () => (await card.locator('[data-gauge-pressure="MemoryPressure"]').count()) === 1, { message: 'MemoryPressure on the MEM gauge' });
  assert.match(await card.locator('[data-pressure]').textContent(), /⚠ MemoryPressure/);
  // kubectl's STATUS is the container's (Completed), as upstream prints it; the map marks the eviction.
  await until(async () => (await pod.getAttribute('data-tone').catch(() => null)) === 'evicted', { message: 'hog Evicted' });
  assert.equal(await pod.locator('.glyph').textContent(), 'E');
  await screenshot('memory-pressure-evicted');
  // An Evicted pod stays on the map until someone deletes it.
  await advance(page, 30);
  assert.equal(await pod.getAttribute('data-tone'), 'evicted');
}

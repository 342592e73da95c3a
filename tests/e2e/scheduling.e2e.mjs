// Scheduling on the map: pods wait in the kube-scheduler's queue, every node card shows its Filter
// verdict or score, an arc runs to the chosen node; the inspector's scheduling tab shows the
// scheduler's per-node, per-plugin table.
import assert from 'node:assert/strict';
import { runInConsole, until, waitForNodes } from './helpers.mjs';

const DEPLOYMENT = `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 6
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
EOF`;

const MAP = '[data-testid="cluster-map"]';

/** Returns the attributes of the first element matching `selector` once there is one. */
async function seen(page, selector, attrs, message) {
  return until(
    async () => {
      const el = page.locator(selector).first();
      if ((await el.count()) === 0) return undefined;
      const out = {};
      for (const a of attrs) out[a] = await el.getAttribute(a).catch(() => null);
      return out;
    },
    { timeout: 15_000, interval: 50, message }
  );
}

/** A Deployment of 6, scaled to 8, at 1x: queue, verdicts, arcs; then the scheduling tab of one pod. */
export async function deploymentScaleUp({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/`);
  await waitForNodes(page);
  await runInConsole(page, DEPLOYMENT, /deployment\.apps\/web created/);

  // While the scheduler evaluates a pod the control plane card says why it is out (title = reason).
  const filtered = await seen(page, `${MAP} [data-node="control-plane"] [data-sched-verdict="filtered"]`, ['data-sched-pod'], 'control-plane filtered');
  assert.match(filtered['data-sched-pod'], /^default\/web-/);
  const hint = await page.locator(`${MAP} [data-node="control-plane"] [data-sched-verdict="filtered"] title`).first().textContent();
  assert.match(hint, /TaintToleration: node\(s\) had untolerated taint \{node-role\.kubernetes\.io\/control-plane: \}/);
  const score = await seen(page, `${MAP} [data-sched-verdict="score"]`, ['data-sched-pod'], 'a worker with a score');
  assert.match(score['data-sched-pod'], /^default\/web-/);
  await seen(page, `${MAP} [data-testid="scheduler-queue"] [data-queued-pod^="default/web-"]`, ['data-queued-pod'], 'a web pod in the scheduler queue');
  await screenshot('evaluate');
  const arc = await seen(page, `${MAP} [data-sched-arc]`, ['data-sched-arc', 'data-arc-pod'], 'a binding arc');
  assert.match(arc['data-sched-arc'], /^worker-[12]$/);
  assert.match(arc['data-arc-pod'], /^default\/web-/);
  await screenshot('arc');

  await until(async () => (await page.locator(`${MAP} [data-pod^="default/web-"][data-status="Running"]`).count()) === 6, { timeout: 30_000, message: '6 web pods Running' });
  await until(async () => (await page.locator(`${MAP} [data-sched-arc]`).count()) === 0, { timeout: 15_000, message: 'arcs done' });

  // Scaled to 8: two new pods, two more arcs.
  const known = new Set(await page.locator(`${MAP} [data-pod^="default/web-"]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-pod'))));
  await runInConsole(page, 'kubectl scale deployment web --replicas=8', /deployment\.apps\/web scaled/);
  const fresh = await until(
    async () => {
      const pods = await page.locator(`${MAP} [data-sched-arc]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-arc-pod')));
      return pods.find((p) => !known.has(p));
    },
    { timeout: 15_000, interval: 50, message: 'an arc for a pod of the scale-up' }
  );
  await screenshot('scale-arc');
  await until(async () => (await page.locator(`${MAP} [data-pod^="default/web-"][data-status="Running"]`).count()) === 8, { timeout: 30_000, message: '8 web pods Running' });

  // The pod's scheduling tab: control-plane filtered with the reason, workers scored, one chosen.
  await page.locator(`${MAP} [data-pod="${fresh}"]`).click();
  await page.getByRole('tab', { name: 'scheduling' }).click();
  const rows = page.locator('[data-testid="scheduling-row"]');
  await until(async () => (await rows.count()) === 3, { message: '3 scheduling rows' });
  const cp = page.locator('[data-testid="scheduling-row"][data-node="control-plane"]');
  assert.equal(await cp.getAttribute('data-filter'), 'filtered');
  assert.equal((await page.locator('[data-reason-for="control-plane"]').innerText()).trim(), 'TaintToleration: node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }');
  for (const w of ['worker-1', 'worker-2']) {
    const row = page.locator(`[data-testid="scheduling-row"][data-node="${w}"]`);
    assert.equal(await row.getAttribute('data-filter'), 'passed');
    assert.match(await row.locator('td.total').innerText(), /^\d+$/);
  }
  const chosen = await page.locator('[data-testid="scheduling-row"][aria-current="true"]').getAttribute('data-node');
  const podNode = await page.locator(`${MAP} [data-pod="${fresh}"]`).getAttribute('data-on-node');
  assert.equal(chosen, podNode, 'the chosen row is the node the pod runs on');
  assert.match(await page.getByTestId('scheduling-result').innerText(), new RegExp(`Scheduled on ${podNode} · attempt 1 · 3 evaluated, 2 feasible`));
  await screenshot('scheduling-tab');
}

/** At 25x the scheduler shows a counter, not arcs: the screen stays calm. */
export async function countersAtHighSpeed({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/`);
  await waitForNodes(page);
  await page.getByRole('combobox', { name: /Speed/ }).selectOption('25');
  await runInConsole(page, 'kubectl create deployment many --image=nginx --replicas=8', /deployment\.apps\/many created/);
  const count = await seen(page, `${MAP} [data-sched-count]`, ['data-sched-count'], 'the scheduler counter at 25x');
  assert.ok(Number(count['data-sched-count']) >= 1);
  assert.equal(await page.locator(`${MAP} [data-sched-arc]`).count(), 0, 'no arcs at 25x');
  assert.equal(await page.locator(`${MAP} [data-sched-verdict]`).count(), 0, 'no per-node verdicts at 25x');
  await screenshot('counter');
}

// The inspector's "state" tab: a pod's worker and containers, a node's kubelet, as statecharts
// drawn from their XState machines with the current state lit, following the cluster live.
import assert from 'node:assert/strict';
import { runInConsole, until, waitForNodes } from './helpers.mjs';

const activeOf = (page, machine, nth = 0) => page.locator(`[data-testid="statechart"][data-machine="${machine}"]`).nth(nth).getAttribute('data-active');

/** A crashing container walks Running -> Terminated (Error) -> Waiting (CrashLoopBackOff); a stopped kubelet shows as stopped. */
export async function podAndKubeletStatecharts({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  await runInConsole(page, 'kubectl run web --image=nginx', /pod\/web created/);
  await runInConsole(page, `kubectl run crash --image=busybox --restart=Always -- sh -c "sleep 3; exit 1"`, /pod\/crash created/);
  await runInConsole(page, 'sim advance 20s', /sim advance 20s/);

  await page.locator('[data-testid="cluster-map"] [data-pod="default/web"]').click();
  await page.getByRole('tab', { name: 'state' }).click();
  await until(async () => (await activeOf(page, 'pod-worker')) === 'syncing', { message: 'pod worker in SyncPod' });
  assert.equal(await activeOf(page, 'container'), 'running.ready');
  assert.equal(await activeOf(page, 'scheduler-pod'), 'bound');
  const svgLabel = await page.locator('[data-testid="statechart"][data-machine="container"] svg').getAttribute('aria-label');
  assert.match(svgLabel, /current state Running \/ ready/);
  await screenshot('statechart-pod');

  // The crashing pod: its container is seen in Error or CrashLoopBackOff within a minute, never Running.ready.
  await page.locator('[data-testid="cluster-map"] [data-pod="default/crash"]').click();
  const seen = new Set();
  for (let i = 0; i < 12 && !(seen.has('terminated.error') || seen.has('waiting.crashLoop')); i++) {
    await runInConsole(page, 'sim advance 5s', /sim advance 5s/);
    seen.add(await activeOf(page, 'container'));
  }
  assert.ok(seen.has('terminated.error') || seen.has('waiting.crashLoop'), `crash container states seen: ${[...seen]}`);
  const sub = await page.locator('[data-testid="statechart"][data-machine="container"] .subtitle').innerText();
  assert.match(sub, /restart/);
  const transitions = await page.locator('[data-testid="statechart"][data-machine="container"] .transitions').innerText();
  assert.match(transitions, /Terminated → Waiting: restartPolicy: back-off, restart/);
  await screenshot('statechart-crash');

  // A pod no node can fit: the scheduler's chart shows it Unschedulable, and no pod worker runs it.
  await runInConsole(page, `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: huge
spec:
  containers:
  - name: app
    image: nginx
    resources:
      requests:
        cpu: "100"
EOF`, /pod\/huge created/);
  await runInConsole(page, 'sim advance 5s', /sim advance 5s/);
  // The unscheduled pod waits in the tray under the node cards: reach it with the keyboard.
  await page.locator('[data-testid="cluster-map"] [data-pod="default/huge"]').focus();
  await page.keyboard.press('Enter');
  await until(async () => (await activeOf(page, 'scheduler-pod')) === 'unschedulable', { message: 'huge Unschedulable in the scheduler chart' });
  assert.equal(await activeOf(page, 'pod-worker'), 'pending');
  await screenshot('statechart-unschedulable');

  // Deleting the pod: the worker moves on to SyncTerminatingPod or SyncTerminatedPod.
  await page.locator('[data-testid="cluster-map"] [data-pod="default/web"]').click();
  await runInConsole(page, 'kubectl delete pod web --wait=false', /pod "web" deleted/);
  await runInConsole(page, 'sim advance 1s', /sim advance 1s/);
  await until(async () => ['terminating', 'terminated'].includes(await activeOf(page, 'pod-worker')), { message: 'pod worker terminating' });

  // A node: the kubelet's own machine; stopping it leaves Ready Unknown after the grace period.
  await page.getByRole('button', { name: /^node worker-2:/ }).click();
  await page.getByRole('tab', { name: 'state' }).click();
  await until(async () => (await activeOf(page, 'kubelet')) === 'running', { message: 'kubelet running' });
  await runInConsole(page, 'sim kubelet stop worker-2', /stopped/);
  await runInConsole(page, 'sim advance 60s', /sim advance 60s/);
  await until(async () => (await activeOf(page, 'kubelet')) === 'stopped', { message: 'kubelet stopped' });
  await screenshot('statechart-kubelet');
}

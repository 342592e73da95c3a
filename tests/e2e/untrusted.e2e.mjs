// Everything that comes from a manifest or a container is untrusted text: annotations, ConfigMap
// data, logs, exec output, event messages. Objects full of HTML and script are applied, every view
// that shows them is opened, and nothing may run or be parsed as markup.
import assert from 'node:assert/strict';
import { runInConsole, until, waitForNodes } from './helpers.mjs';

const EVIL = (n) => `<img src=x onerror="window.__pwned=${n}"><script>window.__pwned=${n}</script><b id=evil${n}>bold</b>`;

const MANIFEST = `kubectl apply -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: evil
  annotations:
    note: '${EVIL(1)}'
data:
  page.html: '${EVIL(2)}'
---
apiVersion: v1
kind: Pod
metadata:
  name: evil
  annotations:
    note: '${EVIL(3)}'
spec:
  containers:
  - name: app
    image: busybox
    command:
    - sh
    - -c
    - |
      echo '${EVIL(4)}'; sleep 3600
    readinessProbe:
      exec:
        command:
        - sh
        - -c
        - echo '${EVIL(5)}'; exit 1
      periodSeconds: 5
---
apiVersion: v1
kind: Service
metadata:
  name: evil
  annotations:
    note: '${EVIL(6)}'
spec:
  selector:
    app: evil
  ports:
  - port: 80
EOF`;

async function assertInert(page, where) {
  const state = await page.evaluate(() => ({
    pwned: window.__pwned,
    injected: document.querySelectorAll('[onerror], b[id^="evil"], img[src="x"]').length
  }));
  assert.equal(state.pwned, undefined, `${where}: a script from the cluster ran`);
  assert.equal(state.injected, 0, `${where}: markup from the cluster became elements`);
}

export async function untrustedTextStaysText({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  await runInConsole(page, MANIFEST, /service\/evil created/);
  await runInConsole(page, 'sim advance 40s', /sim advance 40s/);
  await assertInert(page, 'after apply');

  // The console: logs, YAML, describe, events (the Unhealthy message carries the probe's output).
  const logs = await runInConsole(page, 'kubectl logs evil', /onerror/);
  assert.match(logs, /<img src=x onerror="window.__pwned=4">/, 'the log line is shown as text');
  await runInConsole(page, 'kubectl get cm evil -o yaml', /page\.html/);
  await runInConsole(page, 'kubectl describe pod evil', /Readiness probe failed:/);
  await runInConsole(page, 'kubectl get events', /Unhealthy/);
  await assertInert(page, 'console');

  // The map, the inspector's every tab, the Events tab.
  await page.locator('[data-testid="cluster-map"] [data-pod="default/evil"]').click();
  for (const tab of ['YAML', 'describe', 'sequence', 'state']) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await page.waitForTimeout(300);
    await assertInert(page, `inspector ${tab}`);
  }
  const yaml = await page.getByTestId('inspector-yaml').innerText().catch(() => '');
  if (yaml) assert.match(yaml, /onerror/);
  await page.getByRole('tab', { name: /^Events/ }).click();
  await until(async () => /Readiness probe failed/.test(await page.getByTestId('events').innerText()), { message: 'the Unhealthy event in the Events tab' });
  await assertInert(page, 'events tab');
  await screenshot('events');

  // The inspector's scheduling tab; focus mode's story (its Unhealthy step carries the probe's output).
  await page.getByRole('tab', { name: 'scheduling', exact: true }).click();
  await page.waitForTimeout(300);
  await assertInert(page, 'inspector scheduling');
  await page.getByRole('button', { name: 'Focus', exact: true }).click();
  const story = page.getByTestId('focus-story');
  await until(async () => /Readiness probe failed[\s\S]*onerror="window\.__pwned=5"/.test(await story.innerText().catch(() => '')), { message: "the probe's output as text in focus mode's story" });
  await assertInert(page, 'focus mode story');
  await screenshot('focus-story');
  await page.getByTestId('focus-leave').click();

  // A Service's inspector (its chip on the map): YAML and describe show its annotation as text.
  await page.locator('[data-testid="cluster-map"] [data-service="default/evil"]').click();
  await until(async () => (await page.locator('.inspector .kind').innerText().catch(() => '')) === 'Service · default', { message: 'the inspector on Service evil' });
  for (const tab of ['YAML', 'describe']) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    const view = page.getByTestId(tab === 'YAML' ? 'inspector-yaml' : 'inspector-describe');
    await until(async () => /onerror="window\.__pwned=6"/.test(await view.innerText()), { message: `Service evil's ${tab} with its annotation as text` });
    await assertInert(page, `Service inspector ${tab}`);
  }
  await screenshot('service-inspector');
  await page.locator('[data-testid="cluster-map"] [data-pod="default/evil"]').click();
  await until(async () => (await page.locator('.inspector .kind').innerText().catch(() => '')) === 'Pod · default', { message: 'the inspector on pod evil again' });

  // The editor: Edit the pod (its annotations open in Monaco as text).
  await page.getByRole('tab', { name: 'YAML', exact: true }).click();
  await page.getByTestId('inspector-edit').click();
  await until(async () => (await page.locator('.monaco-editor').count()) > 0, { timeout: 30_000, message: 'Monaco open' });
  await page.waitForTimeout(500);
  await assertInert(page, 'editor');
  await screenshot('editor');
}

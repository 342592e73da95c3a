// The manifest editor: schema checks as you type, Apply with the API server's 422 on the right
// line, server dry run, diff against the live object, and kubectl edit from the inspector.
import assert from 'node:assert/strict';
import { runInConsole, until, waitForNodes } from './helpers.mjs';

const INVALID_DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: web
          ports:
            - containerPort: 80
`;
// Line 16 is `        - name: web`: the container without an image.
const FIXED_DEPLOYMENT = INVALID_DEPLOYMENT.replace('        - name: web\n', '        - name: web\n          image: nginx:1.27\n');

async function openEditor(page) {
  await page.getByRole('tab', { name: 'Editor' }).click();
  await page.locator('[data-testid="monaco-host"] .monaco-editor').waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForFunction(() => document.querySelector('[data-testid="monaco-host"]')?.kubariumEditor);
}

const setText = (page, text) => page.evaluate((t) => document.querySelector('[data-testid="monaco-host"]').kubariumEditor.setValue(t), text);
const markers = (page) =>
  page.evaluate(() =>
    document
      .querySelector('[data-testid="monaco-host"]')
      .kubariumEditor.markers()
      .map((m) => ({ owner: m.owner, line: m.startLineNumber, message: m.message }))
  );
const outputText = (page) => page.getByTestId('apply-output').innerText();

async function waitOutput(page, re, message) {
  return until(async () => ((await outputText(page)).match(re) ? outputText(page) : undefined), { timeout: 30_000, message });
}

/** The schema: a wrong type is marked as you type, hover shows the field's docs, completion offers a PodSpec's fields. */
export async function schemaAsYouType({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/`);
  await waitForNodes(page);
  await openEditor(page);

  // Type `"x"` as the value of replicas in a Deployment.
  await setText(page, FIXED_DEPLOYMENT.replace('  replicas: 2', '  replicas: '));
  await page.locator('[data-testid="monaco-host"] .view-lines').click();
  await page.keyboard.press('Control+Home');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  await page.keyboard.type('"x');
  const typed = await until(async () => (await markers(page)).find((m) => m.line === 6), { timeout: 20_000, message: 'a schema marker on line 6' });
  assert.match(typed.message, /Incorrect type\. Expected "integer"/);
  assert.equal(await page.evaluate(() => document.querySelector('[data-testid="monaco-host"]').kubariumEditor.getValue().split('\n')[5]), '  replicas: "x"');

  // Hover over `replicas`: DeploymentSpec's description of the field.
  const word = page.locator('[data-testid="monaco-host"] .view-line').filter({ hasText: 'replicas:' }).locator('span span').filter({ hasText: /^replicas$/ });
  await word.hover();
  const hover = await until(async () => {
    const h = page.locator('.monaco-hover-content');
    return (await h.count()) > 0 && /Number of desired pods/.test(await h.first().innerText()) ? h.first().innerText() : undefined;
  }, { message: 'hover docs for replicas' });
  assert.match(hover, /Defaults to 1/);
  await screenshot('hover');

  // Completion inside a Pod's spec offers containers.
  await setText(page, 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  ');
  await page.locator('[data-testid="monaco-host"] .view-lines').click();
  await page.keyboard.press('Control+End');
  // Typing a letter opens the suggestions (quickSuggestions), filtered by what was typed.
  await page.keyboard.type('contai');
  const suggest = page.locator('.suggest-widget .monaco-list-row');
  const labels = await until(async () => {
    const all = await suggest.allInnerTexts();
    return all.some((l) => /^containers/.test(l)) ? all : undefined;
  }, { message: 'containers among the completions' });
  assert.ok(labels.some((l) => /^initContainers/.test(l)), `PodSpec fields: ${labels.join(' | ')}`);
  await screenshot('completion');
  await page.keyboard.press('Enter');
  const accepted = await page.evaluate(() => document.querySelector('[data-testid="monaco-host"]').kubariumEditor.getValue().split('\n')[5]);
  assert.match(accepted, /^ {2}containers:/);
}

/** Opens the editor on a fresh page and applies INVALID_DEPLOYMENT, waiting for the 422. */
async function applyInvalidDeployment(page, baseURL) {
  await page.goto(`${baseURL}/`);
  await waitForNodes(page);
  await openEditor(page);
  await setText(page, INVALID_DEPLOYMENT);
  await page.getByTestId('apply').click();
  await waitOutput(page, /is invalid/, 'the Invalid error');
}

/** Apply with a 422 marked on the right line; fixed, a dry run creates nothing; Apply creates pods; Diff; kubectl edit. */
export async function applyWithServerErrors({ page, baseURL, screenshot }) {
  // 1. A container without an image: the API server refuses it, the marker sits on that container.
  await applyInvalidDeployment(page, baseURL);
  assert.match(await outputText(page), /^The Deployment "web" is invalid: spec\.template\.spec\.containers\[0\]\.image: Required value$/m);
  const server = await until(async () => (await markers(page)).filter((m) => m.owner === 'kube-apiserver'), { message: 'API server markers' });
  assert.deepEqual(server, [{ owner: 'kube-apiserver', line: 16, message: 'spec.template.spec.containers[0].image: Required value' }]);
  assert.match(await page.getByTestId('apply-summary').innerText(), /^1 error from the API server, marked in the text · The Deployment "web" is invalid/);
  // Monaco draws it: a squiggle in line 16's view.
  await until(async () => (await page.locator('[data-testid="monaco-host"] .squiggly-error').count()) > 0, { message: 'an error squiggle' });
  await screenshot('422-marker');

  // 2. Fixed: a server dry run says so and stores nothing.
  await setText(page, FIXED_DEPLOYMENT);
  await page.getByTestId('dry-run').click();
  await waitOutput(page, /\(server dry run\)/, 'the dry run line');
  assert.equal((await outputText(page)).trim(), 'deployment.apps/web created (server dry run)');
  assert.deepEqual((await markers(page)).filter((m) => m.owner === 'kube-apiserver'), [], 'the markers are cleared');
  await page.waitForTimeout(1500);
  assert.equal(await page.locator('[data-testid="cluster-map"] [data-pod^="default/web-"]').count(), 0, 'a dry run makes no pods');

  // 3. Apply: created, and its pods appear on the map.
  await page.getByTestId('apply').click();
  await waitOutput(page, /^deployment\.apps\/web created$/m, 'deployment.apps/web created');
  await until(async () => (await page.locator('[data-testid="cluster-map"] [data-pod^="default/web-"]').count()) === 2, { timeout: 30_000, message: 'two web pods on the map' });
  await screenshot('applied');

  // 4. Diff: replicas 2 -> 3 against the live Deployment.
  await setText(page, FIXED_DEPLOYMENT.replace('replicas: 2', 'replicas: 3'));
  await page.getByTestId('diff').click();
  const diff = page.getByTestId('diff-output');
  await diff.waitFor({ timeout: 20_000 });
  const diffText = await diff.innerText();
  assert.match(diffText, /^Deployment default\/web \d+ lines changed/m);
  assert.match(diffText, /^- {3}replicas: 2$/m);
  assert.match(diffText, /^\+ {3}replicas: 3$/m);
  await screenshot('diff');

  // 5. kubectl edit: a pod from the map, a new label, Save. Edit is pressed while a second diff
  // is still running: the editor opens the pod when the diff is done, not never.
  await page.locator('[data-testid="cluster-map"] [data-pod^="default/web-"]').first().click();
  const podName = await until(async () => {
    const name = (await page.locator('.inspector .title .name').textContent().catch(() => '')) ?? '';
    return name.startsWith('web-') ? name : undefined;
  }, { message: 'a web pod in the inspector' });
  // Both in one task, as a quick user's two clicks: the diff is still waiting on the cluster.
  await page.evaluate(() => {
    document.querySelector('[data-testid="diff"]').click();
    document.querySelector('[data-testid="inspector-edit"]').click();
  });
  let title = '';
  await until(async () => (title = await page.getByTestId('editor-title').innerText()) === `kubectl edit pod/${podName}`, { message: 'the edit title' }).catch((e) => {
    throw new Error(`${e.message}; the title reads ${JSON.stringify(title)}`);
  });
  const opened = await until(async () => {
    const v = await page.evaluate(() => document.querySelector('[data-testid="monaco-host"]').kubariumEditor.getValue());
    return v.includes(`name: ${podName}`) ? v : undefined;
  }, { message: 'the pod YAML in the editor' });
  assert.match(opened, /^# Please edit the object below\./);
  await setText(page, opened.replace(/^ {4}app: web$/m, '    app: web\n    edited: "yes"'));
  await page.getByTestId('apply').click();
  await waitOutput(page, /edited/, 'the edit result');
  assert.equal((await outputText(page)).trim(), `pod/${podName} edited`);
  await until(async () => /^ {4}edited: "yes"$/m.test(await page.getByTestId('inspector-yaml').innerText()), { message: 'the new label in the inspector' });
  await screenshot('edited');
}

/** A node's KubeletConfiguration, opened from the editor's menu, saved back: the kubelet restarts with it. */
export async function kubeletConfiguration({ page, baseURL }) {
  await page.goto(`${baseURL}/`);
  await waitForNodes(page);
  await openEditor(page);
  await page.getByLabel('Open in the editor').selectOption('kubelet:worker-1');
  await until(async () => (await page.getByTestId('editor-title').innerText()) === 'KubeletConfiguration · worker-1', { message: 'the kubelet configuration title' });
  const text = await until(async () => {
    const v = await page.evaluate(() => document.querySelector('[data-testid="monaco-host"]').kubariumEditor.getValue());
    return /^maxPods: 110$/m.test(v) ? v : undefined;
  }, { message: 'worker-1 KubeletConfiguration in the editor' });
  assert.equal(await page.getByTestId('dry-run').count(), 0, 'no server dry run for a component configuration');
  // The schema knows its fields: a string for maxPods is marked.
  await setText(page, text.replace(/^maxPods: 110$/m, 'maxPods: many'));
  await until(async () => (await markers(page)).some((m) => /Incorrect type\. Expected "integer"/.test(m.message)), { message: 'a schema marker on maxPods' });
  await setText(page, text.replace(/^maxPods: 110$/m, 'maxPods: 20'));
  await page.getByTestId('apply').click();
  await waitOutput(page, /kubelet restarted/, 'the kubelet restart');
  assert.equal((await outputText(page)).trim(), 'kubelet on worker-1: configuration replaced, kubelet restarted');

  // `kubectl edit` typed in the console opens the object in the editor (kubectl's $EDITOR).
  await runInConsole(page, 'kubectl edit node worker-2', /Editing node\/worker-2 in the Editor tab/);
  await until(async () => (await page.getByTestId('editor-title').innerText()) === 'kubectl edit node/worker-2', { message: 'the editor on node/worker-2' });
  const node = await until(async () => {
    const v = await page.evaluate(() => document.querySelector('[data-testid="monaco-host"]').kubariumEditor.getValue());
    return /^kind: Node$/m.test(v) ? v : undefined;
  }, { message: 'the node YAML in the editor' });
  await setText(page, node.replace(/^ {4}kubernetes\.io\/hostname: worker-2$/m, '    kubernetes.io/hostname: worker-2\n    disk: ssd'));
  await page.getByTestId('apply').click();
  await waitOutput(page, /edited/, 'node/worker-2 edited');
  assert.equal((await outputText(page)).trim(), 'node/worker-2 edited');
  await runInConsole(page, 'kubectl get nodes -l disk=ssd --no-headers', /^worker-2\s+Ready\s/m);
}

/** The editor at both sizes and in both themes, after a 422 (for the eye). */
export async function editorLooks({ page, baseURL, screenshot }) {
  await applyInvalidDeployment(page, baseURL);
  await screenshot('desktop-light');
  await page.getByRole('button', { name: /Switch to dark theme/ }).click();
  await page.waitForTimeout(300);
  await screenshot('desktop-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(500);
  await screenshot('phone-dark');
  await page.getByRole('button', { name: /Switch to light theme/ }).click();
  await page.waitForTimeout(300);
  await screenshot('phone-light');
}

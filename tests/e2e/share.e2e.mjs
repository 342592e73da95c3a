// Sharing and the autosave: a share link rebuilds the same cluster at the same moment in another
// page (same pod names, same clock), a damaged link says so and the default cluster boots, a
// reload restores the autosave, and New starts over.
import assert from 'node:assert/strict';
import { clockMs, runInConsole, until, waitForNodes } from './helpers.mjs';

const MAP = '[data-testid="cluster-map"]';

/** The web pods on the map with their STATUS, sorted: `default/web-...=Running`. */
async function webPods(page) {
  const pods = await page.locator(`${MAP} [data-pod^="default/web-"]`).evaluateAll((els) => els.map((e) => `${e.getAttribute('data-pod')}=${e.getAttribute('data-status')}`));
  return pods.sort();
}

async function deployAndRun(page) {
  await runInConsole(page, 'kubectl create deployment web --image=nginx --replicas=3', /deployment\.apps\/web created/);
  const created = await clockMs(page);
  await runInConsole(page, 'sim advance 40s', /\$ sim advance 40s/);
  // The clock shows the advance as it runs: the snapshot's moment is where it ends, not where the pods got Running.
  await until(async () => (await clockMs(page)) >= created + 40_000, { timeout: 30_000, message: 'the clock 40 s on' });
  await until(async () => (await webPods(page)).filter((p) => p.endsWith('=Running')).length === 3, { timeout: 30_000, message: '3 web pods Running' });
  await page.getByTestId('console-input').fill('');
}

/** The pod names `kubectl get pods` prints. */
async function getPodNames(page) {
  const text = await runInConsole(page, 'kubectl get pods --no-headers', /\$ kubectl get pods --no-headers\s*\n[\s\S]*web-/);
  return text
    .slice(text.lastIndexOf('$ kubectl get pods --no-headers'))
    .split('\n')
    .map((l) => /^(web-\S+)\s+1\/1\s+Running/.exec(l)?.[1])
    .filter(Boolean)
    .sort();
}

export async function shareLinkRoundTrip({ page, context, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  await deployAndRun(page);
  const pods = await webPods(page);
  const names = await getPodNames(page);
  assert.equal(names.length, 3);
  const clock = await clockMs(page);
  assert.ok(clock >= 40_000, `the clock ran the 40 s: ${clock}`);

  await page.getByTestId('share').click();
  const field = page.getByTestId('share-link');
  await field.waitFor({ timeout: 20_000 });
  const link = await field.inputValue();
  assert.match(link, new RegExp(`^${baseURL}/#s=[A-Za-z0-9_-]+$`));
  console.log(`    share link: ${link.length} characters`);
  await screenshot('dialog');
  await page.keyboard.press('Escape');

  // The link opened in another page: the same cluster at the same moment, paused there.
  const other = await context.newPage();
  const started = Date.now();
  await other.goto(link);
  await waitForNodes(other, 60_000);
  await until(async () => JSON.stringify(await webPods(other)) === JSON.stringify(pods), { timeout: 60_000, message: `the same web pods as the shared page: ${pods.join(', ')}` });
  console.log(`    opening the link took ${Date.now() - started} ms wall`);
  assert.equal(await clockMs(other), clock, 'the same virtual time');
  assert.deepEqual(await getPodNames(other), names, 'kubectl get pods lists the same pods');
  assert.equal(new URL(other.url()).hash, '', 'the link is read once (the autosave holds it from then on)');
  await screenshot('opened');
  // Then it is live: time runs on from there.
  await other.getByRole('button', { name: 'Play', exact: true }).click();
  await until(async () => (await clockMs(other)) > clock, { message: 'the clock running on after Play' });
  await other.close();
}

export async function damagedLinkBootsTheDefaultCluster({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/#s=AAAAthis-is-not-a-kubarium-state`);
  await waitForNodes(page);
  const notice = page.getByTestId('share-notice');
  await notice.waitFor();
  assert.match(await notice.innerText(), /This share link is damaged/);
  await runInConsole(page, 'kubectl get nodes', /^worker-1\s+Ready\s/m);
  await screenshot('damaged');
}

/** The autosave in IndexedDB, as the page wrote it (undefined until the first save). */
function readAutosave(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const req = indexedDB.open('kubarium', 1);
        req.onupgradeneeded = () => req.result.createObjectStore('playground');
        req.onsuccess = () => {
          const get = req.result.transaction('playground').objectStore('playground').get('autosave');
          get.onsuccess = () => resolve(get.result);
          get.onerror = () => resolve(undefined);
        };
        req.onerror = () => resolve(undefined);
      })
  );
}

export async function reloadRestoresTheAutosave({ page, baseURL }) {
  await page.goto(`${baseURL}/`);
  await waitForNodes(page);
  await deployAndRun(page);
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await page.waitForTimeout(300);
  const clock = await clockMs(page);
  const pods = await webPods(page);
  await until(async () => (await readAutosave(page))?.t >= clock, { timeout: 10_000, message: 'the autosave to reach the paused moment' });
  const saved = await readAutosave(page);
  assert.ok(saved.log.some((e) => e.kind === 'exec' && /create deployment web/.test(e.script)), 'the command is in the saved log');

  await page.reload();
  await waitForNodes(page, 60_000);
  await until(async () => JSON.stringify(await webPods(page)) === JSON.stringify(pods), { timeout: 60_000, message: `the same web pods after the reload: ${pods.join(', ')}` });
  assert.equal(await clockMs(page), clock, 'the same virtual time after the reload');

  // New: a fresh default cluster, the autosave gone.
  page.once('dialog', (d) => d.accept());
  await page.getByTestId('new-cluster').click();
  await waitForNodes(page);
  await until(async () => (await webPods(page)).length === 0, { message: 'no web pods on a new cluster' });
  await until(async () => {
    const s = await readAutosave(page);
    return s === undefined || !s.log.some((e) => e.kind === 'exec');
  }, { message: 'the old autosave forgotten' });
}

export async function namedSnapshotRestores({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  await deployAndRun(page);
  const pods = await webPods(page);
  const clock = await clockMs(page);
  await page.getByTestId('share').click();
  await page.getByTestId('share-link').waitFor();
  await page.getByTestId('snapshot-name').fill('three web pods');
  await page.getByRole('button', { name: 'Save snapshot' }).click();
  await page.getByTestId('snapshots').getByText('three web pods').waitFor();
  await screenshot('snapshot-saved');
  await page.keyboard.press('Escape');

  await runInConsole(page, 'kubectl delete deployment web', /deployment\.apps "web" deleted/);
  await runInConsole(page, 'sim advance 60s', /\$ sim advance 60s/);
  await until(async () => (await webPods(page)).length === 0, { timeout: 30_000, message: 'the web pods gone' });

  await page.getByTestId('share').click();
  await page.getByTestId('snapshots').getByRole('button', { name: 'Restore' }).click();
  await until(async () => JSON.stringify(await webPods(page)) === JSON.stringify(pods), { timeout: 60_000, message: 'the snapshot’s web pods back' });
  assert.equal(await clockMs(page), clock, 'the snapshot’s moment');
}

/** Over 8,000 characters the dialog offers a .kubarium file instead of a link; the file opens elsewhere. */
export async function longPlaygroundGoesToAFile({ page, context, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  // 12,000 characters that do not compress: the link would be far over 8,000.
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let blob = '';
  for (let i = 0; i < 12_000; i++) blob += alphabet[Math.floor(Math.random() * alphabet.length)];
  await runInConsole(page, `kubectl create configmap big --from-literal=data=${blob}`, /configmap\/big created/);
  const clock = await clockMs(page);
  await page.getByTestId('share').click();
  await page.getByTestId('share-too-long').waitFor({ timeout: 20_000 });
  assert.match(await page.getByTestId('share-too-long').innerText(), /too long for a link \(\d{2},\d{3} characters/);
  await screenshot('too-long');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^Download kubarium-\d{6}\.kubarium$/ }).click()]);
  const file = await download.path();

  const other = await context.newPage();
  await other.goto(`${baseURL}/?autoplay=0&seed=3`);
  await waitForNodes(other);
  await other.getByTestId('share').click();
  await other.getByTestId('share-open-file').setInputFiles(file);
  await until(async () => (await clockMs(other)) === clock, { timeout: 60_000, message: `the file's moment (${clock} ms)` });
  const text = await runInConsole(other, 'kubectl get configmap big -o jsonpath={.data.data}', new RegExp(blob.slice(0, 40)));
  assert.ok(text.includes(blob), 'the same 12,000 characters in the opened cluster');
  await other.close();
}

/**
 * Export to a real cluster: the Share dialog's two files. The YAML holds the user's Deployment and
 * Service as `kubectl apply -f` takes them (no status, uid, ReplicaSets or pods, no allocated
 * clusterIP); the kind config has the playground's nodes.
 */
export async function exportToARealCluster({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  await deployAndRun(page);
  await runInConsole(page, 'kubectl expose deployment web --port=80', /service\/web exposed/);
  await page.getByTestId('share').click();
  await page.getByTestId('export-yaml').waitFor();
  await screenshot('export');
  const read = async (testId) => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
    const { readFile } = await import('node:fs/promises');
    return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
  };
  const yaml = await read('export-yaml');
  assert.equal(yaml.name, 'kubarium-export.yaml');
  const docs = yaml.text.split(/^---\n/m).slice(1);
  assert.deepEqual(docs.map((d) => `${/^kind: (\S+)/m.exec(d)?.[1]}/${/^ {2}name: (\S+)/m.exec(d)?.[1]}`), ['Service/web', 'Deployment/web']);
  assert.match(docs[1], /^ {2}replicas: 3$/m);
  assert.match(docs[1], /^ {6}- image: nginx$/m);
  for (const field of ['status:', 'uid:', 'resourceVersion:', 'creationTimestamp:', 'clusterIP:', 'managedFields:']) assert.ok(!yaml.text.includes(field), `no ${field} in the export:\n${yaml.text}`);
  assert.ok(!/ReplicaSet|kind: Pod/.test(yaml.text), 'no ReplicaSets or pods: the Deployment makes them');
  const kind = await read('export-kind');
  assert.equal(kind.name, 'kind.yaml');
  assert.match(kind.text, /^kind: Cluster\napiVersion: kind\.x-k8s\.io\/v1alpha4\nnodes:\n- role: control-plane {2}# control-plane: [^\n]+\n- role: worker {2}# worker-1: [^\n]+\n- role: worker {2}# worker-2: [^\n]+\n$/m);
}

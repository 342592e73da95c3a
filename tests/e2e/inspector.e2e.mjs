// The inspector beyond nodes and pods: a Deployment `web` of three nginx pods behind a Service `web`.
// A click on the Service's chip inspects the Service (its describe lists the three pods' addresses)
// and keeps its links lit; a pod's owners are links: its ReplicaSet (3 current / 3 desired), then the
// Deployment (3 desired | 3 updated ...). The same once with the keyboard only; a deleted Service
// stays readable; Edit opens the Deployment as `kubectl edit` does.
import assert from 'node:assert/strict';
import { clockMs, runInConsole, until, waitForNodes } from './helpers.mjs';

const MAP = '[data-testid="cluster-map"]';
const INSPECTOR = 'section[aria-label="Inspector"]';

async function advance(page, seconds) {
  const before = await clockMs(page);
  await runInConsole(page, `sim advance ${seconds}s`, /\$/);
  await until(async () => (await clockMs(page)) >= before + seconds * 1000, { message: `the clock past +${seconds}s` });
}

/** Three nginx pods behind Service web, all ready; returns their IPs. */
async function deployWeb(page) {
  await runInConsole(page, 'kubectl create deployment web --image=nginx --replicas=3', /deployment\.apps\/web created/);
  await runInConsole(page, 'kubectl expose deployment web --port=80', /service\/web exposed/);
  await advance(page, 20);
  const chip = page.locator(`${MAP} [data-service="default/web"]`);
  await until(async () => (await chip.getAttribute('data-ready').catch(() => null)) === '3', { message: 'the web chip at 3/3 ready' });
  const out = await runInConsole(page, "kubectl get pods -l app=web -o jsonpath='{.items[*].status.podIP}'", /10\.244\.\d+\.\d+ 10\.244/);
  const ips = out.slice(out.lastIndexOf('jsonpath=')).match(/10\.244\.\d+\.\d+/g);
  assert.equal(ips.length, 3);
  return { chip, ips };
}

const inspector = (page) => page.locator(INSPECTOR);
const heading = async (page) => ({
  kind: await inspector(page).locator('.kind').innerText(),
  name: await inspector(page).locator('.name').innerText(),
  summary: await inspector(page).getByTestId('inspector-summary').innerText()
});
async function describeText(page, re, message) {
  let text = '';
  await until(async () => re.test((text = await inspector(page).getByTestId('inspector-describe').innerText().catch(() => ''))), { message }).catch((e) => {
    throw new Error(`${e.message}; describe reads:\n${text}`);
  });
  return text;
}

export async function serviceAndOwnersInTheInspector({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  const { chip, ips } = await deployWeb(page);

  // The chip: the Service in the inspector, its links pinned.
  await chip.click();
  await until(async () => (await heading(page).catch(() => ({}))).kind === 'Service · default', { message: 'the inspector on Service web' });
  const svc = await heading(page);
  assert.equal(svc.name, 'web');
  assert.match(svc.summary, /^ClusterIP 10\.\d+\.\d+\.\d+ · 80\/TCP · 3\/3 endpoints ready$/);
  assert.equal(await chip.getAttribute('aria-pressed'), 'true');
  await page.mouse.move(5, 300); // off the chip: the links stay lit because it is pinned
  await until(async () => (await chip.getAttribute('class')).includes('lit'), { message: 'the selected Service’s links lit' });
  assert.equal(await inspector(page).locator('use[href="#kubarium-icon-svc"]').count() >= 1, true, 'the svc icon');
  const endpoints = inspector(page).getByTestId('inspector-controlled');
  assert.match(await endpoints.innerText(), /^Endpoints \(3\)/);
  assert.equal(await endpoints.getByTestId('inspector-link').count(), 3);
  await inspector(page).getByRole('tab', { name: 'describe', exact: true }).click();
  const described = await describeText(page, /^Endpoints:\s+\S+:80,\S+:80,\S+:80$/m, 'describe’s Endpoints with three addresses');
  const listed = /^Endpoints:\s+(.*)$/m.exec(described)[1].split(',').map((a) => a.replace(/:80$/, ''));
  assert.deepEqual(listed.sort(), [...ips].sort());
  assert.match(described, /^Selector:\s+app=web$/m);
  await page.waitForTimeout(500);
  await screenshot('service-1280');

  // A pod on the map: its owners as links.
  const pod = page.locator(`${MAP} [data-pod^="default/web-"]`).first();
  const podKey = await pod.getAttribute('data-pod');
  await pod.click();
  await until(async () => (await inspector(page).locator('.name').innerText()) === podKey.slice(8), { message: 'the inspector on the pod' });
  const owners = inspector(page).getByTestId('inspector-owners');
  await until(async () => /^Owned by\s*Deployment web\s*›\s*ReplicaSet web-[a-z0-9]+$/.test((await owners.innerText()).replace(/\n/g, ' ')), { message: 'the pod’s owner chain' });
  const rsName = podKey.slice(8).replace(/-[a-z0-9]+$/, '');
  await owners.getByRole('button', { name: `Inspect ReplicaSet default/${rsName}` }).click();
  await until(async () => (await heading(page)).kind === 'ReplicaSet · default', { message: 'the inspector on the ReplicaSet' });
  const rs = await heading(page);
  assert.equal(rs.name, rsName);
  assert.equal(rs.summary, '3 current / 3 desired · 3 ready');
  await describeText(page, /^Replicas:\s+3 current \/ 3 desired$/m, 'the ReplicaSet’s describe');
  await describeText(page, /^Pods Status:\s+3 Running \/ 0 Waiting \/ 0 Succeeded \/ 0 Failed$/m, 'the ReplicaSet’s pods by its selector');
  assert.match(await inspector(page).getByTestId('inspector-controlled').innerText(), /^Pods \(3\)/);
  assert.equal(await inspector(page).locator('use[href="#kubarium-icon-rs"]').count(), 1, 'the rs icon in the title');
  // Its state tab: the ReplicaSet controller's loop.
  await inspector(page).getByRole('tab', { name: 'state', exact: true }).click();
  await inspector(page).getByTestId('inspector-statechart').waitFor();
  assert.match(await inspector(page).getByTestId('inspector-statechart').innerText(), /ReplicaSet controller/);
  await inspector(page).getByRole('tab', { name: 'describe', exact: true }).click();

  await inspector(page).getByTestId('inspector-owners').getByRole('button', { name: 'Inspect Deployment default/web' }).click();
  await until(async () => (await heading(page)).kind === 'Deployment · default', { message: 'the inspector on the Deployment' });
  assert.equal((await heading(page)).summary, '3/3 ready · 3 up-to-date · 3 available');
  await describeText(page, /^Replicas:\s+3 desired \| 3 updated \| 3 total \| 3 available \| 0 unavailable$/m, 'the Deployment’s describe');
  await describeText(page, new RegExp(`^NewReplicaSet:\\s+${rsName} \\(3/3 replicas created\\)$`, 'm'), 'the Deployment’s ReplicaSets by its selector');
  assert.equal(await inspector(page).getByRole('tab', { name: 'sequence' }).count(), 0, 'no sequence tab for a Deployment');
  await page.waitForTimeout(300);
  await screenshot('deployment-1280');

  // Edit: the Deployment in the editor, as `kubectl edit deployment.apps/web`.
  await inspector(page).getByTestId('inspector-edit').click();
  await until(async () => (await page.getByTestId('editor-title').innerText().catch(() => '')) === 'kubectl edit deployment.apps/web', { timeout: 30_000, message: 'the edit title' });

  // Its chip again (still pinned): the Service in the inspector again.
  await chip.click();
  await until(async () => (await heading(page)).kind === 'Service · default', { message: 'the Service again' });
  assert.equal(await chip.getAttribute('aria-pressed'), 'true');
  // A phone: no column for the inspector beside the map, so it is a sheet over the lower part of the
  // screen, on screen whole, with the Service; its close button puts the map back.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(500);
  const sheet = await page.locator('.inspector-slot').boundingBox();
  assert.ok(sheet && sheet.width === 390 && sheet.y > 200 && Math.round(sheet.y + sheet.height) === 844, `the inspector as a sheet at the bottom: ${JSON.stringify(sheet)}`);
  assert.equal((await heading(page)).kind, 'Service · default');
  await screenshot('phone-390');
  await inspector(page).getByRole('button', { name: /Close/ }).click();
  await until(async () => !(await page.locator('.inspector-slot').isVisible()), { message: 'the sheet closed' });
  // The chip opens it again; an endpoint's link in the sheet goes on to that pod.
  await chip.click();
  await until(async () => (await heading(page).catch(() => ({}))).kind === 'Service · default', { message: 'the sheet on the Service again' });
  await inspector(page).getByTestId('inspector-controlled').getByTestId('inspector-link').first().click();
  await until(async () => (await heading(page).catch(() => ({}))).kind === 'Pod · default', { message: 'the sheet on an endpoint pod' });
  await screenshot('phone-390-pod');
  await page.setViewportSize({ width: 1280, height: 800 });
  await chip.click();
  await until(async () => (await heading(page)).kind === 'Service · default', { message: 'the Service again' });

  // A deleted Service stays readable.
  await runInConsole(page, 'kubectl delete service web', /service "web" deleted/);
  await until(async () => (await inspector(page).locator('.gone').count()) === 1, { message: 'the inspector says the Service is gone' });
  assert.equal((await heading(page)).name, 'web');
  assert.equal(await page.locator(`${MAP} [data-service="default/web"]`).count(), 0);
  assert.equal(await inspector(page).getByTestId('inspector-edit').count(), 0, 'no Edit for a deleted object');

  await page.waitForTimeout(800); // its links fade out
  await screenshot('service-deleted-1280');
}

/** Presses Tab until the focused element's aria-label matches; returns whether it shows a focus ring. */
async function tabTo(page, re, what, max = 150) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const a = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el) return { label: '', ring: false };
      const focus = getComputedStyle(document.documentElement).getPropertyValue('--focus').trim();
      const probe = document.createElement('span');
      probe.style.color = focus;
      document.body.append(probe);
      const color = getComputedStyle(probe).color;
      probe.remove();
      const style = getComputedStyle(el);
      const svgRing = el instanceof SVGElement && [...el.querySelectorAll('rect')].some((c) => getComputedStyle(c).stroke === color);
      return { label: el.getAttribute('aria-label') ?? '', ring: (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || svgRing };
    });
    if (re.test(a.label)) return a;
  }
  assert.fail(`Tab never reached ${what} in ${max} presses`);
}

export async function serviceAndOwnersByKeyboard({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  const { chip } = await deployWeb(page);
  await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
  await page.mouse.click(1, 1);

  const onChip = await tabTo(page, /^Service default\/web: 3\/3 ready; show its endpoints and inspect it$/, 'the web chip');
  assert.ok(onChip.ring, 'the focused chip shows a focus ring');
  await page.keyboard.press('Enter');
  await until(async () => (await heading(page).catch(() => ({}))).kind === 'Service · default', { message: 'the inspector on Service web' });
  assert.equal(await chip.getAttribute('aria-pressed'), 'true');
  await screenshot('chip-focused');

  // Service > an endpoint pod > its ReplicaSet > the Deployment, by Tab and Enter.
  const toPod = await tabTo(page, /^Inspect Pod default\/web-/, 'an endpoint pod link');
  assert.ok(toPod.ring, 'the focused link shows a focus ring');
  await page.keyboard.press('Enter');
  await until(async () => (await heading(page)).kind === 'Pod · default', { message: 'the inspector on the pod' });
  assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('name')), true, 'the focus moved to the new object’s name');
  await tabTo(page, /^Inspect ReplicaSet default\/web-/, 'the ReplicaSet link');
  await page.keyboard.press('Enter');
  await until(async () => (await heading(page)).kind === 'ReplicaSet · default', { message: 'the inspector on the ReplicaSet' });
  await tabTo(page, /^Inspect Deployment default\/web$/, 'the Deployment link');
  await page.keyboard.press('Enter');
  await until(async () => (await heading(page)).kind === 'Deployment · default', { message: 'the inspector on the Deployment' });
  assert.equal((await heading(page)).summary, '3/3 ready · 3 up-to-date · 3 available');
}

/**
 * A pod's YAML in a read-only Monaco ("Field docs"): the same text, no typing into it, the schema's
 * description of a field on hover; it follows the live object and goes back to plain text.
 */
export async function yamlFieldDocs({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  await runInConsole(page, 'kubectl run hello --image=nginx', /pod\/hello created/);
  await advance(page, 10);
  await page.locator(`${MAP} [data-pod="default/hello"]`).click();
  await until(async () => /^kind: Pod$/m.test(await page.getByTestId('inspector-yaml').innerText().catch(() => '')), { message: 'the pod YAML as text' });
  await inspector(page).getByTestId('inspector-yaml-docs').click();
  const view = inspector(page).getByTestId('inspector-yaml-monaco');
  const lines = view.locator('.view-line');
  await until(async () => (await lines.allInnerTexts()).some((l) => /^kind:\s+Pod$/.test(l.replace(/\u00a0/g, ' '))), { timeout: 30_000, message: 'the YAML in Monaco' });
  assert.equal(await inspector(page).getByTestId('inspector-yaml-docs').getAttribute('aria-pressed'), 'true');
  // Read-only: typing changes nothing.
  await view.locator('.view-line').first().click();
  await page.keyboard.type('zzz');
  assert.ok(!(await lines.allInnerTexts()).some((l) => l.includes('zzz')), 'nothing typed into the read-only view');
  // Hover `apiVersion` (the first line): the schema's description of the field.
  const word = view.locator('.view-line').filter({ hasText: 'apiVersion:' }).locator('span span').filter({ hasText: /^apiVersion$/ });
  await word.hover();
  const hover = await until(async () => {
    const h = page.locator('.monaco-hover-content');
    return (await h.count()) > 0 && /APIVersion defines the versioned schema of this representation of an object/.test(await h.first().innerText()) ? h.first().innerText() : undefined;
  }, { message: 'hover docs for apiVersion' });
  // Under the type it belongs to (the Pod the YAML is of), and the value it may take here.
  assert.match(hover, /^Pod\n/);
  assert.match(hover, /Allowed Values:/);
  await screenshot('field-docs');
  // Live: a new label shows up in the view.
  await runInConsole(page, 'kubectl label pod hello tier=web', /pod\/hello labeled/);
  await until(async () => (await lines.allInnerTexts()).some((l) => /^\s+tier:\s+web$/.test(l.replace(/\u00a0/g, ' '))), { message: 'the new label in the Monaco view' });
  // Back to text.
  await inspector(page).getByTestId('inspector-yaml-docs').click();
  await until(async () => /^ {4}tier: web$/m.test(await page.getByTestId('inspector-yaml').innerText().catch(() => '')), { message: 'the YAML as text again' });
}

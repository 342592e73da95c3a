// The pod's story as a sequence diagram (inspector tab "sequence"), and the node card's live
// CRI rail: kubelet -> containerd arrows labelled with the method, readable at 1x.
import assert from 'node:assert/strict';
import { runInConsole, until, waitForNodes } from './helpers.mjs';

const ORDER = ['RunPodSandbox', 'ADD', 'PullImage', 'CreateContainer', 'StartContainer'];

/** `kubectl run web`, 20 s later: the sequence tab lists the CRI and CNI calls in order; then a live arrow at 1x. */
export async function criSequence({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  await runInConsole(page, 'kubectl run web --image=nginx', /pod\/web created/);
  await runInConsole(page, 'sim advance 20s', /sim advance 20s/);

  const pod = page.locator('[data-testid="cluster-map"] [data-pod="default/web"]');
  await until(async () => (await pod.getAttribute('data-status').catch(() => null)) === 'Running', { message: 'pod web Running' });
  await pod.click();
  await page.getByRole('tab', { name: 'sequence' }).click();
  const rows = page.locator('[data-testid="sequence-row"]');
  const texts = await until(
    async () => {
      const all = await rows.allInnerTexts();
      return ORDER.every((m) => all.some((t) => t.includes(m))) ? all : undefined;
    },
    { message: `sequence rows with ${ORDER.join(', ')}` }
  );
  const firsts = ORDER.map((m) => texts.findIndex((t) => new RegExp(`(?:^|\\s)${m}(?:\\s|$)`).test(t)));
  assert.deepEqual(
    [...firsts].sort((a, b) => a - b),
    firsts,
    `rows in order ${ORDER.join(' < ')}; got indexes ${firsts} in:\n${texts.join('\n')}`
  );
  // Each row carries the virtual time; returns their duration.
  assert.match(texts[firsts[0]], /\b00:00:\d\d\.\d{3}\b/);
  assert.ok(texts.some((t) => /PullImage[\s\S]*\d+ ms/.test(t)), 'the PullImage return shows its duration');
  await screenshot('sequence');

  // Live: at 1x, a new pod's CRI calls show as labelled arrows on its node's card.
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await runInConsole(page, 'kubectl run web2 --image=nginx', /pod\/web2 created/);
  const arrow = page.locator('[data-testid="cluster-map"] [data-cri-call]');
  const seen = await until(
    async () => {
      const n = await arrow.count();
      for (let i = 0; i < n; i++) {
        const text = (await arrow.nth(i).textContent())?.trim();
        if (text === 'RunPodSandbox' || text === 'PullImage') return text;
      }
      return undefined;
    },
    { timeout: 10_000, interval: 100, message: 'a CRI arrow labelled RunPodSandbox or PullImage on a node card' }
  );
  assert.ok(seen);
  await screenshot('cri-arrow');
  // The sequence tab follows the selected pod live; the map's pull bar appears for web2 or it is already pulled.
  await until(async () => (await page.locator('[data-pod="default/web2"][data-status="Running"]').count()) === 1, {
    timeout: 20_000,
    message: 'web2 Running'
  });
}

/** At 25x a burst of pods turns the arrows into a glow with call counters; reduced motion shows the last call as text. */
export async function criRailHeatAndReducedMotion({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/`);
  await waitForNodes(page);
  await page.getByRole('combobox', { name: /Speed/ }).selectOption('25');
  await runInConsole(page, 'kubectl create deployment many --image=nginx --replicas=8', /deployment\.apps\/many created/);
  const counter = page.locator('[data-testid="cluster-map"] [data-cri-count="containerd"]');
  await until(async () => (await counter.count()) > 0, { timeout: 10_000, interval: 100, message: 'a containerd call counter at 25x' });
  assert.equal(await page.locator('[data-testid="cluster-map"] [data-cri-call]').count(), 0, 'no single arrows at 25x');
  await screenshot('heat');

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.getByRole('combobox', { name: /Speed/ }).selectOption('1');
  await runInConsole(page, 'kubectl run solo --image=nginx:1.27', /pod\/solo created/);
  const last = page.locator('[data-testid="cluster-map"] [data-cri-last]');
  await until(
    async () => {
      const n = await last.count();
      for (let i = 0; i < n; i++) if (/RunPodSandbox|PullImage|ADD/.test((await last.nth(i).textContent()) ?? '') && (await last.nth(i).isVisible())) return true;
      return false;
    },
    { timeout: 10_000, interval: 100, message: 'the last CRI call as text under reduced motion' }
  );
  for (const el of await page.locator('[data-testid="cluster-map"] [data-cri-call]').all()) assert.equal(await el.isVisible(), false, 'arrows hidden under reduced motion');
  await screenshot('reduced-motion');
}

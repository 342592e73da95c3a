// Watch deliveries on the map: small dots from the kube-apiserver's slot in the band to the
// watchers (the kube-scheduler, the kube-controller-manager, the kubelet of the pod's node),
// driven by the trace's watch.* events on the virtual clock; still under reduced motion.
import assert from 'node:assert/strict';
import { runInConsole, until, waitForNodes } from './helpers.mjs';

/**
 * Watches the map in the page, frame by frame, for `ms`: every watch dot of pod `name` seen, by
 * receiver, with where it was first and last seen and whether it was ever visible.
 */
function recordDots(page, name, ms) {
  return page.evaluate(
    ({ name, ms }) =>
      new Promise((resolve) => {
        /** `event|to` -> { to, first, last, visible } */
        const seen = {};
        const end = performance.now() + ms;
        const tick = () => {
          for (const el of document.querySelectorAll(`[data-testid="cluster-map"] [data-watch-name="${name}"]`)) {
            const id = `${el.getAttribute('data-watch-event')}|${el.getAttribute('data-watch-to')}`;
            const at = [Number(el.getAttribute('cx')), Number(el.getAttribute('cy'))];
            const s = (seen[id] ??= { to: el.getAttribute('data-watch-to'), first: at, last: at, visible: false });
            s.last = at;
            // Shown: it has a box (a display: none ancestor leaves it none).
            const box = el.getBoundingClientRect();
            s.visible ||= box.width > 0 && box.height > 0;
          }
          if (performance.now() > end) resolve(Object.values(seen));
          else requestAnimationFrame(tick);
        };
        tick();
      }),
    { name, ms }
  );
}

/** At 1x, `kubectl run web`: dots head to the kube-scheduler and to web's node; under reduced motion none shows, the band says the last delivery. */
export async function watchDeliveryDots({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/`);
  await waitForNodes(page);
  await page.getByRole('combobox', { name: /Speed/ }).selectOption('1');
  assert.equal(await page.getByRole('button', { name: 'Pause', exact: true }).count(), 1, 'the clock runs (Play on)');

  const recording = recordDots(page, 'web', 8000);
  await runInConsole(page, 'kubectl run web --image=nginx', /pod\/web created/);
  // A screenshot while the dots fly (the first deliveries come with the creation and the binding).
  await until(async () => (await page.locator('[data-testid="cluster-map"] [data-watch-name="web"]').count()) > 0, { timeout: 10_000, interval: 50, message: 'a watch dot for web' });
  await screenshot('dots');
  const dots = await recording;
  const node = await page.locator('[data-testid="cluster-map"] [data-pod="default/web"]').getAttribute('data-on-node');
  assert.match(node ?? '', /^worker-\d$/, 'web is bound to a worker');
  const to = (receiver) => dots.filter((d) => d.to === receiver);
  assert.ok(to('kube-scheduler').length > 0, `a dot to the kube-scheduler; saw ${JSON.stringify(dots.map((d) => d.to))}`);
  assert.ok(to(node).length > 0, `a dot to web's node ${node}; saw ${JSON.stringify(dots.map((d) => d.to))}`);
  const other = node === 'worker-1' ? 'worker-2' : 'worker-1';
  assert.equal(to(other).length, 0, `no dot of web to ${other}, the node it is not on`);
  for (const receiver of ['kube-scheduler', node]) {
    assert.ok(
      to(receiver).some((d) => d.visible && (d.first[0] !== d.last[0] || d.first[1] !== d.last[1])),
      `a visible dot to ${receiver} that moves: ${JSON.stringify(to(receiver))}`
    );
  }

  await page.emulateMedia({ reducedMotion: 'reduce' });
  const still = recordDots(page, 'web2', 6000);
  await runInConsole(page, 'kubectl run web2 --image=nginx', /pod\/web2 created/);
  const last = page.locator('[data-testid="cluster-map"] [data-watch-last]');
  await until(async () => (await last.count()) > 0 && (await last.first().isVisible()), { timeout: 10_000, interval: 100, message: 'the last watch delivery as text under reduced motion' });
  const reduced = await still;
  assert.ok(reduced.length > 0, 'the dots are still made (hidden) under reduced motion');
  assert.equal(reduced.filter((d) => d.visible).length, 0, `no dot shows under reduced motion: ${JSON.stringify(reduced)}`);
  await screenshot('reduced-motion');
}

/** At 25x the API server shows its rate (a glow and a counter), no dots. */
export async function watchRateAtHighSpeed({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/`);
  await waitForNodes(page);
  await page.getByRole('combobox', { name: /Speed/ }).selectOption('25');
  await runInConsole(page, 'kubectl create deployment many --image=nginx --replicas=6', /deployment\.apps\/many created/);
  const rate = page.locator('[data-testid="cluster-map"] [data-watch-rate]');
  await until(async () => (await rate.count()) > 0, { timeout: 10_000, interval: 100, message: 'a watch rate on the kube-apiserver at 25x' });
  assert.ok(Number(await rate.first().getAttribute('data-watch-rate')) > 0);
  assert.equal(await page.locator('[data-testid="cluster-map"] [data-watch-to]').count(), 0, 'no single dots at 25x');
  await screenshot('rate');
}

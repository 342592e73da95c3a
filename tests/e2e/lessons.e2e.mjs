// Lessons: open one from the home page, run its steps in the console, see its checks pass, reload
// and find the progress kept, reset to a fresh cluster. At desktop and phone sizes.
import assert from 'node:assert/strict';
import { runInConsole, until, waitForNodes } from './helpers.mjs';

const LESSON = 'who-places-a-pod';

async function verdicts(page) {
  return page.getByTestId('lesson-verdict').allInnerTexts();
}

async function runAllSteps(page) {
  const steps = page.getByTestId('lesson-step');
  const n = await steps.count();
  for (let i = 0; i < n; i++) {
    const run = steps.nth(i).getByRole('button', { name: /^Run/ });
    await run.click();
    await until(async () => (await run.innerText()) === 'Run again', { timeout: 30_000, message: `step ${i + 1} to finish` });
  }
  return n;
}

async function checkAll(page) {
  await page.getByTestId('lesson-check').click();
  await until(async () => (await page.getByTestId('lesson-check').innerText()) === 'Check', { timeout: 60_000, message: 'the checks to finish' });
  return verdicts(page);
}

/** From the invitation's "Open a lesson" to a passed lesson; reload keeps it; Reset starts over. */
export async function openRunCheckReloadReset({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/`);
  await waitForNodes(page);
  await page.getByTestId('invitation').getByRole('button', { name: /Open a lesson/ }).click();
  const menu = page.getByTestId('lesson-menu');
  await menu.waitFor();
  assert.equal(await menu.getByRole('menuitem').count(), 14, 'the playground and thirteen lessons');
  await screenshot('menu');
  await menu.locator(`[data-lesson="${LESSON}"]`).click();

  const player = page.getByTestId('lesson-player');
  await player.waitFor();
  assert.match(page.url(), /\?lesson=who-places-a-pod$/);
  assert.equal(await player.getByRole('heading', { level: 2 }).innerText(), 'Who places a pod');
  assert.equal(await page.getByTestId('lesson-picker').innerText(), 'Who places a pod\n▾');
  await waitForNodes(page);
  assert.equal(await page.getByTestId('lesson-progress').innerText(), '0/4 steps run · not checked yet');

  // The narrative is text: its `code` spans are code elements, nothing is HTML from the file.
  assert.ok((await player.locator('code').count()) > 5);

  const n = await runAllSteps(page);
  assert.equal(n, 4);
  // The steps ran in the console, where the learner sees them.
  const out = await page.getByTestId('console-output').innerText();
  assert.match(out, /pod\/web created/);
  assert.match(out, /pinned\s+0\/1\s+OutOfcpu\s+0\s+/);

  const passed = await checkAll(page);
  assert.deepEqual(
    passed.map((t) => t.split('\n')[0]),
    ['✓', '✓', '✓', '✓'],
    `every check passes: ${JSON.stringify(passed)}`
  );
  assert.match(passed[2], /PASS/);
  assert.match(passed[2], /pinned was refused by the kubelet of worker-2 \(OutOfcpu\)/);
  assert.equal(await page.getByTestId('lesson-progress').innerText(), '4/4 steps run · 4/4 checks passed');
  await player.getByRole('button', { name: /Show a hint/ }).click();
  assert.match(await player.getByRole('region', { name: 'Hints' }).innerText(), /The scheduler only picks up pods whose spec\.nodeName is empty/);
  await player.getByText('Lesson complete.').waitFor();
  await screenshot('passed');

  // Reload: same lesson, same progress (localStorage), a new cluster.
  await page.reload();
  await player.waitFor();
  await waitForNodes(page);
  assert.equal(await page.getByTestId('lesson-progress').innerText(), '4/4 steps run · 4/4 checks passed');
  assert.match((await verdicts(page)).join('\n'), /PASS/);
  assert.match(await player.getByRole('region', { name: 'Hints' }).innerText(), /spec\.nodeName is empty/);
  // The lesson menu shows it done.
  await page.getByTestId('lesson-picker').click();
  assert.match(await page.getByTestId('lesson-menu').locator(`[data-lesson="${LESSON}"]`).innerText(), /✓ done/);
  await page.keyboard.press('Escape');

  // Reset: progress forgotten, the lesson's cluster booted again (no pods), and the checks now fail.
  await player.getByRole('button', { name: 'Reset' }).click();
  await until(async () => (await page.getByTestId('lesson-progress').innerText()) === '0/4 steps run · not checked yet', { message: 'progress to reset' });
  await waitForNodes(page);
  await runInConsole(page, 'kubectl get pods', /No resources found in default namespace\./);
  const failed = await checkAll(page);
  assert.match(failed[0], /^✗\nFAIL/);
  assert.match(failed[0], /expected\n"default-scheduler"\nsaw\n/);
  assert.match(failed[0], /hint\nCreate the pod web without a nodeName/);
  await screenshot('reset-failed');
}

/** A phone: the lesson sits above the map and folds away. */
export async function phone({ page, baseURL, screenshot }) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${baseURL}/?lesson=probes`);
  const player = page.getByTestId('lesson-player');
  await player.waitFor();
  await page.locator('[data-testid="cluster-map"] [data-node="worker-1"]').waitFor({ state: 'attached', timeout: 30_000 });
  await page.getByTestId('lesson-step').first().getByRole('button', { name: 'Run' }).click();
  await until(async () => /pod\/liveness-exec created/.test(await page.getByTestId('console-output').innerText()), { message: 'the first step to run' });
  await screenshot('phone');
  // The top bar keeps the clock readable: the lesson selector is an icon that does not cover it.
  const [picker, clock] = await Promise.all([page.getByTestId('lesson-picker').boundingBox(), page.getByTestId('clock').boundingBox()]);
  assert.ok(picker && clock && picker.x + picker.width <= clock.x, `selector ${JSON.stringify(picker)} left of the clock ${JSON.stringify(clock)}`);
  assert.ok(await page.getByTestId('clock').isVisible());
  const box = await player.boundingBox();
  assert.ok(box && box.width <= 390 && box.height <= 844 * 0.5, `the player fits above the map: ${JSON.stringify(box)}`);
  await player.getByRole('button', { name: 'Hide the lesson' }).click();
  assert.equal(await player.locator('.body').isVisible(), false);
  await screenshot('phone-folded');
  await page.getByTestId('lesson-picker').click();
  const menu = page.getByTestId('lesson-menu');
  await menu.waitFor();
  const menuBox = await menu.boundingBox();
  assert.ok(menuBox && menuBox.x >= 0 && menuBox.x + menuBox.width <= 390, `the menu fits the screen: ${JSON.stringify(menuBox)}`);
  await screenshot('phone-menu');
}

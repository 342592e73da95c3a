// Shared steps for the e2e tests: they drive the page the way a learner would.
import assert from 'node:assert/strict';

export const NODES = ['control-plane', 'worker-1', 'worker-2'];

/** Polls `fn` until it returns a truthy value; fails with `message` (and the last value) after `timeout` ms. */
export async function until(fn, { timeout = 20_000, interval = 200, message = 'condition' } = {}) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    last = await fn();
    if (last) return last;
    // `message` may be a function: what it says is made when the wait fails (it can tell what was last seen).
    if (Date.now() > deadline) assert.fail(`timed out after ${timeout} ms waiting for ${typeof message === 'function' ? message() : message}; last value: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, interval));
  }
}

/** `00:04:35` -> ms. */
export function parseClock(text) {
  const m = /^(\d{2,}):(\d{2}):(\d{2})$/.exec(text.trim());
  assert.ok(m, `clock text ${JSON.stringify(text)} is not HH:MM:SS`);
  return ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000;
}

export async function clockMs(page) {
  return parseClock(await page.getByTestId('clock').textContent());
}

/** Waits until every node of the default cluster is drawn on the map. */
export async function waitForNodes(page, timeout = 30_000) {
  for (const name of NODES) {
    await page.locator(`[data-testid="cluster-map"] [data-node="${name}"]`).waitFor({ state: 'attached', timeout });
  }
}

/** Types a line in the console, presses Enter and returns the console's text once `expect` matches it. */
export async function runInConsole(page, line, expect, timeout = 20_000) {
  await page.getByRole('tab', { name: 'Console' }).click();
  const input = page.getByTestId('console-input');
  await input.click();
  await input.fill(line);
  await input.press('Enter');
  const output = page.getByTestId('console-output');
  return until(
    async () => {
      const text = await output.innerText();
      return expect.test(text) ? text : undefined;
    },
    { timeout, message: `console output of \`${line}\` to match ${expect}` }
  );
}

export const GET_NODES_HEADER = /^NAME\s+STATUS\s+ROLES\s+AGE\s+VERSION\s*$/m;

/** `sim advance Ns` in the console, then waits until the page's clock shows it. */
export async function advance(page, seconds) {
  const before = await clockMs(page);
  await runInConsole(page, `sim advance ${seconds}s`, /\$/);
  await until(async () => (await clockMs(page)) >= before + seconds * 1000, { message: `the clock past +${seconds}s` });
}

/** A screenshot in each theme (`NAME-light`, `NAME-dark`), through the top bar's toggle; `settleMs` for a canvas that redraws on the next frame. */
export async function bothThemes(page, screenshot, name, settleMs = 0) {
  for (const theme of ['light', 'dark']) {
    const current = await page.evaluate(() => document.documentElement.dataset.theme ?? 'light');
    if (current !== theme) await page.getByRole('button', { name: `Switch to ${theme} theme` }).click();
    if (settleMs > 0) await page.waitForTimeout(settleMs);
    await screenshot(`${name}-${theme}`);
  }
}

// Worker mode in Chromium (every component in its own Web Worker) against in-process mode (the
// Node CLI): the same seed and commands must give the same trace.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { runInConsole, until, waitForNodes } from './helpers.mjs';

const SCRIPT = [
  'kubectl create namespace shop',
  'kubectl run web -n shop --image=nginx:1.27',
  'sim advance 30s',
  'sim node poweroff worker-2',
  'sim advance 30s',
  // The page mirrors objects through its own watches; the components' work is what must match.
  'sim trace -o json --component kubelet',
  'sim trace -o json --kind api.create'
];

/** Trace lines without seq (the page's own watches shift sequence numbers, not what happens). */
function traceLines(text) {
  return text
    .split('\n')
    .filter((l) => l.startsWith('{"t":'))
    .map((l) => {
      const { seq: _seq, ...rest } = JSON.parse(l);
      return JSON.stringify(rest);
    });
}

/** The page's Web Workers by script (`cluster` for cluster.worker-HASH.js), sorted. */
function workerScripts(page) {
  return page
    .workers()
    .map((w) => w.url().split('/').pop().replace(/\.worker-.*$/, ''))
    .sort();
}

/**
 * On a machine of two cores the components share the cluster worker (a message round trip per
 * conductor round costs more than the cores can win back); with more, each has its own.
 */
export async function componentsShareAWorkerOnTwoCores({ page, baseURL }) {
  for (const [cores, want] of [
    [2, ['cluster']],
    [8, ['apiserver', 'cluster', 'controller-manager', 'kubelet', 'scheduler']]
  ]) {
    await page.addInitScript((n) => Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n, configurable: true }), cores);
    await page.goto(`${baseURL}/?autoplay=0`);
    await waitForNodes(page);
    assert.deepEqual(workerScripts(page), want, `${cores} cores`);
    // The cluster answers either way.
    await runInConsole(page, 'kubectl get nodes --no-headers', /^worker-2\s+Ready/m);
  }
}

export async function workerModeMatchesInProcess({ page, baseURL }) {
  const cli = spawnSync(process.execPath, ['bin/kubarium.js', '--seed', '3'], { input: SCRIPT.join('\n') + '\n', encoding: 'utf8' });
  assert.equal(cli.status, 0, cli.stderr);
  const expected = traceLines(cli.stdout);
  assert.ok(expected.length > 40, `the CLI traced ${expected.length} events`);
  assert.ok(expected.some((l) => l.includes('"kind":"kubelet.stop"') && l.includes('"node":"worker-2"')));

  // A worker per component, whatever the machine's cores (threads.ts).
  await page.goto(`${baseURL}/?seed=3&autoplay=0&threads=many`);
  await waitForNodes(page);
  assert.deepEqual(workerScripts(page), ['apiserver', 'cluster', 'controller-manager', 'kubelet', 'scheduler']);
  const output = page.getByTestId('console-output');
  for (const [i, line] of SCRIPT.entries()) {
    await runInConsole(page, line, /[\s\S]/);
    // A marker after each command: the next starts only once the previous has printed.
    await runInConsole(page, 'sim seed', /[\s\S]/);
    await until(async () => ((await output.innerText()).match(/\$ sim seed\n3(\n|$)/g) ?? []).length === i + 1, { timeout: 30_000, message: `\`${line}\` to finish` });
  }
  const text = await output.innerText();
  const actual = traceLines(text);
  assert.equal(actual.length, expected.length, 'as many trace events in the browser as in the CLI');
  assert.deepEqual(actual, expected);
}

// `npm run bench -- --embed` (or `node tests/bench/embed.mjs`): /embed's first-load JS (gzip) and
// the time from navigation to the first animation frame in which the cluster is animating (every
// node drawn and the clock running, with ?autoplay=1), at 1x and 4x CPU throttling
// (CDP Emulation.setCPUThrottlingRate) in headless Chromium; directly, and inside
// <iframe sandbox="allow-scripts"> (whose opaque origin starts the cluster worker from a data: URL
// that imports the script: early-worker.ts). Needs a build. Each run launches a fresh browser with
// an empty cache and lets Chromium's own start-up settle (BROWSER_SETTLE_MS) before navigating.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { until } from '../e2e/helpers.mjs';
import { firstLoadBytes } from './embed-bytes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const PORT = Number(process.env.BENCH_PORT || 4176);
const RUNS = Number(process.env.BENCH_EMBED_RUNS ?? 3);
// CDP's CPU throttling slows one renderer's main thread only: not its Web Workers (the cluster
// worker runs at full speed in the direct case), and not a sandboxed iframe, which Chromium puts in
// a process of its own (IsolateSandboxedIframes): kept in the page's process here, so the in-page
// cluster of the sandboxed case is throttled too.
const BROWSER_SETTLE_MS = 1500;
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-features=IsolateSandboxedIframes'];

function report(name, value, goal) {
  console.log(`${name.padEnd(58)} ${String(value).padStart(14)}${goal ? `   (goal ${goal})` : ''}`);
}

// In every frame: the first animation frame with worker-2 on the map and the clock moving.
const PROBE = () => {
  const loop = () => {
    // The clock runs (its button offers Pause) and every node is drawn: from here each frame moves.
    if (document.querySelector('[data-node="worker-2"]') && document.querySelector('[data-testid="embed"] button[aria-label="Pause"]')) window.__firstAnimated = performance.now();
    else requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
};

async function firstAnimatedMs(baseURL, rate, sandboxed) {
  const profile = await mkdtemp(join(tmpdir(), 'kubarium-bench-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath, headless: true, args: ARGS, viewport: { width: 1280, height: 800 } });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    // Chromium's own start-up (its omnibox WebUI pages load in the first second) is not the page's:
    // let it finish before the clock starts, as a reader's browser is already running.
    await page.waitForTimeout(BROWSER_SETTLE_MS);
    await context.addInitScript(PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const embed = `${baseURL}/embed?autoplay=1`;
    if (sandboxed) {
      const host = `${baseURL}/__bench-host.html`;
      await page.route(host, (r) => r.fulfill({ contentType: 'text/html', body: `<iframe sandbox="allow-scripts" src="${embed}" style="width:100%;height:600px;border:0"></iframe>` }));
      await page.goto(host);
    } else await page.goto(embed);
    const frame = sandboxed ? page.frames()[1] : page.mainFrame();
    const t = await until(() => (sandboxed ? page.frames()[1] : frame).evaluate(() => window.__firstAnimated), { timeout: 120_000, interval: 100, message: 'the embed animating' });
    return t;
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

async function main() {
  const bytes = firstLoadBytes(join(root, 'build'));
  report('/embed first-load JS, gzip (kB)', (bytes.gzip / 1024).toFixed(1), '<= 100, aim 60');
  const baseURL = `http://127.0.0.1:${PORT}`;
  const server = spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'], { cwd: root, detached: true, stdio: 'ignore' });
  try {
    await until(() => fetch(`${baseURL}/`).then((r) => r.ok, () => false), { timeout: 60_000, interval: 250, message: 'vite preview' });
    for (const sandboxed of [false, true]) {
      for (const rate of [1, 4]) {
        const times = [];
        for (let i = 0; i < RUNS; i++) times.push(await firstAnimatedMs(baseURL, rate, sandboxed));
        times.sort((a, b) => a - b);
        report(`/embed${sandboxed ? ' (sandboxed iframe)' : ''} at ${rate}x CPU: first animated frame, median ms`, Math.round(times[Math.floor(times.length / 2)]), rate === 4 ? '<= 1000' : undefined);
        report(`  each of the ${RUNS} runs, ms`, times.map(Math.round).join(' '));
      }
    }
  } finally {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // gone
    }
  }
}

await main();

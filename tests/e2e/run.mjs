// End-to-end tests in headless Chromium, against the production build.
//
//   npx vite build && npm run test:e2e [-- FILTER]
//
// Serves the build with `vite preview`, then runs every exported async function of each
// tests/e2e/*.e2e.mjs file in a fresh browser profile (service worker, storage and cache start
// empty each time). A test gets { page, context, baseURL, screenshot(name) }; screenshots go to
// test-results/. Prints one line per test, then `N passed, N failed`; exits non-zero on failure.
// Never downloads a browser: it uses Debian's chromium (or CHROMIUM_PATH).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('../../', import.meta.url));
const here = fileURLToPath(new URL('.', import.meta.url));
const resultsDir = join(root, 'test-results');
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const PORT = Number(process.env.E2E_PORT || 4173);
const TEST_TIMEOUT_MS = Number(process.env.E2E_TIMEOUT_MS || 90_000);
const filter = process.argv[2];

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync'
];

function startPreview() {
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  // Its own process group, so stopping it also stops anything it started.
  const child = spawn(process.execPath, [vite, 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe']
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  return { child, log: () => log };
}

async function waitForServer(url, server, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`vite preview exited:\n${server.log()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`vite preview did not answer at ${url} within ${timeoutMs} ms:\n${server.log()}`);
}

function stopPreview(server) {
  if (server.child.exitCode !== null) return;
  try {
    process.kill(-server.child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function collectTests() {
  const files = (await readdir(here)).filter((f) => f.endsWith('.e2e.mjs')).sort();
  const tests = [];
  for (const file of files) {
    const mod = await import(pathToFileURL(join(here, file)).href);
    for (const [name, fn] of Object.entries(mod)) {
      if (typeof fn !== 'function') continue;
      const id = `${file.replace(/\.e2e\.mjs$/, '')} › ${name}`;
      if (filter && !id.includes(filter)) continue;
      tests.push({ id, file, name, fn });
    }
  }
  return tests;
}

async function runTest(test, baseURL) {
  const profile = await mkdtemp(join(tmpdir(), 'kubarium-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 }
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const problems = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console.error: ${msg.text()}`);
  });
  const slug = `${test.file.replace(/\.e2e\.mjs$/, '')}-${test.name}`;
  const screenshot = (name) => page.screenshot({ path: join(resultsDir, `${slug}-${name}.png`) });
  const started = Date.now();
  try {
    await withTimeout(test.fn({ page, context, baseURL, screenshot }), TEST_TIMEOUT_MS, test.id);
    return { ok: true, ms: Date.now() - started };
  } catch (err) {
    await page.screenshot({ path: join(resultsDir, `${slug}-FAILED.png`) }).catch(() => {});
    return { ok: false, ms: Date.now() - started, error: err, problems };
  } finally {
    await context.close().catch(() => {});
    await rm(profile, { recursive: true, force: true });
  }
}

async function main() {
  if (!existsSync(executablePath)) {
    console.error(`No Chromium at ${executablePath}: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH.`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  if (!existsSync(join(root, 'build/index.html'))) {
    console.error('No build/index.html: run `npx vite build` first.');
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  await mkdir(resultsDir, { recursive: true });
  const tests = await collectTests();

  const external = process.env.E2E_BASE_URL;
  const baseURL = external || `http://127.0.0.1:${PORT}`;
  if (!external && (await fetch(`${baseURL}/`).then(() => true, () => false))) {
    console.error(`Something already answers at ${baseURL}: stop it, or set E2E_BASE_URL to test it.`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  const server = external ? undefined : startPreview();
  let passed = 0;
  let failed = 0;
  try {
    if (server) await waitForServer(`${baseURL}/`, server);
    for (const test of tests) {
      const result = await runTest(test, baseURL);
      const secs = (result.ms / 1000).toFixed(1);
      if (result.ok) {
        passed++;
        console.log(`ok   ${test.id} (${secs}s)`);
      } else {
        failed++;
        console.log(`FAIL ${test.id} (${secs}s): ${result.error?.message ?? result.error}`);
        for (const p of result.problems.slice(0, 8)) console.log(`     ${p}`);
      }
    }
  } finally {
    if (server) stopPreview(server);
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 || tests.length === 0 ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  console.log('0 passed, 1 failed');
  process.exit(1);
});

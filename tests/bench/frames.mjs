// `npm run bench -- --frames` (or `node tests/bench/frames.mjs`): the page's frame times in headless
// Chromium while the map animates N worker nodes x 10 pods at 10x speed: p50 / p95 / max frame time
// from requestAnimationFrame, frames per second, and main-thread long tasks (PerformanceObserver).
// Needs a build (`npx vite build`) and /usr/bin/chromium (or $CHROMIUM_PATH).
// BENCH_FRAME_NODES=10,100,1000 picks the sizes; BENCH_FRAME_SECONDS the measured wall time;
// BENCH_FRAME_QUERY adds to the page's query (`dense=0`: SVG pod shapes even past 300 pods);
// BENCH_FRAME_PROFILE=FILE writes a main-thread CPU profile per size, BENCH_FRAME_TRACE=1 prints the
// main thread's time by kind of work (script, style, layout, paint) from a Chrome trace, and the long
// tasks' wall time beside their thread time (on a loaded machine most of a long task can be waiting).
// Before each size the same browser measures a blank page for BENCH_FRAME_FLOOR_SECONDS (5; 0: none):
// the floor. Headless Chromium's frame times jitter around 16.7 ms, so even a page that does nothing
// but requestAnimationFrame reads p95 16.8 ms; "at the floor" is what the page can do best.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { runInConsole, until } from '../e2e/helpers.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const PORT = Number(process.env.BENCH_PORT || 4175);
const SIZES = (process.env.BENCH_FRAME_NODES ?? '10,100,1000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_FRAME_SECONDS ?? 10);
const FLOOR_SECONDS = Number(process.env.BENCH_FRAME_FLOOR_SECONDS ?? 5);
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function report(name, value, goal) {
  console.log(`${name.padEnd(58)} ${String(value).padStart(14)}${goal ? `   (goal ${goal})` : ''}`);
}

async function measure(browserPath, baseURL, workers) {
  const profile = await mkdtemp(join(tmpdir(), 'kubarium-bench-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: browserPath, headless: true, args: ARGS, viewport: { width: 1280, height: 800 } });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    // The floor: the same harness on a blank page of this browser, just before the cluster's.
    const floor = FLOOR_SECONDS > 0 ? summary((await page.evaluate(rafFrames, FLOOR_SECONDS)).frames, FLOOR_SECONDS) : undefined;
    const started = Date.now();
    // BENCH_FRAME_QUERY=dense=0 measures the same cluster with pods as SVG shapes (dense mode off).
    await page.goto(`${baseURL}/?workers=${workers}&autoplay=0${process.env.BENCH_FRAME_QUERY ? `&${process.env.BENCH_FRAME_QUERY}` : ''}`);
    const nodes = page.locator('[data-testid="cluster-map"] [data-node]');
    await until(async () => (await nodes.count()) >= workers + 1, { timeout: 20 * 60_000, interval: 250, message: `${workers + 1} nodes on the map` });
    report(`${workers} nodes: wall s until every node is on the map`, ((Date.now() - started) / 1000).toFixed(1));
    const replicas = workers * 10;
    await runInConsole(page, `kubectl create deployment bench --image=nginx --replicas=${replicas}`, /deployment\.apps\/bench created/);
    await page.getByRole('combobox', { name: /Speed/ }).selectOption('10');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    // Pods placed on the map (SVG shapes, drawn only on screen, or dense mode's dots on the canvas).
    const benchPods = () => page.evaluate(() => ({ dense: !!document.querySelector('[data-testid="dense-canvas"]'), placed: Number(document.querySelector('.map')?.getAttribute('data-pod-count') ?? 0) }));
    // The default cluster's own pods: a kube-proxy per node and the control plane's four static pods.
    const system = workers + 1 + 4;
    const t0 = Date.now();
    await until(async () => (await benchPods()).placed - system >= replicas, { timeout: 20 * 60_000, interval: 250, message: `${replicas} bench pods on the map` }).catch(() => undefined);
    const placed = await benchPods();
    report(`  pods on the map / wanted (after ${((Date.now() - t0) / 1000).toFixed(0)} s wall)${placed.dense ? ', dense (canvas)' : ''}`, `${placed.placed - system}/${replicas}`);
    // Measure while pods start and run (CRI arrows, pulls, probe-free steady state).
    // BENCH_FRAME_PROFILE=FILE also records a main-thread CPU profile of the measured stretch.
    const cdp = process.env.BENCH_FRAME_PROFILE ? await context.newCDPSession(page) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    // BENCH_FRAME_TRACE=1 also sums the renderer's main-thread work by kind (script, style, layout,
    // paint...) from a Chrome trace: what a CPU profile files under "(program)".
    const tracer = process.env.BENCH_FRAME_TRACE ? await context.newCDPSession(page) : undefined;
    const traceEvents = [];
    if (tracer) {
      tracer.on('Tracing.dataCollected', (e) => traceEvents.push(...e.value));
      await tracer.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] } });
    }
    const result = await page.evaluate(rafFrames, SECONDS);
    if (tracer) {
      const done = new Promise((resolve) => tracer.once('Tracing.tracingComplete', resolve));
      await tracer.send('Tracing.end');
      await done;
      report('  main thread ms by kind (trace)', '');
      for (const [name, ms] of mainThreadWork(traceEvents).slice(0, 14)) report(`    ${name}`, ms.toFixed(0));
      // A long task's wall time counts the turns other threads had (the cluster's own workers, other
      // processes); its thread time is what the page itself did in it.
      const long = longTasks(traceEvents);
      report('  long tasks (trace): count / wall ms / main-thread CPU ms', `${long.count} / ${long.wall.toFixed(0)} / ${long.cpu.toFixed(0)}`);
    }
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop');
      (await import('node:fs')).writeFileSync(`${process.env.BENCH_FRAME_PROFILE}.${workers}.cpuprofile`, JSON.stringify(profile));
    }
    const frames = summary(result.frames, SECONDS);
    report(`  frame time p50 / p95 / max (ms)`, frames.text, workers >= 1000 ? 'p95 <= 16.7 at 10,000 pods' : 'p95 <= 16.7');
    if (floor) report(`  floor: a blank page's p50 / p95 / max (ms), fps`, `${floor.text}, ${floor.fps}`);
    report(`  frames per second`, frames.fps);
    report(`  main-thread long tasks: count / total ms`, `${result.long.length} / ${result.long.reduce((a, b) => a + b, 0).toFixed(0)}`);
    report(`  virtual clock during the measurement`, `${result.clockStart} -> ${result.clockEnd}`);
  } finally {
    await context.close().catch(() => {});
    await rm(profile, { recursive: true, force: true });
  }
}

/**
 * Runs in the page: frame times from requestAnimationFrame for `seconds`, the main thread's long
 * tasks meanwhile, and the map's clock at both ends.
 */
async function rafFrames(seconds) {
  const frames = [];
  const long = [];
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) long.push(e.duration);
  });
  obs.observe({ type: 'longtask', buffered: false });
  const clockStart = document.querySelector('[data-testid="clock"]')?.textContent ?? '';
  await new Promise((resolve) => {
    let last = performance.now();
    const end = last + seconds * 1000;
    const tick = (t) => {
      frames.push(t - last);
      last = t;
      if (t < end) requestAnimationFrame(tick);
      else resolve(undefined);
    };
    requestAnimationFrame(tick);
  });
  obs.disconnect();
  const clockEnd = document.querySelector('[data-testid="clock"]')?.textContent ?? '';
  return { frames, long, clockStart, clockEnd };
}

/** p50 / p95 / max frame time (the first frame left out: it waited for the measurement to start) and frames per second. */
function summary(frameTimes, seconds) {
  const sorted = frameTimes.slice(1).sort((a, b) => a - b);
  const q = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  return { text: `${q(0.5).toFixed(1)} / ${q(0.95).toFixed(1)} / ${sorted[sorted.length - 1].toFixed(0)}`, fps: (sorted.length / seconds).toFixed(1) };
}

/** The renderer main thread's tasks over 50 ms: how many, their wall time and their thread (CPU) time. */
function longTasks(events) {
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tasks = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.dur > 50_000);
  return { count: tasks.length, wall: tasks.reduce((a, e) => a + e.dur, 0) / 1000, cpu: tasks.reduce((a, e) => a + (e.tdur ?? 0), 0) / 1000 };
}

/** Milliseconds of the renderer main thread's work per kind of trace event (complete events, top level of each kind). */
function mainThreadWork(events) {
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const kinds = new Map();
  for (const e of events) {
    if (!main || e.pid !== main.pid || e.tid !== main.tid || e.ph !== 'X' || !e.dur) continue;
    if (e.name.includes('RunTask') || e.name.includes('::') || e.name === 'ProfileChunk') continue;
    kinds.set(e.name, (kinds.get(e.name) ?? 0) + e.dur / 1000);
  }
  return [...kinds].sort((a, b) => b[1] - a[1]);
}

async function main() {
  if (!existsSync(executablePath)) throw new Error(`no Chromium at ${executablePath}`);
  if (!existsSync(join(root, 'build/index.html'))) throw new Error('no build: run `npx vite build` first');
  const server = spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'], { cwd: root, detached: true, stdio: 'ignore' });
  const baseURL = `http://127.0.0.1:${PORT}`;
  try {
    await until(() => fetch(`${baseURL}/`).then((r) => r.ok, () => false), { timeout: 60_000, interval: 250, message: 'vite preview' });
    console.log(`kubarium frame bench — ${SECONDS} s per size at 10x, 1280x800`);
    for (const n of SIZES) {
      try {
        await measure(executablePath, baseURL, n);
      } catch (e) {
        report(`${n} nodes: not measured`, e.message.slice(0, 60));
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

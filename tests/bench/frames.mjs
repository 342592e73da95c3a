// `npm run bench -- --frames` (or `node tests/bench/frames.mjs`): the page's frame times in headless
// Chromium while the map animates N worker nodes x 10 pods at 10x speed: p50 / p95 / max frame time
// from requestAnimationFrame, frames per second, and main-thread long tasks (PerformanceObserver).
// Two windows per size: "starting", right after the pods are placed on the map (CRI calls, pulls,
// status changes), and "steady", once the Deployment reports every pod ready (asked through the
// page's console every BENCH_FRAME_READY_POLL_SECONDS, 2, for up to BENCH_FRAME_READY_MINUTES, 20;
// a timeout is printed and the window still measured) and BENCH_FRAME_SETTLE_SECONDS (5) more have
// let the clock catch up. Nothing polls the page during a window. Each window prints the speed the
// virtual clock really ran at (virtual seconds per wall second, against the 10x selected): a busy
// cluster falls behind, and its map then moves slower than 10x.
// Needs a build (`npx vite build`) and /usr/bin/chromium (or $CHROMIUM_PATH).
// BENCH_FRAME_NODES=10,100,1000 picks the sizes; BENCH_FRAME_SECONDS the measured wall time of a window;
// BENCH_FRAME_QUERY adds to the page's query (`dense=0`: SVG pod shapes even past 300 pods);
// BENCH_FRAME_PROFILE=FILE writes a main-thread CPU profile per size and window
// (FILE.<nodes>.starting.cpuprofile, FILE.<nodes>.steady.cpuprofile), BENCH_FRAME_TRACE=1 prints the
// main thread's time by kind of work (script, style, layout, paint) from a Chrome trace, and the long
// tasks' wall time beside their thread time (on a loaded machine most of a long task can be waiting).
// Before each size the same browser measures a blank page for BENCH_FRAME_FLOOR_SECONDS (5; 0: none):
// the floor. Headless Chromium's frame times jitter around 16.7 ms, so even a page that does nothing
// but requestAnimationFrame reads p95 16.8 ms; "at the floor" is what the page can do best.
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { parseClock, runInConsole, until } from '../e2e/helpers.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const PORT = Number(process.env.BENCH_PORT || 4175);
const SIZES = (process.env.BENCH_FRAME_NODES ?? '10,100,1000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_FRAME_SECONDS ?? 10);
const FLOOR_SECONDS = Number(process.env.BENCH_FRAME_FLOOR_SECONDS ?? 5);
const READY_MINUTES = Number(process.env.BENCH_FRAME_READY_MINUTES ?? 20);
const READY_POLL_SECONDS = Number(process.env.BENCH_FRAME_READY_POLL_SECONDS ?? 2);
const SETTLE_SECONDS = Number(process.env.BENCH_FRAME_SETTLE_SECONDS ?? 5);
/** The speed the bench selects. */
const SPEED = 10;
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
    await page.getByRole('combobox', { name: /Speed/ }).selectOption(String(SPEED));
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    // Pods placed on the map (SVG shapes, drawn only on screen, or dense mode's dots on the canvas).
    const benchPods = () => page.evaluate(() => ({ dense: !!document.querySelector('[data-testid="dense-canvas"]'), placed: Number(document.querySelector('.map')?.getAttribute('data-pod-count') ?? 0) }));
    // The default cluster's own pods: a kube-proxy per node and the control plane's four static pods.
    const system = workers + 1 + 4;
    const t0 = Date.now();
    await until(async () => (await benchPods()).placed - system >= replicas, { timeout: 20 * 60_000, interval: 250, message: `${replicas} bench pods on the map` }).catch(() => undefined);
    const placed = await benchPods();
    report(`  pods on the map / wanted (after ${((Date.now() - t0) / 1000).toFixed(0)} s wall)${placed.dense ? ', dense (canvas)' : ''}`, `${placed.placed - system}/${replicas}`);
    // Window 1, "starting": right after the pods are placed, the busiest stretch (CRI calls, image
    // pulls, status changes); the simulation may not keep 10x here, and the clock line says so.
    await frameWindow(context, page, workers, 'starting');
    if (floor) report(`  floor: a blank page's p50 / p95 / max (ms), fps`, `${floor.text}, ${floor.fps}`);
    // Window 2, "steady": once every bench pod is Running and Ready and the clock has caught up.
    const ready = await waitForReady(page, replicas);
    const since = ((Date.now() - t0) / 1000).toFixed(0);
    if (ready.ok) report(`  bench pods ready / wanted (${since} s wall after Play)`, `${ready.ready}/${replicas}`);
    else report(`  NOT ALL bench pods ready: timed out, ${since} s after Play`, `${ready.ready ?? '?'}/${replicas}`);
    // A few seconds for the clock to catch up with the speed selected, then the same measurement.
    await new Promise((r) => setTimeout(r, SETTLE_SECONDS * 1000));
    await frameWindow(context, page, workers, 'steady');
  } finally {
    await context.close().catch(() => {});
    await rm(profile, { recursive: true, force: true });
  }
}

/**
 * One measured window of BENCH_FRAME_SECONDS: frame times, fps, long tasks and how fast the virtual
 * clock ran, each line prefixed by `label`; with BENCH_FRAME_PROFILE / BENCH_FRAME_TRACE also a CPU
 * profile (FILE.<nodes>.<label>.cpuprofile) and the trace's main-thread time by kind. Nothing else
 * polls the page meanwhile.
 */
async function frameWindow(context, page, workers, label) {
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
    report(`  ${label}: main thread ms by kind (trace)`, '');
    for (const [name, ms] of mainThreadWork(traceEvents).slice(0, 14)) report(`    ${name}`, ms.toFixed(0));
    // A long task's wall time counts the turns other threads had (the cluster's own workers, other
    // processes); its thread time is what the page itself did in it.
    const long = longTasks(traceEvents);
    report(`  ${label}: long tasks (trace): count / wall ms / CPU ms`, `${long.count} / ${long.wall.toFixed(0)} / ${long.cpu.toFixed(0)}`);
    await tracer.detach().catch(() => {});
  }
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(`${process.env.BENCH_FRAME_PROFILE}.${workers}.${label.replace(/\W+/g, '-').replace(/-$/, '')}.cpuprofile`, JSON.stringify(profile));
    await cdp.detach().catch(() => {});
  }
  const frames = summary(result.frames, SECONDS);
  // Issue 6's goals: p95 at or under 16.7 ms at 1,000 and at 10,000 pods, 30 fps or more at 30,000.
  const pods = workers * 10;
  report(`  ${label}: frame time p50 / p95 / max (ms)`, frames.text, pods < 30_000 ? `p95 <= 16.7 at ${pods.toLocaleString('en-US')} pods` : undefined);
  report(`  ${label}: frames per second`, frames.fps, pods >= 30_000 ? '>= 30 at 30,000 pods' : undefined);
  report(`  ${label}: main-thread long tasks: count / total ms`, `${result.long.length} / ${result.long.reduce((a, b) => a + b, 0).toFixed(0)}`);
  // Virtual seconds advanced per wall second of the window: what the map really animated at.
  let rate = '';
  try {
    rate = ` (${((parseClock(result.clockEnd) - parseClock(result.clockStart)) / result.wallMs).toFixed(1)}x of ${SPEED}x)`;
  } catch {
    rate = ' (clock unreadable)';
  }
  report(`  ${label}: virtual clock during the measurement`, `${result.clockStart} -> ${result.clockEnd}${rate}`);
}

/**
 * Waits (up to BENCH_FRAME_READY_MINUTES, 20) until the Deployment reports every replica ready,
 * asking through the page's console every BENCH_FRAME_READY_POLL_SECONDS (2) and clearing the
 * console after each answer. Returns the last ready count seen and whether all were ready.
 */
async function waitForReady(page, replicas) {
  const deadline = Date.now() + READY_MINUTES * 60_000;
  let ready;
  for (let n = 1; ; n++) {
    // A marker per question: the answer is the line `readyN=<count>` (empty count: none ready yet).
    const answer = new RegExp(`^ready${n}=(\\d*)$`, 'm');
    try {
      const text = await runInConsole(page, `kubectl get deploy bench -o jsonpath=ready${n}={.status.readyReplicas}`, answer, 120_000);
      ready = Number(answer.exec(text)[1] || 0);
      await page.getByTestId('console-input').press('Control+l');
    } catch (e) {
      if (page.isClosed()) throw e;
      // No answer in time (a busy cluster): ask again.
    }
    if (ready >= replicas) return { ok: true, ready };
    if (Date.now() > deadline) return { ok: false, ready };
    await new Promise((r) => setTimeout(r, READY_POLL_SECONDS * 1000));
  }
}

/**
 * Runs in the page: frame times from requestAnimationFrame for `seconds`, the main thread's long
 * tasks meanwhile, and the map's clock at both ends with the wall time between the two readings.
 */
async function rafFrames(seconds) {
  const frames = [];
  const long = [];
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) long.push(e.duration);
  });
  obs.observe({ type: 'longtask', buffered: false });
  const clockStart = document.querySelector('[data-testid="clock"]')?.textContent ?? '';
  const wallStart = performance.now();
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
  return { frames, long, clockStart, clockEnd, wallMs: performance.now() - wallStart };
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
    console.log(`kubarium frame bench — two ${SECONDS} s windows per size (starting, steady) at ${SPEED}x, 1280x800`);
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

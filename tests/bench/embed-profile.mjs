// `node tests/bench/embed-profile.mjs [direct|sandboxed] [rate]`: where /embed's time to its first
// animated frame goes. Records a Chromium trace (CDP Tracing, CPU throttled by `rate`, default 4)
// from navigation to the first frame with every node drawn and the clock running, and prints, per
// thread (page, each worker), when it started and how long it spent compiling, evaluating and
// running script, plus the page's user-timing marks. Needs a build and `vite preview` on BENCH_PORT.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { until } from '../e2e/helpers.mjs';

const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const PORT = Number(process.env.BENCH_PORT || 4176);
const mode = process.argv[2] ?? 'direct';
const rate = Number(process.argv[3] ?? 4);
const BROWSER_SETTLE_MS = 1500;
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-features=IsolateSandboxedIframes'];
// TRACE_CATEGORIES (comma-separated) adds categories, e.g. disabled-by-default-v8.compile for V8's lazy compiles.
const CATEGORIES = [
  ...(process.env.CPU_PROFILE ? ['disabled-by-default-v8.cpu_profiler', 'v8', 'devtools.timeline', 'blink.user_timing'] : ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'blink.user_timing', 'loading', 'toplevel']),
  ...(process.env.TRACE_CATEGORIES?.split(',') ?? [])
];

const PROBE = () => {
  const loop = () => {
    if (document.querySelector('[data-node="worker-2"]') && document.querySelector('[data-testid="embed"] button[aria-label="Pause"]')) {
      window.__firstAnimated = performance.now();
      performance.mark('first-animated');
    } else requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
};

const profile = await mkdtemp(join(tmpdir(), 'kubarium-prof-'));
const context = await chromium.launchPersistentContext(profile, { executablePath, headless: true, args: ARGS, viewport: { width: 1280, height: 800 } });
const events = [];
try {
  const page = context.pages()[0] ?? (await context.newPage());
  // Chromium's own start-up (its omnibox WebUI pages load in the first second) is not the page's:
  // let it finish before the clock starts, as a reader's browser is already running.
  await page.waitForTimeout(BROWSER_SETTLE_MS);
  await context.addInitScript(PROBE);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
  const base = `http://127.0.0.1:${PORT}`;
  // EMBED_PATH: a prefix (`/v1`: tests/bench/embed-ab.mjs serve=1 serving several builds); EMBED_QUERY: more of the query.
  const embed = `${base}${process.env.EMBED_PATH ?? ''}/embed?autoplay=1${process.env.EMBED_QUERY ?? ''}`;
  if (mode === 'sandboxed') {
    await page.route(`${base}/__host.html`, (r) => r.fulfill({ contentType: 'text/html', body: `<iframe sandbox="allow-scripts" src="${embed}" style="width:100%;height:600px;border:0"></iframe>` }));
    await page.goto(`${base}/__host.html`);
  } else await page.goto(embed);
  const frame = () => (mode === 'sandboxed' ? page.frames()[1] : page.mainFrame());
  const t = await until(() => frame().evaluate(() => window.__firstAnimated), { timeout: 120_000, interval: 100, message: 'the embed animating' });
  await new Promise((r) => setTimeout(r, 300));
  await cdp.send('Tracing.end');
  await done;
  console.log(`${mode} at ${rate}x: first animated frame at ${Math.round(t)} ms (performance.now)`);
  if (process.env.TRACE_OUT) (await import('node:fs')).writeFileSync(process.env.TRACE_OUT, JSON.stringify(events));
} finally {
  await context.close();
  await rm(profile, { recursive: true, force: true });
}

// Thread names and the navigation's start.
const names = new Map();
for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame !== false && e.args?.data?.documentLoaderURL?.includes('/embed')) ?? events.find((e) => e.name === 'navigationStart');
const t0 = nav.ts;
const mark = events.find((e) => e.name === 'first-animated');
const end = mark ? mark.ts : Infinity;
const ms = (us) => (us / 1000).toFixed(0);
console.log(`trace: first-animated mark at ${mark ? ms(mark.ts - t0) : '?'} ms after navigationStart`);

// Per thread: first event, busy time by kind before the first animated frame (top-level X events only).
const KINDS = { 'v8.compile': 'compile', 'v8.compileModule': 'compile', 'V8.ScriptCompiler': 'compile', EvaluateScript: 'eval', 'v8.evaluateModule': 'eval', FunctionCall: 'run', RunMicrotasks: 'run', 'v8.run': 'run', TimerFire: 'run', FireAnimationFrame: 'run', EventDispatch: 'run', ParseHTML: 'html', Layout: 'layout', UpdateLayoutTree: 'layout', Paint: 'paint', 'V8.GC_SCAVENGER': 'gc', MajorGC: 'gc', MinorGC: 'gc', 'BlinkGC.AtomicPhase': 'gc' };
const threads = new Map();
for (const e of events) {
  if (e.ph !== 'X' || e.ts < t0 || e.ts > end) continue;
  const key = `${e.pid}:${e.tid}`;
  const name = names.get(key) ?? key;
  // Only the embed's renderer (its main thread and its workers): Chromium's own pages run in
  // renderers of their own too (counted below when they share the embed's).
  if (e.pid !== nav.pid || !/CrRendererMain|DedicatedWorker/i.test(name)) continue;
  let th = threads.get(key);
  if (!th) threads.set(key, (th = { name, first: e.ts, last: e.ts, by: {}, spans: [], cpu: 0, taskEnd: -1 }));
  th.first = Math.min(th.first, e.ts);
  th.last = Math.max(th.last, e.ts + (e.dur ?? 0));
  // The thread's CPU time in its tasks (tdur): on a loaded machine wall spans stretch, this less.
  if ((e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask') && e.ts >= th.taskEnd) {
    th.taskEnd = e.ts + e.dur;
    th.cpu += e.tdur ?? e.dur;
  }
  const kind = KINDS[e.name];
  if (!kind) continue;
  // Count only spans not inside an already counted span of the same thread.
  if (th.spans.some(([s, f]) => e.ts >= s && e.ts + e.dur <= f)) continue;
  th.spans.push([e.ts, e.ts + e.dur]);
  th.by[kind] = (th.by[kind] ?? 0) + e.dur;
}
for (const th of [...threads.values()].sort((a, b) => a.first - b.first)) {
  const by = Object.entries(th.by).map(([k, v]) => `${k} ${ms(v)}`).join(', ');
  console.log(`${th.name.padEnd(28)} ${ms(th.first - t0).padStart(6)} .. ${ms(Math.min(th.last, end) - t0).padStart(6)} ms   ${by}; task CPU ${ms(th.cpu)}`);
}
// Every SVG image (an <image> or <img> of an .svg file, the favicon) is a document of its own, built,
// parsed, laid out and painted on the embed's throttled main thread: these are counted here (before
// the map's icons became an inline sprite there were nine: seven icons and the favicon, twice).
const others = events.filter((e) => e.name === 'navigationStart' && e.pid === nav.pid && e.args?.frame !== nav.args?.frame && e.ts >= t0 && e.ts <= end);
if (others.length > 0) console.log(`  ${others.length} other documents (SVG images) started in the embed's renderer before its first frame: its main thread's times include their work`);
// User timing marks (performance.mark in the page or a worker).
for (const e of events.filter((e) => e.cat?.includes('blink.user_timing') && e.ts >= t0).sort((a, b) => a.ts - b.ts)) {
  if (e.ph === 'R' || e.ph === 'I' || e.ph === 'n' || e.ph === 'b') console.log(`  mark ${e.name.padEnd(30)} ${ms(e.ts - t0).padStart(6)} ms  (${names.get(`${e.pid}:${e.tid}`) ?? ''})`);
}
// Script fetches (which file, when its response ended).
for (const e of events.filter((e) => e.name === 'ResourceFinish' && e.ts >= t0 && e.ts <= end).sort((a, b) => a.ts - b.ts)) {
  const send = events.find((s) => s.name === 'ResourceSendRequest' && s.args?.data?.requestId === e.args.data.requestId);
  const url = send?.args?.data?.url ?? '';
  if (/\.js/.test(url)) console.log(`  fetched ${url.replace(/^.*\//, '').padEnd(40)} ${ms(send.ts - t0).padStart(6)} -> ${ms(e.ts - t0).padStart(6)} ms`);
}

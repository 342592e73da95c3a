// `node tests/bench/embed-ab.mjs BUILD_DIR... [runs=N] [rates=1,4] [modes=direct,sandboxed]`:
// /embed's first animated frame (as tests/bench/embed.mjs measures it) for several builds, run by
// turns (A, B, A, B, ...) so that a shared machine's drifting load falls on all of them alike;
// medians and every run. Copy `build/` aside before each change (`cp -r build /tmp/embed-a`).
// One server on BENCH_PORT serves them all: /vI/embed is build I's page and /vI/... its files (the
// page's URLs are relative), so two builds may hold a file of the same name with other contents (a
// build post-processed by hand); the worker's absolute URL and /embed?v=I (the old form) take a file
// from the first build that has it. Compressed off the event loop as vite preview's compression
// middleware does. `serve=1` only serves (for tests/bench/embed-profile.mjs with EMBED_PATH=/vI).
import http from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { gzip } from 'node:zlib';
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const dirs = args.filter((a) => !a.includes('='));
const opt = Object.fromEntries(args.filter((a) => a.includes('=')).map((a) => a.split('=')));
const RUNS = Number(opt.runs ?? 5);
const RATES = (opt.rates ?? '1,4').split(',').map(Number);
const MODES = (opt.modes ?? 'direct,sandboxed').split(',');
const PORT = Number(process.env.BENCH_PORT || 4176);
const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml', '.png': 'image/png', '.json': 'application/json', '.webmanifest': 'application/manifest+json', '.ttf': 'font/ttf' };
// As tests/bench/embed.mjs (its comment says why the sandboxed frame stays in the page's process).
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-features=IsolateSandboxedIframes'];
const PROBE = () => {
  const loop = () => {
    if (document.querySelector('[data-node="worker-2"]') && document.querySelector('[data-testid="embed"] button[aria-label="Pause"]')) window.__firstAnimated = performance.now();
    else requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
};

function fileFor(url) {
  let path = decodeURIComponent(url.pathname);
  // /vI/...: build I's files (the page's relative URLs stay in its build)
  const m = /^\/v(\d+)(\/.*)$/.exec(path);
  const own = m ? dirs[Number(m[1])] : undefined;
  if (m) path = m[2];
  if (path === '/embed') return join(own ?? dirs[Number(url.searchParams.get('v') ?? 0)], 'embed.html');
  const isFile = (f) => existsSync(f) && !statSync(f).isDirectory();
  const dir = own && isFile(join(own, path)) ? own : dirs.find((d) => isFile(join(d, path))) ?? dirs[0];
  const f = join(dir, path);
  if (isFile(f)) return f;
  return existsSync(`${f}.html`) ? `${f}.html` : join(dir, 'index.html');
}

function serve() {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    const f = fileFor(url);
    const body = readFileSync(f);
    const headers = { 'Content-Type': TYPES[extname(f)] ?? 'application/octet-stream', 'Access-Control-Allow-Origin': '*' };
    // Kit's hashed files may be cached for good, as vite preview (and a static host) says.
    if (url.pathname.includes('/_app/immutable/')) headers['Cache-Control'] = 'public,max-age=31536000,immutable';
    if (!/gzip/.test(req.headers['accept-encoding'] ?? '') || !/\.(js|css|html|svg|json)$/.test(f)) {
      res.writeHead(200, headers);
      return res.end(body);
    }
    gzip(body, (_, zipped) => {
      res.writeHead(200, { ...headers, 'Content-Encoding': 'gzip' });
      res.end(zipped);
    });
  });
  return new Promise((resolve) => server.listen(PORT, '127.0.0.1', () => resolve(server)));
}

async function firstAnimatedMs(v, rate, sandboxed) {
  const profile = await mkdtemp(join(tmpdir(), 'kubarium-ab-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', headless: true, args: ARGS, viewport: { width: 1280, height: 800 } });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await context.addInitScript(PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const base = `http://127.0.0.1:${PORT}`;
    const embed = `${base}/v${v}/embed?autoplay=1`;
    if (sandboxed) {
      await page.route(`${base}/__ab-host.html`, (r) => r.fulfill({ contentType: 'text/html', body: `<iframe sandbox="allow-scripts" src="${embed}" style="width:100%;height:600px;border:0"></iframe>` }));
      await page.goto(`${base}/__ab-host.html`);
    } else await page.goto(embed);
    const start = Date.now();
    for (;;) {
      const frame = sandboxed ? page.frames()[1] : page.mainFrame();
      const t = frame ? await frame.evaluate(() => window.__firstAnimated).catch(() => undefined) : undefined;
      if (t) return t;
      if (Date.now() - start > 120_000) throw new Error('the embed never animated');
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

const server = await serve();
if (opt.serve) await new Promise(() => {});
const median = (xs) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]);
try {
  for (const mode of MODES) {
    for (const rate of RATES) {
      const times = dirs.map(() => []);
      for (let r = 0; r < RUNS; r++) for (let i = 0; i < dirs.length; i++) times[i].push(await firstAnimatedMs(i, rate, mode === 'sandboxed'));
      console.log(`${mode} ${rate}x: ${dirs.map((d, i) => `${d} median ${median(times[i])} [${times[i].map(Math.round).join(' ')}]`).join('  |  ')}`);
    }
  }
} finally {
  server.close();
}

// Renders static/icon.svg to the PWA's PNG icons with headless Chromium, so they are reproducible:
//   node tests/e2e/render-icons.mjs
// Commit the PNGs it writes (static/icon-192.png, static/icon-512.png, static/icon-maskable-512.png).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('../../', import.meta.url));
const svg = await readFile(join(root, 'static/icon.svg'), 'utf8');
const profile = await mkdtemp(join(tmpdir(), 'kubarium-icons-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
});
try {
  const page = await context.newPage();
  for (const size of [192, 512]) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`
    );
    await page.screenshot({ path: join(root, `static/icon-${size}.png`), omitBackground: true });
    console.log(`static/icon-${size}.png`);
  }
  // The maskable icon: the platform crops it (a circle, a squircle...) to its inner 80 %: the logo
  // sits in the middle 64 % on a full-bleed background of the theme colour (w3.org/TR/appmanifest, safe zone).
  const size = 512;
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<style>html,body{margin:0;background:#326ce5}div{display:grid;place-items:center;width:${size}px;height:${size}px}svg{display:block;width:${size * 0.64}px;height:${size * 0.64}px}</style><div>${svg}</div>`
  );
  await page.screenshot({ path: join(root, 'static/icon-maskable-512.png') });
  console.log('static/icon-maskable-512.png');
} finally {
  await context.close();
  await rm(profile, { recursive: true, force: true });
}

/**
 * Runs a bench entry (default tests/bench/run.ts) the way the browser runs the simulation: bundled
 * by esbuild without keepNames. tsx (the usual way to run TypeScript here) always sets keepNames,
 * which wraps every named function and class, arrow functions in class fields included, in a
 * `__name(fn, "name")` call (an Object.defineProperty per closure made): ~10% of a probe-heavy
 * steady state in the profile, a cost the page's Vite build does not have.
 * Usage: node tests/bench/bundle.mjs [ENTRY.ts] [ARGS...]   (`npm run bench -- --probes` runs this)
 */
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const entry = args[0]?.endsWith('.ts') ? args.shift() : 'tests/bench/run.ts';
const outdir = resolve('node_modules/.cache/kubarium-bench');
mkdirSync(outdir, { recursive: true });
const outfile = resolve(outdir, basename(entry).replace(/\.ts$/, '.mjs'));
await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // npm packages load from node_modules as usual; only the project's TypeScript is bundled.
  packages: 'external',
  keepNames: false,
  sourcemap: 'linked',
  logLevel: 'warning'
});
process.argv = [process.argv[0], outfile, ...args];
await import(pathToFileURL(outfile).href);

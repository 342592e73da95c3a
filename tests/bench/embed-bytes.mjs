// /embed's first-load JavaScript on the main thread, gzip: the modules its HTML preloads and
// imports (Kit lists the route's whole static import graph), measured from build/ (after a build).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export function firstLoadBytes(buildDir, page = 'embed.html') {
  const html = readFileSync(join(buildDir, page), 'utf8');
  const files = new Set();
  for (const m of html.matchAll(/(?:href|import\()\s*=?\s*"([^"]+\.js)"/g)) files.add(m[1]);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) files.add(m[1]);
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const bytes = readFileSync(join(buildDir, f.replace(/^(\.\/|\/)/, '')));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: files.size, raw, gzip };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const page of ['embed.html', 'index.html']) {
    const r = firstLoadBytes(process.argv[2] ?? 'build', page);
    console.log(`${page}: ${r.files} JS files, ${(r.raw / 1024).toFixed(1)} kB, ${(r.gzip / 1024).toFixed(1)} kB gzip`);
  }
}

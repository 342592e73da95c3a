import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// src/sim must be pure and deterministic: no wall clock, no Math.random, no timers, no DOM.
const FORBIDDEN = [/\bDate\.now\b/, /\bMath\.random\b/, /\bsetTimeout\s*\(/, /\bsetInterval\s*\(/, /\bperformance\.now\b/, /\bdocument\./, /\bwindow\./, /\bnew Date\(\s*\)/, /\brequestAnimationFrame\b/];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('src/sim purity', () => {
  const sources = files('src/sim');
  it('has sources to scan', () => expect(sources.length).toBeGreaterThan(20));
  for (const file of sources) {
    it(`${file} uses no wall clock, randomness or DOM`, () => {
      const lines = readFileSync(file, 'utf8').split('\n');
      const hits = lines
        .map((l, i) => [l, i + 1] as const)
        .filter(([l]) => !l.trim().startsWith('//') && !l.trim().startsWith('*') && FORBIDDEN.some((re) => re.test(l)))
        .map(([l, n]) => `${file}:${n}: ${l.trim()}`);
      expect(hits).toEqual([]);
    });
  }
});

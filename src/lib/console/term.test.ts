// The console's tones must stay readable: WCAG AA (4.5:1) against the panels they sit on, in both themes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const TERM = readFileSync(new URL('./term.css', import.meta.url), 'utf8');
const APP = readFileSync(new URL('../../app.css', import.meta.url), 'utf8');

/** `--name: #hex` declarations of the first block whose selector list includes `selector`. */
function tokens(css: string, selector: string): Map<string, string> {
  const block = new RegExp(`${selector.replace(/[[\]'()]/g, '\\$&')}[^{]*\\{([^}]*)\\}`).exec(css);
  if (!block) throw new Error(`no ${selector} block`);
  return new Map([...block[1].matchAll(/(--[\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1], m[2]]));
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe('terminal colours', () => {
  for (const theme of ['light', 'dark']) {
    it(`reach 4.5:1 on the ${theme} surfaces`, () => {
      const term = tokens(TERM, `[data-theme='${theme}']`);
      const app = tokens(APP, `[data-theme='${theme}']`);
      expect(term.size).toBe(6);
      for (const surface of ['--surface', '--surface-2']) {
        const bg = app.get(surface)!;
        for (const [name, fg] of term) expect(contrast(fg, bg), `${name} ${fg} on ${surface} ${bg}`).toBeGreaterThanOrEqual(4.5);
      }
    });
  }
});

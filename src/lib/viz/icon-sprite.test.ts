import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { iconSprite, symbolOf, withIconSprite } from './icon-sprite.server';
import { ICON_NAMES, ICON_SPRITE_ID, iconHref } from './icons';

const DRAWING = /<(path|text|tspan|g|rect|circle|ellipse|polygon|polyline|line)\b/g;
/** The drawing elements of an icon file, outside what only Inkscape reads. */
function drawingOf(svg: string): string[] {
  const body = svg.replace(/<metadata\b[\s\S]*?<\/metadata>/g, '').replace(/<sodipodi:namedview\b[\s\S]*?\/>/g, '');
  return [...body.matchAll(DRAWING)].map((m) => m[1]);
}

describe('icon sprite', () => {
  it.each(ICON_NAMES)('%s: a symbol with the file’s viewBox and every drawing element, no editor data', (name) => {
    const file = readFileSync(`static/icons/${name}.svg`, 'utf8');
    const symbol = symbolOf(name, file);
    const viewBox = /<svg\b[^>]*\sviewBox="([^"]+)"/.exec(file)![1];
    expect(symbol.startsWith(`<symbol id="kubarium-icon-${name}" viewBox="${viewBox}">`)).toBe(true);
    expect(drawingOf(symbol)).toEqual(drawingOf(file));
    expect(symbol).not.toMatch(/inkscape:|sodipodi:|<metadata|<!--|\sid="(?!kubarium-icon-)/);
    // Coordinates to 3 decimals (the file has up to 8; the viewBox stays as it is).
    expect(symbol.slice(symbol.indexOf('>') + 1)).not.toMatch(/\d\.\d{4}/);
    expect(file).toMatch(/\d\.\d{4}/);
  });

  it('holds one symbol per icon the map draws, and takes no room', () => {
    const sprite = iconSprite();
    for (const name of ICON_NAMES) expect(sprite.split(`id="${iconHref(name).slice(1)}"`)).toHaveLength(2);
    expect(sprite).toMatch(new RegExp(`^<svg id="${ICON_SPRITE_ID}" aria-hidden="true"[^>]*style="position:absolute;width:0;height:0;overflow:hidden">`));
  });

  it('goes first in the page’s body, once', () => {
    const page = '<!doctype html><html><head><title>t</title></head><body data-sveltekit-preload-data="hover"><div>map</div></body></html>';
    const html = withIconSprite(page);
    expect(html.startsWith(`<!doctype html><html><head><title>t</title></head><body data-sveltekit-preload-data="hover"><svg id="${ICON_SPRITE_ID}"`)).toBe(true);
    expect(html.endsWith('</svg><div>map</div></body></html>')).toBe(true);
    expect(html.split(`id="${ICON_SPRITE_ID}"`)).toHaveLength(2);
    expect(withIconSprite('{"not":"a page"}')).toBe('{"not":"a page"}');
  });
});

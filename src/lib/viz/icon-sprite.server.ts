// The inline sprite of icons.ts, built from static/icons/*.svg when pages are rendered (prerendering),
// so the icons stay the unchanged upstream files and no page's JavaScript carries them.
import { ICON_NAMES, ICON_SPRITE_ID, iconHref, type IconName } from './icons';

const files = import.meta.glob('/static/icons/*.svg', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

/**
 * One icon file as a `<symbol>`: its viewBox and drawing, without what only the editor reads
 * (Inkscape's and sodipodi's attributes, metadata, comments), without ids (a page holds all icons;
 * none is referenced from inside an icon), and with numbers to 3 decimals: an icon is about 18 units
 * wide and drawn 19 to 28 px (70 at the map's 2.5x zoom), so 0.001 is far below a pixel; it halves the
 * path data every page parses.
 */
export function symbolOf(name: IconName, svg: string): string {
  const root = /<svg\b[^>]*>/.exec(svg);
  const viewBox = root && /\sviewBox="([^"]+)"/.exec(root[0]);
  if (!root || !viewBox) throw new Error(`static/icons/${name}.svg: no <svg viewBox>`);
  const body = svg
    .slice(root.index + root[0].length, svg.lastIndexOf('</svg>'))
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<metadata\b[\s\S]*?<\/metadata>/g, '')
    .replace(/<sodipodi:namedview\b[^>]*?\/>|<sodipodi:namedview\b[\s\S]*?<\/sodipodi:namedview>/g, '')
    .replace(/<defs\b[^>]*\/>/g, '')
    .replace(/\s(?:inkscape|sodipodi):[\w-]+="[^"]*"/g, '')
    .replace(/\sid="[^"]*"/g, '')
    .replace(/\d+\.\d{4,}/g, (n) => String(Number(Number(n).toFixed(3))))
    .replace(/\s+/g, ' ')
    .replace(/>\s+</g, '><')
    .trim();
  return `<symbol id="${iconHref(name).slice(1)}" viewBox="${viewBox[1]}">${body}</symbol>`;
}

/** The sprite: an SVG that takes no room, holding every icon's symbol. */
export function iconSprite(): string {
  const symbols = ICON_NAMES.map((name) => {
    const svg = files[`/static/icons/${name}.svg`];
    if (svg === undefined) throw new Error(`static/icons/${name}.svg is missing`);
    return symbolOf(name, svg);
  });
  return `<svg id="${ICON_SPRITE_ID}" aria-hidden="true" focusable="false" style="position:absolute;width:0;height:0;overflow:hidden">${symbols.join('')}</svg>`;
}

let sprite: string | undefined;

/** The page with the sprite first in its <body> (every page: the map is on several). */
export function withIconSprite(html: string): string {
  const body = /<body\b[^>]*>/.exec(html);
  if (!body) return html;
  sprite ??= iconSprite();
  const at = body.index + body[0].length;
  return html.slice(0, at) + sprite + html.slice(at);
}

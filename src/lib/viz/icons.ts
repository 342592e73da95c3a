/**
 * The Kubernetes icons (static/icons) as symbols of one inline sprite (icon-sprite.server.ts puts it
 * in every prerendered page), drawn with `<use href={iconHref(name)}>` (in the map's SVG, or in an
 * `<svg>` of their own in HTML). An SVG file in an
 * `<image>` is a document of its own: Chromium builds a page, parses, lays out and paints each one on
 * the main thread, and the map's seven cost /embed about 150 ms of its first second at 4x CPU
 * throttling. A `<use>` of an inline symbol is part of the page and costs a few elements.
 */
export const ICON_SPRITE_ID = 'kubarium-icons';

/** The icons the sprite carries: the names of their files in static/icons. */
export const ICON_NAMES = ['api', 'c-m', 'control-plane', 'etcd', 'node', 'pod', 'sched', 'svc', 'deploy', 'rs', 'sts', 'ds', 'job', 'cronjob'] as const;
export type IconName = (typeof ICON_NAMES)[number];

export function iconHref(name: IconName): string {
  return `#kubarium-icon-${name}`;
}

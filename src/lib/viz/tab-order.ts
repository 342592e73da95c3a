/**
 * The map's order for Tab: each node card's header, then that card's pods, then the next card (in
 * slot order, left to right and down), then the pods in the Pending tray. Neither the document's
 * order nor its content gives it: one keyed list draws every pod above the cards (so a pod glides
 * from the tray to its node), and from CULL_FROM_NODES nodes only the cards on screen are drawn.
 * So the map moves the focus itself along this list (ClusterMap.svelte), drawing and panning to
 * the card or pod before it focuses it.
 *
 * A stop is named like the map's selection, `nodes:<name>` or `pods:<namespace/name>`, or `tray`.
 */
import type { NodePlacement, PodPlacement } from './layout';

/** The map's Tab stops in order; without `pods` (dense mode: pods are dots on a canvas), the cards and the tray's header. */
export function mapTabStops(nodes: readonly NodePlacement[], tray: readonly PodPlacement[], pods: boolean): string[] {
  const out: string[] = [];
  for (const n of nodes) {
    out.push(`nodes:${n.name}`);
    if (pods) for (const p of n.pods) out.push(`pods:${p.key}`);
  }
  if (pods) for (const p of tray) out.push(`pods:${p.key}`);
  // Dense mode: the tray's header, which lists its pods.
  else if (tray.length > 0) out.push('tray');
  return out;
}

const TABBABLE = 'a[href], button, input, select, textarea, [tabindex]';

/**
 * The map's tabbable elements in Tab order: those before the cards in the document (the filter
 * bar, the control-plane band, the Services), then the stops, then those after (the zoom buttons).
 * Dense mode's list of a node's pods (`list`) comes right after that node's stop.
 */
export function mapTabOrder(map: Element, cards: Element, stops: readonly string[], list?: { el: Element; after: string }): (Element | string)[] {
  const before: Element[] = [];
  const after: Element[] = [];
  const listed: Element[] = [];
  for (const el of map.querySelectorAll<HTMLElement | SVGElement>(TABBABLE)) {
    if (el.hasAttribute('data-map-stop') || el.tabIndex < 0 || (el as HTMLButtonElement).disabled || !el.checkVisibility()) continue;
    if (list?.el.contains(el)) listed.push(el);
    else if (cards.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING) before.push(el);
    else after.push(el);
  }
  const order: (Element | string)[] = [...stops];
  const at = list ? order.indexOf(list.after) : -1;
  if (at >= 0) order.splice(at + 1, 0, ...listed);
  else after.unshift(...listed);
  return [...before, ...order, ...after];
}

/**
 * Where Tab (or Shift+Tab) goes from `target` in `order`; undefined where the document's own order
 * is right: off either end of the map, and between two elements that are not stops.
 */
export function nextInTabOrder(order: readonly (Element | string)[], target: Element, backward: boolean): Element | string | undefined {
  const i = order.indexOf(target.closest('[data-map-stop]')?.getAttribute('data-map-stop') ?? target);
  if (i < 0) return undefined;
  const next = order[i + (backward ? -1 : 1)];
  if (next === undefined || (typeof next !== 'string' && typeof order[i] !== 'string')) return undefined;
  return next;
}

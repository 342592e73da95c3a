/**
 * Pan and zoom for the cluster map, with d3-zoom. The map imports this module lazily: the map is
 * drawn at once, and D3 (selection, zoom, transitions, interpolators) stays out of first-load JS.
 *
 * Wheel alone pans (the map is a page to read); ctrl/cmd + wheel, a pinch or the buttons zoom.
 */
import { interpolate, select, zoom, zoomIdentity, type ZoomTransform } from 'd3';

export interface View {
  x: number;
  y: number;
  k: number;
}

export interface PanZoom {
  zoomBy(factor: number): void;
  /** Zooms to `k` about the area's centre (the + and − buttons: zoom-level.ts zoomStop). */
  scaleTo(k: number): void;
  /**
   * Moves the view to `view` (within the panning limits) at once, also under a wheel or pinch under
   * way: the grid just re-laid out (semantic zoom), so the content point the gesture holds under the
   * pointer is somewhere else.
   */
  rebase(view: View): void;
  reset(): void;
  /** Where the view is headed: the end of a pan under way, else the view. */
  goal(): View;
  /** Moves the view to `view`, gliding over 300 ms when `animate` (the keyboard's focus moving on the map). */
  panTo(view: View, animate: boolean): void;
  /** The drawn content's size (and the viewport's, known to the caller: reading it here forces a layout): panning stops at its edges. */
  setContentSize(width: number, height: number, viewWidth: number, viewHeight: number): void;
  destroy(): void;
}

export function attachPanZoom(svg: SVGSVGElement, onView: (view: View) => void): PanZoom {
  const selection = select(svg);
  let current: ZoomTransform = zoomIdentity;
  let goal: ZoomTransform | undefined;
  const behavior = zoom<SVGSVGElement, unknown>()
    .scaleExtent([0.35, 2.5])
    // A straight glide for panTo (d3's default zooms out and back in on the way).
    .interpolate(interpolate)
    .filter((e: Event) => (e.type === 'wheel' ? (e as WheelEvent).ctrlKey || (e as WheelEvent).metaKey : !(e as MouseEvent).button))
    .on('zoom', (e: { transform: ZoomTransform }) => {
      current = e.transform;
      onView({ x: current.x, y: current.y, k: current.k });
    });
  selection.call(behavior).on('dblclick.zoom', null);
  // The SVG's size as a ResizeObserver last reported it: reading clientWidth here instead forced a
  // style and layout pass on every change of the map (each delta; 225 ms of /embed's first
  // second at 4x CPU throttling).
  let box = { width: 0, height: 0 };
  let content = { width: 0, height: 0 };
  const applyExtent = () =>
    behavior.translateExtent([
      [0, 0],
      [Math.max(content.width, box.width / current.k), Math.max(content.height, box.height / current.k)]
    ]);
  const resize = new ResizeObserver(([entry]) => {
    box = { width: entry.contentRect.width, height: entry.contentRect.height };
    applyExtent();
  });
  resize.observe(svg);
  selection.on('wheel.pan', (e: WheelEvent) => {
    if (e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    behavior.translateBy(selection, -e.deltaX / current.k, -e.deltaY / current.k);
  });

  return {
    zoomBy: (factor) => selection.call(behavior.scaleBy, factor),
    scaleTo: (k) => selection.call(behavior.scaleTo, k),
    rebase(view) {
      const to = zoomIdentity.translate(view.x, view.y).scale(view.k);
      goal = undefined;
      // Then within the panning limits (translateBy constrains, transform does not): a grid that fits
      // on screen sits at the top left, as it does at any zoom.
      selection.call(behavior.transform, to).call(behavior.translateBy, 0, 0);
      // d3-zoom keeps a live gesture on the element (`__zooming`): a wheel's `mouse`, a pinch's
      // `touch0`/`touch1`, each [screen point, content point under it at the start]. Its next event
      // would put that content point back under the pointer, undoing the move: re-read it here.
      const g = (svg as unknown as { __zooming?: Record<'mouse' | 'touch0' | 'touch1', [number, number][] | undefined> }).__zooming;
      for (const key of ['mouse', 'touch0', 'touch1'] as const) {
        const p = g?.[key];
        if (p?.[0] && p[1]) p[1] = current.invert(p[0]);
      }
    },
    reset: () => selection.call(behavior.transform, zoomIdentity),
    goal: () => {
      const t = goal ?? current;
      return { x: t.x, y: t.y, k: t.k };
    },
    panTo(view, animate) {
      const to = zoomIdentity.translate(view.x, view.y).scale(view.k);
      if (!animate) {
        goal = undefined;
        selection.call(behavior.transform, to);
        return;
      }
      goal = to;
      // Unnamed, like d3-zoom's own: a wheel or a drag interrupts it.
      selection
        .transition()
        .duration(300)
        .call(behavior.transform, to)
        .on('end interrupt', () => {
          if (goal === to) goal = undefined;
        });
    },
    setContentSize(width, height, viewWidth, viewHeight) {
      content = { width, height };
      // The caller knows the viewport's size (it binds it); the ResizeObserver keeps it between calls.
      if (viewWidth > 0 && viewHeight > 0) box = { width: viewWidth, height: viewHeight };
      applyExtent();
    },
    destroy: () => {
      resize.disconnect();
      selection.on('.zoom', null).on('wheel.pan', null);
    }
  };
}

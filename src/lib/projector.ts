/**
 * Projector mode (UI.md: "larger type, thicker strokes, higher contrast"), for a class watching
 * from the back of a room. It is one attribute on the root element, `data-projector`: the CSS
 * tokens follow it (app.css), the map scales its drawing (layout.ts mapScale), the dense canvas
 * reads the same tokens. app.html's inline script sets it before the first paint, from
 * `?projector=1|0` (a teacher's bookmark) or else the choice remembered in this browser; /embed
 * follows its URL only.
 */

/** The localStorage key of the remembered choice ('1' on, '0' off). */
export const PROJECTOR_KEY = 'kubarium.projector';
/** The URL parameter: `?projector=1` on, `?projector=0` off, whatever was remembered. */
export const PROJECTOR_PARAM = 'projector';

/** Whether the root element is in projector mode. */
export function projectorOn(root: HTMLElement): boolean {
  return root.dataset.projector !== undefined;
}

/**
 * Turns the mode on or off on `root`, remembers the choice when storage allows (a sandboxed frame
 * or private mode refuses it: the choice then holds for this visit), and returns the URL to show
 * when the current one asks for the other mode (undefined: leave it), so a reload keeps what is on
 * screen.
 */
export function setProjector(root: HTMLElement, on: boolean, href: string, storage: () => Storage): URL | undefined {
  if (on) root.dataset.projector = '';
  else delete root.dataset.projector;
  try {
    storage().setItem(PROJECTOR_KEY, on ? '1' : '0');
  } catch {
    // not remembered; the URL below still carries it when it asked
  }
  const url = new URL(href);
  const asked = url.searchParams.get(PROJECTOR_PARAM);
  if (asked === null || asked === (on ? '1' : '0')) return undefined;
  url.searchParams.set(PROJECTOR_PARAM, on ? '1' : '0');
  return url;
}

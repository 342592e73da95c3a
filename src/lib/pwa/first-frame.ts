/**
 * The moment a page's cluster is first on screen and running (/embed marks it). The offline
 * copy's service worker registers only after it there: its precache fetches and compiles every
 * file of the site (Monaco's and the YAML worker's included), which on a small CPU competes with
 * the cluster's start-up.
 */
let resolveFirstFrame: () => void = () => {};

export const firstFrame = new Promise<void>((resolve) => (resolveFirstFrame = resolve));

export function markFirstFrame(): void {
  resolveFirstFrame();
}

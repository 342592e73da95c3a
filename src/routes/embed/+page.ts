// /embed renders in the browser only: its prerendered HTML is Kit's empty shell (no SSR'd map to
// style, lay out and hydrate before the page's modules run), so the cluster worker its inline script
// starts (hooks.server.ts) begins at once instead of after that first layout.
export const ssr = false;

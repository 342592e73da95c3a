/**
 * What /embed shows before its modules have run. The page renders in the browser only (its
 * prerendered HTML is Kit's empty shell, see routes/embed/+page.ts), so without this an iframe
 * stays blank until the page mounts: the frame of the embed (its bar and the map's area, the same
 * sizes, so nothing moves when the page takes over) with the status the page shows while the
 * cluster boots. Plain elements with inline styles over the app's CSS variables: a few boxes for
 * the browser to lay out while it waits for the modules (their fonts load then, not in the page's
 * first layout). The page removes it when it mounts.
 */
export const EMBED_SHELL_ID = 'kubarium-embed-shell';

const BOX = 'display:flex;flex-direction:column;background:var(--bg);color:var(--text);border:1px solid var(--border);border-radius:var(--radius);overflow:hidden';
const BAR = 'display:flex;align-items:center;gap:10px;height:36px;padding:0 10px;background:var(--surface);border-bottom:1px solid var(--border);font-size:13px';
const BRAND = 'font-weight:600;margin-right:auto';
// The clock as the page draws it (its monospace font is then loaded while the modules download).
const CLOCK = 'font-family:var(--font-mono);font-variant-numeric:tabular-nums;margin-right:40px';
const MAP = 'position:relative;height:min(440px,70vh);min-height:280px';
const STATUS = 'position:absolute;inset:auto 0 12px 0;margin:0 auto;width:fit-content;padding:6px 12px;border-radius:8px;background:var(--surface);border:1px solid var(--border);font-size:12px;color:var(--text-muted)';

export function embedShell(): string {
  return `<div id="${EMBED_SHELL_ID}" style="${BOX}"><div style="${BAR}"><span style="${BRAND}">kubarium</span><span style="${CLOCK}">00:00:00</span></div><div style="${MAP}"><p style="${STATUS}">Booting the cluster…</p></div></div>`;
}

/** Kit's shell with the placeholder where the page will mount (the body's first child, app.html's wrapper). */
export function withEmbedShell(html: string): string {
  const wrapper = '<div style="display: contents">';
  const at = html.indexOf(wrapper);
  if (at < 0) return html;
  return html.slice(0, at + wrapper.length) + embedShell() + html.slice(at + wrapper.length);
}

/** The Embed button's snippets: an iframe of /embed, or the `<kubarium-playground>` element (static/embed.js). Pure. */
export interface EmbedChoice {
  /** The site's origin (where /embed and embed.js are served). */
  origin: string;
  /** The share state (`s=...`, without `#`), or undefined for the default cluster. */
  state?: string;
  lesson?: string;
  height: number;
  console: boolean;
  autoplay: boolean;
}

/** The /embed URL for these choices; the embedding page's origin is left for the author to fill in. */
export function embedUrl(c: EmbedChoice, hostOrigin = 'https://YOUR-SITE.example'): string {
  const url = new URL('/embed', c.origin);
  if (c.lesson) url.searchParams.set('lesson', c.lesson);
  if (c.console) url.searchParams.set('console', '1');
  if (c.autoplay) url.searchParams.set('autoplay', '1');
  url.searchParams.set('origin', hostOrigin);
  if (c.state) url.hash = c.state;
  return url.href;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function iframeSnippet(c: EmbedChoice): string {
  return `<iframe src="${escapeAttr(embedUrl(c))}" style="width:100%;height:${c.height}px;border:0" sandbox="allow-scripts" loading="lazy" title="kubarium: a Kubernetes cluster in the browser"></iframe>`;
}

export function elementSnippet(c: EmbedChoice): string {
  const attrs = [c.state ? ` state="${escapeAttr(c.state)}"` : '', c.lesson ? ` lesson="${escapeAttr(c.lesson)}"` : '', c.console ? ' console' : '', c.autoplay ? ' autoplay' : ''].join('');
  return `<script type="module" src="${escapeAttr(new URL('/embed.js', c.origin).href)}"></script>\n<kubarium-playground${attrs} height="auto"></kubarium-playground>`;
}

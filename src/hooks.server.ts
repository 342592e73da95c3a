// Prerendering runs this: /embed's shell gets the early worker's script at the top of <head>
// (withEarlyWorker) and a placeholder until the page mounts (embed-shell.ts; the page renders in
// the browser only, see routes/embed/+page.ts), and every page gets the map's icon sprite
// (icon-sprite.server.ts).
import type { Handle } from '@sveltejs/kit';
import { withEarlyWorker } from '$lib/bridge/early-worker';
import { withEmbedShell } from '$lib/share/embed-shell';
import { withIconSprite } from '$lib/viz/icon-sprite.server';
import clusterWorkerUrl from '../workers/cluster.worker.ts?worker&url';

export const handle: Handle = ({ event, resolve }) => {
  const embed = event.url.pathname === '/embed';
  return resolve(event, { transformPageChunk: ({ html }) => withIconSprite(embed ? withEmbedShell(withEarlyWorker(html, clusterWorkerUrl)) : html) });
};

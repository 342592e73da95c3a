// Prerendering runs this: /embed's early worker script moves to the top of <head> (see
// hoistEarlyWorker), and every page gets the map's icon sprite (icon-sprite.server.ts).
import type { Handle } from '@sveltejs/kit';
import { hoistEarlyWorker } from '$lib/bridge/early-worker';
import { withIconSprite } from '$lib/viz/icon-sprite.server';

export const handle: Handle = ({ event, resolve }) => resolve(event, { transformPageChunk: ({ html }) => withIconSprite(hoistEarlyWorker(html)) });

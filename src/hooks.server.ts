// Prerendering runs this: /embed's early worker script moves to the top of <head> (see hoistEarlyWorker).
import type { Handle } from '@sveltejs/kit';
import { hoistEarlyWorker } from '$lib/bridge/early-worker';

export const handle: Handle = ({ event, resolve }) => resolve(event, { transformPageChunk: ({ html }) => hoistEarlyWorker(html) });

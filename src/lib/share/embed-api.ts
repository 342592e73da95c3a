/**
 * The /embed page's postMessage API, for the page that embeds it (pure message handling, no DOM
 * beyond the window it is given).
 *
 * Parent -> embed: `{ type: 'kubarium:play' }`, `'kubarium:pause'`, `{ type: 'kubarium:seek', t }`
 * (virtual ms; back in time views the past read-only, ahead runs the cluster on), `{ type:
 * 'kubarium:run', id, command }` -> `{ type: 'kubarium:result', id, output, exitCode }`.
 * Embed -> parent: `kubarium:ready`, `kubarium:tick` `{ t, running }` (at most once a wall
 * second), `kubarium:resize` `{ height }`, `kubarium:error` `{ id?, message }`.
 *
 * Origins: messages are taken only from the origins in `?origin=` (a comma-separated list) and
 * posted only to them; without `?origin=`, only the embed's own origin. `*` must be asked for
 * explicitly (`?origin=*`): any page may then drive the playground and read what it prints.
 */
export type EmbedRequest =
  | { type: 'kubarium:play' }
  | { type: 'kubarium:pause' }
  | { type: 'kubarium:seek'; t: number }
  | { type: 'kubarium:run'; id?: string | number; command: string };

export type EmbedEvent =
  | { type: 'kubarium:ready'; t: number }
  | { type: 'kubarium:tick'; t: number; running: boolean }
  | { type: 'kubarium:resize'; height: number }
  | { type: 'kubarium:result'; id?: string | number; output: string; exitCode: number }
  | { type: 'kubarium:error'; id?: string | number; message: string };

/** The origins allowed from `?origin=` (undefined param: `own` only). */
export function allowedOrigins(param: string | null, own: string): string[] {
  if (param === null || param.trim() === '') return [own];
  return param
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o === '*' || /^https?:\/\/[^/\s]+$/.test(o));
}

export function originAllowed(allowed: readonly string[], origin: string): boolean {
  return allowed.includes('*') || allowed.includes(origin);
}

/** A message from the parent as a request, or undefined if it is not one (other scripts post messages too). */
export function parseRequest(data: unknown): EmbedRequest | { error: string; id?: string | number } | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const m = data as Record<string, unknown>;
  if (typeof m.type !== 'string' || !m.type.startsWith('kubarium:')) return undefined;
  const id = typeof m.id === 'string' || typeof m.id === 'number' ? m.id : undefined;
  switch (m.type) {
    case 'kubarium:play':
    case 'kubarium:pause':
      return { type: m.type };
    case 'kubarium:seek':
      return typeof m.t === 'number' && Number.isFinite(m.t) && m.t >= 0 ? { type: 'kubarium:seek', t: m.t } : { error: 'kubarium:seek needs t, a virtual time in ms (>= 0)', id };
    case 'kubarium:run':
      return typeof m.command === 'string' && m.command.trim() !== '' ? { type: 'kubarium:run', command: m.command, ...(id !== undefined ? { id } : {}) } : { error: 'kubarium:run needs command, a console line', id };
    default:
      return { error: `unknown request ${JSON.stringify(m.type).slice(0, 60)}: expected kubarium:play, kubarium:pause, kubarium:seek or kubarium:run`, id };
  }
}

/** Posts `event` to the parent, once per allowed origin (postMessage drops it where the parent is not that origin). */
export function postToParent(target: Pick<Window, 'postMessage'> | null, allowed: readonly string[], event: EmbedEvent): void {
  if (!target) return;
  for (const origin of allowed) {
    try {
      target.postMessage(event, origin);
    } catch {
      // an origin the browser refuses as a target: skipped
    }
  }
}

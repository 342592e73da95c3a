/**
 * A playground state in a URL fragment (`#s=...`) or a `.kubarium` file.
 *
 * The fragment is the state's JSON, compressed with deflate-raw (the platform's
 * CompressionStream: no dependency; codec.test.ts measures the sizes)
 * and written in base64url, so it needs no escaping in a URL and never reaches a server (a
 * fragment is not sent). A file is the same state as readable JSON.
 */
import { ShareError, validateState, type PlaygroundState } from './state';

/** The fragment's key: `#s=<base64url>`. */
export const FRAGMENT_KEY = 's';
/** Above this many characters a link is unreliable (chat apps, some browsers): offer a file instead. */
export const MAX_LINK_CHARS = 8000;
/** A decompressed state larger than this is refused (a deflate bomb must not hang the page). */
const MAX_STATE_BYTES = 16 * 1024 * 1024;
export const FILE_EXTENSION = '.kubarium';

async function pipe(bytes: Uint8Array, transform: CompressionStream | DecompressionStream, limit = Infinity): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(transform);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw new ShareError('This share link holds more than a playground can: it was not opened.');
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

export function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new ShareError('This share link is damaged: it has characters a link of kubarium never has (was it cut or edited?).');
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  let bin: string;
  try {
    bin = atob(b64);
  } catch {
    throw new ShareError('This share link is damaged: it is cut short (copy the whole link).');
  }
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

/** The state as the fragment's value (without `#s=`). */
export async function encodeState(state: PlaygroundState): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(state));
  return toBase64Url(await pipe(json, new CompressionStream('deflate-raw')));
}

/** The fragment's value back to a state; a ShareError says what is wrong with it. */
export async function decodeState(value: string): Promise<PlaygroundState> {
  const bytes = fromBase64Url(value.trim());
  if (bytes.length === 0) throw new ShareError('This share link is empty: it holds no playground.');
  let json: Uint8Array;
  try {
    json = await pipe(bytes, new DecompressionStream('deflate-raw'), MAX_STATE_BYTES);
  } catch (err) {
    if (err instanceof ShareError) throw err;
    throw new ShareError('This share link is damaged: it could not be unpacked (was it cut short or edited?).');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(json));
  } catch {
    throw new ShareError('This share link is damaged: what it holds is not a playground.');
  }
  return validateState(parsed);
}

/** The state in a URL hash (`location.hash`), or undefined when the hash holds none. */
export function stateParamOf(hash: string): string | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.get(FRAGMENT_KEY) ?? undefined;
}

/** A link to `base` (origin + path, any query kept) that opens this state. */
export async function shareLink(base: string, state: PlaygroundState): Promise<string> {
  const url = new URL(base);
  url.hash = `${FRAGMENT_KEY}=${await encodeState(state)}`;
  return url.href;
}

/** The state as a `.kubarium` file's text (readable JSON). */
export function stateToFile(state: PlaygroundState): string {
  return JSON.stringify({ kubarium: 'playground', ...state }, null, 2) + '\n';
}

/** A `.kubarium` file's text back to a state. */
export function stateFromFile(text: string): PlaygroundState {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ShareError('This file is not a kubarium playground: it is not JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || (parsed as Record<string, unknown>).kubarium !== 'playground') {
    throw new ShareError('This file is not a kubarium playground (a .kubarium file from the Share button).');
  }
  return validateState(parsed);
}

/**
 * /embed's cluster worker, started by a classic script in the prerendered HTML, before the page's
 * own modules have loaded: its fetch, compile and the default cluster's boot overlap the page's
 * start-up. The page then adopts it (takeEarlyWorker) instead of starting one.
 *
 * The worker's name carries what it should do (a worker has no other input before Comlink's first
 * call): run its components in-process, boot `{ seed, workers }` at once, and (`?autoplay=1`) start
 * the clock as soon as that boot ends, without waiting for the page to ask.
 */
import type { BootOptions } from './protocol';

/** The cluster worker's name when its components run inside it (in-process) instead of a worker each. */
export const IN_PROCESS_WORKER_NAME = 'kubarium-cluster-in-process';
const PREBOOT = '#boot=';
const PLAY = '#play';

export function clusterWorkerName(singleWorker: boolean, preboot?: Pick<BootOptions, 'seed' | 'workers'>, play = false): string {
  if (!singleWorker) return 'kubarium-cluster';
  if (!preboot) return IN_PROCESS_WORKER_NAME;
  return `${IN_PROCESS_WORKER_NAME}${PLAY.repeat(play ? 1 : 0)}${PREBOOT}${JSON.stringify(preboot)}`;
}

/** What a cluster worker's name asks of it. */
export function parseClusterWorkerName(name: string): { singleWorker: boolean; preboot?: Pick<BootOptions, 'seed' | 'workers'>; play?: true } {
  if (!name.startsWith(IN_PROCESS_WORKER_NAME)) return { singleWorker: false };
  const at = name.indexOf(PREBOOT);
  if (at < 0) return { singleWorker: true };
  try {
    const { seed, workers } = JSON.parse(name.slice(at + PREBOOT.length)) as { seed?: unknown; workers?: unknown };
    const play = name.slice(IN_PROCESS_WORKER_NAME.length, at) === PLAY;
    return { singleWorker: true, preboot: { seed: Number(seed), workers: Number(workers) }, ...(play ? { play } : {}) };
  } catch {
    return { singleWorker: true };
  }
}

/**
 * /embed's boot options from its URL: `?seed` (1..2^31, default 1) and `?workers` (1..50,
 * default 2); undefined when the URL asks for another cluster (a share link's state, a lesson, a
 * scenario), which the page boots itself.
 */
export function defaultEmbedBoot(search: string, hash: string): { seed: number; workers: number } | undefined {
  const params = new URLSearchParams(search);
  if (hash.includes('s=') || params.get('scenario') || params.get('lesson')) return undefined;
  const positive = (name: string, fallback: number, max: number) => {
    const n = Number(params.get(name));
    return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
  };
  return { seed: positive('seed', 1, 2 ** 31), workers: positive('workers', 2, 50) };
}

declare global {
  interface Window {
    __kubariumClusterWorker?: Worker;
    /** The early worker failed (its script did not load) before the page could listen. */
    __kubariumClusterWorkerFailed?: boolean;
  }
}

/**
 * Starts the cluster worker from `url`. A sandboxed frame's opaque origin may not start a worker
 * from the site's URL; with `allowOpaque` it starts one from a data: URL that imports the script
 * (fetched with CORS, as the frame's own modules are). Self-contained: the inline
 * script carries its source.
 */
export function startClusterWorker(url: string, name: string, allowOpaque: boolean): Worker | undefined {
  try {
    return new Worker(url, { type: 'module', name });
  } catch (e) {
    if (!allowOpaque) return undefined;
  }
  try {
    // A data: URL (a worker of an opaque origin); Chromium refuses a blob: one from an opaque origin.
    const source = 'import ' + JSON.stringify(new URL(url, location.href).href) + ';';
    return new Worker('data:text/javascript,' + encodeURIComponent(source), { type: 'module', name });
  } catch (e) {
    return undefined;
  }
}

/**
 * The inline script's body (a classic script: no imports; defaultEmbedBoot and startClusterWorker
 * are inlined as source). Where no worker starts at all, the page runs its cluster in-page.
 */
export function earlyWorkerScript(url: string): string {
  const play = JSON.stringify(`${IN_PROCESS_WORKER_NAME}${PLAY}${PREBOOT}`);
  const paused = JSON.stringify(`${IN_PROCESS_WORKER_NAME}${PREBOOT}`);
  return `(function(){try{var defaultEmbedBoot=${defaultEmbedBoot.toString()};var startClusterWorker=${startClusterWorker.toString()};var b=defaultEmbedBoot(location.search,location.hash);if(!b)return;var p=new URLSearchParams(location.search).get('autoplay')==='1';var w=startClusterWorker(${JSON.stringify(url)},(p?${play}:${paused})+JSON.stringify(b),true);if(!w)return;w.onerror=function(){window.__kubariumClusterWorkerFailed=true};window.__kubariumClusterWorker=w}catch(e){}})()`;
}

const EARLY_WORKER_ATTRIBUTE = 'data-kubarium-early-worker';

/** The script element for the page's head. */
export function earlyWorkerTag(url: string): string {
  return `<script ${EARLY_WORKER_ATTRIBUTE}>${earlyWorkerScript(url)}</script>`;
}

/**
 * /embed's prerendered HTML with the early worker's script (starting `url`) at the top of <head>,
 * right after the charset: ahead of the stylesheets and Kit's modulepreload links, so the worker's
 * request does not wait behind them (HTTP/1.1 opens six connections at most) nor its start behind
 * the first style and layout. A page without a charset passes through unchanged.
 */
export function withEarlyWorker(html: string, url: string): string {
  const charset = /<meta charset="[^"]*"\s*\/?>/.exec(html);
  if (!charset) return html;
  const at = charset.index + charset[0].length;
  return html.slice(0, at) + earlyWorkerTag(url) + html.slice(at);
}

/** The worker the inline script started, once (the page owns it from then on). */
export function takeEarlyWorker(): Worker | undefined {
  const worker = window.__kubariumClusterWorker;
  window.__kubariumClusterWorker = undefined;
  if (!window.__kubariumClusterWorkerFailed) return worker;
  worker?.terminate();
  return undefined;
}

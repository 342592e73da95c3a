/**
 * V8's explicit compile hint for /embed's first frame. A script that starts with the magic comment
 * `//# allFunctionsCalledOnLoad` (Chromium 136+) has all its functions compiled eagerly, on a
 * background thread while it streams in, instead of each one lazily on the main thread the first
 * time it runs: at 4x CPU the page's main thread spent ~150 ms of /embed's start-up in lazy
 * compiles (900 functions of Svelte's runtime, Kit's client and the map). Only the chunks that
 * first frame loads carry it: the rest (Monaco, the console, dialogs) load later or never, and
 * compiling them whole would be waste.
 */
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** What a chunk of the bundle says about itself (Rollup's and Rolldown's RenderedChunk). */
export interface ChunkInfo {
  name: string;
  moduleIds: readonly string[];
  /** File names of the chunks it imports statically. */
  imports: readonly string[];
}

/**
 * The chunks (by file name) that load with the chunks `isRoot` picks: those and every chunk they
 * import statically, transitively (a dynamic import waits for its own time).
 */
export function staticClosure(chunks: Readonly<Record<string, ChunkInfo>>, isRoot: (chunk: ChunkInfo) => boolean): Set<string> {
  const out = new Set<string>();
  const stack = Object.keys(chunks).filter((f) => isRoot(chunks[f]));
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (out.has(file) || !chunks[file]) continue;
    out.add(file);
    stack.push(...chunks[file].imports);
  }
  return out;
}

/**
 * /embed's first load in the client build: Kit's entries (start, app) and the chunks of the root
 * layout and the /embed page, with what they import.
 */
export function isEmbedRoot(chunk: ChunkInfo): boolean {
  return chunk.name === 'entry/start' || chunk.name === 'entry/app' || chunk.moduleIds.some((id) => /\/src\/routes\/(embed\/\+page|\+layout)\.svelte$/.test(id));
}

/**
 * The Vite plugin: prepends the hint to /embed's first-load chunks of the client build, once they
 * are minified (the minifier drops comments; file names keep their hash of the code without it).
 */
export function embedCompileHints(): Plugin {
  return {
    name: 'kubarium:embed-compile-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, ChunkInfo> = {};
      for (const [file, out] of Object.entries(bundle)) if (out.type === 'chunk') chunks[file] = out;
      // Only the client build has Kit's entry/start (the server's and the workers' have none).
      if (!Object.values(chunks).some((c) => c.name === 'entry/start')) return;
      for (const file of staticClosure(chunks, isEmbedRoot)) {
        const out = bundle[file];
        if (out.type === 'chunk') out.code = COMPILE_HINT + out.code;
      }
    }
  };
}

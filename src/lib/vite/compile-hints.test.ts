import { describe, expect, it } from 'vitest';
import { isEmbedRoot, staticClosure, type ChunkInfo } from './compile-hints';

const chunk = (name: string, imports: string[] = [], moduleIds: string[] = []): ChunkInfo => ({ name, imports, moduleIds });

describe('staticClosure with isEmbedRoot', () => {
  // A client build in miniature: Kit's entries, the layout and two pages, a shared runtime, and
  // chunks only a dynamic import reaches (no edge to them here).
  const chunks: Record<string, ChunkInfo> = {
    'entry/start.js': chunk('entry/start', ['runtime.js']),
    'entry/app.js': chunk('entry/app', ['runtime.js']),
    'runtime.js': chunk('runtime'),
    'nodes/0.js': chunk('nodes/0', ['runtime.js'], ['/w/.svelte-kit/generated/client-optimized/nodes/0.js', '/w/src/routes/+layout.svelte']),
    'nodes/2.js': chunk('nodes/2', ['runtime.js', 'playground.js'], ['/w/src/routes/+page.svelte']),
    'playground.js': chunk('playground', ['monaco.js']),
    'monaco.js': chunk('monaco'),
    'nodes/3.js': chunk('nodes/3', ['runtime.js', 'map.js'], ['/w/src/routes/embed/+page.svelte']),
    'map.js': chunk('map', ['quantity.js']),
    'quantity.js': chunk('quantity'),
    'console.js': chunk('console', ['runtime.js'])
  };
  const cases: { name: string; file: string; want: boolean }[] = [
    { name: "Kit's start entry", file: 'entry/start.js', want: true },
    { name: "Kit's app entry", file: 'entry/app.js', want: true },
    { name: 'the root layout', file: 'nodes/0.js', want: true },
    { name: 'the embed page', file: 'nodes/3.js', want: true },
    { name: 'what the page imports, transitively', file: 'quantity.js', want: true },
    { name: 'the shared runtime', file: 'runtime.js', want: true },
    { name: 'another page', file: 'nodes/2.js', want: false },
    { name: "another page's imports", file: 'monaco.js', want: false },
    { name: 'a chunk only a dynamic import loads', file: 'console.js', want: false }
  ];
  const closure = staticClosure(chunks, isEmbedRoot);
  for (const c of cases) it(c.name, () => expect(closure.has(c.file)).toBe(c.want));

  it('ignores an import the bundle does not hold', () => {
    expect([...staticClosure({ 'a.js': chunk('entry/start', ['gone.js']) }, isEmbedRoot)]).toEqual(['a.js']);
  });
});

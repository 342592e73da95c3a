import { sveltekit } from '@sveltejs/kit/vite';
import { SvelteKitPWA } from '@vite-pwa/sveltekit';
import { defineConfig } from 'vitest/config';
import { embedCompileHints } from './src/lib/vite/compile-hints';

export default defineConfig({
  plugins: [
    sveltekit(),
    // V8 compiles /embed's first-load chunks off the main thread (src/lib/vite/compile-hints.ts).
    embedCompileHints(),
    SvelteKitPWA({
      // A new build waits until the reader accepts it (the layout's "Update available" banner).
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'kubarium',
        short_name: 'kubarium',
        description: 'A Kubernetes cluster that lives in a browser tab',
        theme_color: '#326ce5',
        background_color: '#0f1420',
        display: 'standalone',
        start_url: '/',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          // The logo inside the safe zone on a full-bleed background (tests/e2e/render-icons.mjs).
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' }
        ]
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,ttf,json}'],
        // Monaco's main chunk is ~3.9 MB: raise Workbox's 2 MiB default so it is precached too.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        navigateFallback: '/',
        // The first visit is controlled (offline-ready) at once; a later build waits (skipWaiting
        // false) until the banner's Reload, which tells it to take over.
        clientsClaim: true,
        skipWaiting: false,
        // README images are not part of the app; nor are the icon files, which the pages draw from
        // their inline sprite (src/lib/viz/icon-sprite.server.ts). The globs run in .svelte-kit/output,
        // where static files are under client/ (a bare 'readme/**' matched nothing).
        globIgnores: ['client/readme/**', 'client/icons/**']
      }
    })
  ],
  resolve: {
    alias: [
      // monaco-editor 0.56+ exports only ./*; monaco-yaml's worker manager imports the old deep path.
      { find: /^monaco-editor\/esm\/vs\//, replacement: 'monaco-editor/' }
    ]
  },
  server: { fs: { allow: ['workers'] } },
  optimizeDeps: {
    // Found late (behind the Editor tab's dynamic import, or inside workers): pre-bundle them up
    // front, else the dev server re-optimizes and reloads the page when they are first requested.
    include: ['comlink', 'd3', 'yaml', 'xstate', 'monaco-editor/editor', 'monaco-yaml', 'monaco-yaml/yaml.worker.js', 'monaco-editor/editor/editor.worker']
  },
  worker: { format: 'es' },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/scenario/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node'
  }
});

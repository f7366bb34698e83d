import { defineConfig } from 'vitest/config';
import type { Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress.ts';
import { prerenderTitle } from './scripts/prerenderTitle.ts';

/** The game screen's route module (its chunk holds what it imports beyond the entry). */
const GAME_SCREEN = /\/src\/features\/game\/GameScreen\.tsx$/;
/** Whether a module is `start` or imported (directly or through other modules) by a module that is. */
function reaches(id: string, getModuleInfo: (id: string) => Rolldown.ModuleInfo | null, start: (info: Rolldown.ModuleInfo) => boolean): boolean {
  const seen = new Set<string>();
  const walk = (moduleId: string): boolean => {
    if (seen.has(moduleId)) return false;
    seen.add(moduleId);
    const info = getModuleInfo(moduleId);
    return !!info && (start(info) || info.importers.some(walk));
  };
  return walk(id);
}
/** https://v8.dev/blog/explicit-compile-hints: must open the file. */
const COMPILE_ALL_HINT = '//# allFunctionsCalledOnLoad';

export default defineConfig({
  plugins: [
    react(),
    prerenderTitle(),
    // The installable app: the web manifest and a Workbox service worker that precaches the hashed app shell
    // (a repeat visit loads from the cache; an offline start still shows the title). The worker is registered
    // by src/main.tsx after the first paint.
    VitePWA({
      injectRegister: false,
      registerType: 'autoUpdate',
      includeAssets: ['favicon.ico', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'DRUG WARS',
        short_name: 'DRUG WARS',
        description: 'A free browser clone of the classic 1984 drug-trading game.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#000000',
        background_color: '#000000',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell and everything it shows (sprites, locale file, icons). Precompressed copies (.br/.gz)
        // are the server's business, never the cache's.
        globPatterns: ['**/*.{js,css,html,ico,png,svg,json,webmanifest}'],
        // A new version takes over at once; the page already open keeps the code it has (no forced reload in
        // the middle of a game) and the next start gets the new one.
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        // Client routes (/game, /leaderboard, ...) start from the cached index.html, online or not. The API
        // and its docs are never answered by the worker: no runtime caching of any kind.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(?:\/|$)/],
        runtimeCaching: [],
      },
    }),
    precompress(),
  ],
  // One stylesheet for the whole app (about 3 KB more gzip in the first screen's): a lazy chunk's own stylesheet
  // cost a <link> insertion and a restyle of the whole page when it arrived, each a long task on a slow phone
  // while the chunks are preloaded after the first screen.
  build: {
    cssCodeSplit: false,
    // No <link rel=modulepreload> per lazy import: each chunk imports only the entry and at most one shared chunk,
    // and Vite's helper appended a link element to the head for every dependency of every preloaded chunk,
    // 30-60 ms tasks at 4x CPU while the chunks were preloaded in idle time.
    modulePreload: false,
    rollupOptions: {
      output: {
        // Everything the entry imports (directly or through other modules) ships in the entry chunk itself:
        // one request for the first screen's JavaScript instead of a dozen small shared chunks queued on the
        // browser's six connections. The lazy chunks import what they share with it from there.
        codeSplitting: {
          groups: [
            { name: (id, ctx) => (reaches(id, (m) => ctx.getModuleInfo(m), (info) => info.isEntry) ? 'index' : null), priority: 2 },
            // The same for the game screen: the route chunk and the small modules it shares with other chunks
            // (table, tabs, hotkeys, catalogue) are one file, so /game asks for one chunk and no second round
            // trip follows it. The chunks that share those modules import them from there.
            { name: (id, ctx) => (reaches(id, (m) => ctx.getModuleInfo(m), (info) => GAME_SCREEN.test(info.id)) ? 'GameScreen' : null), priority: 1 },
          ],
        },
        // V8's explicit compile hint: the first screen's chunks (the entry, the game screen) are compiled whole
        // on the browser's streaming thread while they download, instead of function by function on the main
        // thread as the first render calls them. Lighthouse (mobile, Chromium 156, 4x CPU) on a new game's
        // screen: total blocking time 283 -> 70 ms (median of 3, ABBA).
        postBanner: (chunk) => (chunk.isEntry || chunk.name === 'GameScreen' ? COMPILE_ALL_HINT : ''),
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  test: { name: 'web', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'] },
});

import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress.ts';
import { prerenderTitle } from './scripts/prerenderTitle.ts';

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
    rollupOptions: {
      output: {
        // Everything the entry imports (directly or through other modules) ships in the entry chunk itself:
        // one request for the first screen's JavaScript instead of a dozen small shared chunks queued on the
        // browser's six connections. The lazy chunks import what they share with it from there.
        manualChunks(id, { getModuleInfo }) {
          const seen = new Set<string>();
          const fromEntry = (moduleId: string): boolean => {
            if (seen.has(moduleId)) return false;
            seen.add(moduleId);
            const info = getModuleInfo(moduleId);
            return !!info && (info.isEntry || info.importers.some(fromEntry));
          };
          return fromEntry(id) ? 'index' : null;
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  test: { name: 'web', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'] },
});

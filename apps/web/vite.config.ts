import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress.ts';

export default defineConfig({
  plugins: [
    react(),
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
  server: { proxy: { '/api': 'http://localhost:3000' } },
  test: { name: 'web', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'] },
});

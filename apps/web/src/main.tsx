import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { init as initAnalytics } from './analytics/init';
import { App, preloadRouteChunk } from './App';
import { resumeGame } from './store/gameActions';
import { whenIdle } from './lib/whenIdle';
import './styles.css';

// A game's state (/game?id=...) and the route's chunk are asked for at once, together; the game screen joins
// this resume instead of starting its own.
const gameId = location.pathname === '/game' ? new URLSearchParams(location.search).get('id') : null;
if (gameId) void resumeGame(gameId);
preloadRouteChunk(location.pathname);

// Analytics listen to the game's signals from the start. The synthesizer is its own chunk, loaded in idle time
// after the first screen (no sound plays before the player's first move).
initAnalytics();
whenIdle(() => {
  import('./audio/init')
    .then((audio) => audio.init())
    .catch((err: unknown) => console.warn('sounds failed to start', err));
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  );
}

// The service worker (Workbox, generated at build time by vite-plugin-pwa) precaches the app shell so a repeat
// visit loads from the cache and an offline start still shows the title. Registered after the page has loaded,
// so its precaching never competes with the first screen; never in development (Vite serves unbuilt modules).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // No worker (private mode, an old browser): the game works the same, only not offline.
    });
  });
}

import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
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
// The player's first tap, click or key is noted from the start, so a music that loads later knows of it (the
// browser's own sticky activation also counts script-granted activations, which are no player's gesture).
let interacted = false;
const FIRST_INPUT = ['pointerdown', 'keydown'] as const;
const noteInput = () => {
  interacted = true;
  for (const type of FIRST_INPUT) window.removeEventListener(type, noteInput, true);
};
for (const type of FIRST_INPUT) window.addEventListener(type, noteInput, true);
initAnalytics();
whenIdle(() => {
  import('./audio/init')
    .then((audio) => audio.init(() => interacted))
    .catch((err: unknown) => console.warn('sounds failed to start', err));
});

const root = document.getElementById('root');
if (root) {
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>
  );
  // The build prerendered the title into #root (scripts/prerenderTitle.ts): on '/' React takes that markup
  // over as it is (hydration: nothing is drawn again), inside a transition, so it works in slices of a few
  // milliseconds and a slow phone's main thread is never held long. Any other route drops the markup (hidden
  // until now) and renders its own screen.
  if (location.pathname === '/' && root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
  else {
    root.textContent = '';
    document.documentElement.classList.remove('not-title');
    createRoot(root).render(app);
  }
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

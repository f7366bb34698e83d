import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { init as initAnalytics } from './analytics/init';
import { App } from './App';
import './styles.css';

// Sounds and analytics listen to the game's signals from the start; the synthesizer is its own chunk.
initAnalytics();
import('./audio/init')
  .then((audio) => audio.init())
  .catch((err: unknown) => console.warn('sounds failed to start', err));

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

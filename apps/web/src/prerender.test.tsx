// The title markup the build writes into index.html (prerender.tsx) is what the browser's first render draws:
// main.tsx hydrates it, and a mismatch would make React throw the markup away and draw the title again.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { renderTitle } from './prerender';
import { useGameStore } from './store/gameStore';
import { stubFetch } from './test/fixtures';

let root: Root | null = null;
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeEach(() => {
  localStorage.clear();
  useGameStore.getState().resetGame();
  window.history.replaceState(null, '', '/');
  vi.stubGlobal(
    'fetch',
    stubFetch({
      'GET /api/health': { body: { success: true, status: 'ok', database: 'ok' } },
      'GET /api/version': { body: { version: '2.2.0', environment: 'production' } },
      'GET /locales/en.json': { body: { buttons: ['PLAY', 'MOST WANTED LIST', 'About'] } },
      'GET /api/strings/en': { body: { success: true, language: 'en', strings: { buttons_positive: {}, buttons_negative: {}, encounters: {} } } },
    }).fn,
  );
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('prerendered title', () => {
  it('is the title with its health-check overlay, and hydrates without a mismatch, keeping its elements', async () => {
    const html = renderTitle();
    expect(html).toContain('aria-label="Main menu"');
    expect(html).toContain('Loading...');
    const container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = html;
    document.body.append(container);
    const play = container.querySelector('button.btn-primary');
    const errors: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </StrictMode>,
        { onRecoverableError: (error) => errors.push(error) },
      );
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(errors).toEqual([]);
    // the same button element: React took the markup over instead of drawing it again
    expect(container.querySelector('button.btn-primary')).toBe(play);
    expect(play?.textContent).toBe('PLAY');
  });
});

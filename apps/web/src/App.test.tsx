// The routes of SPEC.md section 2.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { App } from './App';
import { useGameStore } from './store/gameStore';
import { stubFetch } from './test/fixtures';

function Where() {
  const loc = useLocation();
  return <span data-testid="where">{loc.pathname + loc.search}</span>;
}

async function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <Where />
    </MemoryRouter>,
  );
  for (let i = 0; i < 5; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
}

beforeEach(() => {
  localStorage.clear();
  useGameStore.getState().resetGame();
  useGameStore.getState().setSession(null);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.stubGlobal(
    'fetch',
    stubFetch({
      'GET /api/health': { body: { success: true, status: 'ok', database: 'ok' } },
      'GET /api/version': { body: { version: '2.2.0-PROD', environment: 'production' } },
      'GET /api/leaderboard/today': { body: { success: true, entries: [] } },
      'POST /api/game/resume': {
        status: 404,
        body: { success: false, code: 'SESSION_NOT_FOUND', error: 'Session not found or expired', message: 'Session not found or expired' },
      },
      'GET /api/strings/en': { body: { success: true, language: 'en', strings: { buttons_positive: {}, buttons_negative: {}, encounters: {} } } },
    }).fn,
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('routes', () => {
  it('/ is the title screen', async () => {
    await renderAt('/');
    expect(await screen.findByRole('button', { name: 'MOST WANTED LIST' })).toBeTruthy();
  });

  it('/leaderboard is the Most Wanted List', async () => {
    await renderAt('/leaderboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'MOST WANTED LIST' })).toBeTruthy();
  });

  it('any other path is the title behind the Not Found modal', async () => {
    await renderAt('/some/where');
    expect(await screen.findByRole('dialog', { name: 'Not Found' })).toBeTruthy();
    expect(screen.getByText("That page doesn't exist dude, quit fucking around")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Whatever' })).toBeTruthy();
  });

  it('/game without an id goes to the stored session, or to the title when there is none', async () => {
    await renderAt('/game');
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    cleanup();
    localStorage.setItem('drugwars.sessionId', 'stored-1');
    await renderAt('/game');
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/game?id=stored-1'));
  });

  it('/game?id= stores the id on entry (the resume call carries it from storage)', async () => {
    const stub = stubFetch({
      'POST /api/game/resume': {
        status: 404,
        body: { success: false, code: 'SESSION_NOT_FOUND', error: 'Session not found or expired', message: 'Session not found or expired' },
      },
    });
    vi.stubGlobal('fetch', stub.fn);
    await renderAt('/game?id=from-url');
    await vi.waitFor(() => expect(stub.calls.some((c) => c.url === '/api/game/resume')).toBe(true));
    const resume = stub.calls.find((c) => c.url === '/api/game/resume')!;
    expect(resume.headers['x-session-id']).toBe('from-url');
    expect(resume.body).toEqual({ sessionId: 'from-url' });
    // an unknown session: 'Session Not Found: ...' and the stored id is forgotten
    expect(await screen.findByText(/^Session Not Found: Your game session could not be found/)).toBeTruthy();
    expect(localStorage.getItem('drugwars.sessionId')).toBeNull();
  });

  it('/gameover without a game goes to the title', async () => {
    await renderAt('/gameover');
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
  });
});

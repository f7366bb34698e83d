import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { stubFetch } from '../../test/fixtures';
import { TitleScreen } from './TitleScreen';

function Where() {
  const loc = useLocation();
  return <span data-testid="where">{loc.pathname + loc.search}</span>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<TitleScreen />} />
        <Route path="/leaderboard" element={<p>board</p>} />
        <Route path="*" element={<TitleScreen notFound />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const healthy = {
  'GET /api/health': { body: { success: true, status: 'ok', database: 'ok' } },
  'GET /api/version': { body: { version: '2.2.0-DEV', environment: 'development' } },
  'GET /locales/en.json': { body: { buttons: ['PLAY NOW', 'MOST WANTED LIST', 'About'] } },
  'GET /api/changelog': { body: { success: true, entries: [{ version: '2.2.0', date: '2026-11-01', changes: 'Fresh start' }] } },
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('TitleScreen', () => {
  it('shows the version, the test-version warning, locale labels and the changelog', async () => {
    vi.stubGlobal('fetch', stubFetch(healthy).fn);
    renderAt('/');
    expect(await screen.findByText('This is a test version of the game. Expect bugs.')).toBeTruthy();
    expect(screen.getByText('v2.2.0-DEV', { selector: '.version-line' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'PLAY NOW' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show Changelog' }));
    expect(await screen.findByText('v2.2.0 - 2026-11-01')).toBeTruthy();
    expect(screen.getByText('Recent Changes')).toBeTruthy();
  });

  it('says No changelog available when the changelog cannot be loaded', async () => {
    vi.stubGlobal('fetch', stubFetch({ ...healthy, 'GET /api/changelog': { status: 500, body: {} } }).fn);
    renderAt('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Show Changelog' }));
    expect(await screen.findByText('No changelog available')).toBeTruthy();
  });

  it('shows the not-found modal over the title; Whatever returns to /', async () => {
    vi.stubGlobal('fetch', stubFetch(healthy).fn);
    renderAt('/nowhere');
    expect(screen.getByText("That page doesn't exist dude, quit fucking around")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Whatever' }));
    expect(screen.getByTestId('where').textContent).toBe('/');
    expect(screen.queryByText("That page doesn't exist dude, quit fucking around")).toBeNull();
  });

  it('error=audit opens the audit modal, clears the parameter, and Dang forgets the session', async () => {
    localStorage.setItem('drugwars.sessionId', 'cheater');
    vi.stubGlobal('fetch', stubFetch(healthy).fn);
    renderAt('/?error=audit');
    expect(await screen.findByText('AUDIT FAILURE')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/');
    fireEvent.click(screen.getByRole('button', { name: 'Dang' }));
    expect(localStorage.getItem('drugwars.sessionId')).toBeNull();
    expect(screen.queryByText('AUDIT FAILURE')).toBeNull();
  });

  it('shows CONNECTION FAILED with an error id when health fails twice; TRY AGAIN re-checks', async () => {
    vi.useFakeTimers();
    const stub = stubFetch({ ...healthy, 'GET /api/health': { status: 503, body: { success: false, code: 'DOWN', error: 'down', message: 'down' } } });
    vi.stubGlobal('fetch', stub.fn);
    renderAt('/');
    expect(screen.getByText('Loading...')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2100);
    });
    expect(screen.getByText('CONNECTION FAILED')).toBeTruthy();
    expect(screen.getByText(/^Error: err-\d+-[a-z0-9]{6}$/)).toBeTruthy();
    const before = stub.calls.filter((c) => c.url === '/api/health').length;
    expect(before).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'TRY AGAIN' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(stub.calls.filter((c) => c.url === '/api/health').length).toBe(3);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { OLDER_RULES_MESSAGE } from '@drugwars/engine';
import { makeState, stubFetch } from '../../test/fixtures';
import { useGameStore } from '../../store/gameStore';
import { playAgainState } from '../../lib/playAgain';
import { changeItems, TitleScreen } from './TitleScreen';

function Where() {
  const loc = useLocation();
  return <span data-testid="where">{loc.pathname + loc.search}</span>;
}

function renderAt(path: string, state?: unknown) {
  render(
    <MemoryRouter initialEntries={[state === undefined ? path : { pathname: path, state }]}>
      <Routes>
        <Route path="/" element={<TitleScreen />} />
        <Route path="/leaderboard" element={<p>board</p>} />
        <Route path="/game" element={<p>game screen</p>} />
        <Route path="*" element={<TitleScreen notFound />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const healthy = {
  'GET /api/health': { body: { success: true, status: 'ok', database: 'ok' } },
  'GET /api/version': { body: { version: '2.2.0-DEV', environment: 'development', contact: '@dealer', donationAddress: 'bc1qxyz' } },
  'GET /locales/en.json': { body: { buttons: ['PLAY NOW', 'MOST WANTED LIST', 'About'] } },
  'GET /api/changelog': { body: { success: true, entries: [{ version: '2.2.0', date: '2026-11-01', changes: 'Fresh start' }] } },
};

beforeEach(() => {
  localStorage.clear();
  useGameStore.getState().resetGame();
  // the stubbed version says 'development', which turns debug logging on
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('TitleScreen', () => {
  it("Play Again's state opens the name entry with the game's name", async () => {
    vi.stubGlobal('fetch', stubFetch(healthy).fn);
    renderAt('/', playAgainState('Kingpin'));
    const name = (await screen.findByLabelText(/name/i, { selector: 'input' })) as HTMLInputElement;
    expect(name.value).toBe('Kingpin');
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('shows the version, the test-version warning, locale labels and the changelog', async () => {
    vi.stubGlobal('fetch', stubFetch(healthy).fn);
    renderAt('/');
    expect(await screen.findByText('This is a test version of the game. Expect bugs.')).toBeTruthy();
    expect(screen.getByText('v2.2.0-DEV', { selector: '.footer-version' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'PLAY NOW' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show Changelog' }));
    expect(await screen.findByText('v2.2.0 - 2026-11-01')).toBeTruthy();
    expect(screen.getByText('Recent Changes')).toBeTruthy();
  });

  it("shows a release's changes as items: a '- ' line opens one, other lines continue it", () => {
    expect(changeItems('- Music\n- How to play\n  on the title\n\n* Keys')).toEqual(['Music', 'How to play on the title', 'Keys']);
    expect(changeItems('Fresh start')).toEqual(['Fresh start']);
    expect(changeItems('')).toEqual([]);
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
    expect(document.querySelectorAll('main')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'DRUG WARS' })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Not Found' }).getAttribute('aria-modal')).toBe('true');
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

  it('error=rules says the game was started under older rules (no audit modal) and Start New Game opens the name entry', async () => {
    vi.stubGlobal('fetch', stubFetch(healthy).fn);
    renderAt('/?error=rules');
    const notice = await screen.findByRole('dialog', { name: 'THE RULES HAVE CHANGED' });
    expect(notice.textContent).toContain(OLDER_RULES_MESSAGE);
    expect(screen.queryByText('AUDIT FAILURE')).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/');
    fireEvent.click(screen.getByRole('button', { name: 'Start New Game' }));
    expect(screen.queryByRole('dialog', { name: 'THE RULES HAVE CHANGED' })).toBeNull();
    expect(await screen.findByRole('dialog', { name: 'ENTER YOUR NAME' })).toBeTruthy();
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

  it("offline: the title says You're offline (no CONNECTION FAILED, no call) and checks again when the network is back", async () => {
    vi.useFakeTimers();
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    const stub = stubFetch(healthy);
    vi.stubGlobal('fetch', stub.fn);
    renderAt('/');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(screen.getByRole('status').textContent).toBe("You're offline. Retrying when your connection is back...");
    expect(screen.queryByText('CONNECTION FAILED')).toBeNull();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.getByRole('button', { name: 'PLAY NOW' })).toBeTruthy();
    // still offline at the periodic retry: nothing is asked of the server
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(stub.calls.filter((c) => c.url === '/api/health')).toHaveLength(0);
    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(stub.calls.filter((c) => c.url === '/api/health')).toHaveLength(1);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('v2.2.0-DEV', { selector: '.footer-version' })).toBeTruthy();
  });

  it('a health check that fails because the network dropped shows the offline note, and the periodic retry recovers', async () => {
    vi.useFakeTimers();
    let online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    let reachable = false;
    const stub = stubFetch(healthy);
    // The network drops while the first check is on its way: the fetch fails and the browser is now offline.
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      if (url === '/api/health' && !reachable) {
        online = false;
        return Promise.reject(new TypeError('Failed to fetch'));
      }
      return stub.fn(url, init);
    });
    renderAt('/');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2100);
    });
    expect(screen.getByRole('status').textContent).toContain("You're offline.");
    expect(screen.queryByText('CONNECTION FAILED')).toBeNull();
    reachable = true;
    online = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText('CONNECTION FAILED')).toBeNull();
  });

  it('clicking outside CONNECTION FAILED also retries', async () => {
    vi.useFakeTimers();
    const stub = stubFetch({ ...healthy, 'GET /api/health': { status: 503, body: { success: false, code: 'DOWN', error: 'down', message: 'down' } } });
    vi.stubGlobal('fetch', stub.fn);
    renderAt('/');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2100);
    });
    const dialog = screen.getByRole('dialog', { name: 'CONNECTION FAILED' });
    expect(dialog.textContent).toContain(
      "Shit, the game's not working. Try again in 5 minutes, the server might be restarting. If it's still not working, tell the dev to get his shit together or try again later.",
    );
    fireEvent.mouseDown(dialog.parentElement!);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(stub.calls.filter((c) => c.url === '/api/health').length).toBe(3);
  });

  it('About: free clone, nothing personal tracked, copy shows a check mark for 2 seconds, WHATEVER closes', async () => {
    vi.stubGlobal('fetch', stubFetch(healthy).fn);
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderAt('/');
    await act(async () => undefined);
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'About' }));
    const dialog = screen.getByRole('dialog', { name: 'About' });
    expect(dialog.textContent).toMatch(/free clone/);
    expect(dialog.textContent).toMatch(/Only game-related data is tracked \(no personal information\)/);
    const copy = screen.getByRole('button', { name: 'Copy Donation address' });
    await act(async () => {
      fireEvent.click(copy);
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(copy.textContent).toBe('✓');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1999);
    });
    expect(copy.textContent).toBe('✓');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(copy.textContent).toBe('COPY');
    fireEvent.click(screen.getByRole('button', { name: 'WHATEVER' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("About and CONNECTION FAILED show the operator's contact and donation address, and no line when unset", async () => {
    const unset = { ...healthy, 'GET /api/version': { body: { version: '2.2.0-DEV', environment: 'development' } } };
    vi.stubGlobal('fetch', stubFetch(unset).fn);
    renderAt('/');
    await act(async () => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'About' }));
    const dialog = screen.getByRole('dialog', { name: 'About' });
    expect(dialog.textContent).not.toMatch(/drugwars-dev|bc1q|tips keep the server running/);
    expect(screen.queryByRole('button', { name: /^Copy/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'WHATEVER' }));
    cleanup();
    vi.stubGlobal('fetch', stubFetch(healthy).fn);
    renderAt('/');
    await act(async () => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'About' }));
    expect(screen.getByRole('button', { name: 'Copy Donation address' })).toBeTruthy();
    expect(screen.getByText('@dealer')).toBeTruthy();
  });

  it('a clipboard failure is only logged', async () => {
    vi.stubGlobal('fetch', stubFetch(healthy).fn);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderAt('/');
    fireEvent.click(await screen.findByRole('button', { name: 'About' }));
    const copy = screen.getByRole('button', { name: 'Copy Messenger contact' });
    await act(async () => {
      fireEvent.click(copy);
    });
    expect(copy.textContent).toBe('COPY');
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('uses up a redirect left in the store (it would bounce the next game screen); an audit one opens the audit modal', async () => {
    vi.stubGlobal('fetch', stubFetch(healthy).fn);
    useGameStore.getState().setRedirect('/');
    renderAt('/');
    await act(async () => undefined);
    expect(useGameStore.getState().redirect).toBeNull();
    expect(screen.queryByText('AUDIT FAILURE')).toBeNull();
    cleanup();
    useGameStore.getState().setRedirect('/?error=audit');
    renderAt('/');
    expect(await screen.findByText('AUDIT FAILURE')).toBeTruthy();
    expect(useGameStore.getState().redirect).toBeNull();
  });

  it("a failed start shows the ERROR modal on the title with the default text when there is no message", async () => {
    vi.stubGlobal('fetch', stubFetch(healthy).fn);
    renderAt('/');
    await act(async () => undefined);
    await act(async () => {
      useGameStore.getState().pushModal({ kind: 'error', message: '' });
    });
    expect(screen.getByRole('dialog', { name: 'ERROR' }).textContent).toContain('Game state is invalid, please try again.');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('PLAY, a name and START NEW GAME: loading overlay, then /game?id={sessionId}', async () => {
    const data = Object.fromEntries(
      ['drugs', 'weapons', 'ammo', 'armor', 'consumables', 'items', 'locations'].map((k) => [`GET /api/game/data/${k}`, { body: [] }]),
    );
    const stub = stubFetch({
      ...healthy,
      ...data,
      'POST /api/game/new': {
        body: { success: true, sessionId: 'sess-9', gameState: makeState(), isManualSeed: false, events: [] },
      },
    });
    vi.stubGlobal('fetch', stub.fn);
    renderAt('/');
    fireEvent.click(await screen.findByRole('button', { name: 'PLAY NOW' }));
    const name = await screen.findByRole('textbox', { name: 'Player name' });
    fireEvent.change(name, { target: { value: 'Scarface' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'START NEW GAME' }));
    });
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/game?id=sess-9'));
    expect(stub.calls.find((c) => c.url === '/api/game/new')?.body).toEqual({ playerName: 'Scarface', seed: null });
    expect(localStorage.getItem('drugwars.sessionId')).toBe('sess-9');
  });

  it('a start that fails stays on the title with the loading cleared and says why', async () => {
    const data = Object.fromEntries(
      ['drugs', 'weapons', 'ammo', 'armor', 'consumables', 'items', 'locations'].map((k) => [`GET /api/game/data/${k}`, { body: [] }]),
    );
    vi.stubGlobal(
      'fetch',
      stubFetch({
        ...healthy,
        ...data,
        'POST /api/game/new': { status: 429, body: { success: false, code: 'RATE_LIMITED', error: 'Slow down, dude.', message: 'Slow down, dude.' } },
      }).fn,
    );
    renderAt('/');
    fireEvent.click(await screen.findByRole('button', { name: 'PLAY NOW' }));
    await screen.findByRole('textbox', { name: 'Player name' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'START NEW GAME' }));
    });
    expect((await screen.findByRole('dialog', { name: 'ERROR' })).textContent).toContain('Slow down, dude.');
    expect(screen.getByTestId('where').textContent).toBe('/');
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('a session-lost notice queued by a failed start is shown and answered on the title', async () => {
    vi.stubGlobal('fetch', stubFetch(healthy).fn);
    renderAt('/');
    await act(async () => undefined);
    await act(async () => {
      useGameStore.getState().pushModal({ kind: 'sessionLost', message: 'Session connection lost. The server may have restarted.' });
      useGameStore.getState().pushModal({ kind: 'error', message: 'Second' });
    });
    expect(screen.getByRole('dialog', { name: 'ERROR' }).textContent).toContain('Session connection lost. The server may have restarted.');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('dialog', { name: 'ERROR' }).textContent).toContain('Second');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(useGameStore.getState().modals).toEqual([]);
  });
});

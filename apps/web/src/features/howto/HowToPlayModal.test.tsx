import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { stubFetch } from '../../test/fixtures';
import { getHowToPlaySeen } from '../../storage/local';
import { TitleScreen } from '../title/TitleScreen';

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<TitleScreen />} />
        <Route path="/how-to-play" element={<TitleScreen howToPlay />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

// The page is a lazy chunk: loaded once here, so a busy machine's first transform is not inside a findBy's wait.
beforeAll(async () => {
  await import('./HowToPlayModal');
});

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    stubFetch({
      'GET /api/health': { body: { success: true, status: 'ok', database: 'ok' } },
      'GET /api/version': { body: { version: '2.2.0', environment: 'production' } },
    }).fn,
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("'HOW TO PLAY'", () => {
  it('the title links to it; it tells the goal, a day, the risks and the keys, and Got it returns to the title', async () => {
    renderAt('/');
    const link = await screen.findByRole('link', { name: 'How to play' });
    expect(link.getAttribute('href')).toBe('/how-to-play');
    await act(async () => {
      fireEvent.click(link);
    });
    const dialog = await screen.findByRole('dialog', { name: 'HOW TO PLAY' });
    const headings = within(dialog).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(['The goal', 'A day', 'The risks', 'Keys']);
    const text = dialog.textContent ?? '';
    // the figures are the engine's: $2,000 to start, $1,000 of it owed in 7 days, 30 days
    expect(text).toContain('in 30 days');
    expect(text).toContain('New York with $2,000, $1,000 of it borrowed from the loan shark and due in 7 days');
    for (const risk of ['Cops and gangs', 'Heat', 'The loan shark']) expect(within(dialog).getByText(risk)).toBeTruthy();
    // the shortcut list itself is the game's ? dialog
    expect(text).toMatch(/press \? for the list of every shortcut/);
    expect(getHowToPlaySeen()).toBe(true);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Got it' }));
    });
    expect(screen.getByTestId('where').textContent).toBe('/');
    expect(screen.queryByRole('dialog', { name: 'HOW TO PLAY' })).toBeNull();
  });

  it('/how-to-play opens straight on it, and Escape closes it', async () => {
    renderAt('/how-to-play');
    await screen.findByRole('dialog', { name: 'HOW TO PLAY' });
    await act(async () => {
      fireEvent.keyDown(document, { key: 'Escape' });
    });
    expect(screen.getByTestId('where').textContent).toBe('/');
  });
});

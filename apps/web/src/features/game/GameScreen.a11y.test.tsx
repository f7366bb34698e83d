// Landmarks and headings of the game screen (axe: landmark-one-main, region, page-has-heading-one): exactly one
// main, one h1, and nothing but the header, main, footer and dialogs at the top of the screen, whatever shows.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { useGameStore } from '../../store/gameStore';
import { makeState, stubFetch } from '../../test/fixtures';
import { gameState as combatState } from '../encounter/testFixtures';
import GameScreen from './GameScreen';

async function renderGame() {
  render(
    <MemoryRouter initialEntries={['/game?id=s1']}>
      <Routes>
        <Route path="/game" element={<GameScreen />} />
        <Route path="/" element={<p>title</p>} />
      </Routes>
    </MemoryRouter>,
  );
  // lazy chunks (views, encounter) and the version call settle
  for (let i = 0; i < 5; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
}

/** Every top-level part of the screen is a landmark or a dialog (its backdrop holds only the dialog). */
function expectLandmarksOnly() {
  const mains = document.querySelectorAll('main');
  expect(mains).toHaveLength(1);
  expect(document.querySelectorAll('h1')).toHaveLength(1);
  const root = document.querySelector('.game-screen')!;
  for (const child of root.children) {
    const ok =
      ['HEADER', 'MAIN', 'FOOTER'].includes(child.tagName) ||
      (child.classList.contains('modal-backdrop') && child.children.length === 1 && child.firstElementChild?.getAttribute('role') === 'dialog');
    expect(ok, `${child.tagName}.${child.className} sits outside the landmarks`).toBe(true);
  }
  return mains[0]!;
}

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    stubFetch({ 'GET /api/version': { body: { version: '2.2.0-PROD', environment: 'production' } } }).fn,
  );
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const s = useGameStore.getState();
  s.resetGame();
  s.setSession('s1');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useGameStore.getState().resetGame();
});

describe('game screen landmarks', () => {
  it('the views: one h1 (DRUG WARS), status bar, log, navigation and view inside the one main', async () => {
    useGameStore.getState().setGameState(makeState());
    await renderGame();
    const main = expectLandmarksOnly();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('DRUG WARS');
    expect(main.querySelector('.status-bar, .status-mobile')).not.toBeNull();
    expect(main.querySelector('.message-log')).not.toBeNull();
    expect(main.querySelector('.game-main')).not.toBeNull();
  });

  it('an encounter sits inside the main', async () => {
    useGameStore.getState().setGameState(combatState());
    await renderGame();
    await vi.waitFor(() => expect(document.querySelector('.encounter-view')).not.toBeNull(), { timeout: 5000 });
    const main = expectLandmarksOnly();
    expect(main.querySelector('.encounter-view')).not.toBeNull();
  });

  it('the transition sits inside the main', async () => {
    useGameStore.getState().setGameState(makeState());
    useGameStore.getState().setTransition({ message: 'Traveling...' });
    await renderGame();
    const main = expectLandmarksOnly();
    expect(main.querySelector('.transition-screen')?.textContent).toContain('Traveling...');
  });

  it('a queued modal is a labelled modal dialog outside the main', async () => {
    useGameStore.getState().setGameState(makeState());
    useGameStore.getState().pushModal({ kind: 'error', message: 'Nope' });
    await renderGame();
    expectLandmarksOnly();
    const dialog = screen.getByRole('dialog', { name: 'ERROR' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
  });

  it('while resuming: still one main and one h1', async () => {
    // no state for this id: the screen resumes (the stubbed server does not answer the resume)
    await renderGame();
    expect(document.querySelectorAll('main')).toHaveLength(1);
    expect(document.querySelectorAll('h1')).toHaveLength(1);
  });
});

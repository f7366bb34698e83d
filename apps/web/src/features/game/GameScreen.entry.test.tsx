// Entering the game screen when the server cannot be reached (SPEC.md section 2, Game screen): after the resume
// attempts, 'Failed to connect to server. Please try again.' and back to the title after 3 seconds.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { api, ApiError } from '../../api/client';
import { useGameStore } from '../../store/gameStore';
import GameScreen from './GameScreen';

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
  useGameStore.getState().resetGame();
  useGameStore.setState({ gameData: {} });
  vi.spyOn(api, 'version').mockResolvedValue({ version: '2.2.0-PROD', environment: 'production' });
  vi.spyOn(api, 'gameData').mockResolvedValue([] as never);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  useGameStore.getState().resetGame();
});

describe('game screen entry without a server', () => {
  it("says 'Failed to connect to server. Please try again.' and returns to the title after 3 seconds", async () => {
    vi.spyOn(api, 'resume').mockRejectedValue(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'offline' }));
    render(
      <MemoryRouter initialEntries={['/game?id=s1']}>
        <Routes>
          <Route path="/game" element={<GameScreen />} />
          <Route path="/" element={<p>title screen</p>} />
        </Routes>
      </MemoryRouter>,
    );
    // three resume attempts, one second apart
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(api.resume).toHaveBeenCalledTimes(3);
    expect(screen.getByText('Failed to connect to server. Please try again.')).toBeTruthy();
    expect(localStorage.getItem('drugwars.sessionId')).toBe('s1'); // a connection failure keeps the session
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2999);
    });
    expect(screen.queryByText('title screen')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByText('title screen')).toBeTruthy();
  });
});

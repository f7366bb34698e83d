import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ClientGameState } from '@drugwars/engine';
import { api } from '../../api/client';
import { useGameStore } from '../../store/gameStore';
import { makeState } from '../../test/fixtures';
import { HospitalView } from './HospitalView';

function state(health: number, cash: number): ClientGameState {
  const gs = makeState({ cash });
  return { ...gs, player: { ...gs.player, health } };
}

beforeEach(() => {
  useGameStore.getState().resetGame();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('HospitalView', () => {
  it("shows health x/100 with its colour class and 'Heal for $cost', disabled when cash is below the cost", async () => {
    vi.spyOn(api, 'hospitalCost').mockResolvedValue({ success: true, cost: 1600 });
    useGameStore.getState().setGameState(state(60, 1000));
    render(<HospitalView />);
    await act(async () => undefined);
    const line = screen.getByText('Health: 60/100');
    expect(line.className).toContain('health-warning');
    expect((screen.getByRole('button', { name: 'Heal for $1,600' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('heals when cash covers the cost', async () => {
    vi.spyOn(api, 'hospitalCost').mockResolvedValue({ success: true, cost: 400 });
    vi.spyOn(api, 'hospitalVisit').mockResolvedValue({ success: true, version: 1, message: 'All patched up.', gameState: state(100, 600) });
    useGameStore.getState().setGameState(state(90, 1000));
    render(<HospitalView />);
    await act(async () => undefined);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Heal for $400' })));
    expect(api.hospitalVisit).toHaveBeenCalledTimes(1);
    expect(screen.getByText("You're in perfect health!")).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Heal for/ })).toBeNull();
  });

  it("at full health says 'You're in perfect health!' and asks no cost", () => {
    const cost = vi.spyOn(api, 'hospitalCost');
    useGameStore.getState().setGameState(state(100, 1000));
    render(<HospitalView />);
    expect(screen.getByText("You're in perfect health!")).toBeTruthy();
    expect(cost).not.toHaveBeenCalled();
  });

  it('H heals fully, and only when the heal is offered', async () => {
    vi.spyOn(api, 'hospitalCost').mockResolvedValue({ success: true, cost: 400 });
    const visit = vi.spyOn(api, 'hospitalVisit').mockResolvedValue({ success: true, version: 1, message: 'All patched up.', gameState: state(100, 600) });
    useGameStore.getState().setGameState(state(90, 300));
    render(<HospitalView />);
    await act(async () => undefined);
    expect(screen.getByRole('button', { name: 'Heal for $400' }).getAttribute('aria-keyshortcuts')).toBe('H');
    await act(async () => fireEvent.keyDown(window, { key: 'h' })); // $300 does not cover $400
    expect(visit).not.toHaveBeenCalled();
    cleanup();
    useGameStore.getState().setGameState(state(90, 1000));
    render(<HospitalView />);
    await act(async () => undefined);
    await act(async () => fireEvent.keyDown(window, { key: 'h' }));
    expect(visit).toHaveBeenCalledTimes(1);
  });
});

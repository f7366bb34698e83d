// A Daily Run's two streams (streams.ts): the markets are the day's, the same for everybody whatever they do;
// the luck is the run's own, so a rehearsal under another luck seed deals other events, encounters and fights.
import { describe, expect, it } from 'vitest';
import { apply } from './apply';
import { toClientView } from './clientView';
import { newGame } from './newGame';
import { carelessPolicy, chooser } from './testkit';
import type { GameState } from './types';

const DAY_SEED = '2026050100000042';

/** Every state of a game played by the careless policy (its own choices from `policySeed`), at most `maxActions`. */
function play(luckSeed: string | undefined, policySeed: number, maxActions = 600): GameState[] {
  const pick = chooser(policySeed);
  let s = newGame({ playerName: 'Daily', seed: DAY_SEED, isSeeded: false, ...(luckSeed ? { luckSeed } : {}) });
  const states = [s];
  for (let turn = 0; turn < maxActions && !s.gameOver; turn++) {
    const result = apply(s, carelessPolicy(s, pick));
    if (result.ok) states.push((s = result.state));
  }
  return states;
}

/** day -> the world's real prices that day; "day@city" -> the market the player found there on arrival. */
function markets(states: GameState[]) {
  const world = new Map<number, string>();
  const stock = new Map<string, string>();
  for (const s of states) {
    world.set(s.day, JSON.stringify(s.cityPrices));
    // As the market was dealt, on arrival (a purchase takes from the stock afterwards).
    const key = `${s.day}@${s.location}`;
    if (!stock.has(key)) stock.set(key, JSON.stringify(s.marketInfo.map((m) => [m.id, m.price, m.quantity])));
  }
  return { world, stock };
}

/** What luck dealt a game: every day's events and encounters, in order. */
function luckOf(states: GameState[]): string {
  return JSON.stringify(states.map((s) => [s.day, s.encounter?.enemies.map((e) => [e.name, e.maxHealth]) ?? null, s.player.health]));
}

describe('a Daily Run: the markets are the day\'s, the luck the run\'s', () => {
  const runs = [play('1111111111111111', 1), play('2222222222222222', 2), play('3333333333333333', 1), play(undefined, 1)];

  it('shows every run the same prices everywhere, day by day, whatever the player did', () => {
    const [a, b, c] = runs.map(markets);
    let days = 0;
    for (const [day, prices] of a!.world) {
      for (const other of [b!, c!]) {
        if (!other.world.has(day)) continue;
        expect(other.world.get(day), `day ${day}`).toBe(prices);
        days++;
      }
    }
    expect(days).toBeGreaterThan(10);
  });

  it('shows everybody in the same city on the same day the same stock', () => {
    const [a, b, c] = runs.map(markets);
    let shared = 0;
    for (const [key, market] of a!.stock) {
      for (const other of [b!, c!]) {
        if (!other.stock.has(key)) continue;
        expect(other.stock.get(key), key).toBe(market);
        shared++;
      }
    }
    expect(shared).toBeGreaterThan(0);
  });

  it('deals another run other luck: the same moves under another luck seed meet other events and fights', () => {
    // Runs 0 and 2 make the same choices (policy seed 1) under two luck seeds.
    expect(luckOf(runs[0]!)).not.toBe(luckOf(runs[2]!));
    // ... and the same luck seed deals the same game again (a replay and an audit rebuild it).
    expect(JSON.stringify(play('1111111111111111', 1).at(-1))).toBe(JSON.stringify(runs[0]!.at(-1)));
  });

  it('keeps the luck stream through every action, and never shows it to a client', () => {
    const [daily, , , plain] = runs;
    for (const s of daily!) {
      expect(s.luck).toHaveLength(4);
      expect(toClientView(s)).not.toHaveProperty('luck');
    }
    // Other games have none, and draw everything from rng as they always did (golden.test.ts).
    for (const s of plain!) expect(JSON.stringify(s)).not.toContain('"luck"');
    expect(daily!.at(-1)!.luck).not.toEqual(daily![0]!.luck);
  });
});

// The replay story must tell what really happened: every figure is checked against the game itself, replayed
// independently here (states before and after each action), over scripted and many policy-played games.
import { describe, expect, it } from 'vitest';
import { apply, replay } from './apply';
import { LOCATION_BY_ID, LOCATIONS } from './catalogue';
import { DEATH_REASONS } from './combat';
import { newGame, type NewGameOptions } from './newGame';
import { replayStory, type ReplayEncounter, type ReplayStep } from './replayStory';
import { finalScore, netWorth } from './state';
import { carelessPolicy, chooser, ok } from './testkit';
import type { Action, GameState } from './types';

interface Played {
  opts: NewGameOptions;
  /** Every action sent, refused ones included (as a log may hold them). */
  actions: Action[];
  final: GameState;
  /** What the game looked like day by day, seen from outside the story: where, and the figures before the night. */
  daysSeen: { day: number; location: string; end: { cash: number; bank: number; debt: number; health: number } }[];
  /** Encounters that began (after a night or behind another one). */
  encountersStarted: number;
}

function play(game: number): Played {
  const opts = { playerName: `story-${game}`, seed: String(2_000_000_000_000_000n + BigInt(game * 104_729)), isSeeded: true };
  let s = newGame(opts);
  const pick = chooser(game + 11);
  const actions: Action[] = [];
  const daysSeen: Played['daysSeen'] = [{ day: 1, location: s.location, end: { cash: 0, bank: 0, debt: 0, health: 0 } }];
  let encountersStarted = 0;
  for (let i = 0; i < 500 && !s.gameOver; i++) {
    const action = carelessPolicy(s, pick);
    actions.push(action);
    const result = apply(s, action);
    if (!result.ok) continue;
    const next = result.state;
    const today = daysSeen[daysSeen.length - 1]!;
    if (next.day > s.day) {
      const fare = action.type === 'travel' ? LOCATION_BY_ID.get(action.destination)!.flightPrice : 0;
      today.end = { cash: s.player.cash - fare, bank: s.player.bank, debt: s.player.debt, health: s.player.health };
      daysSeen.push({ day: next.day, location: next.location, end: { cash: 0, bank: 0, debt: 0, health: 0 } });
      if (next.encounter) encountersStarted++;
    } else {
      const p = next.player;
      today.end = { cash: p.cash, bank: p.bank, debt: p.debt, health: p.health };
      if (result.attack?.followUpEncounter) encountersStarted++;
    }
    s = next;
  }
  return { opts, actions, final: s, daysSeen, encountersStarted };
}

const encountersOf = (steps: readonly ReplayStep[]) => steps.filter((x): x is ReplayEncounter => x.kind === 'encounter');

describe('replayStory', () => {
  it('tells a scripted day: the trades with their prices, the bank, the loan, the trip, and the next day where it landed', () => {
    const opts = { playerName: 'Scripted', seed: '0000000000004242', isSeeded: true };
    const start = newGame(opts);
    const drug = start.marketInfo.find((m) => m.quantity >= 5 && m.price * 5 <= 1000)!;
    const to = LOCATIONS.find((l) => l.id !== start.location && l.flightPrice > 0)!;
    const actions: Action[] = [
      { type: 'buy', drugId: drug.id, quantity: 5 },
      { type: 'repay', amount: 500 },
      { type: 'deposit', amount: 100 },
      { type: 'sell', drugId: drug.id, quantity: 2 },
      { type: 'travel', destination: to.id },
    ];
    const afterDay1 = replay(opts, actions.slice(0, 4));
    const story = replayStory(opts, actions);

    expect(story.days.map((d) => [d.day, d.location])).toEqual([
      [1, start.location],
      [2, to.id],
    ]);
    const [day1] = story.days;
    expect(day1!.events[0]!.category).toBe('game_intro');
    expect(day1!.steps).toEqual([
      { kind: 'buy', message: `Bought 5 ${drug.name} for $${(drug.price * 5).toLocaleString('en-US')}.`, drugId: drug.id, quantity: 5, price: drug.price, total: drug.price * 5 },
      { kind: 'repay', message: expect.stringContaining('Paid $500'), amount: 500 },
      { kind: 'deposit', message: 'Deposited $100 in the bank.', amount: 100 },
      { kind: 'sell', message: expect.stringContaining(`Sold 2 ${drug.name}`), drugId: drug.id, quantity: 2, price: drug.price, total: drug.price * 2, profit: 0 },
      { kind: 'travel', message: expect.stringContaining(to.name), from: start.location, to: to.id, fare: to.flightPrice },
    ]);
    const p = afterDay1.player;
    expect(day1!.end).toEqual({ cash: p.cash - to.flightPrice, bank: p.bank, debt: p.debt, health: p.health, netWorth: netWorth(p) - to.flightPrice });
    const final = replay(opts, actions);
    expect(story.days[1]!.end.netWorth).toBe(finalScore(final));
    expect(story.final).toEqual({ day: 2, score: finalScore(final), gameOver: false, gameOverReason: null, died: false });
  });

  it('matches the game over many played games: days, places, end-of-day figures, encounters, outcomes and the final score', () => {
    const outcomes = new Map<string, number>();
    let deaths = 0;
    for (let g = 0; g < 60; g++) {
      const played = play(g);
      const story = replayStory(played.opts, played.actions);
      const final = played.final;

      expect(story.days.map((d) => d.day)).toEqual(played.daysSeen.map((d) => d.day));
      expect(story.days.map((d) => d.location)).toEqual(played.daysSeen.map((d) => d.location));
      // Every day but the last closes before its night; the last closes where the game stopped.
      for (const [i, day] of story.days.entries()) {
        const seen = i === story.days.length - 1 ? final.player : played.daysSeen[i]!.end;
        expect(day.end, `game ${g} day ${day.day}`).toEqual({ ...pick(seen), netWorth: seen.cash + seen.bank - seen.debt });
      }
      expect(story.final.score).toBe(finalScore(final));
      expect(story.days[story.days.length - 1]!.end.netWorth).toBe(story.final.score);
      expect(story.final.day).toBe(final.day);
      expect(story.final.gameOverReason).toBe(final.gameOverReason);

      const encounters = story.days.flatMap((d) => encountersOf(d.steps));
      expect(encounters.length, `game ${g}`).toBe(played.encountersStarted);
      for (const e of encounters) {
        outcomes.set(e.outcome, (outcomes.get(e.outcome) ?? 0) + 1);
        expect(e.log.join(' ')).not.toContain('But wait...');
        expect(e.actions.length).toBeGreaterThan(0);
        if (e.outcome === 'won') expect(e.downed).toBe(e.enemies.length);
      }
      for (const step of story.days.flatMap((d) => d.steps)) {
        if (step.kind === 'buy') expect(step.total).toBe(step.price * step.quantity);
      }
      if (final.player.health === 0) {
        deaths++;
        expect(story.final.died).toBe(true);
        expect(Object.values(DEATH_REASONS)).toContain(story.final.gameOverReason);
        expect(encounters[encounters.length - 1]!.outcome).toBe('killed');
      } else {
        expect(story.final.died).toBe(false);
      }
    }
    // The policy meets every ending, so each of them was checked above.
    for (const outcome of ['won', 'escaped', 'bribed', 'surrendered', 'paid', 'skipped', 'killed']) expect(outcomes.get(outcome) ?? 0, outcome).toBeGreaterThan(0);
    expect(deaths).toBeGreaterThan(0);
  });

  it('tells a fight from its first words to its end, with the cost and what was found', () => {
    for (let g = 0; g < 60; g++) {
      const played = play(g);
      const story = replayStory(played.opts, played.actions);
      const won = story.days.flatMap((d) => encountersOf(d.steps)).find((e) => e.outcome === 'won' && e.encounterType === 'police' && e.reward > 0);
      if (!won) continue;
      expect(won.message).toMatch(/police|officer|cop/i);
      expect(won.actions.every((a) => a === 'fight')).toBe(true);
      expect(won.log[won.log.length - 1]).toContain(`You won! Found $${won.reward.toLocaleString('en-US')} on the bodies!`);
      expect(won.rounds).toBeGreaterThanOrEqual(1);
      expect(won.toll.health).toBeGreaterThanOrEqual(0);
      return;
    }
    throw new Error('no won police fight with a reward in 60 games');
  });

  it('ignores refused actions and whatever follows the end of the game', () => {
    const played = play(3);
    const accepted: Action[] = [];
    let s = newGame(played.opts);
    for (const action of played.actions) {
      const result = apply(s, action);
      if (result.ok) {
        accepted.push(action);
        s = result.state;
      }
    }
    expect(accepted.length).toBeLessThan(played.actions.length);
    expect(s.gameOver).toBe(true);
    const story = replayStory(played.opts, accepted);
    expect(replayStory(played.opts, played.actions)).toEqual(story);
    expect(replayStory(played.opts, [...accepted, { type: 'end' }, { type: 'stay' }])).toEqual(story);
  });

  it('records a weapon change in the middle of a fight in the fight, and one outside as its own step', () => {
    const opts = { playerName: 'Armed', seed: '0000000000000077', isSeeded: true };
    let s = newGame(opts);
    // Debt paid first, so no loan-shark visit comes before a fight does.
    const actions: Action[] = [
      { type: 'repay', amount: 1000 },
      { type: 'shopBuy', itemType: 'weapon', itemId: 'knife', quantity: 1 },
      { type: 'unequip', itemType: 'weapon' },
    ];
    for (const a of actions) s = ok(apply(s, a)).state;
    // Sleep until a fight comes, then change weapons in it.
    for (let i = 0; i < 40 && !s.encounter?.enemies.length; i++) {
      actions.push({ type: 'stay' });
      s = ok(apply(s, { type: 'stay' })).state;
    }
    expect(s.encounter?.enemies.length).toBeGreaterThan(0);
    if (s.encounter!.type === 'loanSharkVisit') throw new Error('expected a fight');
    actions.push({ type: 'equip', itemType: 'weapon', itemId: 'knife' });
    const story = replayStory(opts, actions);
    const day1 = story.days[0]!;
    expect(day1.steps.map((x) => x.kind)).toEqual(['repay', 'shop', 'equip', 'stay']);
    expect(day1.steps[2]).toMatchObject({ kind: 'equip', itemType: 'weapon', itemId: null });
    const last = story.days[story.days.length - 1]!;
    const fight = encountersOf(last.steps)[0]!;
    expect(fight.log).toEqual([expect.stringMatching(/^Equipped /)]);
    expect(fight.outcome).toBe('unfinished');
    expect(last.steps.filter((x) => x.kind === 'equip')).toEqual([]);
  });
});

function pick(p: { cash: number; bank: number; debt: number; health: number }) {
  return { cash: p.cash, bank: p.bank, debt: p.debt, health: p.health };
}

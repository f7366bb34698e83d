import { describe, expect, it } from 'vitest';
import { apply } from './apply';
import { LOCATION_BY_ID, LOCATIONS, RANKS, STARTING_LOCATION_ID } from './catalogue';
import { BANK_INTEREST_RATE, DEFAULT_MAX_DAYS, LOAN_DUE_DAYS, MAX_HEALTH, STARTING_CASH, STARTING_DEBT } from './constants';
import { introEvents, newGame } from './newGame';
import { OVERDUE_EXTRA_INTEREST_RATE, debtRateOn } from './finance';
import { RULES_VERSION } from './rulesVersion';
import { toClientView } from './clientView';
import { bankInterest, debtInterest, travelMode } from './travel';
import { ok, run, startGame, withPlayerFields } from './testkit';
import type { ApplyOk, GameState } from './types';

/** The first seed (from a fixed list) whose stay produces a result matching `pred`. */
function findStay(pred: (r: ApplyOk, before: GameState) => boolean, setup: (s: GameState) => GameState = (s) => s) {
  for (let i = 1; i < 3000; i++) {
    const before = setup(startGame(String(i).padStart(16, '0')));
    const r = apply(before, { type: 'stay' });
    if (r.ok && pred(r, before)) return { before, result: r };
  }
  throw new Error('no seed found');
}

describe('a new game (SPEC.md section 9, DESIGN.md "Our reading")', () => {
  it('starts on day 1 of 30 with $2,000 cash, $1,000 owed to the default shark due in 7 days, health 100, Wannabe', () => {
    const s = startGame();
    expect(s.day).toBe(1);
    expect(s.maxDays).toBe(DEFAULT_MAX_DAYS);
    expect(DEFAULT_MAX_DAYS).toBe(30);
    expect(s.player.cash).toBe(STARTING_CASH);
    expect(STARTING_CASH).toBe(2000);
    expect(s.player.debt).toBe(STARTING_DEBT);
    expect(STARTING_DEBT).toBe(1000);
    expect(s.player.loanShark).toMatchObject({ interestRate: 0.1, dueDay: 1 + LOAN_DUE_DAYS });
    expect(LOAN_DUE_DAYS).toBe(7);
    expect(s.player.health).toBe(MAX_HEALTH);
    expect(s.player.bank).toBe(0);
    expect(s.player.score).toBe(1000);
    expect(s.player.rank).toEqual({ name: 'Wannabe', level: 1, inventoryName: RANKS[0]!.inventoryName });
    expect(s.player.coatSpace).toBe(RANKS[0]!.capacity);
    expect(s.location).toBe(STARTING_LOCATION_ID);
    expect(s.currentState).toBe('NORMAL');
    expect(s.allowedActions).toContain('buy');
    expect(s.allowedActions).not.toContain('encounter');
    expect(s.prices).toEqual(s.worldPrices[s.location]);
    expect(Object.keys(s.worldPrices).sort()).toEqual(LOCATIONS.map((l) => l.id).sort());
  });

  it('shows the seed only for seeded games', () => {
    expect(startGame('1234567890123456').formattedSeed).toBe('1234-5678-9012-3456');
    expect(newGame({ playerName: 'x', seed: '1234567890123456', isSeeded: false }).formattedSeed).toBeNull();
  });

  it('introduces the game with the debt sentence of SPEC.md', () => {
    const [intro] = introEvents(startGame());
    expect(intro!.category).toBe('game_intro');
    expect(intro!.message).toContain('You owe $1,000 to Vinnie "The Knuckles", due in 7 days');
  });
});

describe('how a trip is told', () => {
  it("says 'by air' for a city with an airport and 'by road' for one without, with the fare and the new day", () => {
    const withAirport = LOCATIONS.find((l) => l.hasAirport && l.id !== STARTING_LOCATION_ID)!;
    const byRoad = LOCATIONS.find((l) => !l.hasAirport && l.id !== STARTING_LOCATION_ID)!;
    expect(travelMode(withAirport)).toBe('air');
    expect(travelMode(byRoad)).toBe('road');
    const flown = ok(apply(startGame(), { type: 'travel', destination: withAirport.id }));
    expect(flown.message).toBe(`You traveled to ${withAirport.name} by air for $${withAirport.flightPrice}. Day 2.`);
    const driven = ok(apply(startGame(), { type: 'travel', destination: byRoad.id }));
    expect(driven.message).toBe(`You traveled to ${byRoad.name} by road for $${byRoad.flightPrice}. Day 2.`);
  });
});

describe('what the player knows of prices (uncertain markets)', () => {
  it('starts with every city seen on day 1 (the tip sheet) under the current rules', () => {
    const s = startGame();
    expect(s.rulesVersion).toBe(RULES_VERSION);
    expect(s.worldPrices).toEqual(s.cityPrices);
    expect(Object.values(s.worldPricesDay)).toEqual(LOCATIONS.map(() => 1));
  });

  it('learns a city\'s prices only by being there: other cities keep the prices and the day they were seen', () => {
    const s0 = startGame();
    const [a, b] = LOCATIONS.filter((l) => l.id !== s0.location);
    const s1 = run(s0, { type: 'repay', amount: 1000 });
    const trip = (s: typeof s0, to: string) => {
      const r = ok(apply(s, { type: 'travel', destination: to }));
      // a fight on arrival would hold the trip up; run away (refusals do not matter for what is checked here)
      let next = r.state;
      for (let i = 0; i < 40 && next.encounter; i++) {
        const step = apply(next, { type: 'encounter', action: next.encounter.turnOrder === 'player' ? 'surrender' : 'fight' });
        if (step.ok) next = step.state;
      }
      return next;
    };
    const s2 = trip(s1, a!.id); // day 2 in a
    expect(s2.worldPrices[a!.id]).toEqual(s2.prices);
    expect(s2.prices).toEqual(s2.cityPrices[a!.id]);
    expect(s2.worldPricesDay[a!.id]).toBe(2);
    for (const loc of LOCATIONS.filter((l) => l.id !== a!.id)) {
      expect(s2.worldPrices[loc.id]).toBe(s0.worldPrices[loc.id]);
      expect(s2.worldPricesDay[loc.id]).toBe(1);
    }
    // the hints have moved on under the player's feet
    expect(LOCATIONS.some((l) => l.id !== a!.id && JSON.stringify(s2.cityPrices[l.id]) !== JSON.stringify(s2.worldPrices[l.id]))).toBe(true);
    const s3 = trip(s2, b!.id); // day 3 in b
    const s4 = trip(s3, a!.id); // day 4 back in a: previousPrice is what was seen here on day 2
    expect(s3.worldPricesDay[a!.id]).toBe(2);
    for (const m of s4.marketInfo) expect(m.previousPrice).toBe(s2.prices[m.id]);
    expect(s4.worldPricesDay).toMatchObject({ [a!.id]: 4, [b!.id]: 3 });
    // the client sees the hints, never today's real prices of the other cities
    const view = JSON.stringify(toClientView(s4));
    expect(view).not.toContain('cityPrices');
    expect(toClientView(s4).worldPrices).toEqual(s4.worldPrices);
    expect(toClientView(s4).worldPricesDay).toEqual(s4.worldPricesDay);
  });
});

describe('a loan shark to fear', () => {
  it('charges 10 more points of interest a day once the loan is overdue', () => {
    expect(OVERDUE_EXTRA_INTEREST_RATE).toBe(0.1);
    const loan = { id: 'vinnie', name: 'Vinnie', interestRate: 0.1, dueDay: 8 };
    expect(debtRateOn(loan, 8)).toBeCloseTo(0.1);
    expect(debtRateOn(loan, 9)).toBeCloseTo(0.2);
    expect(debtRateOn(null, 9)).toBeCloseTo(0.1);
    // staying from day 8 (due) to day 9 (overdue) grows a $1,000 debt by 20%
    const { result } = findStay(
      (r) => !r.events.some((e) => e.category === 'received_item' || e.category === 'lost_item'),
      (s) => withPlayerFields({ ...s, day: 8 }, { day: 8 }),
    );
    expect(result.state.player.debt).toBe(1200);
    const onTime = findStay(
      (r) => !r.events.some((e) => e.category === 'received_item' || e.category === 'lost_item'),
      (s) => withPlayerFields({ ...s, day: 7 }, { day: 7 }),
    );
    expect(onTime.result.state.player.debt).toBe(1100);
  });
});

describe('travel and stay', () => {
  it('travel pays the fare, moves, advances the day and records it', () => {
    const { before, result } = findStay(() => true);
    const dest = LOCATIONS.find((l) => l.id !== before.location)!;
    const r = ok(apply(before, { type: 'travel', destination: dest.id }));
    expect(r.state.day).toBe(2);
    expect(r.state.location).toBe(dest.id);
    expect(r.state.player.location).toBe(dest.id);
    expect(r.state.prices).toEqual(r.state.worldPrices[dest.id]);
    expect(r.state.gameHistory.locationHistory.at(-1)).toEqual({ day: 2, location: dest.id });
    expect(r.state.gameHistory.actionHistory.at(-1)).toMatchObject({ day: 1, action: 'travel', details: { to: dest.name } });
    expect(r.message).toContain(dest.name);
    // The fare is the only spending besides what events may take or give.
    if (!r.events.some((e) => e.category === 'received_item' || e.category === 'lost_item')) {
      expect(r.state.player.cash).toBe(before.player.cash - dest.flightPrice);
    }
    expect(result.state.location).toBe(before.location);
  });

  it('refuses unknown places, the current city and fares the player cannot pay', () => {
    const s = startGame();
    expect(apply(s, { type: 'travel', destination: 'atlantis' })).toMatchObject({ ok: false, code: 'UNKNOWN_LOCATION' });
    expect(apply(s, { type: 'travel', destination: s.location })).toMatchObject({ ok: false, code: 'ALREADY_THERE' });
    const broke = withPlayerFields(s, { cash: 0 });
    const far = LOCATIONS.find((l) => l.id !== s.location)!;
    expect(apply(broke, { type: 'travel', destination: far.id })).toMatchObject({
      ok: false,
      code: 'INSUFFICIENT_FUNDS',
      message: `You can't afford the trip to ${far.name}!`,
    });
    // Staying is always possible, even broke.
    expect(ok(apply(broke, { type: 'stay' })).state.day).toBe(2);
  });

  it('charges debt interest at the shark rate and pays 5% bank interest each day', () => {
    expect(debtInterest(1000, 0.1)).toBe(100);
    expect(debtInterest(15, 0.1)).toBe(2); // rounded up
    expect(bankInterest(1000)).toBe(50);
    expect(bankInterest(39)).toBe(1); // rounded down
  });

  it('computes interest exactly: whole-dollar amounts at 5%, 7%, 10% and 12% never gain a float dollar', () => {
    // 1100 * 0.07 is 77.00000000000001 in floating point: Math.ceil of it charged $78
    expect(debtInterest(1100, 0.07)).toBe(77);
    expect(debtInterest(100, 0.07)).toBe(7);
    for (const bp of [500, 700, 1000, 1200]) {
      for (let debt = 1; debt <= 20_000; debt++) {
        const exact = debt * bp;
        expect(debtInterest(debt, bp / 10_000)).toBe(Math.floor((exact + 9_999) / 10_000));
      }
    }
    for (let bank = 1; bank <= 20_000; bank++) expect(bankInterest(bank)).toBe(Math.floor((bank * 5) / 100));
    expect(BANK_INTEREST_RATE).toBe(0.05);
    const { before, result } = findStay(
      (r) => !r.events.some((e) => e.category === 'received_item' || e.category === 'lost_item') && !r.state.encounter,
      (s) => withPlayerFields(s, { bank: 2000 }),
    );
    expect(result.state.player.debt).toBe(1100);
    expect(result.state.player.bank).toBe(2100);
    expect(result.state.player.cash).toBe(before.player.cash);
    expect(result.state.gameHistory.financeHistory.at(-1)).toEqual({ day: 2, cash: before.player.cash, debt: 1100, bank: 2100 });
    // The history keeps what the player saw: today's prices where they are, nothing of the other cities.
    expect(result.state.gameHistory.priceHistory['2']).toEqual({ [result.state.location]: result.state.prices });
    expect(result.state.gameHistory.healthHistory.at(-1)).toEqual({ day: 2, health: result.state.player.health });
  });

  it('gives each day a new market whose previousPrice is yesterday\'s price here', () => {
    const { before, result } = findStay(() => true);
    for (const m of result.state.marketInfo) expect(m.previousPrice).toBe(before.worldPrices[before.location]![m.id]);
    expect(result.state.worldPrices).not.toEqual(before.worldPrices);
  });

  it('ends the game at the last day-end: no fare, no interest, final score cash + bank - debt', () => {
    const last = withPlayerFields(startGame(), { day: 30, cash: 5000, bank: 700, debt: 200 });
    const r = ok(apply({ ...last, day: 30 }, { type: 'travel', destination: LOCATIONS.find((l) => l.id !== last.location)!.id }));
    expect(r.state.gameOver).toBe(true);
    expect(r.state.day).toBe(30);
    expect(r.state.gameOverReason).toBe('Your 30 days are up.');
    expect(r.state.player.cash).toBe(5000);
    expect(r.state.player.score).toBe(5500);
    expect(r.state.currentState).toBe('GAME_OVER');
    expect(r.state.allowedActions).toEqual(['end']);
    expect(r.state.encounter).toBeNull();
    expect(apply(r.state, { type: 'stay' })).toMatchObject({ ok: false, code: 'ACTION_NOT_ALLOWED' });
    // The statistics end where the game did: day 30's record holds the final figures (replaced, not added).
    expect(r.state.gameHistory.financeHistory.at(-1)).toEqual({ day: 30, cash: 5000, debt: 200, bank: 700 });
    expect(r.state.gameHistory.financeHistory.filter((f) => f.day === 30)).toHaveLength(1);
    expect(r.state.gameHistory.healthHistory.at(-1)).toEqual({ day: 30, health: 100 });
  });

  it('plays day 29 -> 30 normally (the last day is still a trading day)', () => {
    const s = withPlayerFields(startGame(), { day: 29, debt: 0, loanShark: null });
    const r = ok(apply(s, { type: 'stay' }));
    expect(r.state.day).toBe(30);
    expect(r.state.gameOver).toBe(false);
  });
});

describe('encounters and loan-shark visits at a day end', () => {
  it('starts a fight on some arrivals, putting the game in COMBAT with a combat event', () => {
    const { result } = findStay((r) => r.state.encounter !== null && r.state.encounter.type !== 'loanSharkVisit');
    expect(['COMBAT', 'COMBAT_LOAN_SHARK']).toContain(result.state.currentState);
    // a fight starts on the player's turn: equipment may be changed before the first blow
    expect(result.state.encounter!.turnOrder).toBe('player');
    expect(result.state.allowedActions).toEqual(['encounter', 'equip', 'unequip', 'end']);
    const event = result.events.find((e) => e.category === 'combat')!;
    expect(event.encounter).toEqual(result.state.encounter);
    expect(apply(result.state, { type: 'buy', drugId: 'weed', quantity: 1 })).toMatchObject({ ok: false, code: 'ACTION_NOT_ALLOWED' });
  });

  it('sends the shark once the debt is overdue (day > dueDay), counting visits', () => {
    const overdue = (s: GameState) => withPlayerFields(s, { day: 8 });
    const { result } = findStay(
      (r) => r.state.encounter?.type === 'loanSharkVisit',
      (s) => ({ ...overdue(s), day: 8 }),
    );
    expect(result.state.day).toBe(9);
    expect(result.state.currentState).toBe('LOAN_SHARK_VISIT');
    expect(result.state.loanSharkVisits).toBe(1);
    expect(result.events.find((e) => e.category === 'loan_shark')).toMatchObject({ soundEffect: 'loan_shark_warning_1', encounter: result.state.encounter });
    // Not overdue on the due day itself.
    const onTime = withPlayerFields(startGame(), { day: 7 });
    for (let i = 0; i < 20; i++) {
      const r = ok(apply({ ...onTime, rng: startGame(String(i + 1).padStart(16, '0')).rng, day: 7 }, { type: 'stay' }));
      expect(r.state.encounter?.type).not.toBe('loanSharkVisit');
      expect(r.state.loanSharkVisits).toBe(0);
    }
  });

  it('queues the visit behind a fight when both happen on the same day', () => {
    const { result } = findStay(
      (r) => r.state.encounter !== null && r.state.encounter.type !== 'loanSharkVisit' && r.state.pendingEncounter !== null,
      (s) => ({ ...withPlayerFields(s, { day: 10 }), day: 10 }),
    );
    expect(result.state.pendingEncounter?.type).toBe('loanSharkVisit');
    const categories = result.events.map((e) => e.category);
    expect(categories.indexOf('combat')).toBeLessThan(categories.indexOf('loan_shark'));
  });

  it('never sends the shark when there is no debt', () => {
    const clean = (s: GameState) => ({ ...withPlayerFields(s, { day: 12, debt: 0, loanShark: null }), day: 12 });
    for (let i = 1; i <= 30; i++) {
      const r = ok(apply(clean(startGame(String(i).padStart(16, '0'))), { type: 'stay' }));
      expect(r.state.encounter?.type).not.toBe('loanSharkVisit');
      expect(r.state.pendingEncounter).toBeNull();
    }
  });
});

describe('rank promotions', () => {
  it('promotes by net worth at a day end, with promotionData, a bigger inventory and more days', () => {
    const target = RANKS[2]!;
    const rich = (s: GameState) => withPlayerFields(s, { cash: 0, bank: target.cashRequirement, debt: 0, loanShark: null });
    const { result } = findStay((r) => !r.state.encounter, rich);
    const event = result.events.find((e) => e.category === 'rank_promotion')!;
    // Bank interest pushes worth a little over the threshold; the next rank needs far more.
    expect(result.state.player.rank).toEqual({ name: target.name, level: target.level, inventoryName: target.inventoryName });
    expect(result.state.player.coatSpace).toBe(target.capacity);
    expect(result.state.maxDays).toBe(target.maxDays);
    expect(result.state.player.maxDays).toBe(target.maxDays);
    expect(event.promotionData).toEqual({
      newRank: { name: target.name, level: target.level, inventoryName: target.inventoryName, inventorySize: target.capacity, maxDays: target.maxDays },
      nextRank: { cashRequirement: RANKS[3]!.cashRequirement },
    });
    expect(event.message).toContain('RANK PROMOTION');
  });

  it('does not promote below the threshold and never demotes', () => {
    const { result } = findStay(
      (r) => !r.state.encounter,
      (s) => withPlayerFields(s, { cash: RANKS[1]!.cashRequirement - 5000, debt: 0, loanShark: null }),
    );
    expect(result.state.player.rank.level).toBe(1);
    expect(result.events.some((e) => e.category === 'rank_promotion')).toBe(false);
    const promoted = withPlayerFields(startGame(), { rank: { name: RANKS[3]!.name, level: 4, inventoryName: RANKS[3]!.inventoryName }, cash: 0, debt: 0, loanShark: null });
    expect(ok(apply(promoted, { type: 'stay' })).state.player.rank.level).toBe(4);
  });

  it('the last rank has no next rank', () => {
    const top = RANKS.at(-1)!;
    const { result } = findStay((r) => !r.state.encounter, (s) => withPlayerFields(s, { cash: top.cashRequirement * 2, debt: 0, loanShark: null }));
    expect(result.events.find((e) => e.category === 'rank_promotion')!.promotionData!.nextRank).toBeNull();
    expect(LOCATION_BY_ID.size).toBe(LOCATIONS.length);
  });
});

describe('random events of the day', () => {
  it('over many days produce every SPEC category with text', () => {
    const seen = new Map<string, string>();
    for (let i = 1; i <= 300 && seen.size < 4; i++) {
      let s = withPlayerFields(startGame(String(i).padStart(16, '0')), { debt: 0, loanShark: null, inventory: { weed: { quantity: 20, totalCost: 0 } } });
      for (let d = 0; d < 10 && !s.encounter && !s.gameOver; d++) {
        const r = ok(apply(s, { type: 'stay' }));
        for (const e of r.events) if (['price_change', 'rumor', 'received_item', 'lost_item'].includes(e.category)) seen.set(e.category, e.message);
        s = r.state;
      }
    }
    expect([...seen.keys()].sort()).toEqual(['lost_item', 'price_change', 'received_item', 'rumor']);
    for (const text of seen.values()) expect(text.length).toBeGreaterThan(20);
  });

  it('tells a spike or crash story for the market here when one starts today', () => {
    const { result } = findStay((r) => r.events.some((e) => e.category === 'price_change'));
    const event = result.events.find((e) => e.category === 'price_change')!;
    const moved = result.state.marketInfo.filter((m) => m.trend !== 'normal');
    expect(moved.some((m) => event.message.includes(m.name))).toBe(true);
  });
});

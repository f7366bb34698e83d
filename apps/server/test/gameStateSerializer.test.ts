// Replies that carry a game state are written by JSON.stringify (the whole client view, as the engine built it);
// every other reply still goes through its schema's compiled serializer.
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { chooser } from '@drugwars/engine/testkit';
import {
  AMMO,
  ARMOR,
  DRUGS,
  LOAN_SHARKS,
  LOCATIONS,
  SHIPPING_COMPANIES,
  WEAPONS,
  apply,
  introEvents,
  newGame,
  toClientEvents,
  toClientView,
  type Action,
  type ApplyOk,
  type GameState,
} from '@drugwars/engine';
import { gameStateSerializer, stringifyGameReply } from '../src/plugins/gameStateSerializer';

/** A reply schema that names only `success` (and `gameState` when asked): a compiled serializer drops the rest. */
function replySchema(withGameState: boolean) {
  const properties: Record<string, unknown> = { success: { type: 'boolean' } };
  if (withGameState) properties.gameState = { type: 'object', properties: { day: { type: 'integer' } } };
  return { response: { 200: { type: 'object', properties } } };
}

describe('the game-state reply writer', () => {
  it('writes a game-state reply as JSON.stringify does, and leaves other replies to their schema', async () => {
    let state = newGame({ playerName: 'Writer', seed: '1111222233334444', isSeeded: true });
    const moved = apply(state, { type: 'travel', destination: LOCATIONS.find((l) => l.id !== state.location)!.id });
    if (moved.ok) state = moved.state;
    const reply = { success: true, message: 'moved', gameState: toClientView(state), gameOver: state.gameOver, none: undefined };

    const app = Fastify();
    await app.register(gameStateSerializer);
    app.get('/with-state', { schema: replySchema(true) }, async () => reply);
    app.get('/without-state', { schema: replySchema(false) }, async () => ({ success: true, extra: 'dropped by the schema' }));
    await app.ready();

    const withState = await app.inject({ method: 'GET', url: '/with-state' });
    expect(withState.body).toBe(JSON.stringify(reply));
    // every field of the view, not only what the (deliberately thin) schema names
    expect(JSON.parse(withState.body).gameState.worldPrices).toEqual(JSON.parse(JSON.stringify(reply.gameState.worldPrices)));

    const withoutState = await app.inject({ method: 'GET', url: '/without-state' });
    expect(JSON.parse(withoutState.body)).toEqual({ success: true });
    await app.close();
  });

  it("writes worldPrices from the JSON kept for its object, and a new day's object afresh", () => {
    // A name and a message holding the placeholder's text: only the game state's own key may be replaced.
    let state = newGame({ playerName: '"worldPrices":{}', seed: '5555666677778888', isSeeded: true });
    const replyOf = (s: typeof state) => ({ success: true, message: 'said "worldPrices":{} here', gameState: toClientView(s) });

    const first = replyOf(state);
    expect(stringifyGameReply(first)).toBe(JSON.stringify(first));
    // The same state again (GET /api/game/state after a move): the kept JSON, the same text, the view left whole.
    const again = replyOf(state);
    expect(stringifyGameReply(again)).toBe(JSON.stringify(again));
    expect(again.gameState.worldPrices).toBe(state.worldPrices);

    // A move that keeps the day keeps the object; one that starts a new day brings new prices, written as they are.
    const stayed = apply(state, { type: 'stay' });
    if (!stayed.ok) throw new Error(stayed.message);
    expect(stayed.state.worldPrices).not.toBe(state.worldPrices);
    expect(stayed.state.worldPrices).not.toEqual(state.worldPrices);
    state = stayed.state;
    const next = replyOf(state);
    const text = stringifyGameReply(next);
    expect(text).toBe(JSON.stringify(next));
    expect(JSON.parse(text).gameState.worldPrices).toEqual(state.worldPrices);

    // Replies without a game state (or with a null one) are JSON.stringify's.
    for (const other of [{ success: true }, { success: true, gameState: null }, null]) {
      expect(stringifyGameReply(other)).toBe(JSON.stringify(other));
    }
  });
});

/** A bot that tries every kind of move (refused ones are skipped), so states reach loans, gear, stashes, shipments. */
function botAction(state: GameState, pick: (n: number) => number): Action {
  const enc = state.encounter;
  if (enc) {
    const choices = ['fight', 'escape', 'bribe', 'surrender', 'pay', 'skip'] as const;
    const target = enc.enemies.find((e) => e.isAlive)?.id;
    const action = choices[pick(choices.length)]!;
    return target && action === 'fight' ? { type: 'encounter', action, targetIds: [target] } : { type: 'encounter', action };
  }
  const drug = DRUGS[pick(DRUGS.length)]!.id;
  const place = LOCATIONS[pick(LOCATIONS.length)]!.id;
  const moves: (() => Action)[] = [
    () => ({ type: 'buy', drugId: drug, quantity: 1 + pick(20) }),
    () => ({ type: 'sell', drugId: drug, quantity: 1 + pick(20) }),
    () => ({ type: 'travel', destination: place }),
    () => ({ type: 'stay' }),
    () => ({ type: 'borrow', sharkId: LOAN_SHARKS[pick(LOAN_SHARKS.length)]!.id, amount: 1000 + pick(20000) }),
    () => ({ type: 'repay', amount: 500 + pick(5000) }),
    () => ({ type: 'deposit', amount: 100 + pick(5000) }),
    () => ({ type: 'withdraw', amount: 100 + pick(5000) }),
    () => ({ type: 'shopBuy', itemType: 'weapon', itemId: WEAPONS[pick(WEAPONS.length)]!.id, quantity: 1 }),
    () => ({ type: 'shopBuy', itemType: 'armor', itemId: ARMOR[pick(ARMOR.length)]!.id, quantity: 1 }),
    () => ({ type: 'shopBuy', itemType: 'ammo', itemId: AMMO[pick(AMMO.length)]!.id, quantity: 1 + pick(30) }),
    () => ({ type: 'equip', itemType: 'weapon', itemId: WEAPONS[pick(WEAPONS.length)]!.id }),
    () => ({ type: 'equip', itemType: 'armor', itemId: ARMOR[pick(ARMOR.length)]!.id }),
    () => ({ type: 'stash', drugId: drug, quantity: 1 + pick(10) }),
    () => ({ type: 'unstash', drugId: drug, quantity: 1 + pick(10) }),
    () => ({ type: 'dump', drugId: drug, quantity: 1 }),
    () => ({ type: 'heal' }),
    () => ({
      type: 'ship',
      drugId: drug,
      quantity: 1 + pick(5),
      destinationId: place,
      companyId: SHIPPING_COMPANIES[pick(SHIPPING_COMPANIES.length)]!.id,
    }),
  ];
  return moves[pick(moves.length)]!();
}

/** The replies the routes build around a state (gameRoutes.ts): day, action, sale, encounter, state, new game. */
function repliesOf(result: ApplyOk): unknown[] {
  const view = () => toClientView(result.state);
  const attack = result.attack;
  return [
    { success: true, message: result.message, gameState: view(), events: toClientEvents(result.events), gameOver: result.state.gameOver },
    { success: true, message: result.message, gameState: view(), profit: result.sale?.profit ?? 0, totalPrice: 0 },
    {
      success: true,
      message: attack?.message || result.message,
      gameState: view(),
      events: toClientEvents(result.events),
      attackResults: attack?.attackResults ?? [],
      followUpEncounter: attack?.followUpEncounter ?? null,
      toll: attack?.toll ?? { health: 0, cash: 0, drugs: 0, debt: 0 },
    },
    { success: true, gameState: view() },
    // the state as storage hands it back after a restart (JSON.parse of its stored text)
    { success: true, gameState: toClientView(JSON.parse(JSON.stringify(result.state)) as GameState) },
  ];
}

describe('the game-state reply writer over bot games and odd replies', () => {
  it('writes every reply byte for byte as JSON.stringify does', () => {
    // Names with what JSON must escape or that is not ASCII (the engine takes them as given here).
    const names = ['bot', 'Tony "Scarface" M.', 'back\\slash', 'Zoë Ñandú 東京', 'emoji \u{1F600}', 'tab\there', 'lone \ud800'];
    let replies = 0;
    let overGames = 0;
    const seen = { encounter: 0, shipment: 0, loan: 0, weapon: 0, stash: 0 };
    for (let game = 0; game < 24; game++) {
      const pick = chooser(1000 + game);
      const seed = String(1234567890123456 + game * 7919);
      let state = newGame({ playerName: names[game % names.length]!, seed, isSeeded: game % 2 === 0 });
      const first = { success: true, sessionId: 'a', gameState: toClientView(state), isManualSeed: false, dailyDate: null, events: introEvents(state) };
      expect(stringifyGameReply(first)).toBe(JSON.stringify(first));
      for (let move = 0; move < 400 && !state.gameOver; move++) {
        const result = apply(state, botAction(state, pick));
        if (!result.ok) continue;
        state = result.state;
        const p = state.player;
        if (state.encounter) seen.encounter++;
        if (state.shipments.length > 0) seen.shipment++;
        if (p.loanShark) seen.loan++;
        if (p.equippedItems.weapon) seen.weapon++;
        if (Object.keys(p.stash).length > 0) seen.stash++;
        for (const reply of repliesOf(result)) {
          expect(stringifyGameReply(reply)).toBe(JSON.stringify(reply));
          replies++;
        }
      }
      if (state.gameOver) overGames++;
    }
    expect(replies).toBeGreaterThan(4000);
    expect(overGames).toBeGreaterThan(5);
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(20);
  });

  it('writes replies whose view is not what toClientView builds as JSON.stringify does', () => {
    const state = newGame({ playerName: 'Odd', seed: '1111222233334444', isSeeded: true });
    const odd: unknown[] = [
      { success: true, gameState: { ...toClientView(state), day: '3' } },
      { success: true, gameState: { ...toClientView(state), stateMetadata: null } },
      { success: true, gameState: { ...toClientView(state), gameOver: 1 } },
      { success: true, gameState: { ...toClientView(state), marketInfo: [{ ...state.marketInfo[0]!, trend: 'flat' }] } },
      { success: true, gameState: { ...toClientView(state), maxDays: Number.NaN } },
      { success: true, message: undefined, gameState: toClientView(state), extra: () => 1 },
      { success: true, gameState: 'text' },
      [toClientView(state)],
      'text',
    ];
    for (const reply of odd) expect(stringifyGameReply(reply)).toBe(JSON.stringify(reply));
  });
});

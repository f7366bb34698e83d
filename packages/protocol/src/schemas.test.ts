// Runtime checks of the schemas against real engine output (the compile-time twin is gameState.test.ts):
// integers stay integers, nullable fields are nullable, nothing the engine sends is refused.
import { describe, expect, it } from 'vitest';
import { Compile } from 'typebox/compile';
import {
  apply,
  introEvents,
  newGame,
  toClientEncounter,
  toClientEvents,
  toClientView,
  DRUGS,
  LOCATIONS,
  SHIPPING_COMPANIES,
  WEAPONS,
  ARMOR,
  AMMO,
  CONSUMABLES,
  ITEMS,
  type Action,
  type GameState,
} from '@drugwars/engine';
import { ClientGameStateSchema, EncounterSchema, GameEventSchema } from './gameState';
import { GameDataSchemas } from './responses';
import { BuyRequestSchema, DumpRequestSchema, EncounterRequestSchema, NewGameRequestSchema } from './requests';

describe('schemas against engine output', () => {
  it('a new game and the days after it match ClientGameStateSchema', () => {
    const check = Compile(ClientGameStateSchema);
    let state = newGame({ playerName: 'schema', seed: '0000000000000042', isSeeded: true });
    expect(check.Check(toClientView(state)), JSON.stringify([...check.Errors(toClientView(state))])).toBe(true);
    for (let day = 0; day < 10 && !state.encounter && !state.gameOver; day++) {
      const result = apply(state, { type: 'stay' });
      if (!result.ok) throw new Error(result.message);
      state = result.state;
      const view = toClientView(state);
      expect(check.Check(view), JSON.stringify([...check.Errors(view)].slice(0, 3))).toBe(true);
      for (const event of toClientEvents(result.events)) expect(Compile(GameEventSchema).Check(event)).toBe(true);
    }
    for (const event of introEvents(state)) expect(Compile(GameEventSchema).Check(event)).toBe(true);
  });

  it('a view carries exactly the keys its schema declares, encounters and shipments included', () => {
    // Replies are written by JSON.stringify of the view, so a field the engine's view lets through reaches every
    // client whatever the schema says: each byte costs the server its writing. The schema is the wire shape.
    const check = Compile(ClientGameStateSchema);
    const seen = { fight: 0, visit: 0, shipments: 0 };
    for (let game = 0; game < 12 && (seen.fight === 0 || seen.visit === 0 || seen.shipments === 0); game++) {
      let state = newGame({ playerName: 'keys', seed: String(4_000_000_000_000_000 + game * 7919), isSeeded: true });
      for (let moves = 0; moves < 400 && !state.gameOver; moves++) {
        const view = toClientView(state);
        expect(check.Check(view), JSON.stringify([...check.Errors(view)].slice(0, 3))).toBe(true);
        expect(extraKeys(ClientGameStateSchema, view, 'gameState')).toEqual([]);
        if (state.encounter) seen[state.encounter.type === 'loanSharkVisit' ? 'visit' : 'fight']++;
        if (state.shipments.length > 0) seen.shipments++;
        const result = apply(state, nextMove(state, moves));
        if (!result.ok) break;
        const follow = result.attack?.followUpEncounter;
        if (follow) expect(extraKeys(EncounterSchema, toClientEncounter(follow), 'followUpEncounter')).toEqual([]);
        state = result.state;
      }
    }
    expect(seen.fight).toBeGreaterThan(0);
    expect(seen.visit).toBeGreaterThan(0);
    expect(seen.shipments).toBeGreaterThan(0);
  });

  it('the catalogue matches the game-data schemas', () => {
    const lists = { drugs: DRUGS, weapons: WEAPONS, ammo: AMMO, armor: ARMOR, consumables: CONSUMABLES, items: ITEMS, locations: LOCATIONS };
    for (const [kind, list] of Object.entries(lists)) {
      const check = Compile(GameDataSchemas[kind as keyof typeof GameDataSchemas]);
      expect(check.Check(list), kind).toBe(true);
    }
  });

  it('request schemas accept what the game sends and refuse what it must not', () => {
    const buy = Compile(BuyRequestSchema);
    expect(buy.Check({ itemType: 'drug', itemId: 'weed', quantity: 3 })).toBe(true);
    expect(buy.Check({ itemType: 'drug', itemId: 'weed', quantity: 0 })).toBe(false);
    expect(buy.Check({ itemType: 'drug', itemId: 'weed', quantity: 2.5 })).toBe(false);
    expect(buy.Check({ itemType: 'drug', itemId: 'weed', quantity: '3' })).toBe(false);
    expect(buy.Check({ itemType: 'car', itemId: 'weed', quantity: 1 })).toBe(false);
    const dump = Compile(DumpRequestSchema);
    expect(dump.Check({ drugId: 'all' })).toBe(true);
    expect(dump.Check({ drugId: 'weed', quantity: 1 })).toBe(true);
    expect(dump.Check({ quantity: 1 })).toBe(false);
    const encounter = Compile(EncounterRequestSchema);
    expect(encounter.Check({ action: 'fight', targetId: 'e1' })).toBe(true);
    expect(encounter.Check({ action: 'fight', targetId: ['e1', 'e2'] })).toBe(true);
    expect(encounter.Check({ action: 'dance' })).toBe(false);
    const newGameBody = Compile(NewGameRequestSchema);
    expect(newGameBody.Check({ playerName: 'bob', seed: null })).toBe(true);
    expect(newGameBody.Check({ playerName: 'bob', seed: 42 })).toBe(false);
  });
});

/** A move of a player that ships a little now and then and fights what it meets (to see every part of a view). */
function nextMove(state: GameState, moves: number): Action {
  const enc = state.encounter;
  if (enc) {
    if (enc.type === 'loanSharkVisit') return { type: 'encounter', action: enc.canSkip ? 'skip' : 'pay' };
    const target = enc.enemies.find((e) => e.isAlive);
    return target ? { type: 'encounter', action: 'fight', targetIds: [target.id] } : { type: 'encounter', action: 'escape' };
  }
  const cheapest = [...state.marketInfo].filter((m) => m.quantity > 0).sort((a, b) => a.price - b.price)[0];
  const held = Object.entries(state.player.inventory).find(([, e]) => e.quantity > 1);
  if (held && moves % 5 === 0) {
    const to = LOCATIONS.find((l) => l.id !== state.location)!;
    return { type: 'ship', drugId: held[0], quantity: 1, destinationId: to.id, companyId: SHIPPING_COMPANIES[0]!.id };
  }
  if (cheapest && !held && cheapest.price * 2 <= state.player.cash) return { type: 'buy', drugId: cheapest.id, quantity: 2 };
  return { type: 'stay' };
}

/**
 * The paths of the keys in `value` that `schema` does not declare, searched through objects, records, arrays and
 * nullable unions (the only shapes the client view's schema uses).
 */
function extraKeys(schema: unknown, value: unknown, path: string): string[] {
  const s = schema as { anyOf?: unknown[]; type?: string; items?: unknown; properties?: Record<string, unknown>; patternProperties?: Record<string, unknown> };
  if (s.anyOf) {
    const variant = s.anyOf.find((v) => (v as { type?: string }).type === (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'object' ? 'object' : undefined));
    return variant ? extraKeys(variant, value, path) : [];
  }
  if (s.type === 'array' && Array.isArray(value)) return value.flatMap((item, i) => extraKeys(s.items, item, `${path}[${i}]`));
  if (s.type !== 'object' || typeof value !== 'object' || value === null) return [];
  const entries = Object.entries(value);
  if (s.patternProperties) {
    const each = Object.values(s.patternProperties)[0];
    return entries.flatMap(([k, v]) => extraKeys(each, v, `${path}.${k}`));
  }
  const props = s.properties ?? {};
  return entries.flatMap(([k, v]) => (k in props ? extraKeys(props[k], v, `${path}.${k}`) : [`${path}.${k}`]));
}

// Runtime checks of the schemas against real engine output (the compile-time twin is gameState.test.ts):
// integers stay integers, nullable fields are nullable, nothing the engine sends is refused.
import { describe, expect, it } from 'vitest';
import { Compile } from 'typebox/compile';
import { apply, introEvents, newGame, toClientEvents, toClientView, DRUGS, LOCATIONS, WEAPONS, ARMOR, AMMO, CONSUMABLES, ITEMS } from '@drugwars/engine';
import { ClientGameStateSchema, GameEventSchema } from './gameState';
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

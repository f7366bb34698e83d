// records.ts writes its copies and rows out field by field: each must keep every field, in the key order a state
// is stored in, and leave its input as it was.
import { describe, expect, it } from 'vitest';
import { DRUGS, LOCATIONS } from './catalogue';
import { createLoanSharkVisit, rollEncounter } from './combat';
import { mapDrugs, mapLocations, update, updateEncounter, updateEnemy, updateHistory, updatePlayer } from './records';
import { Rng } from './rng';
import { startGame, withPlayerFields } from './testkit';

describe('update, updatePlayer, updateEncounter, updateEnemy and updateHistory', () => {
  it('copy every field in the same key order and change only the given ones', () => {
    const s = startGame();
    const copy = update(s, {});
    expect(copy).not.toBe(s);
    expect(Object.keys(copy)).toEqual(Object.keys(s));
    expect(JSON.stringify(copy)).toBe(JSON.stringify(s));
    const rng = Rng.fromSeed('0000000000000001');
    let fight = null;
    for (let i = 0; i < 200 && !fight; i++) fight = rollEncounter({ ...s, location: 'detroit' }, rng);
    const visit = createLoanSharkVisit(withPlayerFields(s, { debt: 500 }), rng);
    for (const enc of [fight!, visit]) {
      expect(Object.keys(updateEncounter(enc, {}))).toEqual(Object.keys(enc));
      expect(JSON.stringify(updateEncounter(enc, {}))).toBe(JSON.stringify(enc));
    }
    for (const enemy of fight!.enemies) {
      expect(Object.keys(updateEnemy(enemy, {}))).toEqual(Object.keys(enemy));
      expect(updateEnemy(enemy, { health: 1 })).toEqual({ ...enemy, health: 1 });
    }
    expect(JSON.stringify(updatePlayer(s.player, {}))).toBe(JSON.stringify(s.player));
    expect(JSON.stringify(updateHistory(s.gameHistory, {}))).toBe(JSON.stringify(s.gameHistory));

    const before = JSON.stringify(s);
    const changed = update(s, { day: 9, nextId: 4 });
    expect({ ...changed, day: s.day, nextId: s.nextId }).toEqual(s);
    expect([changed.day, changed.nextId]).toEqual([9, 4]);
    expect(Object.keys(changed)).toEqual(Object.keys(s));
    expect(updatePlayer(s.player, { cash: 1 })).toEqual({ ...s.player, cash: 1 });
    expect(updateEncounter(visit, { round: 7 })).toEqual({ ...visit, round: 7 });
    expect(updateHistory(s.gameHistory, { actionHistory: [] })).toEqual({ ...s.gameHistory, actionHistory: [] });
    expect(JSON.stringify(s)).toBe(before);
  });
});

describe('mapDrugs and mapLocations', () => {
  it('build drug- and location-keyed records in catalogue order, reading the given record by the same keys', () => {
    const seen: string[] = [];
    const prices = mapDrugs((d, from) => {
      seen.push(`${d.id}:${from}`);
      return d.price;
    }, Object.fromEntries(DRUGS.map((d, i) => [d.id, i])));
    expect(seen).toEqual(DRUGS.map((d, i) => `${d.id}:${i}`));
    expect(Object.entries(prices)).toEqual(DRUGS.map((d) => [d.id, d.price]));
    expect(Object.entries(mapLocations((l) => l.name))).toEqual(LOCATIONS.map((l) => [l.id, l.name]));
    // read back in that order: the values of a record keyed some other way come out in catalogue order
    const reversed = Object.fromEntries(DRUGS.map((d) => [d.id, d.price]).reverse());
    expect(Object.values(mapDrugs((_d, v: number | undefined) => v, reversed))).toEqual(DRUGS.map((d) => d.price));
    expect(Object.values(mapLocations((_l, v: string | undefined) => v, Object.fromEntries(LOCATIONS.map((l) => [l.id, l.name]))))).toEqual(LOCATIONS.map((l) => l.name));
    expect(Object.values(mapLocations((_l, v: number | undefined) => v, {}))).toEqual(LOCATIONS.map(() => undefined));
  });
});

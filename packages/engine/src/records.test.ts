// records.ts writes its copies and rows out field by field: each must keep every field, in the key order a state
// is stored in, and leave its input as it was.
import { describe, expect, it } from 'vitest';
import { DRUGS, LOCATIONS } from './catalogue';
import { createLoanSharkVisit, rollEncounter } from './combat';
import { drugValues, locationValues, mapDrugs, mapLocations, update, updateEncounter, updateHistory, updatePlayer } from './records';
import { Rng } from './rng';
import { startGame, withPlayerFields } from './testkit';

describe('update, updatePlayer, updateEncounter and updateHistory', () => {
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

describe('mapDrugs, drugValues, mapLocations and locationValues', () => {
  it('build drug- and location-keyed records in catalogue order and read them back in that order', () => {
    const seen: string[] = [];
    const prices = mapDrugs((d, i) => {
      seen.push(`${d.id}:${i}`);
      return d.price;
    });
    expect(seen).toEqual(DRUGS.map((d, i) => `${d.id}:${i}`));
    expect(Object.entries(prices)).toEqual(DRUGS.map((d) => [d.id, d.price]));
    expect(Object.entries(mapLocations((l, i) => `${l.name}${i}`))).toEqual(LOCATIONS.map((l, i) => [l.id, `${l.name}${i}`]));
    expect(drugValues(Object.fromEntries(DRUGS.map((d) => [d.id, d.price])))).toEqual(DRUGS.map((d) => d.price));
    expect(locationValues(Object.fromEntries(LOCATIONS.map((l) => [l.id, l.name])))).toEqual(LOCATIONS.map((l) => l.name));
    expect(locationValues({})).toEqual(LOCATIONS.map(() => undefined));
  });
});

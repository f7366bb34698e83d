// The one-literal copies (copyState, copyEncounter) that keep every state and encounter on one V8 shape must
// copy every field, in the key order the engine's states are stored and sent in.
import { describe, expect, it } from 'vitest';
import { copyEncounter, createLoanSharkVisit, rollEncounter } from './combat';
import { Rng } from './rng';
import { copyState } from './state';
import { startGame, withPlayerFields } from './testkit';

describe('copyState and copyEncounter', () => {
  it('copy every field in the same key order', () => {
    const s = startGame();
    const copy = copyState(s);
    expect(copy).not.toBe(s);
    expect(Object.keys(copy)).toEqual(Object.keys(s));
    expect(JSON.stringify(copy)).toBe(JSON.stringify(s));
    const rng = Rng.fromSeed('0000000000000001');
    let fight = null;
    for (let i = 0; i < 200 && !fight; i++) fight = rollEncounter({ ...s, location: 'detroit' }, rng);
    const visit = createLoanSharkVisit(withPlayerFields(s, { debt: 500 }), rng);
    for (const enc of [fight!, visit]) {
      expect(Object.keys(copyEncounter(enc))).toEqual(Object.keys(enc));
      expect(JSON.stringify(copyEncounter(enc))).toBe(JSON.stringify(enc));
    }
  });
});

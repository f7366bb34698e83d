import { describe, expect, it } from 'vitest';
import { replay } from './apply';
import { newGame } from './newGame';
import { FIRST_RULES_VERSION, OLDER_RULES_MESSAGE, RULES_VERSION, isReplayable, rulesVersionOf } from './rulesVersion';

describe('versioned rules', () => {
  it('records the current rules in every new game and every replay', () => {
    expect(RULES_VERSION).toBe(2);
    const opts = { playerName: 'V', seed: '0000000000000042', isSeeded: true };
    expect(newGame(opts).rulesVersion).toBe(RULES_VERSION);
    expect(replay(opts, [{ type: 'stay' }, { type: 'stay' }]).rulesVersion).toBe(RULES_VERSION);
  });

  it('reads a state stored before versioned rules (no field, or nonsense) as version 1', () => {
    expect(FIRST_RULES_VERSION).toBe(1);
    expect(rulesVersionOf({})).toBe(1);
    expect(rulesVersionOf(null)).toBe(1);
    expect(rulesVersionOf({ rulesVersion: 'two' })).toBe(1);
    expect(rulesVersionOf({ rulesVersion: 0 })).toBe(1);
    expect(rulesVersionOf({ rulesVersion: 2.5 })).toBe(1);
    expect(rulesVersionOf({ rulesVersion: 2 })).toBe(2);
  });

  it('replays only logs recorded under the current rules', () => {
    expect(isReplayable(RULES_VERSION)).toBe(true);
    expect(isReplayable(1)).toBe(false);
    expect(isReplayable(RULES_VERSION + 1)).toBe(false);
    expect(OLDER_RULES_MESSAGE).toMatch(/^This game was started under older rules/);
  });
});

// The public index carries what the server and the web app use, so nobody imports engine source files directly.
import { describe, expect, it } from 'vitest';
import * as engine from './index';

describe('public API', () => {
  it('exports the combat constants and helpers other packages need', () => {
    expect(engine.ENEMY_SPRITES).toContain('police_officer');
    expect(engine.PLAYER_TARGET_ID).toBe('player');
    expect(engine.escapeChance(1, 0, 'police')).toBeCloseTo(0.7);
    expect(engine.DEATH_REASONS.police).toBe('You were killed by the cops.');
    expect(engine.loanSharkSound(9)).toBe('loan_shark_warning_4');
    expect(engine.visitFees(1000, 1)).toEqual([{ label: 'Late fee', amount: 50 }]);
    expect(engine.LAST_SKIPPABLE_VISIT).toBe(3);
    expect(engine.FISTS.name).toBe('Fists');
    expect(typeof engine.encounterChance).toBe('function');
    expect(typeof engine.maxEnemiesFor).toBe('function');
    expect(typeof engine.allowedActionsOf).toBe('function');
    for (const name of ['DAMAGE_SPREAD', 'ESCAPE_SUCCESS_MESSAGE', 'VICTORY_NO_REWARD_MESSAGE', 'MULTI_TARGET_LIMIT', 'MAX_HEALTH']) {
      expect(engine, name).toHaveProperty(name);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { OLDER_RULES_MESSAGE } from '@drugwars/engine';
import { ApiError } from './client';
import { classifyError, ERROR_TEXTS } from './errorCatalogue';

const err = (status: number, code: string, message: string) => new ApiError({ status, code, message });

describe('classifyError (SPEC.md section 8)', () => {
  it('AUDIT_FAILURE is an audit failure whatever the call', () => {
    expect(classifyError(err(403, 'AUDIT_FAILURE', 'x'), 'buy')).toEqual({ kind: 'audit' });
  });

  it('RULES_CHANGED (a game of older rules) is its own outcome with the server sentence, never a lost session or an audit', () => {
    const message = 'This game was started under older rules and cannot be continued.';
    expect(classifyError(err(410, 'RULES_CHANGED', message), 'travel')).toEqual({ kind: 'rulesChanged', message });
    expect(classifyError(err(410, 'RULES_CHANGED', ''), 'encounter')).toEqual({ kind: 'rulesChanged', message: OLDER_RULES_MESSAGE });
  });

  it('session not found is flagged and shows the session-lost text', () => {
    expect(classifyError(err(404, 'SESSION_NOT_FOUND', 'Session not found or expired'), 'travel')).toEqual({
      kind: 'sessionLost',
      message: 'Session connection lost. The server may have restarted.',
      notFound: true,
    });
  });

  it('403, 404 or a message mentioning session is a lost session', () => {
    expect(classifyError(err(403, 'FORBIDDEN', 'nope'), 'deposit').kind).toBe('sessionLost');
    expect(classifyError(err(400, 'INVALID_INPUT', 'Bad session header'), 'deposit')).toMatchObject({
      kind: 'sessionLost',
      notFound: false,
    });
  });

  it('an error text that mentions expired is a lost session too (SPEC.md section 2)', () => {
    expect(classifyError(err(400, 'TOKEN', 'Your game has expired'), 'deposit')).toMatchObject({
      kind: 'sessionLost',
      message: 'Session connection lost. The server may have restarted.',
      notFound: false,
    });
    expect(classifyError(err(400, 'TOKEN', 'Not enough cash'), 'deposit').kind).toBe('failed');
  });

  it('no response or a 5xx on travel, buy, sell or stay loses the connection', () => {
    for (const ctx of ['travel', 'buy', 'sell', 'stay'] as const) {
      expect(classifyError(err(0, 'NETWORK_ERROR', 'Failed to fetch'), ctx)).toEqual({
        kind: 'connectionLost',
        message: 'Connection to server lost. Please check your connection and try again.',
      });
      expect(classifyError(err(502, 'HTTP_502', 'HTTP 502'), ctx).kind).toBe('connectionLost');
    }
  });

  it('other travel failures say refresh; buy and sell refusals say the server text; both log it', () => {
    expect(classifyError(err(409, 'ACTION_NOT_ALLOWED', 'Not now'), 'travel')).toEqual({
      kind: 'failed',
      message: 'Connection to server lost. Please refresh.',
      logText: 'Not now',
    });
    expect(classifyError(err(400, 'INSUFFICIENT_FUNDS', "You can't afford that much!"), 'buy')).toEqual({
      kind: 'failed',
      message: "You can't afford that much!",
      logText: "You can't afford that much!",
    });
    expect(classifyError(err(400, 'CARRY_LIMIT', 'You can only carry 100 .22 Rounds (you have 0).'), 'shopBuy')).toMatchObject({
      message: 'You can only carry 100 .22 Rounds (you have 0).',
    });
    // SPEC.md's sentence when the server said nothing the player can read
    expect(classifyError(err(400, 'HTTP_400', 'HTTP 400'), 'sell')).toEqual({
      kind: 'failed',
      message: 'Transaction failed. Please try again.',
      logText: 'Transaction failed. Please try again.',
    });
  });

  it('stay uses the server message and falls back to Failed to stay here', () => {
    expect(classifyError(err(409, 'ACTION_NOT_ALLOWED', 'Finish the fight first'), 'stay')).toMatchObject({
      message: 'Finish the fight first',
    });
    expect(classifyError(err(400, 'HTTP_400', 'HTTP 400'), 'stay')).toMatchObject({ message: 'Failed to stay here' });
  });

  it('bank and loan fields use the server text, else their fallbacks', () => {
    expect(classifyError(err(400, 'INSUFFICIENT_FUNDS', 'Not enough cash'), 'deposit')).toMatchObject({
      message: 'Not enough cash',
    });
    expect(classifyError(err(400, 'HTTP_400', ''), 'deposit')).toMatchObject({
      message: ERROR_TEXTS.depositFailed,
      logText: 'Bank action failed',
    });
    expect(classifyError(err(400, 'HTTP_400', ''), 'withdraw')).toMatchObject({ message: 'Withdrawal failed' });
    expect(classifyError(err(400, 'HTTP_400', ''), 'payLoan')).toMatchObject({
      message: 'Loan payment failed',
      logText: 'Loan action failed',
    });
    expect(classifyError(err(400, 'HTTP_400', ''), 'borrow')).toMatchObject({
      message: 'Failed to borrow from loan shark',
    });
  });

  it('equip and unequip failures have their own texts', () => {
    expect(classifyError(err(400, 'NOT_OWNED', 'You do not own that'), 'equip')).toMatchObject({
      message: 'Failed to equip item',
    });
    expect(classifyError(err(400, 'NOT_OWNED', 'x'), 'unequip')).toMatchObject({ message: 'Failed to unequip item' });
  });

  it('a response without a state is an invalid state', () => {
    expect(classifyError(err(200, 'INVALID_RESPONSE', 'x'), 'deposit')).toMatchObject({
      message: 'Invalid game state received from server.',
    });
  });
});

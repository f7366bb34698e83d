import { describe, expect, it, vi } from 'vitest';
import { RECONNECT_ATTEMPTS, RECONNECT_INTERVAL_MS } from '../../constants';
import { reconnect, reconnectStatusText, RECONNECT_FAILED_TEXT } from './reconnect';

describe('reconnect', () => {
  it('says the failure with the same attempt count it uses', () => {
    expect(RECONNECT_FAILED_TEXT).toBe('Could not reconnect after 3 attempts.');
    expect(RECONNECT_FAILED_TEXT).toBe(`Could not reconnect after ${RECONNECT_ATTEMPTS} attempts.`);
    expect(reconnectStatusText(RECONNECT_ATTEMPTS)).toBe(`Attempting to reconnect... ${RECONNECT_ATTEMPTS}/3`);
  });

  it('makes exactly RECONNECT_ATTEMPTS attempts, RECONNECT_INTERVAL_MS apart', async () => {
    const waits: number[] = [];
    const seen: number[] = [];
    const attempt = vi.fn(async () => false);
    const ok = await reconnect({ attempt, wait: async (ms) => void waits.push(ms), onAttempt: (n) => seen.push(n) });
    expect(ok).toBe(false);
    expect(attempt).toHaveBeenCalledTimes(RECONNECT_ATTEMPTS);
    expect(seen).toEqual([1, 2, 3]);
    expect(waits).toEqual(Array.from({ length: RECONNECT_ATTEMPTS - 1 }, () => RECONNECT_INTERVAL_MS));
  });
});

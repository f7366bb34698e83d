import { describe, expect, it } from 'vitest';
import { STARTING_CASH, STARTING_DEBT } from './constants';

describe('constants', () => {
  it('starts with $1,000 own cash plus the $1,000 loan', () => {
    expect(STARTING_CASH - STARTING_DEBT).toBe(1000);
  });
});

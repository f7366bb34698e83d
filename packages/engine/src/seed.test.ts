import { describe, expect, it } from 'vitest';
import { SEED_INVALID_MESSAGE, SEED_TOO_LONG_MESSAGE, formatSeed, isSeedInputAllowed, parseSeed, randomSeed } from './seed';

describe('parseSeed', () => {
  it('normalises 16 digits with or without hyphens to the same seed', () => {
    const expected = { ok: true, seed: '1234567890123456', formatted: '1234-5678-9012-3456' };
    expect(parseSeed('1234567890123456')).toEqual(expected);
    expect(parseSeed('1234-5678-9012-3456')).toEqual(expected);
    expect(parseSeed('12-34567890-123456')).toEqual(expected);
  });

  it('left-pads shorter digit strings with zeros', () => {
    expect(parseSeed('42')).toEqual({ ok: true, seed: '0000000000000042', formatted: '0000-0000-0000-0042' });
    expect(parseSeed('0')).toEqual({ ok: true, seed: '0000000000000000', formatted: '0000-0000-0000-0000' });
  });

  it('refuses anything else', () => {
    expect(parseSeed('')).toEqual({ ok: false, message: SEED_INVALID_MESSAGE });
    expect(parseSeed('---')).toEqual({ ok: false, message: SEED_INVALID_MESSAGE });
    expect(parseSeed('12345678901234567')).toEqual({ ok: false, message: SEED_INVALID_MESSAGE });
    expect(parseSeed('1234 5678')).toEqual({ ok: false, message: SEED_INVALID_MESSAGE });
    expect(parseSeed('12ab')).toEqual({ ok: false, message: SEED_INVALID_MESSAGE });
    expect(parseSeed('1e5')).toEqual({ ok: false, message: SEED_INVALID_MESSAGE });
    expect(parseSeed('1234-5678-9012-3456-')).toEqual({ ok: false, message: SEED_TOO_LONG_MESSAGE });
    expect(parseSeed(null as unknown as string)).toEqual({ ok: false, message: SEED_INVALID_MESSAGE });
  });
});

describe('formatSeed', () => {
  it('groups 16 digits in fours', () => {
    expect(formatSeed('1234567890123456')).toBe('1234-5678-9012-3456');
    expect(formatSeed('0000000000000007')).toBe('0000-0000-0000-0007');
  });
});

describe('isSeedInputAllowed', () => {
  it('allows up to 19 digits and hyphens, including the empty field', () => {
    expect(isSeedInputAllowed('')).toBe(true);
    expect(isSeedInputAllowed('1234-5678-9012-3456')).toBe(true);
    expect(isSeedInputAllowed('1234-5678-9012-3456-')).toBe(false);
    expect(isSeedInputAllowed('12a')).toBe(false);
    expect(isSeedInputAllowed('12 3')).toBe(false);
  });
});

describe('randomSeed', () => {
  it('turns bytes into 16 digits, deterministically', () => {
    const bytes = Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    const seed = randomSeed(bytes);
    expect(seed).toMatch(/^\d{16}$/);
    expect(randomSeed(bytes)).toBe(seed);
    // 0x0102...10 mod 10^16, worked out independently with BigInt literals.
    expect(seed).toBe((0x0102030405060708090a0b0c0d0e0f10n % 10_000_000_000_000_000n).toString().padStart(16, '0'));
    expect(randomSeed(new Uint8Array(16))).toBe('0000000000000000');
    expect(parseSeed(seed)).toMatchObject({ ok: true, seed });
  });

  it('spreads over the leading digit', () => {
    const leading = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const bytes = Uint8Array.from({ length: 16 }, (_, j) => (i * 37 + j * 101 + i * j * 13) & 0xff);
      leading.add(randomSeed(bytes)[0] ?? '');
    }
    expect(leading.size).toBe(10);
  });

  it('refuses too few bytes', () => {
    expect(() => randomSeed(new Uint8Array(4))).toThrow(RangeError);
  });
});

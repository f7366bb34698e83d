// Seeds (SPEC.md section 5 "Seed", DESIGN.md "Our reading"): a player types up to 19 characters of digits and
// hyphens holding 1 to 16 digits; the digits, left-padded with zeros to 16, are the seed. So
// '1234567890123456' and '1234-5678-9012-3456' are the same game, and '42' is '0000000000000042'.
import { MAX_SEED_LENGTH, SEED_DIGITS } from './constants';

export const SEED_INVALID_MESSAGE = 'Seed must be 1 to 16 digits (hyphens allowed)';
export const SEED_TOO_LONG_MESSAGE = 'Seed too long (max 19 characters)';

export type SeedParse = { ok: true; seed: string; formatted: string } | { ok: false; message: string };

const SEED_CHARACTERS = /^[0-9-]*$/;

/** The live input filter: may the seed field hold this text? (Empty is allowed while typing.) */
export function isSeedInputAllowed(text: string): boolean {
  return typeof text === 'string' && text.length <= MAX_SEED_LENGTH && SEED_CHARACTERS.test(text);
}

/** Parses what the player typed into the normalised 16-digit seed and its display form. */
export function parseSeed(input: string): SeedParse {
  if (typeof input !== 'string') return { ok: false, message: SEED_INVALID_MESSAGE };
  const text = input.trim();
  if (text.length > MAX_SEED_LENGTH) return { ok: false, message: SEED_TOO_LONG_MESSAGE };
  if (!SEED_CHARACTERS.test(text)) return { ok: false, message: SEED_INVALID_MESSAGE };
  const digits = text.replace(/-/g, '');
  if (digits.length < 1 || digits.length > SEED_DIGITS) return { ok: false, message: SEED_INVALID_MESSAGE };
  const seed = digits.padStart(SEED_DIGITS, '0');
  return { ok: true, seed, formatted: formatSeed(seed) };
}

/** '1234567890123456' -> '1234-5678-9012-3456'. Shorter digit strings are zero-padded first. */
export function formatSeed(seed16: string): string {
  const digits = seed16.replace(/\D/g, '').padStart(SEED_DIGITS, '0');
  return digits.match(/\d{4}/g)?.join('-') ?? digits;
}

/**
 * A uniformly random 16-digit seed from random bytes (the server passes crypto bytes; the engine has no
 * randomness of its own). Needs at least 8 bytes; uses up to 16. With 16 bytes the modulo bias is ~1e-22.
 */
export function randomSeed(randomBytes: Uint8Array): string {
  if (randomBytes.length < 8) throw new RangeError('randomSeed needs at least 8 random bytes');
  let value = 0n;
  for (const byte of randomBytes.subarray(0, 16)) value = (value << 8n) | BigInt(byte);
  return (value % 10n ** BigInt(SEED_DIGITS)).toString().padStart(SEED_DIGITS, '0');
}

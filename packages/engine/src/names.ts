// Player-name validation (SPEC.md section 5, "Player name", rules checked in order) and the generated
// 'loser-xxxxxx' name used when the player leaves the field empty. Shared by the web app (live validation)
// and the server (the rule that counts).
import { BANNED_SUBSTRINGS, BANNED_TOKENS, INNOCENT_WORDS } from './bannedWords';
import { GENERATED_NAME_PREFIX, MAX_NAME_LENGTH } from './constants';

/** What the name field shows for an empty name. */
export const NAME_EMPTY_MESSAGE = 'Please enter a player name';
/** SPEC.md section 5 rule 1's wording; kept for server-side callers that prefer it. The UI uses NAME_EMPTY_MESSAGE. */
export const NAME_EMPTY_RULE_MESSAGE = 'Name cannot be empty';
export const NAME_TOO_LONG_MESSAGE = 'Name too long (max 16 characters)';
export const NAME_CHARACTERS_MESSAGE = 'Use only letters, numbers, and hyphens';
/** Rules 4 to 7: links, domains, shorteners and banned words all get the same answer. */
export const NAME_JERK_MESSAGE = "INVALID PLAYER NAME DUDE! DON'T BE A JERK!";

export type NameValidation = { ok: true; name: string } | { ok: false; message: string };

const NAME_CHARACTERS = /^[A-Za-z0-9-]+$/;
const LINK_PARTS = ['http', 'https', 'www'];
const DOMAIN_ENDINGS = ['com', 'org', 'net', 'io', 'co', 'edu', 'gov'];
const SHORTENERS = ['bitly', 'tinyurl', 'shortlink'];

/** Look-alike characters and the letters they stand for; '1' is ambiguous (i or l), so both are tried. */
const LOOK_ALIKES: Record<string, readonly string[]> = {
  '0': ['o'],
  '1': ['i', 'l'],
  '2': ['z'],
  '3': ['e'],
  '4': ['a'],
  '5': ['s'],
  '6': ['g', 'b'],
  '7': ['t'],
  '8': ['b'],
  '9': ['g'],
  '@': ['a'],
  $: ['s'],
  '!': ['i'],
  '|': ['l'],
  '+': ['t'],
};

/** 'loser-' and 6 hex characters: the form of a generated name (generatedName), whatever the letter case. */
const GENERATED_NAME_FORM = new RegExp(`^${GENERATED_NAME_PREFIX}[0-9a-f]{6}$`, 'i');
/** The leaderboard's name for an entry without one. */
const FALLBACK_NAME = 'anonymous';

/**
 * Names a player may not type because they pass for something the game writes itself: the form of a generated
 * name ('loser-000000'), the fallback 'Anonymous', and names without a letter or digit ('-', '---'), which read
 * as an empty cell of the leaderboard.
 */
export function isReservedName(name: string): boolean {
  const lower = name.trim().toLowerCase();
  return GENERATED_NAME_FORM.test(lower) || lower.replace(/-/g, '') === FALLBACK_NAME || !/[a-z0-9]/.test(lower);
}

/**
 * Validates a player name: SPEC.md section 5's rules (checkNameRules), then no reserved name (isReservedName).
 * Surrounding whitespace is ignored (a pasted name often carries some); the returned `name` is the trimmed one
 * to store.
 */
export function validatePlayerName(raw: string): NameValidation {
  const checked = checkNameRules(raw);
  if (checked.ok && isReservedName(checked.name)) return jerk();
  return checked;
}

/** SPEC.md section 5's player-name rules 1 to 7, in order. */
export function checkNameRules(raw: string): NameValidation {
  const name = typeof raw === 'string' ? raw.trim() : '';
  // 1. required
  if (name.length === 0) return { ok: false, message: NAME_EMPTY_MESSAGE };
  // 2. length
  if (name.length > MAX_NAME_LENGTH) return { ok: false, message: NAME_TOO_LONG_MESSAGE };
  // 3. characters
  if (!NAME_CHARACTERS.test(name)) return { ok: false, message: NAME_CHARACTERS_MESSAGE };

  const lower = name.toLowerCase();
  const joined = lower.replace(/-/g, '');
  const plainForms = [lower, joined];
  // 4. links
  if (plainForms.some((form) => LINK_PARTS.some((part) => form.includes(part)))) return jerk();
  // 5. domain endings. Literal per SPEC.md: a name that merely ends in 'co' or 'io' (Marco, Antonio) is
  // refused too, because the dot of a domain cannot appear in a valid name and the original matched the tail.
  if (plainForms.some((form) => DOMAIN_ENDINGS.some((ending) => form.endsWith(ending)))) return jerk();
  // 6. link shorteners
  if (plainForms.some((form) => SHORTENERS.some((s) => form.includes(s)))) return jerk();
  // 7. banned words
  if (containsBannedWord(lower)) return jerk();
  return { ok: true, name };
}

function jerk(): NameValidation {
  return { ok: false, message: NAME_JERK_MESSAGE };
}

/**
 * Rule 7: the lowercase name and the name without hyphens, each forwards and reversed, each as typed and
 * with look-alike characters swapped for letters.
 */
export function containsBannedWord(lowerName: string): boolean {
  const lower = lowerName.toLowerCase();
  for (const swapped of lookAlikeVariants(lower)) {
    if (formIsBanned(swapped)) return true;
    // Without hyphens: a name that has none is the same text again, already answered (most names).
    const joined = swapped.replace(/-/g, '');
    if (joined !== swapped && formIsBanned(joined)) return true;
  }
  return false;
}

/** Rule 7 on one form of the name (as typed or without hyphens, look-alikes read one way). */
function formIsBanned(form: string): boolean {
  const reversed = reverse(form);
  // Substrings: blank out innocent words first ("badminton"), in both reading directions.
  const blanked = blankInnocent(form);
  const forSubstrings = [blanked, reverse(blanked)];
  if (forSubstrings.some((text) => BANNED_SUBSTRINGS.some((word) => text.includes(word)))) return true;
  // Tokens: the whole form or one of its hyphen-separated parts, in both directions.
  const tokens = [...form.split('-'), ...reversed.split('-'), form, reversed];
  return tokens.some((token) => BANNED_TOKENS.includes(token));
}

function blankInnocent(text: string): string {
  let out = text;
  for (const word of INNOCENT_WORDS) out = out.split(word).join('-');
  return out;
}

function reverse(text: string): string {
  return [...text].reverse().join('');
}

/** The name as typed plus every reading of its look-alike characters (a handful: only '1' and '6' fork). */
function lookAlikeVariants(text: string): string[] {
  let variants = [''];
  for (const ch of text) {
    const options = LOOK_ALIKES[ch] ?? [ch];
    const next: string[] = [];
    for (const prefix of variants) for (const option of options) next.push(prefix + option);
    // Cap the fan-out: 16 characters of '1' would otherwise give 65,536 readings. Beyond 64 we keep the first
    // reading of each ambiguous character, which still catches every single-ambiguity disguise.
    variants = next.length > 64 ? variants.map((prefix) => prefix + (options[0] ?? ch)) : next;
  }
  return text === variants[0] ? variants : [text, ...variants];
}

/** FNV-1a, 32 bits, over UTF-16 code units: stable across runtimes and cheap. */
export function fnv1a32(input: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    hash ^= input.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Rehashes before giving up on a generated name that fails validation (each try fails ~1 time in 60,000). */
const GENERATED_NAME_TRIES = 16;

/**
 * 'loser-' plus 6 lowercase hex characters derived from the input (the server hashes time + user agent).
 * Hex digits read as look-alike letters can spell a banned word ('loser-9706af' reversed is 'fa6079', 'fagot'),
 * and a generated name goes on the public leaderboard unchecked, so such a name is rehashed (input + '#1', ...)
 * until it passes checkNameRules (a player cannot type this form: isReservedName). Names that pass on the first hash are unchanged.
 */
export function generatedName(hashInput: string): string {
  for (let attempt = 0; attempt < GENERATED_NAME_TRIES; attempt++) {
    const name = GENERATED_NAME_PREFIX + fnv1a32(attempt === 0 ? hashInput : `${hashInput}#${attempt}`).toString(16).padStart(8, '0').slice(0, 6);
    // The rules a typed name must pass, less the reservation of this very form.
    if (checkNameRules(name).ok) return name;
  }
  return `${GENERATED_NAME_PREFIX}000000`;
}

// The strings catalogue (SPEC.md sections 3, 7, 8): GET /api/strings/{language} once at start-up; built-in
// defaults whenever it fails or leaves a text out. Today it supplies the event modals' acknowledge texts.
import { api } from '../api/client';
import type { Strings as StringsCatalogue } from '@drugwars/protocol';
import { ACKNOWLEDGE_TEXTS } from '../constants';

/** The catalogue keys of the acknowledge texts, in ACKNOWLEDGE_TEXTS order (Got it, Whatever, Sweet, Word). */
const ACKNOWLEDGE_KEYS = ['gotIt', 'whatever', 'sweet', 'word'] as const;

export const DEFAULT_STRINGS: StringsCatalogue = {
  buttons_positive: Object.fromEntries(ACKNOWLEDGE_KEYS.map((k, i) => [k, ACKNOWLEDGE_TEXTS[i]!])),
  buttons_negative: {},
  encounters: {},
};

let current: StringsCatalogue = DEFAULT_STRINGS;

function textMap(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== '',
    ),
  );
}

/** The language part of a tag ('en-US' -> 'en'); 'en' when there is none. */
export function baseLanguage(tag: string | null | undefined): string {
  const base = (tag ?? '').split(/[-_]/)[0]?.toLowerCase() ?? '';
  return /^[a-z]{2,3}$/.test(base) ? base : 'en';
}

/** Loads the catalogue; on any failure the built-in defaults stay (only logged). */
export async function loadStrings(language: string = baseLanguage(globalThis.navigator?.language)): Promise<StringsCatalogue> {
  try {
    const res = await api.strings(language);
    // a server that leaves a list out (or sends junk in it) leaves the built-in texts in place
    const s: Partial<StringsCatalogue> = res.strings ?? {};
    current = {
      buttons_positive: { ...DEFAULT_STRINGS.buttons_positive, ...textMap(s.buttons_positive) },
      buttons_negative: { ...DEFAULT_STRINGS.buttons_negative, ...textMap(s.buttons_negative) },
      encounters: { ...DEFAULT_STRINGS.encounters, ...textMap(s.encounters) },
    };
  } catch (err) {
    console.warn('strings load failed; using the built-in texts', err);
    current = DEFAULT_STRINGS;
  }
  return current;
}

export function getStrings(): StringsCatalogue {
  return current;
}

/** Test helper: back to the built-in texts. */
export function resetStrings(): void {
  current = DEFAULT_STRINGS;
}

/** The acknowledge texts the event modals pick from at random. */
export function acknowledgeTexts(): string[] {
  return ACKNOWLEDGE_KEYS.map((k, i) => current.buttons_positive[k] ?? ACKNOWLEDGE_TEXTS[i]!);
}

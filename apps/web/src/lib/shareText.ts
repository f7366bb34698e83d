// The short text result the Game Over screen's Share button copies: which game, the score, how far it went,
// the cops put down, the place on the list, and the replay's address. Pure, so the wording is tested once.
import { formatMoney } from '@drugwars/engine';
import type { Board } from '@drugwars/protocol';

export interface ShareResult {
  score: number;
  day: number;
  copsKilled: number;
  died: boolean;
  board: Board;
  /** The Daily Run's date (YYYY-MM-DD), null for other games. */
  dailyDate: string | null;
  /** Place on the board the game went on (today's Most Wanted List or the day's Daily Run); null for practice. */
  place: number | null;
  /** The replay's full address. */
  replayUrl: string;
}

/** e.g. 'DRUG WARS Daily 2026-11-24: $1,234,567, day 30, 3 cops down, #12 today' and the replay link below. */
export function shareText(r: ShareResult): string {
  const title = r.dailyDate ? `DRUG WARS Daily ${r.dailyDate}${r.board === 'practice' ? ' (practice)' : ''}` : 'DRUG WARS';
  const parts = [formatMoney(r.score), r.died ? `R.I.P. on day ${r.day}` : `day ${r.day}`];
  if (r.copsKilled > 0) parts.push(`${r.copsKilled} ${r.copsKilled === 1 ? 'cop' : 'cops'} down`);
  if (r.place !== null) parts.push(`#${r.place} today`);
  return `${title}: ${parts.join(', ')}\n${r.replayUrl}`;
}

/** The address of an entry's replay page on this site. */
export function replayUrl(origin: string, entryId: number): string {
  return `${origin}/replay/${entryId}`;
}

// What the Game Over screen says of a filed game's place, and where its links go. Pure: the server decided the
// places (the submit's reply); this only words them.
import type { SubmitScoreResponse } from '@drugwars/protocol';

/** The place lines: today's and the all-time Most Wanted List for a ranked game, the day's board for a Daily Run. */
export function placeLines(filed: SubmitScoreResponse): string[] {
  if (filed.board === 'daily' && filed.place !== null) return [`#${filed.place} on the Daily Run of ${filed.dailyDate ?? 'today'}`];
  if (filed.board !== 'ranked') return [];
  const lines: string[] = [];
  if (filed.place !== null) lines.push(`#${filed.place} on today's Most Wanted List`);
  if (filed.allTimePlace !== null) lines.push(`#${filed.allTimePlace} of all time`);
  return lines;
}

/** The Most Wanted List on the board the game went on: a Daily Run's day, otherwise today's list. */
export function leaderboardLink(filed: SubmitScoreResponse | null): string {
  if (filed?.board === 'daily' || filed?.board === 'practice') {
    return `/leaderboard?tab=daily${filed.dailyDate ? `&date=${filed.dailyDate}` : ''}`;
  }
  return '/leaderboard';
}

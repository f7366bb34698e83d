// A leaderboard entry as the boards and replays show it, and who may watch its replay: everybody for a game of
// the current rules whose log is stored, except that a Daily Run's replays stay with their own player until the
// day is over (the same seed and actions give the same game, so a replay watched during the day would hand the
// top score to whoever copies it).
import { isReplayable } from '@drugwars/engine';
import type { LeaderboardEntryData } from '@drugwars/protocol';
import type { LeaderboardEntry } from '../storage/port';
import type { DailyRun } from './dailyRun';

/** What a browser's visitor id looks like (a UUID in practice); anything else is not one. */
const VISITOR_ID_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;

export function isVisitorId(text: string): boolean {
  return VISITOR_ID_PATTERN.test(text);
}

export const REPLAY_NOT_YET_MESSAGE = "This Daily Run's replays open when the day is over (midnight UTC). Come back tomorrow!";
export const REPLAY_GONE_MESSAGE = "This game's record is gone: it can't be replayed.";
export const REPLAY_OLDER_RULES_MESSAGE = "This game was played under older rules and can't be replayed any more. Its score stays on the list.";

/** Why `viewer` may not watch this entry's replay, or null when they may. */
export function replayRefusal(entry: LeaderboardEntry, viewer: string | undefined, dailyRun: DailyRun): string | null {
  if (entry.dailyDate !== null && !dailyRun.isOver(entry.dailyDate) && (viewer === undefined || viewer !== entry.visitorId)) {
    return REPLAY_NOT_YET_MESSAGE;
  }
  if (entry.rulesVersion === null) return REPLAY_GONE_MESSAGE;
  if (!isReplayable(entry.rulesVersion)) return REPLAY_OLDER_RULES_MESSAGE;
  return null;
}

/** The entry as the API sends it (never its visitor id). */
export function entryView(entry: LeaderboardEntry, viewer: string | undefined, dailyRun: DailyRun): LeaderboardEntryData {
  return {
    id: entry.id,
    player_name: entry.player_name,
    score: entry.score,
    final_day: entry.final_day,
    date_achieved: entry.date_achieved,
    died: entry.died,
    gameOverReason: entry.gameOverReason,
    replayable: replayRefusal(entry, viewer, dailyRun) === null,
  };
}

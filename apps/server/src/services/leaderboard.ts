// The Most Wanted List and the Daily Run boards are written by the server only (DESIGN.md sections 3 and 8): a
// submit records the session's own server-computed score, once, for a finished unseeded game that passes its
// audit, on the board the game belongs to. The request body is ignored.
import { finalScore } from '@drugwars/engine';
import { ApiErrorCode, type DailyLeaderboardResponse, type LeaderboardEntryData, type SubmitScoreResponse } from '@drugwars/protocol';
import type { LeaderboardPeriod, Storage } from '../storage/port';
import { ApiError, sessionNotFound } from '../errors';
import type { DailyRun } from './dailyRun';
import { entryView } from './entryView';
import type { GameSessions } from './gameSessions';

export const LEADERBOARD_DEFAULT_LIMIT = 100;
const ANONYMOUS = 'Anonymous';

export class Leaderboard {
  constructor(
    private readonly storage: Storage,
    private readonly sessions: GameSessions,
    private readonly dailyRun: DailyRun,
    private readonly now: () => Date,
  ) {}

  async top(period: LeaderboardPeriod, limit = LEADERBOARD_DEFAULT_LIMIT, viewer?: string): Promise<LeaderboardEntryData[]> {
    const entries = await this.storage.leaderboard.top(period, limit, this.now());
    return entries.map((e) => entryView(e, viewer, this.dailyRun));
  }

  /** A day's Daily Run board (today when no date is given), with the day's seed once the day is over. */
  async daily(date: string | undefined, limit = LEADERBOARD_DEFAULT_LIMIT, viewer?: string): Promise<Omit<DailyLeaderboardResponse, 'success'>> {
    const day = date ?? this.dailyRun.today();
    if (!this.dailyRun.hasBegun(day)) {
      throw new ApiError(400, ApiErrorCode.INVALID_INPUT, `There is no Daily Run on ${day}: pick a day up to today (UTC).`);
    }
    const entries = await this.storage.leaderboard.daily(day, limit);
    return { date: day, seed: await this.dailyRun.publicSeed(day), entries: entries.map((e) => entryView(e, viewer, this.dailyRun)) };
  }

  async submit(sessionId: string | undefined): Promise<Omit<SubmitScoreResponse, 'success'>> {
    const record = await this.sessions.get(sessionId);
    if (record.isSeeded || record.state.isSeeded) {
      throw new ApiError(400, ApiErrorCode.SEEDED_GAME, 'Seeded games are not eligible for leaderboard');
    }
    if (record.state.currentState !== 'GAME_OVER') {
      throw new ApiError(409, ApiErrorCode.GAME_NOT_OVER, 'The game is not over yet: finish it to make the list.');
    }
    if (record.scoreSubmitted) throw alreadySubmitted();
    // Nothing is scored unless the action log reproduces the stored state.
    await this.sessions.audit(record);

    const state = record.state;
    const daily = record.daily;
    const result = await this.storage.leaderboard.submit(
      record.id,
      {
        player_name: state.player.name.trim() || record.playerName.trim() || ANONYMOUS,
        score: finalScore(state),
        final_day: state.day,
        died: state.player.health <= 0,
        gameOverReason: state.gameOverReason,
        rulesVersion: state.rulesVersion,
        // A Daily Run ranks only while its day lasts: afterwards its seed and replays are public.
        daily: daily ? { date: daily.date, visitorId: daily.visitorId, mayRank: !this.dailyRun.isOver(daily.date) } : null,
      },
      this.now(),
    );
    if (!result.ok) {
      if (result.reason === 'ALREADY_SUBMITTED') throw alreadySubmitted();
      throw sessionNotFound();
    }
    return {
      entry: entryView(result.entry, daily?.visitorId, this.dailyRun),
      board: result.entry.board,
      dailyDate: result.entry.dailyDate,
      place: result.place,
      allTimePlace: result.allTimePlace,
    };
  }
}

function alreadySubmitted() {
  return new ApiError(409, ApiErrorCode.ALREADY_SUBMITTED, 'This game is already on the Most Wanted List.');
}

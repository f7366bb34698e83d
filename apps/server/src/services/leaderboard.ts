// The Most Wanted List is written by the server only (DESIGN.md section 3): a submit records the session's own
// server-computed score, once, for a finished unseeded game that passes its audit. The request body is ignored.
import { finalScore } from '@drugwars/engine';
import { ApiErrorCode, type LeaderboardEntryData } from '@drugwars/protocol';
import type { LeaderboardPeriod, Storage } from '../storage/port';
import { ApiError, sessionNotFound } from '../errors';
import type { GameSessions } from './gameSessions';

export const LEADERBOARD_DEFAULT_LIMIT = 100;
const ANONYMOUS = 'Anonymous';

export class Leaderboard {
  constructor(
    private readonly storage: Storage,
    private readonly sessions: GameSessions,
    private readonly now: () => Date,
  ) {}

  top(period: LeaderboardPeriod, limit = LEADERBOARD_DEFAULT_LIMIT): Promise<LeaderboardEntryData[]> {
    return this.storage.topScores(period, limit, this.now());
  }

  async submit(sessionId: string | undefined): Promise<LeaderboardEntryData> {
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

    const entry = {
      player_name: record.state.player.name.trim() || record.playerName.trim() || ANONYMOUS,
      score: finalScore(record.state),
      final_day: record.state.day,
    };
    const now = this.now();
    const result = await this.storage.submitScore(record.id, entry, now);
    if (!result.ok) {
      if (result.reason === 'ALREADY_SUBMITTED') throw alreadySubmitted();
      throw sessionNotFound();
    }
    return { ...entry, date_achieved: now.toISOString() };
  }
}

function alreadySubmitted() {
  return new ApiError(409, ApiErrorCode.ALREADY_SUBMITTED, 'This game is already on the Most Wanted List.');
}

// A leaderboard entry's replay: the engine's story of the game (ReplayStoryBuilder), rebuilt from the session's
// stored log a slice at a time (logReplay.ts, as the audit does), checked against the entry's score, and kept in a
// small cache (an entry's game never changes). Only finished, submitted games have entries, so an active game's
// log is never exposed.
import { newGame, ReplayStoryBuilder, type ReplayStory } from '@drugwars/engine';
import { ApiErrorCode, type ReplayResponse } from '@drugwars/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { SessionLogError, type EntryWithSession, type Storage } from '../storage/port';
import { ApiError } from '../errors';
import type { DailyRun } from './dailyRun';
import { entryView, REPLAY_GONE_MESSAGE, replayRefusal } from './entryView';
import { replayLog } from './logReplay';

/** Stories kept in memory (a 30-day game's is 10-40 KB). */
export const REPLAY_CACHE_SIZE = 64;

const ENTRY_ID_PATTERN = /^[1-9][0-9]{0,14}$/;

export const ENTRY_NOT_FOUND_MESSAGE = 'There is no such entry on the lists.';
export const REPLAY_MISMATCH_MESSAGE = "This game's record doesn't add up to its score: it can't be replayed.";

const entryNotFound = () => new ApiError(404, ApiErrorCode.ENTRY_NOT_FOUND, ENTRY_NOT_FOUND_MESSAGE);
const unavailable = (message: string) => new ApiError(404, ApiErrorCode.REPLAY_UNAVAILABLE, message);

export class Replays {
  private readonly cache = new Map<number, ReplayStory>();

  constructor(
    private readonly storage: Storage,
    private readonly dailyRun: DailyRun,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** The replay of entry `idText` for `viewer` (the browser's visitor id, when sent), or 404 saying why not. */
  async replay(idText: string, viewer: string | undefined): Promise<Omit<ReplayResponse, 'success'>> {
    if (!ENTRY_ID_PATTERN.test(idText)) throw entryNotFound();
    const found = await this.storage.leaderboard.entry(Number(idText));
    if (!found) throw entryNotFound();
    const { entry } = found;
    const refusal = replayRefusal(entry, viewer, this.dailyRun);
    if (refusal) throw unavailable(refusal);
    const story = await this.story(found);
    return { entry: entryView(entry, viewer, this.dailyRun), rulesVersion: story.rulesVersion, days: story.days };
  }

  private async story({ entry, session }: EntryWithSession): Promise<ReplayStory> {
    const cached = this.cache.get(entry.id);
    if (cached) {
      // Least recently used goes first: re-insert on use.
      this.cache.delete(entry.id);
      this.cache.set(entry.id, cached);
      return cached;
    }
    if (!session) throw unavailable(REPLAY_GONE_MESSAGE);
    let story: ReplayStory | null = null;
    try {
      const builder = new ReplayStoryBuilder(newGame({ playerName: session.playerName, seed: session.seed, isSeeded: session.isSeeded }));
      await replayLog(this.storage.sessions, session, session.version, (before, action, result) => builder.record(before, action, result));
      story = builder.story();
    } catch (error) {
      // A log the engine refuses was changed outside the game: not this entry's game.
      if (!(error instanceof SessionLogError)) throw error;
    }
    // The story must end where the entry did: anything else means the log is not the game that was scored.
    if (story === null || !story.final.gameOver || story.final.score !== entry.score || story.final.day !== entry.final_day) {
      this.log?.warn({ entryId: entry.id, sessionId: session.id }, 'replay does not reproduce the entry');
      throw unavailable(REPLAY_MISMATCH_MESSAGE);
    }
    this.cache.set(entry.id, story);
    if (this.cache.size > REPLAY_CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    return story;
  }
}

// The Most Wanted List, the Daily Run boards and practice entries: one table, every board read one ordered index
// read (see the index comments in migrations.ts), periods as stored UTC buckets (leaderboardPeriods.ts).
import { sql, type Selectable } from 'kysely';
import type { Reader, StorageDatabase } from './database';
import type { LeaderboardTable } from './schema';
import type { Board, LeaderboardEntry, LeaderboardPeriod, LeaderboardRepository, SubmitScoreResult } from './port';
import { periodBuckets, periodFilter } from './leaderboardPeriods';

/** What a board or replay reads of an entry. */
const ENTRY_COLUMNS = [
  'leaderboard.id',
  'leaderboard.player_name',
  'score',
  'final_day',
  'date_achieved',
  'died',
  'game_over_reason',
  'board',
  'leaderboard.daily_date',
  'leaderboard.visitor_id',
  'rules_version',
] as const;

type EntryRow = Pick<
  Selectable<LeaderboardTable>,
  'id' | 'player_name' | 'score' | 'final_day' | 'date_achieved' | 'died' | 'game_over_reason' | 'board' | 'daily_date' | 'visitor_id' | 'rules_version'
>;

function toEntry(r: EntryRow): LeaderboardEntry {
  return {
    // pg returns a bigint identity as a number (see the int8 parser in postgresDatabase.ts).
    id: Number(r.id),
    player_name: r.player_name,
    score: r.score,
    final_day: r.final_day,
    date_achieved: new Date(r.date_achieved).toISOString(),
    died: r.died === 1,
    gameOverReason: r.game_over_reason,
    board: r.board as Board,
    dailyDate: r.daily_date,
    visitorId: r.visitor_id,
    rulesVersion: r.rules_version,
  };
}

/** A period of the Most Wanted List: one bucket equality (none for all time), then the index order. Exported for the plan test. */
export function topScoresQuery(db: Reader, period: LeaderboardPeriod, limit: number, now: Date) {
  const filter = periodFilter(period, now);
  let query = db.selectFrom('leaderboard').select(ENTRY_COLUMNS).where('board', '=', 'ranked');
  if (filter) query = query.where(filter.column, '=', filter.value);
  return query.orderBy('score', 'desc').orderBy('date_achieved').orderBy('id').limit(Math.max(0, Math.floor(limit)));
}

/** A day's Daily Run board: one equality pair, then the index order (leaderboard_daily_idx). Exported for the plan test. */
export function dailyScoresQuery(db: Reader, date: string, limit: number) {
  return db
    .selectFrom('leaderboard')
    .select(ENTRY_COLUMNS)
    .where('board', '=', 'daily')
    .where('daily_date', '=', date)
    .orderBy('score', 'desc')
    .orderBy('date_achieved')
    .orderBy('id')
    .limit(Math.max(0, Math.floor(limit)));
}

export function createLeaderboardRepository({ read, transaction }: StorageDatabase): LeaderboardRepository {
  return {
    submit(sessionId, score, now) {
      // Money is integers end to end; a fraction here is a caller bug, refused before it reaches a bigint column.
      if (!Number.isSafeInteger(score.score) || !Number.isSafeInteger(score.final_day)) {
        return Promise.reject(new RangeError(`leaderboard.submit needs integer score and final_day, got ${score.score}, ${score.final_day}`));
      }
      const t = now.getTime();
      const daily = score.daily ?? null;
      const row = {
        session_id: sessionId,
        player_name: score.player_name,
        score: score.score,
        final_day: score.final_day,
        date_achieved: t,
        ...periodBuckets(t),
        daily_date: daily?.date ?? null,
        visitor_id: daily?.visitorId ?? null,
        rules_version: score.rulesVersion,
        died: score.died ? 1 : 0,
        game_over_reason: score.gameOverReason,
      };
      return transaction(async (trx): Promise<SubmitScoreResult> => {
        // Flip the flag first: the single-row UPDATE is the once-only gate, across processes too.
        const flagged = await trx
          .updateTable('sessions')
          .set({ score_submitted: 1 })
          .where('id', '=', sessionId)
          .where('score_submitted', '=', 0)
          .executeTakeFirst();
        if (flagged.numUpdatedRows === 0n) {
          const exists = await trx.selectFrom('sessions').select('id').where('id', '=', sessionId).executeTakeFirst();
          return { ok: false, reason: exists ? 'ALREADY_SUBMITTED' : 'NOT_FOUND' };
        }
        let inserted = 0n;
        if (daily?.mayRank) {
          // The visitor's first of the day goes on the board; the partial unique index turns a second (even one
          // racing from another process) into nothing inserted, and it is filed as practice below.
          const result = await trx
            .insertInto('leaderboard')
            .values({ ...row, board: 'daily' })
            .onConflict((oc) => oc.columns(['daily_date', 'visitor_id']).where(sql.ref('board'), '=', sql.lit('daily')).doNothing())
            .executeTakeFirst();
          inserted = result.numInsertedOrUpdatedRows ?? 0n;
        }
        if (inserted === 0n) {
          // session_id is UNIQUE as well: even an id reused after a purge cannot enter the board twice.
          const result = await trx
            .insertInto('leaderboard')
            .values({ ...row, board: daily ? 'practice' : 'ranked' })
            .onConflict((oc) => oc.column('session_id').doNothing())
            .executeTakeFirst();
          if (result.numInsertedOrUpdatedRows === 0n) return { ok: false, reason: 'ALREADY_SUBMITTED' };
        }
        const entry = toEntry(await trx.selectFrom('leaderboard').select(ENTRY_COLUMNS).where('session_id', '=', sessionId).executeTakeFirstOrThrow());
        if (entry.board === 'practice') return { ok: true, entry, place: null, allTimePlace: null };
        // Entries ahead of this one on a board: better scores, then earlier ties, exactly the order the board reads;
        // each count reads one board-led index range.
        const ranked = trx.selectFrom('leaderboard').where('board', '=', 'ranked');
        const placeOn = async (board: typeof ranked): Promise<number> => {
          const ahead = await board
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where((eb) =>
              eb.or([
                eb('score', '>', row.score),
                eb.and([eb('score', '=', row.score), eb('date_achieved', '<', t)]),
                eb.and([eb('score', '=', row.score), eb('date_achieved', '=', t), eb('id', '<', entry.id)]),
              ]),
            )
            .executeTakeFirst();
          return Number(ahead?.n ?? 0) + 1;
        };
        if (entry.board === 'daily') {
          const place = await placeOn(trx.selectFrom('leaderboard').where('board', '=', 'daily').where('daily_date', '=', entry.dailyDate));
          // A Daily Run is on no all-time list: its board is the day's.
          return { ok: true, entry, place, allTimePlace: null };
        }
        return { ok: true, entry, place: await placeOn(ranked.where('utc_day', '=', row.utc_day)), allTimePlace: await placeOn(ranked) };
      });
    },

    async top(period, limit, now) {
      return (await topScoresQuery(read, period, limit, now).execute()).map(toEntry);
    },

    async daily(date, limit) {
      return (await dailyScoresQuery(read, date, limit).execute()).map(toEntry);
    },

    async entry(id) {
      if (!Number.isSafeInteger(id)) return null;
      const r = await read
        .selectFrom('leaderboard')
        .leftJoin('sessions', 'sessions.id', 'leaderboard.session_id')
        .select([...ENTRY_COLUMNS, 'sessions.id as sid', 'sessions.player_name as session_name', 'seed', 'is_seeded', 'version'])
        .where('leaderboard.id', '=', id)
        .executeTakeFirst();
      if (!r) return null;
      const session =
        r.sid !== null && r.session_name !== null && r.seed !== null && r.is_seeded !== null && r.version !== null
          ? { id: r.sid, playerName: r.session_name, seed: r.seed, isSeeded: r.is_seeded === 1, version: r.version }
          : null;
      return { entry: toEntry(r), session };
    },
  };
}

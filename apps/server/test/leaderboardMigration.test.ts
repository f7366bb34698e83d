// Migration 0004 on a database the previous server wrote (migrations 0001-0003 only): entries already on the
// Most Wanted List stay on it, and learn the rules version and ending of their game from its session's last
// snapshot (so the replay of a current-rules game works and an older-rules one says why not); an entry whose
// session is gone keeps no rules version (nothing left to replay). On SQLite and PostgreSQL.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { Migrator, sql } from 'kysely';
import { DEATH_REASONS, replay, RULES_VERSION, type GameState } from '@drugwars/engine';
import { CodeMigrationProvider } from '../src/storage/migrations';
import { createStorage } from '../src/storage/createStorage';
import { describeEachStorage } from './support/storageTargets';

const NOW = new Date('2026-11-20T12:00:00Z');

const v1 = JSON.parse(readFileSync(new URL('./fixtures/rulesV1Sessions.json', import.meta.url), 'utf8')) as {
  sessions: { overSubmitted: { finalState: GameState; score: number } };
};

describeEachStorage('migration 0004 (Daily Runs and replays) over existing entries', (target) => {
  it('keeps every entry on the list and fills in its rules version and ending from its snapshot', async () => {
    const url = await target.freshUrl();
    const schema = new URL(url.replace(/^sqlite:/, 'file:')).searchParams.get('schema');
    const storage = createStorage(url);
    try {
      const migrator = new Migrator({
        db: storage.db,
        provider: new CodeMigrationProvider(storage.dialect),
        ...(schema ? { migrationTableSchema: schema } : {}),
      });
      expect((await migrator.migrateTo('0003_request_limits')).error).toBeUndefined();

      const t = NOW.getTime();
      const finished = replay({ playerName: 'current', seed: '5656565656565656', isSeeded: false }, [{ type: 'end' }]);
      const dead: GameState = { ...finished, gameOverReason: DEATH_REASONS.gang, player: { ...finished.player, health: 0 } };
      const old = v1.sessions.overSubmitted.finalState;
      const rows = [
        { id: '00000000-0000-4000-8000-00000000b001', name: 'current', state: finished, score: 1000 },
        { id: '00000000-0000-4000-8000-00000000b002', name: 'dead', state: dead, score: -500 },
        { id: '00000000-0000-4000-8000-00000000b003', name: 'oldrules', state: old, score: v1.sessions.overSubmitted.score },
        { id: '00000000-0000-4000-8000-00000000b004', name: 'purged', state: null, score: 5 },
      ];
      for (const [i, row] of rows.entries()) {
        if (row.state) {
          await sql`insert into sessions (id, player_name, seed, is_seeded, version, created_at, updated_at, ended_at, score_submitted)
            values (${row.id}, ${row.name}, '5656565656565656', 0, 1, ${t}, ${t}, null, 1)`.execute(storage.db);
          await sql`insert into session_snapshots (session_id, snapshot_version, snapshot) values (${row.id}, 1, ${JSON.stringify(row.state)})`.execute(
            storage.db,
          );
        }
        await sql`insert into leaderboard (session_id, player_name, score, final_day, date_achieved, utc_day, utc_week, utc_month)
          values (${row.id}, ${row.name}, ${row.score}, 30, ${t + i}, 1, 1, 1)`.execute(storage.db);
      }

      await storage.migrate();
      const listed = await storage.leaderboard.top('all', 100, NOW);
      expect(listed.map((e) => e.player_name)).toEqual([...rows].sort((a, b) => b.score - a.score).map((r) => r.name));
      const byName = new Map(listed.map((e) => [e.player_name, e]));
      expect(byName.get('current')).toMatchObject({ board: 'ranked', rulesVersion: RULES_VERSION, died: false, gameOverReason: 'Game ended', dailyDate: null });
      expect(byName.get('dead')).toMatchObject({ rulesVersion: RULES_VERSION, died: true, gameOverReason: DEATH_REASONS.gang });
      expect(byName.get('oldrules')).toMatchObject({ rulesVersion: 1, gameOverReason: old.gameOverReason });
      expect(byName.get('purged')).toMatchObject({ rulesVersion: null, died: false, gameOverReason: null });
      expect((await storage.leaderboard.entry(byName.get('purged')!.id))?.session).toBeNull();
      expect((await storage.leaderboard.entry(byName.get('current')!.id))?.session).toMatchObject({ playerName: 'current', version: 1 });
    } finally {
      await storage.close();
    }
  });
});

// State snapshots (SNAPSHOT_EVERY in sessionRepository.ts): the state is written every few actions and load
// rolls it forward over the log with the engine. Real engine games here, because a roll-forward re-applies them.
// On both adapters: a process without the state cached rebuilds exactly the state the writer had; a finished game
// is stored whole; and hand-edited rows (snapshot, action, missing action) never pass as an honest game.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Migrator, sql } from 'kysely';
import { apply, newGame, replay, type Action, type GameState } from '@drugwars/engine';
import { CodeMigrationProvider } from '../src/storage/migrations';
import { createStorage as openStorage, type DatabaseStorage } from '../src/storage/createStorage';
import { SNAPSHOT_EVERY } from '../src/storage/sessionRepository';
import { SessionLogError } from '../src/storage/port';
import { GameSessions } from '../src/services/gameSessions';
import { ApiError } from '../src/errors';
import { describeEachStorage, openFreshStorage } from './support/storageTargets';

const NOW = new Date('2026-11-20T12:00:00Z');
const LONG_AGO = new Date(0);

/** The next move of a player who mostly sleeps: stay, and settle encounters the safest way allowed. */
function nextAction(state: GameState): Action {
  const encounter = state.encounter;
  if (!encounter) return { type: 'stay' };
  const target = encounter.enemies.find((e) => e.isAlive)?.id;
  if (encounter.type === 'loanSharkVisit') return { type: 'encounter', action: encounter.canSkip ? 'skip' : 'pay' };
  if (encounter.turnOrder === 'player' && encounter.canSurrender) return { type: 'encounter', action: 'surrender' };
  return { type: 'encounter', action: 'fight', ...(target ? { targetIds: [target] } : {}) };
}

/** Plays `count` accepted actions (or to the end of the game) through storage.sessions.append, as the service does. */
async function play(storage: DatabaseStorage, id: string, start: GameState, count: number, from = 0): Promise<GameState> {
  let state = start;
  for (let version = from; version < from + count && !state.gameOver; version++) {
    let action = nextAction(state);
    let result = apply(state, action);
    if (!result.ok) {
      const target = state.encounter?.enemies.find((e) => e.isAlive)?.id;
      action = { type: 'encounter', action: 'fight', ...(target ? { targetIds: [target] } : {}) };
      result = apply(state, action);
    }
    if (!result.ok) throw new Error(`no move accepted at version ${version}: ${result.message}`);
    expect(await storage.sessions.append(id, version, action, result.state, NOW)).toEqual({ ok: true, version: version + 1 });
    state = result.state;
  }
  return state;
}

describeEachStorage('state snapshots', (target) => {
  let writer: DatabaseStorage;
  let url: string;
  let seq = 0;

  beforeAll(async () => {
    ({ storage: writer, url } = await openFreshStorage(target));
  });
  afterAll(async () => {
    await writer?.close();
  });

  async function freshGame(seed: string): Promise<{ id: string; start: GameState }> {
    seq++;
    const id = `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`;
    const start = newGame({ playerName: 'snap', seed, isSeeded: true });
    await writer.sessions.create({ id, playerName: 'snap', seed, isSeeded: true, state: start }, NOW);
    return { id, start };
  }

  async function stored(id: string): Promise<{ version: number; snapshot_version: number }> {
    const { rows } = await sql<{ version: number; snapshot_version: number }>`
      select version, snapshot_version from sessions join session_snapshots on session_id = id where id = ${id}`.execute(
      writer.db,
    );
    return rows[0]!;
  }

  /** Another process: its own connection and an empty state cache. */
  async function withOtherProcess<T>(body: (other: DatabaseStorage) => Promise<T>, otherUrl = url): Promise<T> {
    const other = openStorage(otherUrl);
    try {
      return await body(other);
    } finally {
      await other.close();
    }
  }

  it('writes the state every SNAPSHOT_EVERY actions, and a process without it in memory rebuilds the same state', async () => {
    const { id, start } = await freshGame('1111222233334444');
    const actions = SNAPSHOT_EVERY * 2 + 5;
    const last = await play(writer, id, start, actions);
    expect(last.gameOver).toBe(false); // the seed keeps this player alive this long
    expect(await stored(id)).toEqual({ version: actions, snapshot_version: SNAPSHOT_EVERY * 2 }); // the log has the rest

    await withOtherProcess(async (other) => {
      const loaded = await other.sessions.load(id, LONG_AGO);
      expect(loaded?.version).toBe(actions);
      expect(loaded?.state).toEqual(last);
      // And it goes on from there: its append is checked against the same version.
      const next = apply(last, nextAction(last));
      if (!next.ok) throw new Error(next.message);
      expect(await other.sessions.append(id, actions, nextAction(last), next.state, NOW)).toEqual({ ok: true, version: actions + 1 });
    });
    // The writer's state in memory is now behind; it sees the other process's move.
    expect((await writer.sessions.load(id, LONG_AGO))?.version).toBe(actions + 1);
  });

  it('snapshotEvery sets how far the stored state trails the log', async () => {
    const every = 4;
    const { storage: small, url: smallUrl } = await openFreshStorage(target, { snapshotEvery: every });
    const seed = '1111222233334444';
    const id = '00000000-0000-4000-8000-00000000b001';
    const start = newGame({ playerName: 'snap', seed, isSeeded: true });
    let last: GameState;
    try {
      await small.sessions.create({ id, playerName: 'snap', seed, isSeeded: true, state: start }, NOW);
      last = await play(small, id, start, every * 2 + 3);
      expect(last.gameOver).toBe(false);
      const snapshotOf = async () =>
        (
          await sql<{ version: number; snapshot_version: number }>`
            select version, snapshot_version from sessions join session_snapshots on session_id = id where id = ${id}`.execute(small.db)
        ).rows[0]!;
      expect(await snapshotOf()).toEqual({ version: every * 2 + 3, snapshot_version: every * 2 });
      last = await play(small, id, last, 1, every * 2 + 3);
      expect(await snapshotOf()).toEqual({ version: every * 3, snapshot_version: every * 3 });
    } finally {
      await small.close();
    }
    await withOtherProcess(async (other) => expect((await other.sessions.load(id, LONG_AGO))?.state).toEqual(last), smallUrl);
  });

  it('stores a finished game whole, so the scored state is on disk as it is', async () => {
    const { id, start } = await freshGame('9999000011112222');
    const last = await play(writer, id, start, 2000);
    expect(last.gameOver).toBe(true);
    const row = await stored(id);
    expect(row.snapshot_version).toBe(row.version);
    await withOtherProcess(async (other) => expect((await other.sessions.load(id, LONG_AGO))?.state).toEqual(last));
  });

  it('a snapshot edited by hand is carried into the rebuilt state and fails the audit', async () => {
    const { id, start } = await freshGame('5555666677778888');
    await play(writer, id, start, SNAPSHOT_EVERY + 3);
    const { rows } = await sql<{ snapshot: string }>`select snapshot from session_snapshots where session_id = ${id}`.execute(
      writer.db,
    );
    const snapshot = JSON.parse(rows[0]!.snapshot) as GameState;
    // A bragging edit that no later rule looks at, so the roll-forward goes through and only the audit can tell.
    const bragging = { ...snapshot, player: { ...snapshot.player, copsKilled: snapshot.player.copsKilled + 7 } };
    await sql`update session_snapshots set snapshot = ${JSON.stringify(bragging)} where session_id = ${id}`.execute(writer.db);

    await withOtherProcess(async (other) => {
      const sessions = new GameSessions({ storage: other, now: () => NOW });
      const record = await sessions.get(id);
      expect(record.state.player.copsKilled).toBeGreaterThanOrEqual(7); // the edit survived the roll-forward...
      await expect(sessions.audit(record)).rejects.toMatchObject({ statusCode: 403, code: 'AUDIT_FAILURE' }); // ...and is caught
    });
  });

  it('a logged action edited or deleted by hand cannot be rolled forward: SessionLogError, and 403 AUDIT_FAILURE', async () => {
    const { id, start } = await freshGame('1212343456567878');
    await play(writer, id, start, SNAPSHOT_EVERY + 4);
    const edited = SNAPSHOT_EVERY + 2;
    // A purchase nobody could afford, where a night's sleep was logged.
    const impossible: Action = { type: 'buy', drugId: 'cocaine', quantity: 999_999 };
    await sql`update actions set action = ${JSON.stringify(impossible)} where session_id = ${id} and seq = ${edited}`.execute(
      writer.db,
    );
    await withOtherProcess(async (other) => {
      await expect(other.sessions.load(id, LONG_AGO)).rejects.toBeInstanceOf(SessionLogError);
      const sessions = new GameSessions({ storage: other, now: () => NOW });
      const refused = await sessions.get(id).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ApiError);
      expect(refused).toMatchObject({ statusCode: 403, code: 'AUDIT_FAILURE' });
    });

    await sql`delete from actions where session_id = ${id} and seq = ${edited}`.execute(writer.db);
    await withOtherProcess(async (other) => {
      await expect(other.sessions.load(id, LONG_AGO)).rejects.toThrow(/does not hold actions/);
    });
  });

  it('a session stored before snapshots existed (migration 0001 only) loads and audits unchanged after 0002', async () => {
    const oldUrl = await target.freshUrl();
    const schema = new URL(oldUrl.replace(/^sqlite:/, 'file:')).searchParams.get('schema');
    const storage = openStorage(oldUrl);
    try {
      const migrator = new Migrator({
        db: storage.db,
        provider: new CodeMigrationProvider(storage.dialect),
        ...(schema ? { migrationTableSchema: schema } : {}),
      });
      expect((await migrator.migrateTo('0001_initial')).error).toBeUndefined();
      const seed = '3434565678789090';
      const actions: Action[] = [{ type: 'repay', amount: 1000 }, { type: 'stay' }];
      const state = replay({ playerName: 'old', seed, isSeeded: true }, actions);
      const id = '00000000-0000-4000-8000-00000000a001';
      const t = NOW.getTime();
      await sql`insert into sessions (id, player_name, seed, is_seeded, state, version, created_at, updated_at, ended_at, score_submitted)
        values (${id}, 'old', ${seed}, 1, ${JSON.stringify(state)}, ${actions.length}, ${t}, ${t}, null, 0)`.execute(storage.db);
      for (const [i, action] of actions.entries()) {
        await sql`insert into actions (session_id, seq, action, created_at) values (${id}, ${i + 1}, ${JSON.stringify(action)}, ${t})`.execute(
          storage.db,
        );
      }

      await storage.migrate();
      const sessions = new GameSessions({ storage, now: () => NOW });
      const record = await sessions.get(id);
      expect(record.version).toBe(actions.length);
      expect(record.state).toEqual(state);
      await sessions.audit(record);
    } finally {
      await storage.close();
    }
  });
});

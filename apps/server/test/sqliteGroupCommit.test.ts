// SQLite group commit (sqliteStorage.ts): writes of one event-loop turn share a transaction, nothing is
// acknowledged before COMMIT, one failing write does not take its group down, the write lock is waited for
// without blocking the event loop, and closing commits whatever is still queued.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import { createSqliteStorage } from '../src/storage/sqliteStorage';
import { GROUP_COMMIT_MAX_OPS } from '../src/storage/sqliteRunner';
import type { KyselyStorage } from '../src/storage/kyselyStorage';
import type { NewSession } from '../src/storage/port';
import { buy, fakeState } from './support/storageFixtures';

const dir = mkdtempSync(join(tmpdir(), 'drugwars-group-commit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const NOW = new Date('2026-11-24T12:00:00Z');
const EVER = new Date(0);

function newSession(): NewSession {
  return { id: randomUUID(), playerName: 'grouped', seed: '1234567890123456', isSeeded: true, state: fakeState(2000) };
}

async function open(name: string, groupCommit?: boolean): Promise<{ storage: KyselyStorage; file: string }> {
  const file = join(dir, `${name}.db`);
  const storage = createSqliteStorage(file, { snapshotEvery: 1, ...(groupCommit === undefined ? {} : { groupCommit }) });
  await storage.migrate();
  return { storage, file };
}

/** What another process would see: a separate connection to the same file. */
function committedActions(file: string, sessionId: string): number {
  const other = new BetterSqlite3(file, { readonly: true });
  try {
    return (other.prepare('select count(*) as n from actions where session_id = ?').get(sessionId) as { n: number }).n;
  } finally {
    other.close();
  }
}

describe('SQLite group commit', () => {
  it('acknowledges a write only once it is committed: another connection already sees it', async () => {
    const { storage, file } = await open('ack');
    try {
      const sessions = Array.from({ length: GROUP_COMMIT_MAX_OPS * 3 + 1 }, newSession);
      await Promise.all(sessions.map((s) => storage.createSession(s, NOW)));
      // All in one turn: several groups (the cap) and a last partial one at the turn's end.
      const seenWhenAcknowledged = await Promise.all(
        sessions.map((s) =>
          storage.append(s.id, 0, buy(1), fakeState(1999), NOW).then((r) => {
            expect(r).toEqual({ ok: true, version: 1 });
            return committedActions(file, s.id);
          }),
        ),
      );
      expect(seenWhenAcknowledged).toEqual(sessions.map(() => 1));
    } finally {
      await storage.close();
    }
  });

  it('a write that fails in a group fails alone; the others in its group are committed', async () => {
    const { storage, file } = await open('alone');
    try {
      const a = newSession();
      const b = newSession();
      await storage.createSession(a, NOW);
      const results = await Promise.allSettled([
        storage.append(a.id, 0, buy(1), fakeState(1999), NOW),
        storage.createSession(a, NOW), // duplicate id: its own SAVEPOINT rolls back
        storage.createSession(b, NOW),
        storage.append(a.id, 0, buy(2), fakeState(1998), NOW), // same version: loses to the first
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      expect((results[3] as PromiseFulfilledResult<unknown>).value).toEqual({ ok: false, reason: 'VERSION_CONFLICT' });
      expect(committedActions(file, a.id)).toBe(1);
      expect((await storage.load(b.id, EVER))?.version).toBe(0);
      expect((await storage.load(a.id, EVER))?.state).toEqual(fakeState(1999));
    } finally {
      await storage.close();
    }
  });

  it('a write that fails after writing undoes its own writes only, in the middle of its group', async () => {
    const { storage, file } = await open('undo');
    try {
      const [a, b, c] = [newSession(), newSession(), newSession()];
      await Promise.all([a, b, c].map((s) => storage.createSession(s, NOW)));
      expect(await storage.append(c.id, 0, buy(1), fakeState(1999), NOW, { idempotencyKey: 'k' })).toEqual({ ok: true, version: 1 });
      const results = await Promise.all([
        storage.append(a.id, 0, buy(1), fakeState(1999), NOW),
        // Bumps the version and logs the action, then finds its key taken: both writes must go.
        storage.append(c.id, 1, buy(2), fakeState(1998), NOW, { idempotencyKey: 'k' }),
        storage.append(b.id, 0, buy(1), fakeState(1999), NOW),
        storage.append(a.id, 1, buy(2), fakeState(1998), NOW),
      ]);
      expect(results).toEqual([
        { ok: true, version: 1 },
        { ok: false, reason: 'VERSION_CONFLICT' },
        { ok: true, version: 1 },
        { ok: true, version: 2 },
      ]);
      expect([committedActions(file, a.id), committedActions(file, b.id), committedActions(file, c.id)]).toEqual([2, 1, 1]);
      expect((await storage.load(c.id, EVER))?.version).toBe(1);
    } finally {
      await storage.close();
    }
  });

  it("waits for another connection's write lock without blocking the event loop, then commits", async () => {
    const { storage, file } = await open('lock');
    const other = new BetterSqlite3(file);
    try {
      const s = newSession();
      await storage.createSession(s, NOW);
      other.exec('BEGIN IMMEDIATE'); // another process holds the write lock
      let appended = false;
      const append = storage.append(s.id, 0, buy(1), fakeState(1999), NOW).then((r) => {
        appended = true;
        return r;
      });
      // The event loop runs on: timers fire and reads are answered while the write waits.
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(appended).toBe(false);
      expect((await storage.load(s.id, EVER))?.version).toBe(0);
      other.exec('COMMIT');
      expect(await append).toEqual({ ok: true, version: 1 });
      expect(committedActions(file, s.id)).toBe(1);
    } finally {
      if (other.inTransaction) other.exec('ROLLBACK');
      other.close();
      await storage.close();
    }
  });

  it('closing commits the writes still queued, and they are on disk after a reopen', async () => {
    const { storage, file } = await open('close');
    const s = newSession();
    await storage.createSession(s, NOW);
    const pending = storage.append(s.id, 0, buy(1), fakeState(1999), NOW);
    await storage.close();
    expect(await pending).toEqual({ ok: true, version: 1 });
    const reopened = createSqliteStorage(file, { snapshotEvery: 1 });
    try {
      expect((await reopened.load(s.id, EVER))?.state).toEqual(fakeState(1999));
    } finally {
      await reopened.close();
    }
  });

  it('groupCommit: false commits each write on its own, with the same results', async () => {
    const { storage, file } = await open('single', false);
    try {
      const s = newSession();
      await storage.createSession(s, NOW);
      const [first, second] = await Promise.all([
        storage.append(s.id, 0, buy(1), fakeState(1999), NOW),
        storage.append(s.id, 0, buy(2), fakeState(1998), NOW),
      ]);
      expect(first).toEqual({ ok: true, version: 1 });
      expect(second).toEqual({ ok: false, reason: 'VERSION_CONFLICT' });
      expect(committedActions(file, s.id)).toBe(1);
    } finally {
      await storage.close();
    }
  });
});

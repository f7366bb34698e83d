// SQLite writes (sqliteDatabase.ts): nothing is acknowledged before COMMIT, one failing write among concurrent
// ones does not take the others down, another connection's write lock is waited for without blocking the event
// loop, and closing lets a write already asked for commit.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import { createStorage, type DatabaseStorage } from '../src/storage/createStorage';
import type { NewSession } from '../src/storage/port';
import { buy, fakeState } from './support/storageFixtures';

const dir = mkdtempSync(join(tmpdir(), 'drugwars-sqlite-writes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const NOW = new Date('2026-11-24T12:00:00Z');
const EVER = new Date(0);

function newSession(): NewSession {
  return { id: randomUUID(), playerName: 'writer', seed: '1234567890123456', isSeeded: true, state: fakeState(2000) };
}

async function open(name: string): Promise<{ storage: DatabaseStorage; file: string }> {
  const file = join(dir, `${name}.db`);
  const storage = createStorage(`sqlite:${file}`, { snapshotEvery: 1 });
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

describe('SQLite writes', () => {
  it('acknowledges a write only once it is committed: another connection already sees it', async () => {
    const { storage, file } = await open('ack');
    try {
      const sessions = Array.from({ length: 25 }, newSession);
      await Promise.all(sessions.map((s) => storage.sessions.create(s, NOW)));
      // All in one turn.
      const seenWhenAcknowledged = await Promise.all(
        sessions.map((s) =>
          storage.sessions.append(s.id, 0, buy(1), fakeState(1999), NOW).then((r) => {
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

  it('a write that fails among concurrent ones fails alone; the others are committed', async () => {
    const { storage, file } = await open('alone');
    try {
      const a = newSession();
      const b = newSession();
      await storage.sessions.create(a, NOW);
      const results = await Promise.allSettled([
        storage.sessions.append(a.id, 0, buy(1), fakeState(1999), NOW),
        storage.sessions.create(a, NOW), // duplicate id: its own SAVEPOINT rolls back
        storage.sessions.create(b, NOW),
        storage.sessions.append(a.id, 0, buy(2), fakeState(1998), NOW), // same version: loses to the first
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      expect((results[3] as PromiseFulfilledResult<unknown>).value).toEqual({ ok: false, reason: 'VERSION_CONFLICT' });
      expect(committedActions(file, a.id)).toBe(1);
      expect((await storage.sessions.load(b.id, EVER))?.version).toBe(0);
      expect((await storage.sessions.load(a.id, EVER))?.state).toEqual(fakeState(1999));
    } finally {
      await storage.close();
    }
  });

  it('a write that fails after writing undoes its own writes only, between others', async () => {
    const { storage, file } = await open('undo');
    try {
      const [a, b, c] = [newSession(), newSession(), newSession()];
      await Promise.all([a, b, c].map((s) => storage.sessions.create(s, NOW)));
      expect(await storage.sessions.append(c.id, 0, buy(1), fakeState(1999), NOW, { idempotencyKey: 'k' })).toEqual({ ok: true, version: 1 });
      const results = await Promise.all([
        storage.sessions.append(a.id, 0, buy(1), fakeState(1999), NOW),
        // Bumps the version and logs the action, then finds its key taken: both writes must go.
        storage.sessions.append(c.id, 1, buy(2), fakeState(1998), NOW, { idempotencyKey: 'k' }),
        storage.sessions.append(b.id, 0, buy(1), fakeState(1999), NOW),
        storage.sessions.append(a.id, 1, buy(2), fakeState(1998), NOW),
      ]);
      expect(results).toEqual([
        { ok: true, version: 1 },
        { ok: false, reason: 'VERSION_CONFLICT' },
        { ok: true, version: 1 },
        { ok: true, version: 2 },
      ]);
      expect([committedActions(file, a.id), committedActions(file, b.id), committedActions(file, c.id)]).toEqual([2, 1, 1]);
      expect((await storage.sessions.load(c.id, EVER))?.version).toBe(1);
    } finally {
      await storage.close();
    }
  });

  it("waits for another connection's write lock without blocking the event loop, then commits", async () => {
    const { storage, file } = await open('lock');
    const other = new BetterSqlite3(file);
    try {
      const s = newSession();
      await storage.sessions.create(s, NOW);
      other.exec('BEGIN IMMEDIATE'); // another process holds the write lock
      let appended = false;
      const append = storage.sessions.append(s.id, 0, buy(1), fakeState(1999), NOW).then((r) => {
        appended = true;
        return r;
      });
      // The event loop runs on: timers fire and reads are answered while the write waits.
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(appended).toBe(false);
      expect((await storage.sessions.load(s.id, EVER))?.version).toBe(0);
      other.exec('COMMIT');
      expect(await append).toEqual({ ok: true, version: 1 });
      expect(committedActions(file, s.id)).toBe(1);
    } finally {
      if (other.inTransaction) other.exec('ROLLBACK');
      other.close();
      await storage.close();
    }
  });

  it('closing lets the writes already asked for commit, and they are on disk after a reopen', async () => {
    const { storage, file } = await open('close');
    const s = newSession();
    await storage.sessions.create(s, NOW);
    const pending = storage.sessions.append(s.id, 0, buy(1), fakeState(1999), NOW);
    await storage.close();
    expect(await pending).toEqual({ ok: true, version: 1 });
    const reopened = createStorage(`sqlite:${file}`, { snapshotEvery: 1 });
    try {
      expect((await reopened.sessions.load(s.id, EVER))?.state).toEqual(fakeState(1999));
    } finally {
      await reopened.close();
    }
  });
});

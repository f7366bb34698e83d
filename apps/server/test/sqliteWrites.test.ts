// SQLite writes (sqliteDatabase.ts, sqliteGroupCommit.ts): transactions of one event-loop turn share a commit,
// nothing is acknowledged before COMMIT, one failing write does not take its group down, another connection's
// write lock is waited for without blocking the event loop, and closing commits whatever is still queued.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import { createStorage, type DatabaseStorage } from '../src/storage/createStorage';
import { GROUP_COMMIT_SIZE, SqliteGroupCommit } from '../src/storage/sqliteGroupCommit';
import type { TransactionWork } from '../src/storage/database';
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
      const sessions = Array.from({ length: GROUP_COMMIT_SIZE * 3 + 1 }, newSession);
      await Promise.all(sessions.map((s) => storage.sessions.create(s, NOW)));
      // All in one turn: several groups (the cap) and a last partial one at the turn's end.
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

  it('a write that fails in a group fails alone; the others in its group are committed', async () => {
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

  it('a write that fails after writing undoes its own writes only, in the middle of its group', async () => {
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

  it('closing commits the writes still queued, and they are on disk after a reopen', async () => {
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

describe('SqliteGroupCommit', () => {
  /** A group commit over a stand-in database: each transaction records the works it ran, or fails. */
  function recorder(failWhen: (labels: string[]) => boolean = () => false) {
    const transactions: string[][] = [];
    const groups = new SqliteGroupCommit(async <T>(work: TransactionWork<T>) => {
      const labels: string[] = [];
      const trx = { labels } as unknown as Parameters<TransactionWork<T>>[0];
      const value = await work(trx);
      if (failWhen(labels)) throw new Error(`failed: ${labels.join(',')}`);
      transactions.push(labels);
      return value;
    });
    const work = (label: string, fails = false): TransactionWork<string> => async (trx) => {
      (trx as unknown as { labels: string[] }).labels.push(label);
      if (fails) throw new Error(`${label} refused`);
      return label;
    };
    return { transactions, groups, work };
  }

  it("runs one turn's transactions in groups of GROUP_COMMIT_SIZE, in order, each settling with its own value", async () => {
    const { transactions, groups, work } = recorder();
    const labels = Array.from({ length: GROUP_COMMIT_SIZE * 2 + 1 }, (_, i) => `w${i}`);
    expect(await Promise.all(labels.map((label) => groups.transaction(work(label))))).toEqual(labels);
    expect(transactions).toEqual([labels.slice(0, GROUP_COMMIT_SIZE), labels.slice(GROUP_COMMIT_SIZE, GROUP_COMMIT_SIZE * 2), labels.slice(-1)]);
  });

  it('a work that throws fails alone: its group runs again one transaction per work', async () => {
    const { transactions, groups, work } = recorder();
    const results = await Promise.allSettled([groups.transaction(work('a')), groups.transaction(work('b', true)), groups.transaction(work('c'))]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual(['a', 'b refused', 'c']);
    expect(transactions).toEqual([['a'], ['c']]);
  });

  it('a group whose commit fails runs again one transaction per work; idle() waits for all of it', async () => {
    const { transactions, groups, work } = recorder((labels) => labels.length > 1);
    const pending = [groups.transaction(work('a')), groups.transaction(work('b'))];
    await groups.idle();
    expect(transactions).toEqual([['a'], ['b']]);
    expect(await Promise.all(pending)).toEqual(['a', 'b']);
  });
});

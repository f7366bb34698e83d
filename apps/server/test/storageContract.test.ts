// The one contract every storage adapter honours (DESIGN.md section 4), run against SQLite and PostgreSQL.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Action } from '@drugwars/engine';
import type { KyselyStorage } from '../src/storage/kyselyStorage';
import type { NewSession } from '../src/storage/port';
import { createStorage } from '../src/storage/createStorage';
import { describeEachStorage, openFreshStorage } from './support/storageTargets';
import { OPAQUE, buy, fakeState } from './support/storageFixtures';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A Wednesday. */
const NOW = new Date('2026-11-18T12:00:00.000Z');
const at = (iso: string) => new Date(iso);
const before = (d: Date, ms: number) => new Date(d.getTime() - ms);

function newSession(overrides: Partial<NewSession> = {}): NewSession {
  return {
    id: randomUUID(),
    playerName: 'Alice',
    seed: '0000111122223333',
    isSeeded: false,
    state: fakeState(2000),
    ...overrides,
  };
}

describeEachStorage('storage contract', (target) => {
  let storage: KyselyStorage;
  let url: string;

  beforeEach(async () => {
    ({ storage, url } = await openFreshStorage(target, OPAQUE));
  });
  afterEach(async () => {
    await storage.close();
  });

  it('migrate is idempotent', async () => {
    await storage.migrate();
    const s = newSession();
    await storage.createSession(s, NOW);
    await storage.migrate();
    expect(await storage.load(s.id, before(NOW, DAY))).not.toBeNull();
  });

  it('createSession then load returns every field as written', async () => {
    const s = newSession({ playerName: 'Bob-7', seed: '9999888877776666', isSeeded: true, state: fakeState(1234, 'x') });
    await storage.createSession(s, NOW);
    const rec = await storage.load(s.id, before(NOW, 7 * DAY));
    expect(rec).toEqual({
      id: s.id,
      playerName: 'Bob-7',
      seed: '9999888877776666',
      isSeeded: true,
      state: fakeState(1234, 'x'),
      version: 0,
      createdAt: NOW,
      updatedAt: NOW,
      endedAt: null,
      scoreSubmitted: false,
      dayStartVersion: 0,
    });
  });

  it('load returns null for an unknown id', async () => {
    expect(await storage.load(randomUUID(), before(NOW, DAY))).toBeNull();
  });

  it('a session idle since before expiresBefore no longer loads; at the boundary it still does', async () => {
    const s = newSession();
    await storage.createSession(s, NOW);
    expect(await storage.load(s.id, NOW)).not.toBeNull();
    expect(await storage.load(s.id, new Date(NOW.getTime() + 1))).toBeNull();
  });

  it('append keeps a session alive: expiry counts from the last action', async () => {
    const s = newSession();
    await storage.createSession(s, NOW);
    const later = new Date(NOW.getTime() + 6 * DAY);
    expect(await storage.append(s.id, 0, buy(1), fakeState(1990), later)).toEqual({ ok: true, version: 1 });
    const rec = await storage.load(s.id, new Date(NOW.getTime() + 3 * DAY));
    expect(rec?.updatedAt).toEqual(later);
    expect(rec?.createdAt).toEqual(NOW);
  });

  it('endSession ends a session once; an ended session neither loads nor accepts actions', async () => {
    const s = newSession();
    await storage.createSession(s, NOW);
    expect(await storage.endSession(s.id, NOW)).toBe(true);
    expect(await storage.endSession(s.id, NOW)).toBe(false);
    expect(await storage.load(s.id, before(NOW, DAY))).toBeNull();
    expect(await storage.append(s.id, 0, buy(1), fakeState(1), NOW)).toEqual({ ok: false, reason: 'NOT_FOUND' });
    expect(await storage.endSession(randomUUID(), NOW)).toBe(false);
  });

  it('append stores the new state and bumps the version', async () => {
    const s = newSession();
    await storage.createSession(s, NOW);
    expect(await storage.append(s.id, 0, buy(3), fakeState(1700, 'a'), NOW)).toEqual({ ok: true, version: 1 });
    expect(await storage.append(s.id, 1, buy(2), fakeState(1500, 'b'), NOW)).toEqual({ ok: true, version: 2 });
    const rec = await storage.load(s.id, before(NOW, DAY));
    expect(rec?.version).toBe(2);
    expect(rec?.state).toEqual(fakeState(1500, 'b'));
  });

  it('append with a stale version is refused and changes nothing', async () => {
    const s = newSession();
    await storage.createSession(s, NOW);
    await storage.append(s.id, 0, buy(3), fakeState(1700, 'a'), NOW);
    expect(await storage.append(s.id, 0, buy(9), fakeState(1, 'stale'), NOW)).toEqual({
      ok: false,
      reason: 'VERSION_CONFLICT',
    });
    expect(await storage.append(s.id, 5, buy(9), fakeState(1, 'ahead'), NOW)).toEqual({
      ok: false,
      reason: 'VERSION_CONFLICT',
    });
    const rec = await storage.load(s.id, before(NOW, DAY));
    expect(rec?.version).toBe(1);
    expect(rec?.state).toEqual(fakeState(1700, 'a'));
    expect(await storage.actions(s.id)).toEqual([buy(3)]);
  });

  it('append to an unknown session is NOT_FOUND', async () => {
    expect(await storage.append(randomUUID(), 0, buy(1), fakeState(1), NOW)).toEqual({ ok: false, reason: 'NOT_FOUND' });
  });

  it('concurrent appends at the same version: exactly one wins, and only its action and state are kept', async () => {
    const s = newSession();
    await storage.createSession(s, NOW);
    const contenders = Array.from({ length: 12 }, (_, i) => i + 1);
    const results = await Promise.all(
      contenders.map((q) => storage.append(s.id, 0, buy(q), fakeState(2000 - q, `q${q}`), NOW)),
    );
    const winners = contenders.filter((_, i) => results[i]?.ok);
    expect(winners).toHaveLength(1);
    for (const r of results) if (!r.ok) expect(r.reason).toBe('VERSION_CONFLICT');
    const q = winners[0] ?? -1;
    const rec = await storage.load(s.id, before(NOW, DAY));
    expect(rec?.version).toBe(1);
    expect(rec?.state).toEqual(fakeState(2000 - q, `q${q}`));
    expect(await storage.actions(s.id)).toEqual([buy(q)]);
  });

  it('concurrent appends through two separate connections/handles to one database: one winner', async () => {
    // A second storage on the same database stands in for a second server process.
    const s = newSession();
    await storage.createSession(s, NOW);
    const other = createStorage(url, OPAQUE);
    try {
      const results = await Promise.all([
        storage.append(s.id, 0, buy(1), fakeState(1, 'one'), NOW),
        other.append(s.id, 0, buy(2), fakeState(2, 'two'), NOW),
        storage.append(s.id, 0, buy(3), fakeState(3, 'three'), NOW),
        other.append(s.id, 0, buy(4), fakeState(4, 'four'), NOW),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(await storage.actions(s.id)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('a write through another handle (another process) is always seen: no stale state is served', async () => {
    const s = newSession();
    await storage.createSession(s, NOW);
    expect((await storage.load(s.id, before(NOW, DAY)))?.state).toEqual(fakeState(2000));
    const other = createStorage(url, OPAQUE);
    try {
      expect(await other.append(s.id, 0, buy(4), fakeState(1600, 'other'), NOW)).toEqual({ ok: true, version: 1 });
      const seen = await storage.load(s.id, before(NOW, DAY));
      expect(seen?.version).toBe(1);
      expect(seen?.state).toEqual(fakeState(1600, 'other'));
      // This handle's stale version is refused, and its next load follows the other writer again.
      expect(await storage.append(s.id, 0, buy(1), fakeState(1, 'stale'), NOW)).toEqual({ ok: false, reason: 'VERSION_CONFLICT' });
      expect(await storage.append(s.id, 1, buy(1), fakeState(1500, 'mine'), NOW)).toEqual({ ok: true, version: 2 });
      expect((await other.load(s.id, before(NOW, DAY)))?.state).toEqual(fakeState(1500, 'mine'));
      expect(await other.endSession(s.id, NOW)).toBe(true);
      expect(await storage.load(s.id, before(NOW, DAY))).toBeNull();
    } finally {
      await other.close();
    }
  });

  it('actions come back in append order, across many appends', async () => {
    const s = newSession();
    await storage.createSession(s, NOW);
    const log: Action[] = [
      ...Array.from({ length: 12 }, (_, i) => buy(i + 1)),
      { type: 'travel', destination: 'ghetto' },
      { type: 'encounter', action: 'fight', targetIds: ['e1', 'e2'] },
      { type: 'stay' },
    ];
    for (const [i, action] of log.entries()) {
      expect(await storage.append(s.id, i, action, fakeState(i), NOW)).toEqual({ ok: true, version: i + 1 });
    }
    expect(await storage.actions(s.id)).toEqual(log);
    // Another session's log is separate.
    const t = newSession();
    await storage.createSession(t, NOW);
    expect(await storage.actions(t.id)).toEqual([]);
  });

  it('purgeExpired deletes idle sessions and their actions, and only those', async () => {
    const old1 = newSession();
    const old2 = newSession();
    const fresh = newSession();
    const ended = newSession();
    await storage.createSession(old1, before(NOW, 8 * DAY));
    await storage.createSession(old2, before(NOW, 8 * DAY));
    await storage.append(old2.id, 0, buy(1), fakeState(1), before(NOW, 8 * DAY));
    await storage.createSession(fresh, before(NOW, 8 * DAY));
    await storage.append(fresh.id, 0, buy(2), fakeState(2), before(NOW, HOUR)); // touched recently
    await storage.createSession(ended, before(NOW, 9 * DAY));
    await storage.endSession(ended.id, before(NOW, 9 * DAY));

    expect(await storage.purgeExpired(before(NOW, 7 * DAY))).toBe(3);
    expect(await storage.actions(old2.id)).toEqual([]);
    expect(await storage.load(fresh.id, before(NOW, 7 * DAY))).not.toBeNull();
    expect(await storage.actions(fresh.id)).toEqual([buy(2)]);
    // The ids are really gone: creating them again works.
    await storage.createSession({ ...old2, playerName: 'Again' }, NOW);
    expect((await storage.load(old2.id, before(NOW, DAY)))?.playerName).toBe('Again');
    expect(await storage.purgeExpired(before(NOW, 7 * DAY))).toBe(0);
  });

  it('purgeExpired keeps idle sessions that have a leaderboard entry, with their logs', async () => {
    const scored = newSession();
    const unscored = newSession();
    for (const s of [scored, unscored]) {
      await storage.createSession(s, before(NOW, 30 * DAY));
      await storage.append(s.id, 0, buy(1), fakeState(1), before(NOW, 30 * DAY));
    }
    await storage.submitScore(scored.id, { player_name: 'Kept', score: 1, final_day: 30 }, before(NOW, 30 * DAY));
    await storage.endSession(scored.id, before(NOW, 30 * DAY));
    expect(await storage.purgeExpired(before(NOW, 7 * DAY))).toBe(1);
    expect(await storage.actions(scored.id)).toEqual([buy(1)]);
    expect(await storage.actions(unscored.id)).toEqual([]);
    expect(await storage.topScores('all', 10, NOW)).toHaveLength(1);
  });

  it('purgeTracking deletes the rows created before the cut-off, and only those', async () => {
    for (let i = 0; i < 3; i++) await storage.track('event', `old-${i}`, null, { i }, before(NOW, 91 * DAY));
    await storage.track('event', 'edge', null, {}, before(NOW, 90 * DAY));
    await storage.track('event', 'new', null, {}, NOW);
    expect(await storage.purgeTracking(before(NOW, 90 * DAY))).toBe(3);
    const left = await storage.db.selectFrom('tracking').select('visitor_id').orderBy('id').execute();
    expect(left.map((r) => r.visitor_id)).toEqual(['edge', 'new']);
    expect(await storage.purgeTracking(before(NOW, 90 * DAY))).toBe(0);
  });

  it('append stores an idempotency key with its action; a key used again writes nothing (VERSION_CONFLICT)', async () => {
    const s = newSession();
    await storage.createSession(s, NOW);
    expect(await storage.findIdempotencyKey(s.id, 'k-1')).toBeNull();
    expect(await storage.append(s.id, 0, buy(3), fakeState(1700, 'a'), NOW, { idempotencyKey: 'k-1' })).toEqual({ ok: true, version: 1 });
    expect(await storage.append(s.id, 1, buy(4), fakeState(1300, 'b'), NOW, { idempotencyKey: 'k-2' })).toEqual({ ok: true, version: 2 });
    expect(await storage.findIdempotencyKey(s.id, 'k-1')).toEqual({ kind: 'action', seq: 1, action: buy(3) });
    expect(await storage.findIdempotencyKey(s.id, 'k-2')).toEqual({ kind: 'action', seq: 2, action: buy(4) });
    // The same key again, even at the right version: nothing is appended.
    expect(await storage.append(s.id, 2, buy(9), fakeState(1, 'again'), NOW, { idempotencyKey: 'k-1' })).toEqual({
      ok: false,
      reason: 'VERSION_CONFLICT',
    });
    expect(await storage.actions(s.id)).toEqual([buy(3), buy(4)]);
    const rec = await storage.load(s.id, before(NOW, DAY));
    expect(rec?.version).toBe(2);
    expect(rec?.state).toEqual(fakeState(1300, 'b'));
    // Keys belong to their session.
    const t = newSession();
    await storage.createSession(t, NOW);
    expect(await storage.findIdempotencyKey(t.id, 'k-1')).toBeNull();
    expect(await storage.append(t.id, 0, buy(1), fakeState(1), NOW, { idempotencyKey: 'k-1' })).toEqual({ ok: true, version: 1 });
  });

  it('endSession stores its idempotency key; the key is still found once the session is ended', async () => {
    const s = newSession();
    await storage.createSession(s, NOW);
    expect(await storage.endSession(s.id, NOW, { idempotencyKey: 'bye' })).toBe(true);
    expect(await storage.findIdempotencyKey(s.id, 'bye')).toEqual({ kind: 'end' });
    expect(await storage.endSession(s.id, NOW, { idempotencyKey: 'bye' })).toBe(false);
  });

  it('append moves dayStartVersion only when told to', async () => {
    const s = newSession();
    await storage.createSession(s, NOW);
    await storage.append(s.id, 0, buy(1), fakeState(1), NOW);
    expect((await storage.load(s.id, before(NOW, DAY)))?.dayStartVersion).toBe(0);
    await storage.append(s.id, 1, { type: 'stay' }, fakeState(2), NOW, { dayStartVersion: 2 });
    await storage.append(s.id, 2, buy(1), fakeState(3), NOW);
    const rec = await storage.load(s.id, before(NOW, DAY));
    expect(rec?.version).toBe(3);
    expect(rec?.dayStartVersion).toBe(2);
  });

  it('actions reads one page of the log at a time', async () => {
    const s = newSession();
    await storage.createSession(s, NOW);
    for (let i = 0; i < 7; i++) await storage.append(s.id, i, buy(i + 1), fakeState(i), NOW);
    expect(await storage.actions(s.id, { afterSeq: 0, limit: 3 })).toEqual([buy(1), buy(2), buy(3)]);
    expect(await storage.actions(s.id, { afterSeq: 3, limit: 3 })).toEqual([buy(4), buy(5), buy(6)]);
    expect(await storage.actions(s.id, { afterSeq: 6, limit: 3 })).toEqual([buy(7)]);
    expect(await storage.actions(s.id, { afterSeq: 7, limit: 3 })).toEqual([]);
  });

  it('submitScore records a game once; unknown sessions are NOT_FOUND', async () => {
    const s = newSession();
    await storage.createSession(s, NOW);
    const entry = { player_name: 'Alice', score: 54_321, final_day: 30 };
    expect(await storage.submitScore(s.id, entry, NOW)).toEqual({ ok: true });
    expect(await storage.submitScore(s.id, { ...entry, score: 99_999_999 }, NOW)).toEqual({
      ok: false,
      reason: 'ALREADY_SUBMITTED',
    });
    expect(await storage.submitScore(randomUUID(), entry, NOW)).toEqual({ ok: false, reason: 'NOT_FOUND' });
    expect((await storage.load(s.id, before(NOW, DAY)))?.scoreSubmitted).toBe(true);
    expect(await storage.topScores('all', 100, NOW)).toEqual([
      { player_name: 'Alice', score: 54_321, final_day: 30, date_achieved: NOW.toISOString() },
    ]);
  });

  it('submitScore refuses a non-integer score without recording anything', async () => {
    const s = newSession();
    await storage.createSession(s, NOW);
    await expect(storage.submitScore(s.id, { player_name: 'A', score: 10.5, final_day: 3 }, NOW)).rejects.toThrow(RangeError);
    expect(await storage.topScores('all', 10, NOW)).toEqual([]);
    expect(await storage.submitScore(s.id, { player_name: 'A', score: 10, final_day: 3 }, NOW)).toEqual({ ok: true });
  });

  it('concurrent submits of one game: exactly one entry', async () => {
    const s = newSession();
    await storage.createSession(s, NOW);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => storage.submitScore(s.id, { player_name: 'A', score: i, final_day: 9 }, NOW)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await storage.topScores('all', 100, NOW)).toHaveLength(1);
  });

  async function submit(name: string, score: number, when: Date, finalDay = 30): Promise<void> {
    const s = newSession({ playerName: name });
    await storage.createSession(s, when);
    expect(await storage.submitScore(s.id, { player_name: name, score, final_day: finalDay }, when)).toEqual({ ok: true });
  }

  it('topScores: best first, ties to the earlier achiever, limit applied, big and negative scores intact', async () => {
    await submit('mid', 5_000, at('2026-11-18T01:00:00Z'));
    await submit('huge', 9_000_000_000_000, at('2026-11-18T02:00:00Z'), 12);
    await submit('debtor', -3_500, at('2026-11-18T03:00:00Z'));
    await submit('tieLate', 7_000, at('2026-11-18T05:00:00Z'));
    await submit('tieEarly', 7_000, at('2026-11-18T04:00:00Z'));
    const all = await storage.topScores('all', 100, NOW);
    expect(all.map((e) => [e.player_name, e.score])).toEqual([
      ['huge', 9_000_000_000_000],
      ['tieEarly', 7_000],
      ['tieLate', 7_000],
      ['mid', 5_000],
      ['debtor', -3_500],
    ]);
    expect(all[0]).toEqual({
      player_name: 'huge',
      score: 9_000_000_000_000,
      final_day: 12,
      date_achieved: '2026-11-18T02:00:00.000Z',
    });
    expect((await storage.topScores('all', 2, NOW)).map((e) => e.player_name)).toEqual(['huge', 'tieEarly']);
    expect(await storage.topScores('all', 0, NOW)).toEqual([]);
  });

  it('topScores periods are UTC calendar periods: today, ISO week (from Monday), month (from the 1st), all', async () => {
    // NOW is Wednesday 2026-11-18 12:00 UTC; that week began Monday 2026-11-16; the month began Sunday 2026-11-01.
    await submit('todayStart', 10, at('2026-11-18T00:00:00.000Z'));
    await submit('todayLater', 11, at('2026-11-18T11:59:59.999Z'));
    await submit('yesterdayEnd', 20, at('2026-11-17T23:59:59.999Z'));
    await submit('mondayStart', 30, at('2026-11-16T00:00:00.000Z'));
    await submit('sundayBefore', 40, at('2026-11-15T23:59:59.999Z'));
    await submit('monthStart', 50, at('2026-11-01T00:00:00.000Z'));
    await submit('lastMonth', 60, at('2026-10-31T23:59:59.999Z'));
    await submit('lastYear', 70, at('2025-11-18T12:00:00.000Z'));
    const names = async (p: 'today' | 'week' | 'month' | 'all', now = NOW) =>
      (await storage.topScores(p, 100, now)).map((e) => e.player_name);
    expect(await names('today')).toEqual(['todayLater', 'todayStart']);
    expect(await names('week')).toEqual(['mondayStart', 'yesterdayEnd', 'todayLater', 'todayStart']);
    expect(await names('month')).toEqual([
      'monthStart',
      'sundayBefore',
      'mondayStart',
      'yesterdayEnd',
      'todayLater',
      'todayStart',
    ]);
    expect(await names('all')).toEqual([
      'lastYear',
      'lastMonth',
      'monthStart',
      'sundayBefore',
      'mondayStart',
      'yesterdayEnd',
      'todayLater',
      'todayStart',
    ]);
    // A week that straddles a month end: on Wednesday 2026-12-02 the week began Monday 2026-11-30.
    await submit('novThirtieth', 80, at('2026-11-30T08:00:00Z'));
    await submit('decFirst', 5, at('2026-12-01T08:00:00Z'));
    const dec2 = at('2026-12-02T09:00:00Z');
    expect(await names('week', dec2)).toEqual(['novThirtieth', 'decFirst']);
    expect(await names('month', dec2)).toEqual(['decFirst']);
    expect(await names('today', dec2)).toEqual([]);
    // Sunday still belongs to the week that began the Monday before.
    expect(await names('week', at('2026-11-22T23:59:59Z'))).toEqual([
      'mondayStart',
      'yesterdayEnd',
      'todayLater',
      'todayStart',
    ]);
  });

  it('track stores one row per call with its kind, ids and JSON payload', async () => {
    await storage.track('visitor', 'v-1', null, { browser: 'Firefox', screenResolution: '1440x900' }, NOW);
    await storage.track('event', 'v-1', 's-1', { type: 'buy', data: { drugId: 'weed', quantity: 3 } }, NOW);
    await storage.track('pageview', null, null, undefined, NOW);
    const rows = await storage.db.selectFrom('tracking').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.kind, r.visitor_id, r.session_id, JSON.parse(r.payload), r.created_at])).toEqual([
      ['visitor', 'v-1', null, { browser: 'Firefox', screenResolution: '1440x900' }, NOW.getTime()],
      ['event', 'v-1', 's-1', { type: 'buy', data: { drugId: 'weed', quantity: 3 } }, NOW.getTime()],
      ['pageview', null, null, null, NOW.getTime()],
    ]);
  });

  it('ping resolves while open and rejects once closed', async () => {
    await expect(storage.ping()).resolves.toBeUndefined();
    const other = createStorage(url, OPAQUE);
    await other.ping();
    await other.close();
    await expect(other.ping()).rejects.toThrow();
  });
});

// The one contract every storage adapter honours (DESIGN.md section 4), run against SQLite and PostgreSQL.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { RULES_VERSION, type Action } from '@drugwars/engine';
import type { NewScore, NewSession } from '../src/storage/port';
import { createStorage, type DatabaseStorage } from '../src/storage/createStorage';
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
  let storage: DatabaseStorage;
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
    await storage.sessions.create(s, NOW);
    await storage.migrate();
    expect(await storage.sessions.load(s.id, before(NOW, DAY))).not.toBeNull();
  });

  it('create then load returns every field as written', async () => {
    const s = newSession({ playerName: 'Bob-7', seed: '9999888877776666', isSeeded: true, state: fakeState(1234, 'x') });
    await storage.sessions.create(s, NOW);
    const rec = await storage.sessions.load(s.id, before(NOW, 7 * DAY));
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
      daily: null,
    });
    const d = newSession({ daily: { date: '2026-11-18', visitorId: 'visitor-1' } });
    await storage.sessions.create(d, NOW);
    expect((await storage.sessions.load(d.id, before(NOW, DAY)))?.daily).toEqual({ date: '2026-11-18', visitorId: 'visitor-1' });
  });

  it('load returns null for an unknown id', async () => {
    expect(await storage.sessions.load(randomUUID(), before(NOW, DAY))).toBeNull();
  });

  it('a session idle since before expiresBefore no longer loads; at the boundary it still does', async () => {
    const s = newSession();
    await storage.sessions.create(s, NOW);
    expect(await storage.sessions.load(s.id, NOW)).not.toBeNull();
    expect(await storage.sessions.load(s.id, new Date(NOW.getTime() + 1))).toBeNull();
  });

  it('append keeps a session alive: expiry counts from the last action', async () => {
    const s = newSession();
    await storage.sessions.create(s, NOW);
    const later = new Date(NOW.getTime() + 6 * DAY);
    expect(await storage.sessions.append(s.id, 0, buy(1), fakeState(1990), later)).toEqual({ ok: true, version: 1 });
    const rec = await storage.sessions.load(s.id, new Date(NOW.getTime() + 3 * DAY));
    expect(rec?.updatedAt).toEqual(later);
    expect(rec?.createdAt).toEqual(NOW);
  });

  it('the stored activity time is the last action\'s, also as another process sees it', async () => {
    const s = newSession();
    await storage.sessions.create(s, NOW);
    const soon = new Date(NOW.getTime() + 1);
    expect(await storage.sessions.append(s.id, 0, buy(1), fakeState(1990), soon)).toEqual({ ok: true, version: 1 });
    const other = createStorage(url, OPAQUE);
    try {
      expect((await other.sessions.load(s.id, NOW))?.updatedAt).toEqual(soon);
      expect((await storage.sessions.load(s.id, NOW))?.updatedAt).toEqual(soon);
      // the other process appends: this one sees its time
      const later = new Date(NOW.getTime() + 60_000);
      expect(await other.sessions.append(s.id, 1, buy(1), fakeState(1980), later)).toEqual({ ok: true, version: 2 });
      expect((await storage.sessions.load(s.id, later))?.updatedAt).toEqual(later);
      expect(await storage.sessions.load(s.id, new Date(later.getTime() + 1))).toBeNull();
    } finally {
      await other.close();
    }
  });

  it('end ends a session once; an ended session neither loads nor accepts actions', async () => {
    const s = newSession();
    await storage.sessions.create(s, NOW);
    expect(await storage.sessions.end(s.id, NOW)).toBe(true);
    expect(await storage.sessions.end(s.id, NOW)).toBe(false);
    expect(await storage.sessions.load(s.id, before(NOW, DAY))).toBeNull();
    expect(await storage.sessions.append(s.id, 0, buy(1), fakeState(1), NOW)).toEqual({ ok: false, reason: 'NOT_FOUND' });
    expect(await storage.sessions.end(randomUUID(), NOW)).toBe(false);
  });

  it('append stores the new state and bumps the version', async () => {
    const s = newSession();
    await storage.sessions.create(s, NOW);
    expect(await storage.sessions.append(s.id, 0, buy(3), fakeState(1700, 'a'), NOW)).toEqual({ ok: true, version: 1 });
    expect(await storage.sessions.append(s.id, 1, buy(2), fakeState(1500, 'b'), NOW)).toEqual({ ok: true, version: 2 });
    const rec = await storage.sessions.load(s.id, before(NOW, DAY));
    expect(rec?.version).toBe(2);
    expect(rec?.state).toEqual(fakeState(1500, 'b'));
  });

  it('append with a stale version is refused and changes nothing', async () => {
    const s = newSession();
    await storage.sessions.create(s, NOW);
    await storage.sessions.append(s.id, 0, buy(3), fakeState(1700, 'a'), NOW);
    expect(await storage.sessions.append(s.id, 0, buy(9), fakeState(1, 'stale'), NOW)).toEqual({
      ok: false,
      reason: 'VERSION_CONFLICT',
    });
    expect(await storage.sessions.append(s.id, 5, buy(9), fakeState(1, 'ahead'), NOW)).toEqual({
      ok: false,
      reason: 'VERSION_CONFLICT',
    });
    const rec = await storage.sessions.load(s.id, before(NOW, DAY));
    expect(rec?.version).toBe(1);
    expect(rec?.state).toEqual(fakeState(1700, 'a'));
    expect(await storage.sessions.actions(s.id)).toEqual([buy(3)]);
  });

  it('append to an unknown session is NOT_FOUND', async () => {
    expect(await storage.sessions.append(randomUUID(), 0, buy(1), fakeState(1), NOW)).toEqual({ ok: false, reason: 'NOT_FOUND' });
  });

  it('concurrent appends at the same version: exactly one wins, and only its action and state are kept', async () => {
    const s = newSession();
    await storage.sessions.create(s, NOW);
    const contenders = Array.from({ length: 12 }, (_, i) => i + 1);
    const results = await Promise.all(
      contenders.map((q) => storage.sessions.append(s.id, 0, buy(q), fakeState(2000 - q, `q${q}`), NOW)),
    );
    const winners = contenders.filter((_, i) => results[i]?.ok);
    expect(winners).toHaveLength(1);
    for (const r of results) if (!r.ok) expect(r.reason).toBe('VERSION_CONFLICT');
    const q = winners[0] ?? -1;
    const rec = await storage.sessions.load(s.id, before(NOW, DAY));
    expect(rec?.version).toBe(1);
    expect(rec?.state).toEqual(fakeState(2000 - q, `q${q}`));
    expect(await storage.sessions.actions(s.id)).toEqual([buy(q)]);
  });

  it('concurrent appends through two separate connections/handles to one database: one winner', async () => {
    // A second storage on the same database stands in for a second server process.
    const s = newSession();
    await storage.sessions.create(s, NOW);
    const other = createStorage(url, OPAQUE);
    try {
      const results = await Promise.all([
        storage.sessions.append(s.id, 0, buy(1), fakeState(1, 'one'), NOW),
        other.sessions.append(s.id, 0, buy(2), fakeState(2, 'two'), NOW),
        storage.sessions.append(s.id, 0, buy(3), fakeState(3, 'three'), NOW),
        other.sessions.append(s.id, 0, buy(4), fakeState(4, 'four'), NOW),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(await storage.sessions.actions(s.id)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('a write through another handle (another process) is always seen: no stale state is served', async () => {
    const s = newSession();
    await storage.sessions.create(s, NOW);
    expect((await storage.sessions.load(s.id, before(NOW, DAY)))?.state).toEqual(fakeState(2000));
    const other = createStorage(url, OPAQUE);
    try {
      expect(await other.sessions.append(s.id, 0, buy(4), fakeState(1600, 'other'), NOW)).toEqual({ ok: true, version: 1 });
      const seen = await storage.sessions.load(s.id, before(NOW, DAY));
      expect(seen?.version).toBe(1);
      expect(seen?.state).toEqual(fakeState(1600, 'other'));
      // This handle's stale version is refused, and its next load follows the other writer again.
      expect(await storage.sessions.append(s.id, 0, buy(1), fakeState(1, 'stale'), NOW)).toEqual({ ok: false, reason: 'VERSION_CONFLICT' });
      expect(await storage.sessions.append(s.id, 1, buy(1), fakeState(1500, 'mine'), NOW)).toEqual({ ok: true, version: 2 });
      expect((await other.sessions.load(s.id, before(NOW, DAY)))?.state).toEqual(fakeState(1500, 'mine'));
      expect(await other.sessions.end(s.id, NOW)).toBe(true);
      expect(await storage.sessions.load(s.id, before(NOW, DAY))).toBeNull();
    } finally {
      await other.close();
    }
  });

  it('actions come back in append order, across many appends', async () => {
    const s = newSession();
    await storage.sessions.create(s, NOW);
    const log: Action[] = [
      ...Array.from({ length: 12 }, (_, i) => buy(i + 1)),
      { type: 'travel', destination: 'ghetto' },
      { type: 'encounter', action: 'fight', targetIds: ['e1', 'e2'] },
      { type: 'stay' },
    ];
    for (const [i, action] of log.entries()) {
      expect(await storage.sessions.append(s.id, i, action, fakeState(i), NOW)).toEqual({ ok: true, version: i + 1 });
    }
    expect(await storage.sessions.actions(s.id)).toEqual(log);
    // Another session's log is separate.
    const t = newSession();
    await storage.sessions.create(t, NOW);
    expect(await storage.sessions.actions(t.id)).toEqual([]);
  });

  it('purgeExpired deletes idle sessions and their actions, and only those', async () => {
    const old1 = newSession();
    const old2 = newSession();
    const fresh = newSession();
    const ended = newSession();
    await storage.sessions.create(old1, before(NOW, 8 * DAY));
    await storage.sessions.create(old2, before(NOW, 8 * DAY));
    await storage.sessions.append(old2.id, 0, buy(1), fakeState(1), before(NOW, 8 * DAY));
    await storage.sessions.create(fresh, before(NOW, 8 * DAY));
    await storage.sessions.append(fresh.id, 0, buy(2), fakeState(2), before(NOW, HOUR)); // touched recently
    await storage.sessions.create(ended, before(NOW, 9 * DAY));
    await storage.sessions.end(ended.id, before(NOW, 9 * DAY));

    expect(await storage.sessions.purgeExpired(before(NOW, 7 * DAY))).toBe(3);
    expect(await storage.sessions.actions(old2.id)).toEqual([]);
    expect(await storage.sessions.load(fresh.id, before(NOW, 7 * DAY))).not.toBeNull();
    expect(await storage.sessions.actions(fresh.id)).toEqual([buy(2)]);
    // The ids are really gone: creating them again works.
    await storage.sessions.create({ ...old2, playerName: 'Again' }, NOW);
    expect((await storage.sessions.load(old2.id, before(NOW, DAY)))?.playerName).toBe('Again');
    expect(await storage.sessions.purgeExpired(before(NOW, 7 * DAY))).toBe(0);
  });

  /** A finished game's score as the service files it (ranked unless `daily` says otherwise). */
  const score = (player_name: string, value: number, final_day = 30, overrides: Partial<NewScore> = {}): NewScore => ({
    player_name,
    score: value,
    final_day,
    died: false,
    gameOverReason: 'Your 30 days are up.',
    rulesVersion: RULES_VERSION,
    ...overrides,
  });

  it('purgeExpired keeps idle sessions that have a leaderboard entry, with their logs', async () => {
    const scored = newSession();
    const unscored = newSession();
    for (const s of [scored, unscored]) {
      await storage.sessions.create(s, before(NOW, 30 * DAY));
      await storage.sessions.append(s.id, 0, buy(1), fakeState(1), before(NOW, 30 * DAY));
    }
    await storage.leaderboard.submit(scored.id, score('Kept', 1), before(NOW, 30 * DAY));
    await storage.sessions.end(scored.id, before(NOW, 30 * DAY));
    expect(await storage.sessions.purgeExpired(before(NOW, 7 * DAY))).toBe(1);
    expect(await storage.sessions.actions(scored.id)).toEqual([buy(1)]);
    expect(await storage.sessions.actions(unscored.id)).toEqual([]);
    expect(await storage.leaderboard.top('all', 10, NOW)).toHaveLength(1);
  });

  it('tracking.purge deletes the rows created before the cut-off, and only those', async () => {
    for (let i = 0; i < 3; i++) await storage.tracking.add('event', `old-${i}`, null, { i }, before(NOW, 91 * DAY));
    await storage.tracking.add('event', 'edge', null, {}, before(NOW, 90 * DAY));
    await storage.tracking.add('event', 'new', null, {}, NOW);
    expect(await storage.tracking.purge(before(NOW, 90 * DAY))).toBe(3);
    const left = await storage.db.selectFrom('tracking').select('visitor_id').orderBy('id').execute();
    expect(left.map((r) => r.visitor_id)).toEqual(['edge', 'new']);
    expect(await storage.tracking.purge(before(NOW, 90 * DAY))).toBe(0);
  });

  it('append stores an idempotency key with its action; a key used again writes nothing (VERSION_CONFLICT)', async () => {
    const s = newSession();
    await storage.sessions.create(s, NOW);
    expect(await storage.sessions.findIdempotencyKey(s.id, 'k-1')).toBeNull();
    expect(await storage.sessions.append(s.id, 0, buy(3), fakeState(1700, 'a'), NOW, { idempotencyKey: 'k-1' })).toEqual({ ok: true, version: 1 });
    expect(await storage.sessions.append(s.id, 1, buy(4), fakeState(1300, 'b'), NOW, { idempotencyKey: 'k-2' })).toEqual({ ok: true, version: 2 });
    expect(await storage.sessions.findIdempotencyKey(s.id, 'k-1')).toEqual({ kind: 'action', seq: 1, action: buy(3) });
    expect(await storage.sessions.findIdempotencyKey(s.id, 'k-2')).toEqual({ kind: 'action', seq: 2, action: buy(4) });
    // The same key again, even at the right version: nothing is appended.
    expect(await storage.sessions.append(s.id, 2, buy(9), fakeState(1, 'again'), NOW, { idempotencyKey: 'k-1' })).toEqual({
      ok: false,
      reason: 'VERSION_CONFLICT',
    });
    expect(await storage.sessions.actions(s.id)).toEqual([buy(3), buy(4)]);
    const rec = await storage.sessions.load(s.id, before(NOW, DAY));
    expect(rec?.version).toBe(2);
    expect(rec?.state).toEqual(fakeState(1300, 'b'));
    // Keys belong to their session.
    const t = newSession();
    await storage.sessions.create(t, NOW);
    expect(await storage.sessions.findIdempotencyKey(t.id, 'k-1')).toBeNull();
    expect(await storage.sessions.append(t.id, 0, buy(1), fakeState(1), NOW, { idempotencyKey: 'k-1' })).toEqual({ ok: true, version: 1 });
  });

  it('end stores its idempotency key; the key is still found once the session is ended', async () => {
    const s = newSession();
    await storage.sessions.create(s, NOW);
    expect(await storage.sessions.end(s.id, NOW, { idempotencyKey: 'bye' })).toBe(true);
    expect(await storage.sessions.findIdempotencyKey(s.id, 'bye')).toEqual({ kind: 'end' });
    expect(await storage.sessions.end(s.id, NOW, { idempotencyKey: 'bye' })).toBe(false);
  });

  it('append moves dayStartVersion only when told to', async () => {
    const s = newSession();
    await storage.sessions.create(s, NOW);
    await storage.sessions.append(s.id, 0, buy(1), fakeState(1), NOW);
    expect((await storage.sessions.load(s.id, before(NOW, DAY)))?.dayStartVersion).toBe(0);
    await storage.sessions.append(s.id, 1, { type: 'stay' }, fakeState(2), NOW, { dayStartVersion: 2 });
    await storage.sessions.append(s.id, 2, buy(1), fakeState(3), NOW);
    const rec = await storage.sessions.load(s.id, before(NOW, DAY));
    expect(rec?.version).toBe(3);
    expect(rec?.dayStartVersion).toBe(2);
  });

  it('actions reads one page of the log at a time', async () => {
    const s = newSession();
    await storage.sessions.create(s, NOW);
    for (let i = 0; i < 7; i++) await storage.sessions.append(s.id, i, buy(i + 1), fakeState(i), NOW);
    expect(await storage.sessions.actions(s.id, { afterSeq: 0, limit: 3 })).toEqual([buy(1), buy(2), buy(3)]);
    expect(await storage.sessions.actions(s.id, { afterSeq: 3, limit: 3 })).toEqual([buy(4), buy(5), buy(6)]);
    expect(await storage.sessions.actions(s.id, { afterSeq: 6, limit: 3 })).toEqual([buy(7)]);
    expect(await storage.sessions.actions(s.id, { afterSeq: 7, limit: 3 })).toEqual([]);
  });

  it('leaderboard.submit records a game once, with its id, ending and place; unknown sessions are NOT_FOUND', async () => {
    const s = newSession();
    await storage.sessions.create(s, NOW);
    const entry = score('Alice', 54_321, 30, { died: true, gameOverReason: 'You were killed by the cops.' });
    const first = await storage.leaderboard.submit(s.id, entry, NOW);
    expect(first).toEqual({
      ok: true,
      place: 1,
      allTimePlace: 1,
      entry: {
        id: expect.any(Number),
        player_name: 'Alice',
        score: 54_321,
        final_day: 30,
        date_achieved: NOW.toISOString(),
        died: true,
        gameOverReason: 'You were killed by the cops.',
        board: 'ranked',
        dailyDate: null,
        visitorId: null,
        rulesVersion: RULES_VERSION,
      },
    });
    expect(await storage.leaderboard.submit(s.id, { ...entry, score: 99_999_999 }, NOW)).toEqual({
      ok: false,
      reason: 'ALREADY_SUBMITTED',
    });
    expect(await storage.leaderboard.submit(randomUUID(), entry, NOW)).toEqual({ ok: false, reason: 'NOT_FOUND' });
    expect((await storage.sessions.load(s.id, before(NOW, DAY)))?.scoreSubmitted).toBe(true);
    expect(await storage.leaderboard.top('all', 100, NOW)).toEqual([first.ok && first.entry]);
  });

  it('leaderboard.submit refuses a non-integer score without recording anything', async () => {
    const s = newSession();
    await storage.sessions.create(s, NOW);
    await expect(storage.leaderboard.submit(s.id, score('A', 10.5, 3), NOW)).rejects.toThrow(RangeError);
    expect(await storage.leaderboard.top('all', 10, NOW)).toEqual([]);
    expect(await storage.leaderboard.submit(s.id, score('A', 10, 3), NOW)).toMatchObject({ ok: true });
  });

  it('concurrent submits of one game: exactly one entry', async () => {
    const s = newSession();
    await storage.sessions.create(s, NOW);
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => storage.leaderboard.submit(s.id, score('A', i, 9), NOW)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await storage.leaderboard.top('all', 100, NOW)).toHaveLength(1);
  });

  async function submit(name: string, value: number, when: Date, finalDay = 30): Promise<void> {
    const s = newSession({ playerName: name });
    await storage.sessions.create(s, when);
    expect(await storage.leaderboard.submit(s.id, score(name, value, finalDay), when)).toMatchObject({ ok: true });
  }

  it('leaderboard.top: best first, ties to the earlier achiever, limit applied, big and negative scores intact', async () => {
    await submit('mid', 5_000, at('2026-11-18T01:00:00Z'));
    await submit('huge', 9_000_000_000_000, at('2026-11-18T02:00:00Z'), 12);
    await submit('debtor', -3_500, at('2026-11-18T03:00:00Z'));
    await submit('tieLate', 7_000, at('2026-11-18T05:00:00Z'));
    await submit('tieEarly', 7_000, at('2026-11-18T04:00:00Z'));
    const all = await storage.leaderboard.top('all', 100, NOW);
    expect(all.map((e) => [e.player_name, e.score])).toEqual([
      ['huge', 9_000_000_000_000],
      ['tieEarly', 7_000],
      ['tieLate', 7_000],
      ['mid', 5_000],
      ['debtor', -3_500],
    ]);
    expect(all[0]).toMatchObject({
      player_name: 'huge',
      score: 9_000_000_000_000,
      final_day: 12,
      date_achieved: '2026-11-18T02:00:00.000Z',
    });
    expect((await storage.leaderboard.top('all', 2, NOW)).map((e) => e.player_name)).toEqual(['huge', 'tieEarly']);
    expect(await storage.leaderboard.top('all', 0, NOW)).toEqual([]);
  });

  it('leaderboard.top periods are UTC calendar periods: today, ISO week (from Monday), month (from the 1st), all', async () => {
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
      (await storage.leaderboard.top(p, 100, now)).map((e) => e.player_name);
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

  /** Files a finished Daily Run of `visitorId` on `date` and returns the result. */
  async function submitDaily(name: string, value: number, date: string, visitorId: string, when = NOW, mayRank = true) {
    const s = newSession({ playerName: name, daily: { date, visitorId } });
    await storage.sessions.create(s, when);
    return storage.leaderboard.submit(s.id, score(name, value, 30, { daily: { date, visitorId, mayRank } }), when);
  }

  it('Daily Runs: the first of a visitor and day goes on that day\'s board, later ones are practice; the boards never mix', async () => {
    await submit('ranked', 9_000, NOW);
    const first = await submitDaily('alice', 3_000, '2026-11-18', 'v-alice');
    expect(first).toMatchObject({ ok: true, place: 1, entry: { board: 'daily', dailyDate: '2026-11-18', visitorId: 'v-alice' } });
    // Better, but the same visitor's second of the day: practice, on no board and with no place.
    expect(await submitDaily('alice', 8_000, '2026-11-18', 'v-alice')).toMatchObject({ ok: true, place: null, entry: { board: 'practice' } });
    expect(await submitDaily('bob', 5_000, '2026-11-18', 'v-bob')).toMatchObject({ ok: true, place: 1, entry: { board: 'daily' } });
    expect(await submitDaily('carol', 4_000, '2026-11-18', 'v-carol')).toMatchObject({ ok: true, place: 2 });
    // Another day's board, and a run filed after its day (mayRank false): practice even as a first.
    expect(await submitDaily('alice', 1_000, '2026-11-17', 'v-alice')).toMatchObject({ ok: true, place: 1, entry: { board: 'daily' } });
    expect(await submitDaily('dave', 99_000, '2026-11-18', 'v-dave', NOW, false)).toMatchObject({ ok: true, place: null, entry: { board: 'practice' } });

    const names = (entries: { player_name: string }[]) => entries.map((e) => e.player_name);
    expect(names(await storage.leaderboard.daily('2026-11-18', 100))).toEqual(['bob', 'carol', 'alice']);
    expect(names(await storage.leaderboard.daily('2026-11-17', 100))).toEqual(['alice']);
    expect(await storage.leaderboard.daily('2026-11-16', 100)).toEqual([]);
    expect(names(await storage.leaderboard.daily('2026-11-18', 2))).toEqual(['bob', 'carol']);
    for (const period of ['today', 'week', 'month', 'all'] as const) expect(names(await storage.leaderboard.top(period, 100, NOW)), period).toEqual(['ranked']);
  });

  it("the places are the entry's positions: today's list and all time for a ranked game, ties to the earlier", async () => {
    await submit('yesterdayBest', 1_000_000, at('2026-11-17T10:00:00Z'));
    await submit('early', 500, at('2026-11-18T01:00:00Z'));
    // Daily Runs and practice are on neither list: they never push a ranked game down.
    await submitDaily('dailyBest', 2_000_000, '2026-11-18', 'v-daily');
    await submitDaily('dailyAgain', 3_000_000, '2026-11-18', 'v-daily');
    const s = newSession();
    await storage.sessions.create(s, NOW);
    expect(await storage.leaderboard.submit(s.id, score('tie', 500, 30), NOW)).toMatchObject({ ok: true, place: 2, allTimePlace: 3 });
    const t = newSession();
    await storage.sessions.create(t, NOW);
    expect(await storage.leaderboard.submit(t.id, score('best', 501, 30), NOW)).toMatchObject({ ok: true, place: 1, allTimePlace: 2 });
    expect(await submitDaily('dailyLate', 10, '2026-11-18', 'v-late')).toMatchObject({ ok: true, place: 2, allTimePlace: null });
  });

  it("concurrent Daily Runs of one visitor and day: exactly one goes on the board, the rest are practice", async () => {
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => submitDaily(`run${i}`, 100 * i, '2026-11-18', 'v-racer')));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && r.entry.board === 'daily')).toHaveLength(1);
    expect(results.filter((r) => r.ok && r.entry.board === 'practice')).toHaveLength(4);
    expect(await storage.leaderboard.daily('2026-11-18', 100)).toHaveLength(1);
  });

  it('leaderboard.entry(id) finds an entry with its session start, of any board; unknown ids are null; a purged session is null', async () => {
    const s = newSession({ playerName: 'replayer', seed: '1212343456567878', isSeeded: false });
    await storage.sessions.create(s, before(NOW, 9 * DAY));
    await storage.sessions.append(s.id, 0, buy(1), fakeState(1), before(NOW, 9 * DAY));
    const filed = await storage.leaderboard.submit(s.id, score('replayer', 777), before(NOW, 9 * DAY));
    if (!filed.ok) throw new Error('not filed');
    await storage.sessions.end(s.id, before(NOW, 9 * DAY));
    expect(await storage.leaderboard.entry(filed.entry.id)).toEqual({
      entry: filed.entry,
      session: { id: s.id, playerName: 'replayer', seed: '1212343456567878', isSeeded: false, version: 1 },
    });
    expect(await storage.sessions.actions(s.id)).toEqual([buy(1)]);
    const practice = await submitDaily('p', 1, '2026-11-18', 'v-p', NOW, false);
    expect((await storage.leaderboard.entry(practice.ok ? practice.entry.id : -1))?.entry).toMatchObject({ board: 'practice', player_name: 'p' });
    expect(await storage.leaderboard.entry(filed.entry.id + 1_000_000)).toBeNull();

    await storage.db.deleteFrom('sessions').where('id', '=', s.id).execute();
    expect(await storage.leaderboard.entry(filed.entry.id)).toEqual({ entry: filed.entry, session: null });
  });

  it('settings.getOrCreate: the first value stored under a key stays, across handles and concurrent writers', async () => {
    const other = createStorage(url, OPAQUE);
    try {
      const values = await Promise.all([storage.settings.getOrCreate('k', 'one'), other.settings.getOrCreate('k', 'two'), storage.settings.getOrCreate('k', 'three')]);
      expect(new Set(values).size).toBe(1);
      expect(await other.settings.getOrCreate('k', 'four')).toBe(values[0]);
      expect(await storage.settings.getOrCreate('other', 'x')).toBe('x');
    } finally {
      await other.close();
    }
  });

  it('tracking.add stores one row per call with its kind, ids and JSON payload', async () => {
    await storage.tracking.add('visitor', 'v-1', null, { browser: 'Firefox', screenResolution: '1440x900' }, NOW);
    await storage.tracking.add('event', 'v-1', 's-1', { type: 'buy', data: { drugId: 'weed', quantity: 3 } }, NOW);
    await storage.tracking.add('pageview', null, null, undefined, NOW);
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

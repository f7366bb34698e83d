// Kill -9 the real server while a client hammers one game, restart it on the same database, and check that
// nothing acknowledged was lost and the game still passes its audit (replay of the log = stored state).
import { afterAll, expect, it } from 'vitest';
import type { Action } from '@drugwars/engine';
import { createStorage } from '../src/storage/createStorage';
import { describeEachStorage } from './support/storageTargets';
import { drugOnSale, request } from './support/storageHttp';
import { spawnServer, type ServerProcess } from './support/storageProcess';

const WORKERS = 4;
/** Kill the server once this many actions have been acknowledged (the workers keep sending meanwhile). */
const KILL_AFTER_ACKS = 40;

type Trade = Extract<Action, { type: 'buy' | 'sell' }>;

/** Counts of each distinct action, to compare logs as multisets. */
function tally(actions: readonly Action[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const a of actions) counts.set(JSON.stringify(a), (counts.get(JSON.stringify(a)) ?? 0) + 1);
  return counts;
}

describeEachStorage('crash: SIGKILL mid-game, restart, nothing acknowledged is lost', (target) => {
  const running: ServerProcess[] = [];
  afterAll(async () => {
    for (const p of running) await p.kill();
  });

  it('every 2xx action is in the log after a restart, and the game resumes (audit passes)', async () => {
    const databaseUrl = await target.freshUrl();
    const first = await spawnServer({ DATABASE_URL: databaseUrl });
    running.push(first);

    const created = await request(first.baseUrl, 'POST', '/api/game/new', {
      body: { playerName: 'crasher', seed: '1111-2222-3333-4444' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const sessionId = created.body.sessionId ?? '';
    if (!created.body.gameState) throw new Error('no game state');
    const drug = drugOnSale(created.body.gameState, 'cheapest');

    // Each worker trades its own quantity, so every acknowledged action is recognisable in the log.
    const acked: Trade[] = [];
    let killed: Promise<void> | null = null;
    let inFlightLost = 0;
    const worker = async (k: number) => {
      const quantity = k + 1;
      for (let i = 0; ; i++) {
        const trade: Trade =
          i % 2 === 0 ? { type: 'buy', drugId: drug.id, quantity } : { type: 'sell', drugId: drug.id, quantity };
        try {
          const reply =
            trade.type === 'buy'
              ? await request(first.baseUrl, 'POST', '/api/game/shop/buy', {
                  sessionId,
                  body: { itemType: 'drug', itemId: drug.id, quantity },
                })
              : await request(first.baseUrl, 'POST', '/api/game/sell', { sessionId, body: { drugId: drug.id, quantity } });
          if (reply.status === 200) acked.push(trade);
          else expect([400, 409], JSON.stringify(reply.body)).toContain(reply.status);
        } catch {
          inFlightLost++; // the connection died with the process: this action may or may not have committed
          return;
        }
        if (acked.length >= KILL_AFTER_ACKS && !killed) killed = first.kill();
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, k) => worker(k)));
    await killed;
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(acked.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);

    const second = await spawnServer({ DATABASE_URL: databaseUrl });
    running.push(second);

    // The log holds every acknowledged action (and at most the ones whose replies the crash swallowed).
    const reader = createStorage(databaseUrl);
    try {
      const log = await reader.sessions.actions(sessionId);
      const have = tally(log);
      for (const [action, count] of tally(acked)) expect(have.get(action) ?? 0, action).toBeGreaterThanOrEqual(count);
      expect(log.length).toBeGreaterThanOrEqual(acked.length);
      expect(log.length).toBeLessThanOrEqual(acked.length + inFlightLost);
    } finally {
      await reader.close();
    }

    const resumed = await request(second.baseUrl, 'POST', '/api/game/resume', { body: { sessionId } });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    // And the game goes on.
    const more = await request(second.baseUrl, 'POST', '/api/game/shop/buy', {
      sessionId,
      body: { itemType: 'drug', itemId: drug.id, quantity: 1 },
    });
    expect([200, 400], JSON.stringify(more.body)).toContain(more.status);
    await second.stop();
    expect(second.child.exitCode).toBe(0);
  });
});

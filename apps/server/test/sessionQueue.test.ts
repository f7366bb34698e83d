// One game's calls are queued in the process: a burst of concurrent calls on one session over real sockets is
// answered in order, each accepted or refused by a rule, never CONFLICT, and the books balance.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClientGameState } from '@drugwars/engine';
import { describeEachStorage } from './support/storageTargets';
import { drugOnSale, heldQuantity, newGameOver, request, startServer, type RunningServer } from './support/storageHttp';
import { MAX_QUEUED_PER_SESSION, SessionQueue } from '../src/services/sessionQueue';

const BURST = 50;

describeEachStorage('a burst on one session', (target) => {
  let server: RunningServer;
  beforeEach(async () => {
    server = await startServer(target);
  });
  afterEach(async () => {
    await server.close();
  });

  const newGame = () => newGameOver(server.baseUrl, { playerName: 'burst', seed: '4242-0000-4242-0000' });

  it(`${BURST} concurrent buys: all 2xx or a rule refusal, none CONFLICT, and the money adds up`, async () => {
    const { sessionId, state } = await newGame();
    const drug = drugOnSale(state, 'cheapest');
    const replies = await Promise.all(
      Array.from({ length: BURST }, () =>
        request(server.baseUrl, 'POST', '/api/game/shop/buy', { sessionId, body: { itemType: 'drug', itemId: drug.id, quantity: 1 } }),
      ),
    );
    const statuses = replies.map((r) => r.status);
    const accepted = statuses.filter((s) => s === 200).length;
    const refusals = replies.filter((r) => r.status === 400).map((r) => r.body.code);
    console.info(`burst [${target.name}]: ${BURST} buys -> ${accepted} accepted, ${refusals.length} refused by a rule, ${statuses.filter((s) => s === 409).length} CONFLICT`);
    for (const r of replies) expect([200, 400], JSON.stringify(r.body)).toContain(r.status);
    for (const code of refusals) expect(['INSUFFICIENT_FUNDS', 'NOT_ENOUGH_SPACE', 'NOT_ENOUGH_STOCK']).toContain(code);
    // Answered in order: each accepted reply holds one unit more than the one before.
    const held = replies.filter((r) => r.status === 200).map((r) => heldQuantity(r.body.gameState as ClientGameState, drug.id));
    expect([...held].sort((a, b) => a - b)).toEqual(Array.from({ length: accepted }, (_, i) => heldQuantity(state, drug.id) + i + 1));

    const after = (await request(server.baseUrl, 'GET', '/api/game/state', { sessionId })).body.gameState as ClientGameState;
    expect(state.player.cash - after.player.cash).toBe(accepted * drug.price);
    expect(heldQuantity(after, drug.id) - heldQuantity(state, drug.id)).toBe(accepted);
    expect(await server.storage.sessions.actions(sessionId)).toHaveLength(accepted);
    expect((await request(server.baseUrl, 'POST', '/api/game/resume', { body: { sessionId } })).status).toBe(200);
  });

  it('the same Idempotency-Key sent 10 times at once applies once and gets one reply 10 times', async () => {
    const { sessionId, state } = await newGame();
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        request(server.baseUrl, 'POST', '/api/game/bank/deposit', { sessionId, body: { amount: 10 }, headers: { 'idempotency-key': 'one-tap' } }),
      ),
    );
    for (const r of replies) expect(r.status).toBe(200);
    expect(new Set(replies.map((r) => JSON.stringify(r.body))).size).toBe(1);
    const after = (await request(server.baseUrl, 'GET', '/api/game/state', { sessionId })).body.gameState as ClientGameState;
    expect(after.player.bank).toBe(10);
    expect(after.player.cash).toBe(state.player.cash - 10);
  });
});

describe('SessionQueue', () => {
  const later = <T>(value: T, fail = false) =>
    new Promise<T>((resolve, reject) => setTimeout(() => (fail ? reject(new Error(String(value))) : resolve(value)), 1));

  it("runs one game's calls one at a time in arrival order, a failed call included, and forgets an idle game", async () => {
    const queue = new SessionQueue();
    const log: string[] = [];
    const task = (name: string, fail = false) => async () => {
      log.push(`start ${name}`);
      try {
        return await later(name, fail);
      } finally {
        log.push(`end ${name}`);
      }
    };
    const a = queue.run('g1', task('a'));
    const b = queue.run('g1', task('b', true));
    const c = queue.run('g1', task('c'));
    const other = queue.run('g2', task('x'));
    expect(queue.size).toBe(2);
    await expect(a).resolves.toBe('a');
    await expect(b).rejects.toThrow('b');
    await expect(c).resolves.toBe('c');
    await other;
    const g1 = log.filter((l) => !l.endsWith(' x'));
    expect(g1).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    await later(null);
    expect(queue.size).toBe(0);
    // A call on a game whose queue has emptied runs at once again.
    await expect(queue.run('g1', task('d'))).resolves.toBe('d');
  });

  it(`refuses a call with ${MAX_QUEUED_PER_SESSION} already waiting on the game (409 CONFLICT), and a task that throws rejects`, async () => {
    const queue = new SessionQueue();
    const calls = Array.from({ length: MAX_QUEUED_PER_SESSION }, (_, i) => queue.run('g', () => later(i)));
    await expect(queue.run('g', () => later(-1))).rejects.toMatchObject({ statusCode: 409, code: 'CONFLICT' });
    await Promise.all(calls);
    const throwing = (() => {
      throw new Error('sync');
    }) as unknown as () => Promise<number>;
    await expect(queue.run('h', throwing)).rejects.toThrow('sync');
    expect(queue.size).toBe(0);
  });
});

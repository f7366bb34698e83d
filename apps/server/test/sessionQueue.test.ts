// One game's calls are queued in the process: a burst of concurrent calls on one session over real sockets is
// answered in order, each accepted or refused by a rule, never CONFLICT, and the books balance.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ClientGameState } from '@drugwars/engine';
import { describeEachStorage } from './support/storageTargets';
import { drugOnSale, heldQuantity, newGameOver, request, startServer, type RunningServer } from './support/storageHttp';

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
    expect(await server.storage.actions(sessionId)).toHaveLength(accepted);
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

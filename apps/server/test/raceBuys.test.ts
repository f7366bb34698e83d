// Many simultaneous buys on one game through the real HTTP server: the version-checked append must let the
// cash be spent once. Whatever mix of successes and refusals comes back, the books must balance exactly.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ClientGameState } from '@drugwars/engine';
import { describeEachStorage } from './support/storageTargets';
import { drugOnSale, heldQuantity, newGameOver, request, startServer, type RunningServer } from './support/storageHttp';

const PARALLEL = 25;

describeEachStorage('race: parallel buys on one session', (target) => {
  let server: RunningServer;

  beforeEach(async () => {
    server = await startServer(target);
  });
  afterEach(async () => {
    await server.close();
  });

  const newGame = () => newGameOver(server.baseUrl, { playerName: 'racer', seed: '4242-4242-4242-4242' });

  async function raceBuys(sessionId: string, drugId: string, quantity: number) {
    const replies = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        request(server.baseUrl, 'POST', '/api/game/shop/buy', {
          sessionId,
          body: { itemType: 'drug', itemId: drugId, quantity },
        }),
      ),
    );
    for (const r of replies) {
      // A buy either happens (200) or is refused cleanly: by the rules (400) or as a lost race (409).
      expect([200, 400, 409], JSON.stringify(r.body)).toContain(r.status);
    }
    return replies.filter((r) => r.status === 200);
  }

  async function finalState(sessionId: string): Promise<ClientGameState> {
    const r = await request(server.baseUrl, 'GET', '/api/game/state', { sessionId });
    expect(r.status).toBe(200);
    if (!r.body.gameState) throw new Error('state reply without gameState');
    return r.body.gameState;
  }

  async function expectAuditPasses(sessionId: string, expectedActions: number): Promise<void> {
    const id = sessionId.toLowerCase();
    expect(await server.storage.sessions.actions(id)).toHaveLength(expectedActions);
    const resumed = await request(server.baseUrl, 'POST', '/api/game/resume', { body: { sessionId } });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
  }

  it(`${PARALLEL} parallel buys of the maximum quantity spend the cash once`, async () => {
    const { sessionId, state } = await newGame();
    const drug = drugOnSale(state, 'dearest');
    const space = state.player.coatSpace - state.player.usedSpace;
    const max = Math.min(Math.floor(state.player.cash / drug.price), space, drug.stock);
    expect(max).toBeGreaterThan(0);

    const wins = await raceBuys(sessionId, drug.id, max);
    const after = await finalState(sessionId);

    expect(after.player.cash).toBeGreaterThanOrEqual(0);
    expect(wins.length).toBeGreaterThanOrEqual(1);
    // Each successful reply bought `max` units at the day's price; together that is exactly what left the wallet.
    expect(wins.length * max * drug.price).toBe(state.player.cash - after.player.cash);
    expect(heldQuantity(after, drug.id) - heldQuantity(state, drug.id)).toBe(wins.length * max);
    // Two maximum buys can only both succeed if the first one left enough for a second.
    if (state.player.cash - max * drug.price < max * drug.price) expect(wins).toHaveLength(1);
    await expectAuditPasses(sessionId, wins.length);
  });

  it(`${PARALLEL} parallel single-unit buys: every success is paid for, none twice`, async () => {
    const { sessionId, state } = await newGame();
    const drug = drugOnSale(state, 'cheapest');

    const wins = await raceBuys(sessionId, drug.id, 1);
    const after = await finalState(sessionId);

    expect(after.player.cash).toBeGreaterThanOrEqual(0);
    expect(wins.length).toBeGreaterThanOrEqual(1);
    expect(wins.length * drug.price).toBe(state.player.cash - after.player.cash);
    expect(heldQuantity(after, drug.id) - heldQuantity(state, drug.id)).toBe(wins.length);
    // The cash each success reports is distinct: no two requests were applied to the same starting state.
    const reported = wins.map((w) => w.body.gameState?.player.cash);
    expect(new Set(reported).size).toBe(wins.length);
    await expectAuditPasses(sessionId, wins.length);
  });
});

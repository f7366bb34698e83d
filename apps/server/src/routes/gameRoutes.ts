// Session lifecycle and every game action. Each action route maps its body to one engine Action; the engine
// decides, the service stores, and the reply carries the client view (never the PRNG state or a secret seed).
import {
  SHIPPING_COMPANIES,
  equipmentStats,
  healCost,
  historyView,
  loanSharkOffers,
  purchaseQuantity,
  type Action,
  toClientEncounter,
  toClientEvent,
  toClientEvents,
  toClientView,
} from '@drugwars/engine';
import { ApiErrorCode, ApiRoutes, type ActionResponse } from '@drugwars/protocol';
import { ApiError } from '../errors';
import type { FastifyRequest } from 'fastify';
import fresh from 'fresh';
import type { GameSessions, Move } from '../services/gameSessions';
import { movedState } from './movedState';
import { routeSchema } from './routeSchema';
import { idempotencyKeyOf } from './idempotencyKey';
import { sessionIdOf } from './sessionId';
import type { RateLimitRule } from './rateLimits';
import type { App } from './types';

export interface GameRoutesOptions {
  sessions: GameSessions;
  newGameRateLimit: RateLimitRule;
}


const actionReply = (request: FastifyRequest, move: Move): ActionResponse => ({
  success: true,
  message: move.result.message,
  ...movedState(request, move),
});

export function registerGameRoutes(app: App, options: GameRoutesOptions): void {
  const { sessions } = options;
  // Every state-changing call takes an Idempotency-Key: a retry with the same key gets the first reply.
  const act = (request: FastifyRequest, action: Action) =>
    sessions.act(sessionIdOf(request), action, { idempotencyKey: idempotencyKeyOf(request) });

  // ---------- session lifecycle ----------
  app.post(
    ApiRoutes.newGame.url,
    {
      schema: routeSchema(ApiRoutes.newGame, 'session'),
      config: { rateLimit: { max: options.newGameRateLimit.max, timeWindow: options.newGameRateLimit.timeWindowMs } },
    },
    async (request) => {
      const created = await sessions.create({
        playerName: request.body.playerName,
        seed: request.body.seed,
        daily: request.body.daily,
        visitorId: request.body.visitorId,
        userAgent: request.headers['user-agent'] ?? '',
      });
      return {
        success: true as const,
        sessionId: created.sessionId,
        version: 0,
        gameState: toClientView(created.state),
        isManualSeed: created.isManualSeed,
        dailyDate: created.dailyDate,
        events: toClientEvents(created.events),
      };
    },
  );

  app.post(ApiRoutes.validate.url, { schema: routeSchema(ApiRoutes.validate, 'session') }, async (request) => {
    let record;
    try {
      record = await sessions.find(request.body.sessionId);
    } catch (error) {
      // A game of older rules is not active any more: say why, so the title screen can tell the player.
      if (error instanceof ApiError && error.code === ApiErrorCode.RULES_CHANGED) {
        return { success: true as const, valid: false, session: null, closedReason: error.message };
      }
      throw error;
    }
    // Only a game still being played counts as an active game to continue (SPEC.md "ACTIVE GAMES").
    if (!record || record.state.gameOver) return { success: true as const, valid: false, session: null };
    return {
      success: true as const,
      valid: true,
      session: { playerName: record.state.player.name, day: record.state.day, maxDays: record.state.maxDays },
    };
  });

  app.post(ApiRoutes.resume.url, { schema: routeSchema(ApiRoutes.resume, 'session') }, async (request) => {
    const record = await sessions.get(request.body.sessionId);
    await sessions.audit(record);
    return {
      success: true as const,
      version: record.version,
      gameState: toClientView(record.state),
      sessionId: record.id,
      isManualSeed: record.isSeeded,
      dailyDate: record.daily?.date ?? null,
    };
  });

  app.post(ApiRoutes.endSession.url, { schema: routeSchema(ApiRoutes.endSession, 'session') }, async (request) => {
    const fromBody = request.body && typeof request.body.sessionId === 'string' ? request.body.sessionId : undefined;
    await sessions.end(sessionIdOf(request) ?? fromBody, { idempotencyKey: idempotencyKeyOf(request) });
    return { success: true as const };
  });

  // The version is the state's ETag: a client that holds it (If-None-Match) is answered 304 Not Modified, no body.
  app.get(ApiRoutes.state.url, { schema: routeSchema(ApiRoutes.state, 'session') }, async (request, reply) => {
    const record = await sessions.get(sessionIdOf(request));
    const etag = `"${record.version}"`;
    reply.header('etag', etag);
    if (fresh(request.headers, { etag })) return reply.code(304).send();
    return { success: true as const, version: record.version, gameState: toClientView(record.state) };
  });

  // ---------- the day cycle ----------
  app.post(ApiRoutes.travel.url, { schema: routeSchema(ApiRoutes.travel, 'game') }, async (request) => {
    return dayReply(request, await act(request, { type: 'travel', destination: request.body.destination }));
  });

  app.post(ApiRoutes.stay.url, { schema: routeSchema(ApiRoutes.stay, 'game') }, async (request) => dayReply(request, await act(request, { type: 'stay' })));

  // ---------- market ----------
  app.post(ApiRoutes.buy.url, { schema: routeSchema(ApiRoutes.buy, 'market') }, async (request) => {
    const { itemType, itemId } = request.body;
    const quantity = request.body.quantity ?? 1;
    const action: Action =
      itemType === 'drug'
        ? { type: 'buy', drugId: itemId, quantity }
        : { type: 'shopBuy', itemType, itemId, quantity: purchaseQuantity(itemType, quantity) };
    return actionReply(request, await act(request, action));
  });

  app.post(ApiRoutes.sell.url, { schema: routeSchema(ApiRoutes.sell, 'market') }, async (request) => {
    const move = await act(request, { type: 'sell', drugId: request.body.drugId, quantity: request.body.quantity });
    const sale = move.result.sale;
    return {
      ...actionReply(request, move),
      profit: sale?.profit ?? 0,
      totalPrice: sale?.totalPrice ?? 0,
    };
  });

  app.post(ApiRoutes.dump.url, { schema: routeSchema(ApiRoutes.dump, 'market') }, async (request) => {
    const body = request.body;
    const action: Action =
      body.drugId === 'all'
        ? { type: 'dumpAll' }
        : 'quantity' in body && body.quantity !== undefined
          ? { type: 'dump', drugId: body.drugId, quantity: body.quantity }
          : { type: 'dump', drugId: body.drugId };
    return actionReply(request, await act(request, action));
  });

  app.post(ApiRoutes.stash.url, { schema: routeSchema(ApiRoutes.stash, 'market') }, async (request) =>
    actionReply(request, await act(request, { type: 'stash', drugId: request.body.drugId, quantity: request.body.quantity })),
  );
  app.post(ApiRoutes.unstash.url, { schema: routeSchema(ApiRoutes.unstash, 'market') }, async (request) =>
    actionReply(request, await act(request, { type: 'unstash', drugId: request.body.drugId, quantity: request.body.quantity })),
  );

  app.get(ApiRoutes.worldPrices.url, { schema: routeSchema(ApiRoutes.worldPrices, 'market') }, async (request) => {
    const record = await sessions.get(sessionIdOf(request));
    return { success: true as const, worldPrices: record.state.worldPrices, worldPricesDay: record.state.worldPricesDay };
  });

  app.get(ApiRoutes.history.url, { schema: routeSchema(ApiRoutes.history, 'game') }, async (request) => {
    const record = await sessions.get(sessionIdOf(request));
    return { success: true as const, history: historyView(record.state) };
  });

  // ---------- encounters ----------
  app.post(ApiRoutes.encounter.url, { schema: routeSchema(ApiRoutes.encounter, 'encounter') }, async (request) => {
    const { action, targetId } = request.body;
    const targetIds = targetId == null ? undefined : Array.isArray(targetId) ? targetId : [targetId];
    const move = await act(request, targetIds ? { type: 'encounter', action, targetIds } : { type: 'encounter', action });
    const { result } = move;
    const attack = result.attack;
    return {
      success: true as const,
      message: attack?.message || result.message,
      ...movedState(request, move),
      events: toClientEvents(result.events),
      attackResults: attack?.attackResults ?? [],
      victory: attack?.victory ?? false,
      reward: attack?.reward ?? 0,
      followUpEncounter: attack?.followUpEncounter ? toClientEncounter(attack.followUpEncounter) : null,
      followUpEvent: attack?.followUpEvent ? toClientEvent(attack.followUpEvent) : null,
      escaped: attack?.escaped ?? false,
      surrendered: attack?.surrendered ?? false,
      bribed: attack?.bribed ?? false,
      bribeAmount: attack?.bribeAmount ?? 0,
      playerDamage: attack?.playerDamage ?? 0,
      playerDead: attack?.playerDead ?? result.state.player.health <= 0,
      toll: attack?.toll ?? { health: 0, cash: 0, drugs: 0, debt: 0 },
    };
  });

  // ---------- bank and loans ----------
  app.post(ApiRoutes.deposit.url, { schema: routeSchema(ApiRoutes.deposit, 'finance') }, async (request) =>
    actionReply(request, await act(request, { type: 'deposit', amount: request.body.amount })),
  );
  app.post(ApiRoutes.withdraw.url, { schema: routeSchema(ApiRoutes.withdraw, 'finance') }, async (request) =>
    actionReply(request, await act(request, { type: 'withdraw', amount: request.body.amount })),
  );
  app.post(ApiRoutes.borrow.url, { schema: routeSchema(ApiRoutes.borrow, 'finance') }, async (request) => {
    const { amount, sharkId } = request.body;
    return actionReply(request, await act(request, sharkId === undefined ? { type: 'borrow', amount } : { type: 'borrow', amount, sharkId }));
  });
  app.post(ApiRoutes.repay.url, { schema: routeSchema(ApiRoutes.repay, 'finance') }, async (request) =>
    actionReply(request, await act(request, { type: 'repay', amount: request.body.amount })),
  );
  app.post(ApiRoutes.borrowMax.url, { schema: routeSchema(ApiRoutes.borrowMax, 'finance') }, async (request) =>
    actionReply(request, await act(request, { type: 'borrowMax', sharkId: request.body.sharkId })),
  );
  app.get(ApiRoutes.sharks.url, { schema: routeSchema(ApiRoutes.sharks, 'finance') }, async (request) => {
    const record = await sessions.get(sessionIdOf(request));
    return { success: true as const, sharks: loanSharkOffers(record.state) };
  });

  // ---------- hospital ----------
  app.get(ApiRoutes.hospitalCost.url, { schema: routeSchema(ApiRoutes.hospitalCost, 'hospital') }, async (request) => {
    const record = await sessions.get(sessionIdOf(request));
    return { success: true as const, cost: healCost(record.state) };
  });
  app.post(ApiRoutes.hospitalVisit.url, { schema: routeSchema(ApiRoutes.hospitalVisit, 'hospital') }, async (request) =>
    actionReply(request, await act(request, { type: 'heal' })),
  );

  // ---------- equipment ----------
  app.post(ApiRoutes.equip.url, { schema: routeSchema(ApiRoutes.equip, 'equipment') }, async (request) =>
    actionReply(request, await act(request, { type: 'equip', itemType: request.body.itemType, itemId: request.body.itemId })),
  );
  app.post(ApiRoutes.unequip.url, { schema: routeSchema(ApiRoutes.unequip, 'equipment') }, async (request) =>
    actionReply(request, await act(request, { type: 'unequip', itemType: request.body.itemType })),
  );
  app.get(ApiRoutes.equipmentStats.url, { schema: routeSchema(ApiRoutes.equipmentStats, 'equipment') }, async (request) => {
    const record = await sessions.get(sessionIdOf(request));
    return { success: true as const, stats: equipmentStats(record.state) };
  });

  // ---------- shipping ----------
  app.get(ApiRoutes.shippingCompanies.url, { schema: routeSchema(ApiRoutes.shippingCompanies, 'shipping') }, async () => ({
    success: true as const,
    companies: [...SHIPPING_COMPANIES],
  }));
  app.post(ApiRoutes.ship.url, { schema: routeSchema(ApiRoutes.ship, 'shipping') }, async (request) => {
    const { drugId, quantity, destinationId, companyId } = request.body;
    return actionReply(request, await act(request, { type: 'ship', drugId, quantity, destinationId, companyId }));
  });
  app.get(ApiRoutes.shippingStatus.url, { schema: routeSchema(ApiRoutes.shippingStatus, 'shipping') }, async (request) => {
    const record = await sessions.get(sessionIdOf(request));
    return { success: true as const, shipments: record.state.shipments };
  });
}

function dayReply(request: FastifyRequest, move: Move) {
  const { result } = move;
  return {
    success: true as const,
    message: result.message,
    ...movedState(request, move),
    events: toClientEvents(result.events),
    gameOver: result.state.gameOver,
  };
}

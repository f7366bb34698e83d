// Per-client-address rate limiting (@fastify/rate-limit), off by default: the routes that need a limit ask for
// one (see routes/rateLimits.ts). Counters live in memory, or in Redis when several processes share them.
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

export interface RateLimitingOptions {
  /** Share the counters between server processes (owned by the caller). */
  redis?: Redis;
  /** Key prefix of the counters in Redis. */
  nameSpace: string;
}

export const rateLimiting = fp<RateLimitingOptions>(
  async (app, options) => {
    await app.register(rateLimit, {
      global: false,
      ...(options.redis ? { redis: options.redis } : {}),
      // A Redis outage must not take the game down: skip limiting rather than fail the request.
      skipOnError: true,
      nameSpace: options.nameSpace,
      errorResponseBuilder: (_request, context) =>
        Object.assign(new Error(`Too many requests. Try again in ${context.after}.`), { statusCode: context.statusCode }),
    });
  },
  { name: 'rate-limiting' },
);

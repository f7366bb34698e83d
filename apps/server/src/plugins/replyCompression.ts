// JSON replies compressed where it pays (@fastify/compress). The web app's files are not compressed per request:
// the build wrote .br/.gz copies and the webApp plugin sends those.
import fp from 'fastify-plugin';
import compress from '@fastify/compress';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

/**
 * JSON replies at least this big are compressed (brotli or gzip, as the client accepts). Smaller ones, every
 * game action's reply among them (5-8 KB), fit in TCP's initial congestion window (10 segments, about 14.6 KB)
 * and reach the player in one round trip compressed or not, while compressing one costs 35-55 us of CPU, about
 * as much as the rest of the request: below this size compression buys the player nothing and halves the
 * server's throughput. History, leaderboards, the changelog and the API docs are above it.
 */
export const COMPRESS_JSON_MIN_BYTES = 14 * 1024;

type OnSendHook = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: Error | null, payload?: unknown) => void) => void;

/** A route option's hooks as a list (Fastify takes one function or an array). */
function hooksOf(hooks: unknown): unknown[] {
  if (hooks === undefined || hooks === null) return [];
  return Array.isArray(hooks) ? [...(hooks as unknown[])] : [hooks];
}

/** Whether the compressor would leave this payload as it is: text or bytes below the threshold. */
function belowThreshold(payload: unknown): boolean {
  if (typeof payload === 'string') {
    // UTF-8 takes at most 3 bytes per UTF-16 unit and at least 1: the byte count is needed only in between.
    if (payload.length * 3 < COMPRESS_JSON_MIN_BYTES) return true;
    return payload.length < COMPRESS_JSON_MIN_BYTES && Buffer.byteLength(payload) < COMPRESS_JSON_MIN_BYTES;
  }
  return Buffer.isBuffer(payload) && payload.length < COMPRESS_JSON_MIN_BYTES;
}

/**
 * The API's JSON routes (a reply schema: every route of routeSchema). Their replies are text the serializer
 * wrote, never a stream, and no handler of theirs calls reply.compress().
 */
function sendsSerializedJson(route: RouteOptions): boolean {
  const schema = route.schema as { response?: unknown } | undefined;
  return schema?.response !== undefined;
}

export const replyCompression = fp(
  async (app) => {
    // The JSON routes' hooks as they were before the compressor added its own (see the second onRoute hook).
    const before = new WeakMap<RouteOptions, { onRequest: unknown[]; onSend: unknown[] }>();
    // Only the API goes through the reply compressor: the web app's files were compressed at build time (the
    // static plugin sends those copies), and small ones are not worth it. (This hook must come before compress's.)
    app.addHook('onRoute', (route) => {
      if (route.url !== '/api' && !route.url.startsWith('/api/')) route.compress = false;
      else if (route.compress === undefined && sendsSerializedJson(route)) {
        before.set(route, { onRequest: hooksOf(route.onRequest), onSend: hooksOf(route.onSend) });
      }
    });
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      // On a buffered reply (every JSON reply); a streamed one (the API docs' files) is compressed whatever its size.
      threshold: COMPRESS_JSON_MIN_BYTES,
      // Requests are never decompressed: every body is a small JSON object, and a compressed one could expand
      // far past the body limit.
      globalDecompression: false,
    });
    // On the JSON routes the compressor's hooks run only for a reply it would compress. Its onSend negotiates the
    // encoding, reads three headers and measures the payload on every reply before finding a 5 KB game reply too
    // small, and its onRequest hook gives each reply a compress() method these routes never call: together about
    // 3-5 us of a game request's CPU. Below the threshold the compressor changes nothing, so skipping it there
    // sends the same bytes. (This hook must come after compress's.)
    app.addHook('onRoute', (route) => {
      const earlier = before.get(route);
      if (!earlier) return;
      const addedOnRequest = hooksOf(route.onRequest).filter((hook) => !earlier.onRequest.includes(hook));
      const addedOnSend = hooksOf(route.onSend).filter((hook) => !earlier.onSend.includes(hook));
      if (addedOnRequest.length !== 1 || addedOnSend.length !== 1) {
        throw new Error('@fastify/compress no longer adds one onRequest and one onSend hook per route: review replyCompression.ts');
      }
      const compressOnSend = addedOnSend[0] as OnSendHook;
      const onSend: OnSendHook = (request, reply, payload, done) => {
        if (belowThreshold(payload)) {
          done(null, payload);
          return;
        }
        compressOnSend(request, reply, payload, done);
      };
      route.onRequest = earlier.onRequest as RouteOptions['onRequest'];
      route.onSend = [...earlier.onSend, onSend] as RouteOptions['onSend'];
    });
  },
  { name: 'reply-compression' },
);

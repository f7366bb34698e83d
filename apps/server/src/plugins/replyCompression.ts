// JSON replies compressed where it pays (@fastify/compress). The web app's files are not compressed per request:
// the build wrote .br/.gz copies and the webApp plugin sends those.
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/**
 * JSON replies at least this big are compressed (brotli or gzip, as the client accepts). Smaller ones, every
 * game action's reply among them (5-8 KB), fit in TCP's initial congestion window (10 segments, about 14.6 KB)
 * and reach the player in one round trip compressed or not, while compressing one costs 35-55 us of CPU, about
 * as much as the rest of the request: below this size compression buys the player nothing and halves the
 * server's throughput. History, leaderboards, the changelog and the API docs are above it.
 */
export const COMPRESS_JSON_MIN_BYTES = 14 * 1024;

export const replyCompression = fp(
  async (app) => {
    // Only the API goes through the reply compressor: the web app's files were compressed at build time (the
    // static plugin sends those copies), and small ones are not worth it. (This hook must come before compress's.)
    app.addHook('onRoute', (route) => {
      if (route.url !== '/api' && !route.url.startsWith('/api/')) route.compress = false;
    });
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      // On a buffered reply (every JSON reply); a streamed one (the API docs' files) is compressed whatever its size.
      threshold: COMPRESS_JSON_MIN_BYTES,
      // Requests are never decompressed: every body is a small JSON object, and a compressed one could expand
      // far past the body limit.
      globalDecompression: false,
    });
  },
  { name: 'reply-compression' },
);

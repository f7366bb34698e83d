// API replies compressed by @fastify/compress (gzip, when the client accepts it) from COMPRESS_MIN_BYTES up.
// The web app's files are not compressed per request: the build wrote .br/.gz copies and the webApp plugin sends
// those.
import fp from 'fastify-plugin';
import compress from '@fastify/compress';
import { isApiPath } from './securityHeaders';

/**
 * Replies smaller than this go out as they are, every game reply among them (a move's change ~0.6-2.5 KB, a whole
 * state ~4-5 KB): under TCP's initial window (~14.6 KB) a reply takes one round trip compressed or not, and gzip
 * of a 1-5 KB reply took 40-70 us of CPU, a third of a move's (docs/performance.md). History, leaderboards, the
 * changelog and the API docs are above it.
 */
export const COMPRESS_MIN_BYTES = 14 * 1024;

export const replyCompression = fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      if (!isApiPath(route.url)) route.compress = false;
    });
    await app.register(compress, {
      // gzip only: brotli (quality 4, the plugin's default) took about twice gzip's CPU for ~2% fewer bytes on game
      // replies (docs/performance.md), and the bench's player reads gzip. The web app's files are brotli, compressed
      // at build time.
      encodings: ['gzip'],
      threshold: COMPRESS_MIN_BYTES,
      // Requests are never decompressed: every body is a small JSON object, and a compressed one could expand far
      // past the body limit.
      globalDecompression: false,
    });
  },
  { name: 'reply-compression' },
);

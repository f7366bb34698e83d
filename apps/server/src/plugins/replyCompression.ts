// API replies compressed by @fastify/compress (gzip, when the client accepts it) from COMPRESS_MIN_BYTES up.
// The web app's files are not compressed per request: the build wrote .br/.gz copies and the webApp plugin sends
// those.
import fp from 'fastify-plugin';
import compress from '@fastify/compress';
import { isApiPath } from './securityHeaders';

/**
 * Replies smaller than this go out as they are: the headers alone are ~400 bytes, so compressing a few hundred bytes
 * of body saves next to nothing and costs CPU (docs/performance.md has the figures).
 */
export const COMPRESS_MIN_BYTES = 1024;

export const replyCompression = fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      if (!isApiPath(route.url)) route.compress = false;
    });
    await app.register(compress, {
      // gzip only: on a game's replies of 1-5 KB brotli (quality 4, the plugin's default) saved ~2% of the bytes for
      // about twice the CPU (docs/performance.md). The web app's files are brotli, compressed at build time.
      encodings: ['gzip'],
      threshold: COMPRESS_MIN_BYTES,
      // Requests are never decompressed: every body is a small JSON object, and a compressed one could expand far
      // past the body limit.
      globalDecompression: false,
    });
  },
  { name: 'reply-compression' },
);

// The built web app at / (one process on one port is the whole product), with the index.html fallback for
// client-side routes, and the JSON 404 for everything else (never the app for /api/*).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { ApiErrorCode } from '@drugwars/protocol';
import { sendError } from '../errors';
import { PAGE_HELMET } from './securityHeaders';

/**
 * Longest path parameter (find-my-way's maxParamLength, set to this in app.ts): a longer one is 414. The router
 * answers that itself when no other route matches; with the web app's wildcard route, the path falls through to
 * the not-found handler instead, which answers 414 the same way for an API path with an over-long segment.
 */
export const MAX_PATH_PARAM_LENGTH = 100;

export const ADDRESS_TOO_LONG = 'The address is too long.';

export interface WebAppOptions {
  /** Built web app; null or a directory without index.html serves the API only. */
  distDir: string | null;
}

export const webApp = fp<WebAppOptions>(
  async (app, options) => {
    const root = options.distDir;
    const serveWeb = root !== null && existsSync(join(root, 'index.html'));
    if (serveWeb) {
      await app.register(fastifyStatic, {
        root,
        // The wildcard route serves files built after start too; a missing file goes to the not-found handler.
        wildcard: true,
        // The build wrote a .br and a .gz copy of every compressible file: each request gets the best one its
        // Accept-Encoding takes (brotli, then gzip), or the file itself; nothing is compressed per request.
        preCompressed: true,
        cacheControl: false,
        setHeaders: (res, path) => {
          // Vite fingerprints everything under assets/ (a new build has new names): cached for a year, never
          // revalidated. Everything else (index.html, sw.js, the manifest, icons) is revalidated on every use.
          res.setHeader('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
          // The same URL answers differently by Accept-Encoding: shared caches must keep them apart.
          res.setHeader('vary', 'accept-encoding');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const isApi = path === '/api' || path.startsWith('/api/');
      // A missing file (anything whose last segment has an extension) stays a 404.
      const isFile = /\.[^/]*$/.test(path);
      if (serveWeb && !isApi && !isFile && (request.method === 'GET' || request.method === 'HEAD')) {
        // Client-side routes (/game, /leaderboard, /gameover, unknown pages) are the single-page app: a page, with
        // the pages' security headers (this handler's own are the API's).
        reply.helmet(PAGE_HELMET);
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      if (isApi && path.split('/').some((segment) => segment.length > MAX_PATH_PARAM_LENGTH)) {
        return sendError(reply, 414, ApiErrorCode.INVALID_INPUT, ADDRESS_TOO_LONG);
      }
      return sendError(reply, 404, ApiErrorCode.NOT_FOUND, 'Not found.');
    });
  },
  { name: 'web-app' },
);

// Security headers by @fastify/helmet. Two policies: JSON replies (every /api reply, errors and the JSON 404
// included) get the API's, which is the plugin's global one; pages (the web app's files, its index.html fallback
// and the API docs) get the pages' one, by helmet's route option or, for the fallback, reply.helmet (webApp.ts).
// API replies also say `cache-control: no-store`: they carry a player's game and session, which no browser or proxy
// cache should keep (a route may set its own value after this hook).
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/** helmet's options, as @fastify/helmet takes them (globally, per route and in reply.helmet). */
type HelmetOptions = NonNullable<Parameters<FastifyReply['helmet']>[0]>;

/** Pages: every helmet header, and a CSP that lets a page load from this origin only (merged over API_HELMET). */
export const PAGE_HELMET: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      mediaSrc: ["'self'", 'data:', 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // The headers that act only on a document a browser renders (the API's policy leaves them out).
  crossOriginOpenerPolicy: true,
  originAgentCluster: true,
  referrerPolicy: true,
  xDnsPrefetchControl: true,
  xDownloadOptions: true,
  xPermittedCrossDomainPolicies: true,
  xXssProtection: true,
};

/**
 * JSON replies: never rendered as a document, so nothing may load from one and nothing may frame it (an API's usual
 * CSP), and without the headers that act only on documents. Stricter than the pages' policy, and shorter.
 */
const API_HELMET: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  // The legacy header says what CSP frame-ancestors 'none' says (helmet's default SAMEORIGIN would allow framing by
  // this origin, which the CSP forbids). Pages keep it too: their policy is merged over this one.
  xFrameOptions: { action: 'deny' },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** The API's own pages (Swagger UI and its files at /api/docs). */
function isApiDocsPath(url: string): boolean {
  return url.startsWith('/api/docs') && (url.length === 9 || url[9] === '/' || url[9] === '?');
}

export const securityHeaders = fp(
  async (app) => {
    // Before helmet's own onRoute hook, which reads a route's `helmet` option.
    app.addHook('onRoute', (route) => {
      if (!isApiPath(route.url) || isApiDocsPath(route.url)) route.helmet = PAGE_HELMET;
    });
    await app.register(helmet, API_HELMET);
    app.addHook('onRequest', (request, reply, done) => {
      if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
      done();
    });
  },
  { name: 'security-headers' },
);

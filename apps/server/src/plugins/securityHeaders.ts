// Security headers: helmet works them out once here and a hook copies them (@fastify/helmet rebuilt helmet's
// middleware, parsing the CSP directives again, on every request). API replies also say `cache-control: no-store`:
// they carry a player's game and session, which no browser or proxy cache should keep (a route may set its own
// value after this hook); JSON replies carry only the headers that act on them (API_HEADER_NAMES), and a CSP of
// their own (API_CSP).
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

const HELMET_OPTIONS: HelmetOptions = {
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
  // The legacy header says what CSP frame-ancestors 'none' says (helmet's default SAMEORIGIN would allow framing
  // by this origin, which the CSP forbids).
  xFrameOptions: { action: 'deny' },
};

/**
 * The CSP of a JSON reply: it is never rendered as a document, so nothing may load from it and nothing may frame it
 * (the API's usual policy; GitHub's API sends the same). Stricter than the pages' policy, and 45 characters
 * instead of 257 on every reply (a move's whole reply is often ~600 bytes of body).
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * What a JSON reply needs of helmet's headers. The others (cross-origin-opener-policy, origin-agent-cluster,
 * referrer-policy, x-dns-prefetch-control, x-download-options, x-permitted-cross-domain-policies,
 * x-xss-protection) act only on a document a browser renders: every page (the web app and the API docs) keeps
 * them, and a JSON reply, which is never rendered as one, goes without them (each header is work for every reply:
 * copied, checked and written by Node).
 */
const API_HEADER_NAMES = [
  'content-security-policy',
  'cross-origin-resource-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
];

export const securityHeaders = fp(
  async (app) => {
    const headers = helmetHeaders(HELMET_OPTIONS);
    const apiDocsHeaders = { ...headers, 'cache-control': 'no-store' };
    const apiHeaders: Record<string, string> = { 'cache-control': 'no-store' };
    for (const name of API_HEADER_NAMES) if (headers[name] !== undefined) apiHeaders[name] = headers[name];
    apiHeaders['content-security-policy'] = API_CSP;
    app.addHook('onRequest', (request, reply, done) => {
      const url = request.url;
      reply.headers(isApiPath(url) ? (isApiDocsPath(url) ? apiDocsHeaders : apiHeaders) : headers);
      done();
    });
  },
  { name: 'security-headers' },
);

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** The API's own pages (Swagger UI at /api/docs): documents, with every header a page gets. */
function isApiDocsPath(url: string): boolean {
  return url.startsWith('/api/docs') && (url.length === 9 || url[9] === '/' || url[9] === '?');
}

/** The headers helmet would set, computed once (helmet's middleware run against a recording response). */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
  return headers;
}

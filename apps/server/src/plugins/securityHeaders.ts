// Security headers: the same on every reply, so helmet works them out once here and a hook copies them
// (@fastify/helmet rebuilt helmet's middleware, parsing the CSP directives again, on every request). API replies
// also say `cache-control: no-store`: they carry a player's game and session, which no browser or proxy cache
// should keep (a route may set its own value after this hook).
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

export const securityHeaders = fp(
  async (app) => {
    const headers = helmetHeaders(HELMET_OPTIONS);
    const apiHeaders = { ...headers, 'cache-control': 'no-store' };
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isApiPath(request.url) ? apiHeaders : headers);
      done();
    });
  },
  { name: 'security-headers' },
);

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
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

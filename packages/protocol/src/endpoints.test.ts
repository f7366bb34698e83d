import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Endpoints } from './endpoints';
import { ApiRoutes } from './routes';

describe('endpoints', () => {
  it('are the method, url and session need of every route, one to one', () => {
    expect(Object.keys(ApiRoutes).sort()).toEqual(Object.keys(Endpoints).sort());
    for (const [name, route] of Object.entries(ApiRoutes)) {
      const endpoint = Endpoints[name as keyof typeof Endpoints];
      expect({ method: route.method, url: route.url, session: route.session }, name).toEqual({
        method: endpoint.method,
        url: endpoint.url,
        session: endpoint.session,
      });
    }
  });

  it('act on the session by default for POST and not for GET, unless told', () => {
    expect(Endpoints.travel.session).toBe(true);
    expect(Endpoints.newGame.session).toBe(false);
    expect(Endpoints.trackEvent.session).toBe(false);
    expect(Endpoints.version.session).toBe(false);
    expect(Endpoints.state.session).toBe(true);
  });

  it('and the wire constants import nothing, so the web client that reads them bundles no schema library', () => {
    for (const file of ['./endpoints.ts', './constants.ts']) {
      const source = readFileSync(new URL(file, import.meta.url), 'utf8');
      expect(source, file).not.toMatch(/^\s*import\s/m);
    }
  });
});

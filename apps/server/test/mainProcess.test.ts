// main.ts as `npm start` runs it: configuration from the environment, and a clean exit on SIGTERM.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { spawnServer } from './support/storageProcess';
import { sqliteTarget } from './support/storageTargets';

describe('the server process', () => {
  const target = sqliteTarget();
  afterAll(() => target.cleanup());

  it('reads APP_ENV=production as 2.2.0-PROD, checks the database, and exits 0 on SIGTERM', async () => {
    const server = await spawnServer({ DATABASE_URL: await target.freshUrl(), APP_ENV: 'production' });
    try {
      const version = await (await fetch(`${server.baseUrl}/api/version`)).json();
      expect(version).toEqual({ version: '2.2.0-PROD', environment: 'production' });
      const health = await fetch(`${server.baseUrl}/api/health`);
      expect(health.status).toBe(200);
      const game = await fetch(`${server.baseUrl}/api/game/new`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ playerName: 'proc', seed: null }),
      });
      expect(game.status).toBe(200);
      // pino JSON lines; the session id header is redacted from request logs.
      expect(server.output()).toMatch(/"msg":"Server listening at/);
      expect(server.output()).not.toContain('"msg":"configuration"'); // info level in production
    } finally {
      await server.stop();
    }
    expect(server.child.exitCode).toBe(0);
    expect(server.output()).toContain('"msg":"shutting down"');
  });

  it('reads APP_ENV=development as 2.2.0-DEV with debug logging', async () => {
    const server = await spawnServer({ DATABASE_URL: await target.freshUrl(), APP_ENV: 'development', LOG_LEVEL: '' });
    try {
      const version = await (await fetch(`${server.baseUrl}/api/version`)).json();
      expect(version).toEqual({ version: '2.2.0-DEV', environment: 'development' });
      // Debug logging is on (waitFor: the line may still be in the pipe).
      await vi.waitFor(() => expect(server.output()).toMatch(/"level":20[^\n]*"msg":"configuration"/), { timeout: 10_000 });
    } finally {
      await server.stop();
    }
  });
});

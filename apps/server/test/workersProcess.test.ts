// WORKERS=2: main.ts as a node:cluster primary with two server processes on one port. Any request may reach
// either process (a game stays one game), a worker that dies is replaced, and SIGTERM stops them all.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { SERVER_NODE_FLAGS } from '../src/serverNodeFlags';
import { parseWorkers } from '../src/workers';
import { spawnServer } from './support/storageProcess';
import { sqliteTarget } from './support/storageTargets';

interface Reply {
  status: number;
  body: { sessionId?: string; gameState?: { player: { day: number; cash: number } } };
}

/** One call on a connection of its own (agent: false), so the cluster hands each call to the next worker. */
function callOnNewConnection(baseUrl: string, method: 'GET' | 'POST', path: string, sessionId?: string, body?: unknown): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      `${baseUrl}${path}`,
      {
        method,
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(sessionId ? { 'x-session-id': sessionId } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Reply['body'] }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Worker pids that logged a completed request. */
function pidsServing(output: string): Set<number> {
  const pids = new Set<number>();
  for (const line of output.split('\n')) {
    const match = /"pid":(\d+)[^\n]*"msg":"request completed"/.exec(line);
    if (match) pids.add(Number(match[1]));
  }
  return pids;
}

describe('WORKERS', () => {
  const target = sqliteTarget();
  afterAll(() => target.cleanup());

  it('parses WORKERS: unset is the default, a whole number 1..256 is taken, anything else is refused', () => {
    expect(parseWorkers(undefined, 3)).toBe(3);
    expect(parseWorkers(' ', 1)).toBe(1);
    expect(parseWorkers('2', 1)).toBe(2);
    for (const bad of ['0', '-1', '1.5', 'two', '257']) expect(() => parseWorkers(bad, 1), bad).toThrow(/WORKERS must be a whole number/);
  });

  it('two processes serve one port: a game stays one game whichever process answers; a dead worker is replaced; SIGTERM stops all', async () => {
    const server = await spawnServer({ DATABASE_URL: await target.freshUrl(), WORKERS: '2' });
    const workerPids: number[] = [];
    try {
      await vi.waitFor(() => expect(server.output()).toContain('"msg":"all workers listening"'), { timeout: 30_000 });
      const pids = (JSON.parse(server.output().split('\n').find((l) => l.includes('all workers listening'))!) as { pids: number[] }).pids;
      workerPids.push(...pids);
      expect(pids).toHaveLength(2);
      expect(pids).not.toContain(server.child.pid);
      // Each worker runs with the server's Node flags, though this primary was started without them.
      for (const pid of pids) {
        const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        for (const flag of SERVER_NODE_FLAGS) expect(argv, `worker ${pid}`).toContain(flag);
      }

      const created = await callOnNewConnection(server.baseUrl, 'POST', '/api/game/new', undefined, { playerName: 'Twin', seed: '1984' });
      expect(created.status).toBe(200);
      const sessionId = created.body.sessionId!;
      const stayed = await callOnNewConnection(server.baseUrl, 'POST', '/api/game/stay', sessionId);
      expect(stayed.status).toBe(200);
      const after = stayed.body.gameState!.player;
      expect(after.day).toBe(created.body.gameState!.player.day + 1);
      for (let i = 0; i < 6; i++) {
        const state = await callOnNewConnection(server.baseUrl, 'GET', '/api/game/state', sessionId);
        expect(state.status).toBe(200);
        expect(state.body.gameState!.player).toMatchObject({ day: after.day, cash: after.cash });
      }
      // both processes answered some of those calls
      await vi.waitFor(() => expect([...pidsServing(server.output())].sort()).toEqual([...pids].sort()), { timeout: 10_000 });

      // a worker killed outright is replaced, and the game goes on
      process.kill(pids[0]!, 'SIGKILL');
      await vi.waitFor(() => expect(server.output()).toContain('"msg":"worker died; starting another"'), { timeout: 10_000 });
      await vi.waitFor(() => expect(server.output().match(/"msg":"Server listening at/g)).toHaveLength(3), { timeout: 30_000 });
      for (let i = 0; i < 4; i++) {
        const state = await callOnNewConnection(server.baseUrl, 'GET', '/api/game/state', sessionId);
        expect(state.body.gameState!.player.day).toBe(after.day);
      }
      const replacement = [...pidsServing(server.output())].find((pid) => !pids.includes(pid));
      expect(replacement).toBeDefined();
      workerPids.push(replacement!);
    } finally {
      await server.stop();
    }
    expect(server.child.exitCode).toBe(0);
    expect(server.output()).toContain('"msg":"shutting down all workers"');
    for (const pid of workerPids) expect(alive(pid), `worker ${pid}`).toBe(false);
  });
});

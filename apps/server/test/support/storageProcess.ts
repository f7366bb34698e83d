// Spawns the real server process (apps/server/src/main.ts under tsx), as `npm start` would run it, and learns
// its address from the "Server listening at" log line (PORT=0 lets the OS pick a free port).
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const mainTs = join(repoRoot, 'apps', 'server', 'src', 'main.ts');

/**
 * How long a spawned server may take to listen before spawnServer kills it and fails with its output. Starting
 * main.ts under tsx is ~2.7 s of CPU (loading every module through tsx's loader hooks), ~1.5 s on an idle machine,
 * but it is the one part of a process test that grows with the machine's load: two servers started together while
 * three other copies of the same test started theirs on the same core listened after 29 s, ten times what the
 * tests after them took. A hook or test that starts servers allows this plus its own work (see scaleoutServers).
 */
export const SERVER_START_TIMEOUT_MS = 150_000;

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Everything the process wrote, for failure messages. */
  output(): string;
  /** SIGKILL: no shutdown hook runs, like a crash or an OOM kill. */
  kill(): Promise<void>;
  /** SIGTERM and wait for a clean exit. */
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function spawnServer(env: { DATABASE_URL: string } & Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', mainTs], {
    cwd: repoRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', APP_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  let timer: NodeJS.Timeout | undefined;
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      log += chunk.toString('utf8');
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => reject(new Error(`server exited before listening (${code ?? signal}):\n${log}`)));
    child.once('error', reject);
    // Never left running unseen: a server that does not come up is killed and its output shown.
    timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not listen within ${SERVER_START_TIMEOUT_MS} ms:\n${log}`));
    }, SERVER_START_TIMEOUT_MS);
  }).finally(() => clearTimeout(timer));
  return {
    baseUrl,
    child,
    output: () => log,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

/**
 * Several servers started at the same moment (on one empty database they race to migrate it). If one fails to
 * start, the others are stopped before the error is thrown: none is left running with nobody to stop it.
 */
export async function spawnServers(envs: ({ DATABASE_URL: string } & Record<string, string>)[]): Promise<ServerProcess[]> {
  const started = await Promise.allSettled(envs.map((env) => spawnServer(env)));
  const failure = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  if (failure) {
    await Promise.all(servers.map((s) => s.stop()));
    throw failure.reason;
  }
  return servers;
}

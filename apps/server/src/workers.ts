// WORKERS: several server processes on one port (node:cluster; Node 20 has no SO_REUSEPORT option). The primary
// process serves nothing itself: it forks the workers, passes each new connection to one of them in turn,
// replaces a worker that dies, and stops them all on SIGTERM/SIGINT. Each worker is a whole server
// (main.ts's serve) with its own storage connection; nothing is shared between them in memory, so any request
// may reach any worker (the version check in storage.sessions.append decides races between processes).
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { withServerNodeFlags } from './serverNodeFlags';

/** Upper bound of WORKERS: far above any machine this runs on, low enough to stop a typo forking thousands. */
export const MAX_WORKERS = 256;
/** A worker that is not listening this long after its fork is taken as failed at start. */
const START_TIMEOUT_MS = 60_000;
/** On shutdown, workers still running after this (a request that never ends) are killed. */
const STOP_TIMEOUT_MS = 30_000;
/** More unexpected worker deaths than this within CRASH_WINDOW_MS: stop everything rather than loop. */
const MAX_CRASHES = 5;
const CRASH_WINDOW_MS = 60_000;

/** WORKERS from the environment: unset or empty = fallback; otherwise a whole number 1..MAX_WORKERS. */
export function parseWorkers(value: string | undefined, fallback: number): number {
  const text = (value ?? '').trim();
  if (text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > MAX_WORKERS) {
    throw new Error(`WORKERS must be a whole number from 1 to ${MAX_WORKERS} (got '${value}').`);
  }
  return n;
}

export interface WorkerPool {
  /** Resolves with the port once every worker first listens; rejects if one fails to start. */
  ready: Promise<number>;
  /** Process ids of the workers now running. */
  pids(): number[];
  /** Stops every worker (SIGTERM, then SIGKILL after STOP_TIMEOUT_MS); resolves when all have exited. */
  stop(): Promise<void>;
}

/**
 * Forks `count` workers (each runs this process's entry script again, in which cluster.isWorker is true) and
 * supervises them. `onFatal` is called once when the pool cannot go on (a worker failed to start, or workers
 * keep dying): the caller exits non-zero.
 */
export function startWorkers(count: number, log: Logger, onFatal: (reason: string) => void): WorkerPool {
  const listening = new Set<Worker>();
  const crashes: number[] = [];
  let stopping = false;
  let fatal = false;
  let resolveReady: (port: number) => void = () => undefined;
  let rejectReady: (error: Error) => void = () => undefined;
  const ready = new Promise<number>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  ready.catch(() => undefined); // a caller that only uses onFatal must not see an unhandled rejection
  let readyPort: number | null = null;

  const giveUp = (reason: string) => {
    if (fatal || stopping) return;
    fatal = true;
    log.error({ reason }, 'stopping all workers');
    rejectReady(new Error(reason));
    void stop().then(() => onFatal(reason));
  };

  // Workers run with the server's Node flags however the primary was started (they are set at a process's start).
  cluster.setupPrimary({ execArgv: withServerNodeFlags(process.execArgv) });
  const fork = (): Worker => {
    const worker = cluster.fork();
    const startTimer = setTimeout(() => {
      if (!listening.has(worker)) giveUp(`worker ${worker.process.pid} did not start listening within ${START_TIMEOUT_MS / 1000} s`);
    }, START_TIMEOUT_MS);
    startTimer.unref();
    worker.once('listening', (address) => {
      clearTimeout(startTimer);
      listening.add(worker);
      if (readyPort === null && listening.size === count) {
        readyPort = address.port;
        log.info({ workers: count, port: address.port, pids: pids() }, 'all workers listening');
        resolveReady(address.port);
      }
    });
    worker.once('exit', (code, signal) => {
      clearTimeout(startTimer);
      const wasListening = listening.delete(worker);
      if (stopping) return;
      if (!wasListening) {
        giveUp(`worker ${worker.process.pid} exited before listening (${signal ?? code})`);
        return;
      }
      const now = Date.now();
      crashes.push(now);
      while (crashes.length > 0 && crashes[0]! < now - CRASH_WINDOW_MS) crashes.shift();
      if (crashes.length > MAX_CRASHES) {
        giveUp(`${crashes.length} workers died within ${CRASH_WINDOW_MS / 1000} s`);
        return;
      }
      log.warn({ workerPid: worker.process.pid, code, signal }, 'worker died; starting another');
      fork();
    });
    return worker;
  };

  const pids = () =>
    Object.values(cluster.workers ?? {})
      .map((w) => w?.process.pid)
      .filter((pid): pid is number => typeof pid === 'number');

  const stop = async (): Promise<void> => {
    stopping = true;
    const running = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
    await Promise.all(
      running.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            const force = setTimeout(() => worker.process.kill('SIGKILL'), STOP_TIMEOUT_MS);
            worker.once('exit', () => {
              clearTimeout(force);
              resolve();
            });
            // The worker's own SIGTERM handler lets its in-flight requests finish, then exits.
            worker.process.kill('SIGTERM');
          }),
      ),
    );
  };

  for (let i = 0; i < count; i++) fork();
  return { ready, pids, stop };
}

// WAL checkpoints off the event loop (the worker itself is sqliteCheckpointerWorker.mjs).
//
// SQLite's automatic checkpoint runs inside whichever commit crosses 1000 WAL pages, on the event loop, and
// includes an fsync of the database file: a multi-millisecond stall of every request now and then (the p99).
// Instead the main connection never checkpoints (wal_autocheckpoint = 0 in sqliteDatabase.ts) and a worker thread,
// with its own connection, runs a PASSIVE checkpoint (never blocks the writer) once a second. Under a
// constant stream of writes a PASSIVE checkpoint never finds the WAL fully copied at the moment a writer starts,
// so the WAL would grow forever: once it passes WAL_RESTART_FRAMES the worker runs a RESTART checkpoint, which
// holds writers back only for the few frames the last PASSIVE pass left, and the next write starts the WAL from
// the beginning again.
import { Worker } from 'node:worker_threads';

/**
 * How often the background thread copies the WAL back into the database file. A pass copies the last version of
 * each page written since the one before; the hot pages are written by many commits in between, so rarer passes
 * copy less. Each server process runs one.
 */
const CHECKPOINT_INTERVAL_MS = 1000;
/** How long the thread's RESTART waits for the writers (on its own thread, never the event loop's). */
const CHECKPOINT_BUSY_TIMEOUT_MS = 5000;
/** WAL frames (pages) beyond which the background thread also restarts the WAL so the file stops growing. */
const WAL_RESTART_FRAMES = 8192;
/** How long stop() waits for the last checkpoint before terminating the thread. */
const STOP_GRACE_MS = 2000;

export interface SqliteCheckpointer {
  /** One last checkpoint, then the thread closes its connection and exits. */
  stop(): Promise<void>;
}

export function startSqliteCheckpointer(path: string): SqliteCheckpointer {
  const worker = new Worker(new URL('./sqliteCheckpointerWorker.mjs', import.meta.url), {
    workerData: {
      path,
      intervalMs: CHECKPOINT_INTERVAL_MS,
      restartFrames: WAL_RESTART_FRAMES,
      busyTimeoutMs: CHECKPOINT_BUSY_TIMEOUT_MS,
    },
  });
  worker.unref(); // never keeps the process alive
  worker.on('error', () => {}); // a failed checkpointer only means the WAL grows until the next start
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        worker.postMessage('stop');
        setTimeout(() => void worker.terminate(), STOP_GRACE_MS).unref();
      }),
  };
}

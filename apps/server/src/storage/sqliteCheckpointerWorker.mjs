// @ts-check
// The worker thread of sqliteCheckpointer.ts (a plain ES module, type-checked through JSDoc: a worker thread does
// not inherit the tsx loader the server's TypeScript runs under, so it cannot be a .ts file).
// Its own connection copies the WAL back into the database file: PASSIVE every intervalMs (never blocks a
// writer), RESTART once the WAL passes restartFrames pages (so the file stops growing under constant writes).
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/**
 * @typedef {object} CheckpointerSettings
 * @property {string} path database file
 * @property {number} intervalMs time between two PASSIVE checkpoints
 * @property {number} restartFrames WAL pages beyond which a RESTART follows the PASSIVE one
 * @property {number} busyTimeoutMs how long a RESTART waits for writers to finish
 */

/** @type {CheckpointerSettings} */
const settings = workerData;
const db = new Database(settings.path, { fileMustExist: true });
db.pragma(`busy_timeout = ${settings.busyTimeoutMs}`);

function checkpoint() {
  try {
    const [passive] = /** @type {{ busy: number; log: number; checkpointed: number }[]} */ (db.pragma('wal_checkpoint(PASSIVE)'));
    if (passive && passive.log > settings.restartFrames) db.pragma('wal_checkpoint(RESTART)');
  } catch {
    // Busy or closing: the next tick tries again.
  }
}

const timer = setInterval(checkpoint, settings.intervalMs);
// Any message means stop: one last checkpoint, then close so the thread can exit.
parentPort?.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort?.close();
});

// The settings every SQLite connection of the server runs with, and the one way it takes the write lock without
// waiting (shared by the group-commit runner and the migration lock).
import type BetterSqlite3 from 'better-sqlite3';

/** How long a writer waits for another process's write lock before SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5000;

/**
 * The page size of a database this server creates (an existing file keeps its own: SQLite changes it only on an
 * empty file). A game action dirties about two pages wherever they sit (its session's leaf of the actions index,
 * its share of the log's and the live sessions' pages), and a commit writes each dirty page whole to the WAL, which
 * the checkpointer then copies again: with 2 KB pages a commit writes half the bytes for a few more frames.
 * Measured on SQLite 3 with 64 games appending in groups of 8: COMMIT ~80 -> ~65 us per group; 1 KB pages
 * wrote too many more frames (~71 us), 8 and 16 KB far more bytes (~100-350 us).
 *
 * Where a group's frames go (a model of the bench's writes on this schema: 64 live games of ~78 actions, groups
 * of 8, ~20 frames a group): the leaves and parents of the actions primary-key index ~14 (each game's entries sit
 * apart, keyed by its 36-character id, and a full leaf is rebalanced with its neighbours), the sessions rows'
 * leaves ~3, the log's own tail ~2, page 1 (the file's size in its header) ~0.6. So an append that left the
 * sessions row alone (the version guard in the actions key instead) would save only its ~3; a WITHOUT ROWID log
 * wrote more (~23: whole rows in those leaves); an integer session key in the log would write ~16 (a schema
 * change, not made).
 */
export const NEW_DATABASE_PAGE_SIZE = 2048;

/**
 * WAL: readers never block the writer and commits are appends to the log. synchronous=NORMAL in WAL mode stays
 * consistent after a process crash (a committed transaction survives kill -9); only a power loss can drop the
 * last commits. foreign_keys enables the actions -> sessions ON DELETE CASCADE. With `checkpointElsewhere`, this
 * connection never checkpoints (sqliteCheckpointer.ts does it on its own thread). The page size goes first: it
 * must be set before WAL mode writes the new file's header.
 */
export function applySqlitePragmas(sqlite: BetterSqlite3.Database, options: { checkpointElsewhere: boolean }): void {
  sqlite.pragma(`page_size = ${NEW_DATABASE_PAGE_SIZE}`);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  if (options.checkpointElsewhere) sqlite.pragma('wal_autocheckpoint = 0');
}

/** The statements tryBeginImmediate runs for every group commit, prepared once per connection. */
interface LockStatements {
  noWait: BetterSqlite3.Statement;
  wait: BetterSqlite3.Statement;
  begin: BetterSqlite3.Statement;
}
const lockStatements = new WeakMap<BetterSqlite3.Database, LockStatements>();

function statementsOf(sqlite: BetterSqlite3.Database): LockStatements {
  let found = lockStatements.get(sqlite);
  if (!found) {
    found = {
      noWait: sqlite.prepare('PRAGMA busy_timeout = 0'),
      wait: sqlite.prepare(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`),
      begin: sqlite.prepare('BEGIN IMMEDIATE'),
    };
    lockStatements.set(sqlite, found);
  }
  return found;
}

/**
 * BEGIN IMMEDIATE without waiting: true when this connection now holds the write lock, false when another
 * connection holds it (SQLITE_BUSY). Any other failure is thrown. Callers retry asynchronously, because
 * busy_timeout would block this thread (the event loop) while the lock holder may be this very process.
 * The two PRAGMAs around BEGIN cost ~0.3 us per game request (within the noise of an in-process benchmark of 64
 * games, groups of 8): keeping busy_timeout at 0 for good would save that but leave every read (and a start on a
 * new file) to fail at once on another process's lock instead of waiting, so they stay.
 */
export function tryBeginImmediate(sqlite: BetterSqlite3.Database): boolean {
  const statements = statementsOf(sqlite);
  statements.noWait.get();
  try {
    statements.begin.run();
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'SQLITE_BUSY') return false;
    throw error;
  } finally {
    statements.wait.get();
  }
}

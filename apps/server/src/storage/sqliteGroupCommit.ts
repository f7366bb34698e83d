// SQLite group commit: the transactions asked for during one turn of the event loop run one after the other inside
// one SQLite transaction (up to GROUP_COMMIT_SIZE), and each promise settles only after that COMMIT. A commit (BEGIN
// and COMMIT through Kysely, and the WAL frames of every page the transaction touched) was the dearest part of a
// move on SQLite; the bench figures are in the commit that added this. When one of a group's works throws, the
// group is rolled back and each of its works runs again in a transaction of its own (a TransactionWork may run more
// than once), so one failure never undoes another's writes.
import type { TransactionWork } from './database';

/** Transactions that share one commit at most. */
export const GROUP_COMMIT_SIZE = 32;

interface Queued {
  work: TransactionWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export class SqliteGroupCommit {
  private queue: Queued[] = [];
  private draining: Promise<void> | null = null;

  /** `run` is one database transaction (Kysely's, retried while another connection holds the lock). */
  constructor(private readonly run: <T>(work: TransactionWork<T>) => Promise<T>) {}

  transaction<T>(work: TransactionWork<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      // setImmediate: after every request of this turn has asked for its transaction.
      this.draining ??= new Promise<void>((done) => setImmediate(done)).then(() => this.drain());
    });
  }

  /** Resolves once every transaction asked for so far has settled. */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) await this.commit(this.queue.splice(0, GROUP_COMMIT_SIZE));
    this.draining = null;
  }

  private async commit(group: Queued[]): Promise<void> {
    let values: unknown[];
    try {
      values = await this.run(async (trx) => {
        const results: unknown[] = [];
        for (const { work } of group) results.push(await work(trx));
        return results;
      });
    } catch (error) {
      if (group.length === 1) return group[0]!.reject(error);
      for (const { work, resolve, reject } of group) await this.run(work).then(resolve, reject);
      return;
    }
    group.forEach(({ resolve }, i) => resolve(values[i]));
  }
}

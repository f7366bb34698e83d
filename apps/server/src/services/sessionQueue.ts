// One game's state-changing calls run one at a time in this process, in arrival order: a burst from one player
// (a double click, a retry racing its original, a script) is answered in order instead of racing itself into
// version conflicts. Only another process writing the same game can still make an append retry (CONFLICT is left
// for that).
import { tooManyMoves } from '../errors';

/** More calls than this waiting on one game are refused at once (each holds an open request). */
export const MAX_QUEUED_PER_SESSION = 100;

export class SessionQueue {
  /** The last queued call of each game and how many are waiting; an entry goes when its queue empties. */
  private readonly queues = new Map<string, { tail: Promise<unknown>; length: number }>();

  run<T>(sessionId: string, task: () => Promise<T>): Promise<T> {
    const queue = this.queues.get(sessionId);
    if (queue === undefined) {
      // Nothing running or waiting for this game (the usual case): the call starts at once, without waiting a turn
      // on an already settled promise. Calls that come while it runs queue behind it as below.
      let result: Promise<T>;
      try {
        result = task();
      } catch (error) {
        return Promise.reject(error);
      }
      const entry = { tail: result as Promise<unknown>, length: 1 };
      const done = () => this.done(sessionId, entry);
      entry.tail = result.then(done, done);
      this.queues.set(sessionId, entry);
      return result;
    }
    if (queue.length >= MAX_QUEUED_PER_SESSION) {
      return Promise.reject(tooManyMoves());
    }
    // Runs after the previous call settles, whether it succeeded or not.
    const result = queue.tail.then(task);
    queue.length++;
    const done = () => this.done(sessionId, queue);
    queue.tail = result.then(done, done);
    return result;
  }

  /** Games with calls running or waiting (for tests and metrics). */
  get size(): number {
    return this.queues.size;
  }

  private done(sessionId: string, queue: { length: number }): void {
    queue.length--;
    if (queue.length === 0 && this.queues.get(sessionId) === queue) this.queues.delete(sessionId);
  }
}

// One game's state-changing calls run one at a time in this process, in arrival order: a burst from one player
// (a double click, a retry racing its original, a script) is answered in order instead of racing itself into
// version conflicts. Only another process writing the same game can still make an append retry (CONFLICT is left
// for that).
import { tooManyMoves } from '../errors';

/** More calls than this waiting on one game are refused at once (each holds an open request). */
export const MAX_QUEUED_PER_SESSION = 100;

export class SessionQueue {
  /** The last queued call of each game and how many are waiting; an entry goes when its queue empties. */
  private readonly queues = new Map<string, { tail: Promise<void>; length: number }>();

  run<T>(sessionId: string, task: () => Promise<T>): Promise<T> {
    const queue = this.queues.get(sessionId) ?? { tail: Promise.resolve(), length: 0 };
    if (queue.length >= MAX_QUEUED_PER_SESSION) {
      return Promise.reject(tooManyMoves());
    }
    // Runs after the previous call settles, whether it succeeded or not.
    const result = queue.tail.then(task);
    queue.length++;
    queue.tail = result.then(
      () => this.done(sessionId, queue),
      () => this.done(sessionId, queue),
    );
    this.queues.set(sessionId, queue);
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

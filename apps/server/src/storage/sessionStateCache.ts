// The parsed game states of the sessions this process served last. Reading a session's snapshot (8-60 KB of
// JSON), parsing it and rolling it forward over the actions logged since is most of what a move would cost the
// storage without it; a player's next move almost always finds its state here. Only a cache: a load still reads
// the session's row and uses a cached state only at the row's version, so another process's write is always seen.
// The states are shared objects (see the port's note on immutability).
import type { GameState } from '@drugwars/engine';

/** Sessions whose state is kept; the least recently used goes first. */
export const STATE_CACHE_SIZE = 256;

export class SessionStateCache {
  private readonly entries = new Map<string, { version: number; state: GameState }>();

  constructor(private readonly capacity = STATE_CACHE_SIZE) {}

  has(id: string): boolean {
    return this.entries.has(id);
  }

  /** The state after the session's first `version` actions, if that is the one kept. */
  get(id: string, version: number): GameState | undefined {
    const entry = this.entries.get(id);
    if (!entry || entry.version !== version) return undefined;
    this.entries.delete(id); // re-inserted: a Map's order is the recency order
    this.entries.set(id, entry);
    return entry.state;
  }

  set(id: string, version: number, state: GameState): void {
    this.entries.delete(id);
    this.entries.set(id, { version, state });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
}

// Finding seeds with the properties a scenario needs. The engine is pure and deterministic and the server runs
// the same engine, so a seeded game replayed here with the same actions the browser will send reaches the
// same states: the scenario then asserts the browser shows exactly those figures. Only @drugwars/engine's
// public API is used (no server internals).
import { apply, newGame, parseSeed, type Action, type ApplyOk, type GameState } from '@drugwars/engine';

/** 16-digit seeds, deterministic order: 1000000000000000 + n. */
export function seedAt(n: number): string {
  return String(1_000_000_000_000_000n + BigInt(n));
}

export function gameFor(seed: string, playerName: string): GameState {
  const parsed = parseSeed(seed);
  if (!parsed.ok) throw new Error(`bad seed ${seed}: ${parsed.message}`);
  return newGame({ playerName, seed: parsed.seed, isSeeded: true });
}

export function step(state: GameState, action: Action): ApplyOk {
  const result = apply(state, action);
  if (!result.ok) throw new Error(`${JSON.stringify(action)} refused: ${result.code} ${result.message}`);
  return result;
}

/** Applies an action, or null when the engine refuses it. */
export function tryStep(state: GameState, action: Action): ApplyOk | null {
  const result = apply(state, action);
  return result.ok ? result : null;
}

export type FightEnding = 'victory' | 'dead' | 'escaped';

export interface FightOutcome {
  ending: FightEnding;
  state: GameState;
  /** Player attacks (ATTACK clicks) or escape attempts (RUN clicks) made. */
  clicks: number;
}

/**
 * Plays a fight the way the web app's combat controller does: on the player's turn one `fight` aimed at the
 * first living enemy (nothing selected) or one `escape`; on the enemy's turn one `fight` without target per
 * call until the turn returns. Stops at victory, escape or death.
 */
export function playFight(start: GameState, choice: 'attack' | 'run', maxClicks = 60): FightOutcome | null {
  let state = start;
  let clicks = 0;
  for (let guard = 0; guard < 1000; guard++) {
    const enc = state.encounter;
    if (state.player.health <= 0 || state.gameOver) return { ending: 'dead', state, clicks };
    if (!enc) return null;
    let action: Action;
    if (enc.turnOrder === 'player') {
      if (clicks >= maxClicks) return null;
      clicks++;
      if (choice === 'run') {
        if (!enc.canEscape) return null;
        action = { type: 'encounter', action: 'escape' };
      } else {
        const target = enc.enemies.find((e) => e.isAlive && e.health > 0);
        if (!target) return null;
        action = { type: 'encounter', action: 'fight', targetIds: [target.id] };
      }
    } else {
      action = { type: 'encounter', action: 'fight' };
    }
    const res = tryStep(state, action);
    if (!res) return null;
    state = res.state;
    const a = res.attack;
    if (a?.playerDead || state.player.health <= 0) return { ending: 'dead', state, clicks };
    if (a?.victory) return { ending: 'victory', state, clicks };
    if (a?.escaped) return { ending: 'escaped', state, clicks };
  }
  return null;
}

/** The first seed (from `from`, at most `tries`) for which `accept` returns a value. */
export function findSeed<T>(accept: (seed: string) => T | null, opts: { from?: number; tries?: number } = {}): { seed: string; found: T } {
  const from = opts.from ?? 0;
  const tries = opts.tries ?? 20_000;
  for (let n = from; n < from + tries; n++) {
    const seed = seedAt(n);
    let found: T | null = null;
    try {
      found = accept(seed);
    } catch {
      found = null;
    }
    if (found !== null) return { seed, found };
  }
  throw new Error(`no seed found in ${tries} tries`);
}

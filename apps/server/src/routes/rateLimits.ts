// Per-client-address limits on the calls a bot could hammer (new games, score submits, replays, analytics).
export interface RateLimitRule {
  max: number;
  timeWindowMs: number;
}

export interface RateLimits {
  newGame: RateLimitRule;
  submit: RateLimitRule;
  /** A replay not in the cache replays a whole game. */
  replay: RateLimitRule;
  tracking: RateLimitRule;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  newGame: { max: 30, timeWindowMs: 60_000 },
  submit: { max: 20, timeWindowMs: 60_000 },
  replay: { max: 60, timeWindowMs: 60_000 },
  tracking: { max: 300, timeWindowMs: 60_000 },
};

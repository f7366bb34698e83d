// The game service: load a session -> engine.apply -> storage.sessions.append guarded by the version, so two
// concurrent requests on one game can never both spend the same cash (DESIGN.md sections 3 and 4). The server never
// decides a rule; every refusal comes from the engine and is passed on as it is. Around that loop: one game's calls
// run one at a time in this process (SessionQueue), an Idempotency-Key makes a retried call answer its first reply,
// and the action caps bound a game's log (actionCaps.ts).
import { randomBytes, randomUUID } from 'node:crypto';
import {
  apply,
  generatedName,
  introEvents,
  isReplayable,
  newGame,
  parseSeed,
  randomSeed,
  rulesVersionOf,
  validatePlayerName,
  type Action,
  type ApplyOk,
  type GameEvent,
  type GameState,
} from '@drugwars/engine';
import { ApiErrorCode } from '@drugwars/protocol';
import { OutdatedRulesError, SessionLogError, type AppendOptions, type AppendResult, type DailySession, type SessionRecord, type Storage } from '../storage/port';
import { ApiError, auditFailure, fromRuleError, idempotencyKeyReused, rulesChanged, sessionNotFound, tooManyMoves } from '../errors';
import { canonicalJson } from './canonicalJson';
import { checkActionCaps, DEFAULT_ACTION_CAPS, type ActionCaps } from './actionCaps';
import { DailyRun } from './dailyRun';
import { isVisitorId } from './entryView';
import { applyLogged, replayLog } from './logReplay';
import { SessionQueue } from './sessionQueue';

/** Sessions expire after 7 days without activity (SPEC.md section 9). */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * How often another process's write may make us reload and re-apply before we give up (409). With one game's
 * calls queued in each process, a conflict needs two processes writing the same game at once; the jittered pause
 * between attempts lets the other one's queue drain instead of racing it in lockstep.
 */
export const MAX_APPEND_ATTEMPTS = 12;
const RETRY_PAUSE_MAX_MS = 20;

const SESSION_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface GameSessionsOptions {
  storage: Storage;
  now: () => Date;
  sessionTtlMs?: number;
  /** The day's seed of a Daily Run (default: one on the storage's generated secret). */
  dailyRun?: DailyRun;
  actionCaps?: ActionCaps;
  /** Told about what happened (metrics). */
  events?: GameSessionEvents;
}

export interface GameSessionEvents {
  actionApplied?(type: Action['type']): void;
  auditFailed?(): void;
}

/** An applied move: the engine's result, the state it was applied to, and the game's version after it. */
export interface Move {
  result: ApplyOk;
  /** The state the action was applied to (a reply to a client holding it carries only what changed). */
  before: GameState;
  /** The session's version after the move (its place in the action log). */
  version: number;
}

export interface ActOptions {
  /** The request's Idempotency-Key header, if any. */
  idempotencyKey?: string | undefined;
}

export interface NewGameInput {
  playerName: string | undefined;
  seed: string | null | undefined;
  /** Today's Daily Run (the day's shared seed) instead of a random or manual seed. */
  daily?: boolean;
  /** The browser's visitor id: required for a Daily Run (its first finished one of the day ranks). */
  visitorId?: string | null;
  /** Hashed with the time into a 'loser-xxxxxx' name when the player gave none. */
  userAgent: string;
}

export interface CreatedGame {
  sessionId: string;
  state: GameState;
  events: GameEvent[];
  isManualSeed: boolean;
  /** A Daily Run's date, null for other games. */
  dailyDate: string | null;
}

export class GameSessions {
  private readonly storage: Storage;
  private readonly now: () => Date;
  private readonly ttlMs: number;
  private readonly caps: ActionCaps;
  private readonly events: GameSessionEvents;
  private readonly queue = new SessionQueue();
  private readonly dailyRun: DailyRun;

  constructor(options: GameSessionsOptions) {
    this.storage = options.storage;
    this.now = options.now;
    this.ttlMs = options.sessionTtlMs ?? SESSION_TTL_MS;
    this.caps = options.actionCaps ?? DEFAULT_ACTION_CAPS;
    this.events = options.events ?? {};
    this.dailyRun = options.dailyRun ?? new DailyRun({ storage: options.storage, now: options.now });
  }

  /** The cut-off: a session idle since before this instant has expired. */
  expiresBefore(): Date {
    return new Date(this.now().getTime() - this.ttlMs);
  }

  async create(input: NewGameInput): Promise<CreatedGame> {
    const rawName = (input.playerName ?? '').trim();
    let playerName: string;
    if (rawName === '') {
      playerName = generatedName(`${this.now().getTime()}|${input.userAgent}`);
    } else {
      const checked = validatePlayerName(rawName);
      if (!checked.ok) throw new ApiError(400, ApiErrorCode.INVALID_PLAYER_NAME, checked.message);
      playerName = checked.name;
    }

    const seedText = input.seed == null ? '' : input.seed.trim();
    let seed: string;
    const isSeeded = seedText !== '' && !input.daily;
    let daily: DailySession | null = null;
    if (input.daily) {
      if (seedText !== '') throw new ApiError(400, ApiErrorCode.INVALID_INPUT, 'A Daily Run has its own seed: leave the seed empty.');
      const visitorId = input.visitorId ?? '';
      if (!isVisitorId(visitorId)) throw new ApiError(400, ApiErrorCode.INVALID_INPUT, "A Daily Run needs the browser's visitor id.");
      daily = { date: this.dailyRun.today(), visitorId };
      // Not a seeded game as far as the engine is concerned: its seed is never shown in the game (formattedSeed null).
      seed = await this.dailyRun.seedFor(daily.date);
    } else if (isSeeded) {
      const parsed = parseSeed(seedText);
      if (!parsed.ok) throw new ApiError(400, ApiErrorCode.INVALID_SEED, parsed.message);
      seed = parsed.seed;
    } else {
      // A secret seed from the OS: an unseeded game must not be reproducible by the player.
      seed = randomSeed(randomBytes(16));
    }

    const state = newGame({ playerName, seed, isSeeded });
    const sessionId = randomUUID();
    await this.storage.sessions.create({ id: sessionId, playerName, seed, isSeeded, state, daily }, this.now());
    return { sessionId, state, events: introEvents(state), isManualSeed: isSeeded, dailyDate: daily?.date ?? null };
  }

  /**
   * The live session or null (unknown, malformed, ended or expired id). A game started under rules this engine no
   * longer plays is 410 RULES_CHANGED: closed with a clear message, never an audit failure.
   */
  async find(sessionId: string | undefined): Promise<SessionRecord | null> {
    const id = normalizedId(sessionId);
    return id === null ? null : this.read(id);
  }

  /** The live session, or 404 SESSION_NOT_FOUND. */
  async get(sessionId: string | undefined): Promise<SessionRecord> {
    const id = normalizedId(sessionId);
    const record = id === null ? null : await this.read(id);
    if (!record) throw sessionNotFound();
    return record;
  }

  /** The live session of a normalized id, or null; a game of older rules is 410, a log that does not fit 403. */
  private async read(id: string): Promise<SessionRecord | null> {
    let record: SessionRecord | null;
    try {
      record = await this.storage.sessions.load(id, this.expiresBefore());
    } catch (error) {
      if (error instanceof OutdatedRulesError) throw rulesChanged();
      // The stored snapshot and the action log no longer fit together: rows were changed outside the game.
      if (error instanceof SessionLogError) throw auditFailure();
      throw error;
    }
    if (record && !isReplayable(rulesVersionOf(record.state))) throw rulesChanged();
    return record;
  }

  /**
   * Applies one action, after this game's earlier calls in this process, and gives the engine's result. A refused
   * action changes nothing; an accepted one is appended only if nobody else wrote in between, otherwise we reload
   * and let the engine decide again on the fresh state. With an Idempotency-Key already used for this action,
   * nothing is applied and the result is the first one's.
   */
  act(sessionId: string | undefined, action: Action, options: ActOptions = {}): Promise<Move> {
    const id = normalizedId(sessionId);
    if (id === null) return Promise.reject(sessionNotFound());
    const idempotencyKey = options.idempotencyKey;
    return this.queue.run(id, () => this.actNow(id, action, idempotencyKey));
  }

  private async actNow(id: string, action: Action, idempotencyKey: string | undefined): Promise<Move> {
    for (let attempt = 1; ; attempt++) {
      if (idempotencyKey !== undefined) {
        const first = await this.firstResult(id, idempotencyKey, action);
        if (first) return first;
      }
      const record = await this.read(id);
      if (!record) throw sessionNotFound();
      checkActionCaps(this.caps, record, action);
      const result = apply(record.state, action);
      if (!result.ok) throw fromRuleError(result);
      // An append with a key this session has used already writes nothing (VERSION_CONFLICT): another process
      // took it first, and the next attempt finds it and answers the first reply.
      const appended = await this.appendResult(record, action, result, idempotencyKey);
      if (appended.ok) return { result, before: record.state, version: appended.version };
      if (appended.reason === 'NOT_FOUND') throw sessionNotFound();
      // Another process wrote first: let the engine decide again on the state it left, after a jittered pause.
      if (attempt >= MAX_APPEND_ATTEMPTS) throw tooManyMoves();
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(RETRY_PAUSE_MAX_MS, 2 ** attempt)));
    }
  }

  /** Appends an applied action after the record's version; the action that starts a new day counts in the old one. */
  private async appendResult(record: SessionRecord, action: Action, result: ApplyOk, idempotencyKey: string | undefined): Promise<AppendResult> {
    const options: AppendOptions = {};
    if (idempotencyKey !== undefined) options.idempotencyKey = idempotencyKey;
    if (result.state.day !== record.state.day) options.dayStartVersion = record.version + 1;
    const appended = await this.storage.sessions.append(record.id, record.version, action, result.state, this.now(), options);
    if (appended.ok) this.events.actionApplied?.(action.type);
    return appended;
  }

  /**
   * The result of the action this Idempotency-Key was first used for, or null when the key is new. The result is
   * rebuilt by replaying the log up to that action and applying it again (apply is deterministic, so it is the
   * first reply's result, byte for byte). A key used for something else is 422.
   */
  private async firstResult(id: string, idempotencyKey: string, action: Action): Promise<Move | null> {
    const change = await this.storage.sessions.findIdempotencyKey(id, idempotencyKey);
    if (!change) return null;
    if (change.kind !== 'action' || canonicalJson(change.action) !== canonicalJson(action)) throw idempotencyKeyReused();
    const record = await this.get(id);
    try {
      const before = await replayLog(this.storage.sessions, record, change.seq - 1);
      return { result: applyLogged(id, before, change.action, change.seq), before, version: change.seq };
    } catch (error) {
      if (error instanceof SessionLogError) throw this.auditFailed();
      throw error;
    }
  }

  /**
   * Replays the action log from the seed, a slice at a time (logReplay.ts): it must reproduce the stored state
   * exactly, or 403 AUDIT_FAILURE.
   */
  async audit(record: SessionRecord): Promise<void> {
    // A log of older rules replays to another game: that is a rules change, not tampering.
    if (!isReplayable(rulesVersionOf(record.state))) throw rulesChanged();
    let replayed: GameState;
    try {
      replayed = await replayLog(this.storage.sessions, record, record.version);
    } catch (error) {
      // A log the engine cannot even replay (tampered rows) is an audit failure too, not a server error.
      if (error instanceof SessionLogError) throw this.auditFailed();
      throw error;
    }
    if (canonicalJson(replayed) !== canonicalJson(record.state)) throw this.auditFailed();
  }

  private auditFailed(): ApiError {
    this.events.auditFailed?.();
    return auditFailure();
  }

  /**
   * Ends the session (after its queued calls); a retry with the same Idempotency-Key succeeds again. A game of
   * older rules can be ended too (that is how the player leaves it).
   */
  end(sessionId: string | undefined, options: ActOptions = {}): Promise<void> {
    const id = normalizedId(sessionId);
    if (id === null) return Promise.reject(sessionNotFound());
    const { idempotencyKey } = options;
    return this.queue.run(id, async () => {
      if (idempotencyKey !== undefined) {
        const change = await this.storage.sessions.findIdempotencyKey(id, idempotencyKey);
        if (change?.kind === 'end') return;
        if (change) throw idempotencyKeyReused();
      }
      try {
        await this.get(id);
      } catch (error) {
        if (!(error instanceof ApiError && error.code === ApiErrorCode.RULES_CHANGED)) throw error;
      }
      const ended = await this.storage.sessions.end(id, this.now(), idempotencyKey === undefined ? {} : { idempotencyKey });
      if (!ended) throw sessionNotFound();
    });
  }
}

/** The session id as stored (lowercase), or null for anything that is not a session id. */
function normalizedId(sessionId: string | undefined): string | null {
  return sessionId && SESSION_ID_PATTERN.test(sessionId) ? sessionId.toLowerCase() : null;
}

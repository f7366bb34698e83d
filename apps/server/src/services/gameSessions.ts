// The game service: load a session -> engine.apply -> storage.append guarded by the version, so two concurrent
// requests on one game can never both spend the same cash (DESIGN.md sections 3 and 4). The server never decides
// a rule; every refusal comes from the engine and is passed on as it is.
import { randomBytes, randomUUID } from 'node:crypto';
import {
  apply,
  generatedName,
  introEvents,
  isReplayable,
  newGame,
  parseSeed,
  randomSeed,
  replay,
  rulesVersionOf,
  validatePlayerName,
  type Action,
  type ApplyOk,
  type GameEvent,
  type GameState,
} from '@drugwars/engine';
import { ApiErrorCode } from '@drugwars/protocol';
import { OutdatedRulesError, SessionLogError, type SessionRecord, type Storage } from '../storage/port';
import { ApiError, auditFailure, fromRuleError, rulesChanged, sessionNotFound } from '../errors';
import { canonicalJson } from './canonicalJson';

/** Sessions expire after 7 days without activity (SPEC.md section 9). */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** How often a concurrent writer may make us reload and re-apply before we give up (409). */
export const MAX_APPEND_ATTEMPTS = 5;

const SESSION_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface GameSessionsOptions {
  storage: Storage;
  now: () => Date;
  sessionTtlMs?: number;
}

export interface NewGameInput {
  playerName: string | undefined;
  seed: string | null | undefined;
  /** Hashed with the time into a 'loser-xxxxxx' name when the player gave none. */
  userAgent: string;
}

export interface CreatedGame {
  sessionId: string;
  state: GameState;
  events: GameEvent[];
  isManualSeed: boolean;
}

export interface AppliedAction {
  record: SessionRecord;
  result: ApplyOk;
}

export class GameSessions {
  private readonly storage: Storage;
  private readonly now: () => Date;
  private readonly ttlMs: number;

  constructor(options: GameSessionsOptions) {
    this.storage = options.storage;
    this.now = options.now;
    this.ttlMs = options.sessionTtlMs ?? SESSION_TTL_MS;
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
    const isSeeded = seedText !== '';
    if (isSeeded) {
      const parsed = parseSeed(seedText);
      if (!parsed.ok) throw new ApiError(400, ApiErrorCode.INVALID_SEED, parsed.message);
      seed = parsed.seed;
    } else {
      // A secret seed from the OS: an unseeded game must not be reproducible by the player.
      seed = randomSeed(randomBytes(16));
    }

    const state = newGame({ playerName, seed, isSeeded });
    const sessionId = randomUUID();
    await this.storage.createSession({ id: sessionId, playerName, seed, isSeeded, state }, this.now());
    return { sessionId, state, events: introEvents(state), isManualSeed: isSeeded };
  }

  /**
   * The live session or null (unknown, malformed, ended or expired id). A game started under rules this engine no
   * longer plays is 410 RULES_CHANGED: closed with a clear message, never an audit failure.
   */
  async find(sessionId: string | undefined): Promise<SessionRecord | null> {
    if (!sessionId || !SESSION_ID_PATTERN.test(sessionId)) return null;
    let record: SessionRecord | null;
    try {
      record = await this.storage.load(sessionId.toLowerCase(), this.expiresBefore());
    } catch (error) {
      if (error instanceof OutdatedRulesError) throw rulesChanged();
      // The stored snapshot and the action log no longer fit together: rows were changed outside the game.
      if (error instanceof SessionLogError) throw auditFailure();
      throw error;
    }
    if (record && !isReplayable(rulesVersionOf(record.state))) throw rulesChanged();
    return record;
  }

  /** The live session, or 404 SESSION_NOT_FOUND. */
  async get(sessionId: string | undefined): Promise<SessionRecord> {
    const record = await this.find(sessionId);
    if (!record) throw sessionNotFound();
    return record;
  }

  /**
   * Applies one action. A refused action changes nothing; an accepted one is appended only if nobody else
   * wrote in between, otherwise we reload and let the engine decide again on the fresh state.
   */
  async act(sessionId: string | undefined, action: Action): Promise<AppliedAction> {
    for (let attempt = 0; attempt < MAX_APPEND_ATTEMPTS; attempt++) {
      const record = await this.get(sessionId);
      const result = apply(record.state, action);
      if (!result.ok) throw fromRuleError(result);
      const appended = await this.storage.append(record.id, record.version, action, result.state, this.now());
      if (appended.ok) {
        return { record: { ...record, state: result.state, version: appended.version }, result };
      }
      if (appended.reason === 'NOT_FOUND') throw sessionNotFound();
    }
    throw new ApiError(409, ApiErrorCode.CONFLICT, 'Too many moves at once on this game. Please try again.');
  }

  /** Replays the action log from the seed: it must reproduce the stored state exactly, or 403 AUDIT_FAILURE. */
  async audit(record: SessionRecord): Promise<void> {
    // A log of older rules replays to another game: that is a rules change, not tampering.
    if (!isReplayable(rulesVersionOf(record.state))) throw rulesChanged();
    const actions = await this.storage.actions(record.id);
    let replayed: GameState;
    try {
      replayed = replay({ playerName: record.playerName, seed: record.seed, isSeeded: record.isSeeded }, actions);
    } catch {
      // A log the engine cannot even replay (tampered rows) is an audit failure too, not a server error.
      throw auditFailure();
    }
    if (canonicalJson(replayed) !== canonicalJson(record.state)) throw auditFailure();
  }

  /** Ends a session; a game of older rules can be ended too (that is how the player leaves it). */
  async end(sessionId: string | undefined): Promise<void> {
    let id: string;
    try {
      id = (await this.get(sessionId)).id;
    } catch (error) {
      if (!(error instanceof ApiError && error.code === ApiErrorCode.RULES_CHANGED)) throw error;
      id = sessionId!.toLowerCase();
    }
    const ended = await this.storage.endSession(id, this.now());
    if (!ended) throw sessionNotFound();
  }
}

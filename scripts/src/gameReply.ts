// What the bench's player reads of a game reply, without JSON.parse of a whole ~5 KB state (a new game's). A move's
// reply to a player that said its version is only what the move changed (~1-2 KB): it is read by JSON.parse and
// put onto the state the player held (viewOfChange).
//
// JSON.parse of every game reply was nearly half of the load generator's CPU per request (and most of its garbage),
// while the player reads a handful of fields: the session of a new game, whether the game is over, the encounter
// (type, canSkip, turnOrder, canSurrender, the enemies' id and isAlive), the player's cash, coat space, used space
// and inventory quantities, the market (id, price, quantity) and the location. This reader finds each one by
// searching the reply text for its key and reads only that slice, when the player's plan first asks for it.
//
// Searching for `"key":` is sound in JSON text (inside a string every quote is escaped, so the pattern matches
// real keys only) but not on its own: a key of the same name nested elsewhere would match too. Each search starts
// at its parent's start or at the key before it in the order the server writes (in the game state: the market, then
// the encounter, then the player; in the encounter: type, enemies, turnOrder, canSurrender, canSkip) and takes
// the first match, which is right because the server writes keys in a fixed order (a game-state reply is
// JSON.stringify of the route's reply object and the engine's toClientView, in the order they build their keys;
// apps/server/src/plugins/gameStateSerializer.ts) where no same-named key comes first (the encounter's toll and
// reward have a `cash`, but the player's `cash` is searched from the player's start, after the encounter). A
// search through ~2 KB of keys costs about a microsecond, so the market and the encounter's end are found by a
// capital letter of their key (findKey). That is a dependence on the key order, so:
//   - a key that is not found, or a value that is not what the reader expects (a string with an escape, an
//     object that is not flat), makes the reply fall back to JSON.parse of the whole body (counted in
//     `readerFallbacks`, which the bench prints);
//   - the bench compares this reader with JSON.parse on every reply of its warm-up runs and on a sample of the
//     measured ones (`differenceFromParse`), and fails the run on any difference.
import type { ClientGameState, ClientStateChange } from '@drugwars/engine';

export interface MarketView {
  id: string;
  price: number;
  quantity: number;
}

export interface InventoryView {
  id: string;
  quantity: number;
}

export interface EncounterView {
  type: string;
  canSkip: boolean;
  turnOrder: string;
  canSurrender: boolean;
  enemies: { id: string; isAlive: boolean }[];
}

/** The game state as the bench's player reads it. Inventory and market keep the reply's order. */
export interface GameView {
  readonly gameOver: boolean;
  readonly location: string;
  readonly encounter: EncounterView | null;
  readonly cash: number;
  readonly coatSpace: number;
  readonly usedSpace: number;
  readonly inventory: readonly InventoryView[];
  readonly marketInfo: readonly MarketView[];
}

/**
 * What a 200 reply gives the player: its game state (absent when the reply has none; a move's change already read
 * onto the state the player held), the game's version and a new game's session.
 */
export interface GameReply {
  sessionId: string | undefined;
  state: GameView | undefined;
  version: number | undefined;
}

/** Replies read by JSON.parse of the whole body because a slice was not where this reader looks. */
export const readerFallbacks = { count: 0 };

/** An encounter as the player reads it. */
function encounterView(enc: NonNullable<ClientGameState['encounter']>): EncounterView {
  return {
    type: enc.type,
    canSkip: enc.canSkip,
    turnOrder: enc.turnOrder,
    canSurrender: enc.canSurrender,
    enemies: enc.enemies.map((e) => ({ id: e.id, isAlive: e.isAlive })),
  };
}

/** The player's fields the player reads. */
function playerView(p: ClientGameState['player']): Pick<GameView, 'cash' | 'coatSpace' | 'usedSpace' | 'inventory'> {
  return {
    cash: p.cash,
    coatSpace: p.coatSpace,
    usedSpace: p.usedSpace,
    inventory: Object.entries(p.inventory).map(([id, e]) => ({ id, quantity: e.quantity })),
  };
}

const marketView = (market: ClientGameState['marketInfo']): MarketView[] => market.map((m) => ({ id: m.id, price: m.price, quantity: m.quantity }));

/** The view of a parsed game state: the fallback, and what the sliced reader is checked against. */
export function viewOfState(s: ClientGameState): GameView {
  return {
    gameOver: s.gameOver,
    location: s.location,
    encounter: s.encounter ? encounterView(s.encounter) : null,
    ...playerView(s.player),
    marketInfo: marketView(s.marketInfo),
  };
}

/**
 * The view after a move whose reply carries only what it changed (engine clientStateChange): the change's fields
 * read as viewOfState reads them, the others as the player read them before (the web client's withStateChange, for
 * the fields the player reads).
 */
export function viewOfChange(before: GameView, change: ClientStateChange): GameView {
  const enc = change.encounter;
  return {
    gameOver: change.gameOver ?? before.gameOver,
    location: change.location ?? before.location,
    encounter: enc === undefined ? before.encounter : enc ? encounterView(enc) : null,
    ...(change.player ? playerView(change.player) : { cash: before.cash, coatSpace: before.coatSpace, usedSpace: before.usedSpace, inventory: before.inventory }),
    marketInfo: change.marketInfo ? marketView(change.marketInfo) : before.marketInfo,
  };
}

/** A reply read by JSON.parse; a change is read onto `before` (the view of the state its move was made on). */
function parseReply(body: string, before?: GameView): GameReply {
  const parsed = JSON.parse(body) as { sessionId?: string; version?: number; changedSince?: number; gameState?: ClientGameState | ClientStateChange };
  const gameState = parsed.gameState;
  let state: GameView | undefined;
  if (gameState && parsed.changedSince !== undefined) {
    if (!before) throw new Error('bench: a change of a game state the player does not hold');
    state = viewOfChange(before, gameState);
  } else if (gameState) {
    state = viewOfState(gameState as ClientGameState);
  }
  return { sessionId: parsed.sessionId, state, version: parsed.version };
}

const GAME_STATE = '"gameState":{';
const SESSION_ID = '"sessionId":"';
const VERSION = '"version":';
const CHANGED_SINCE = '"changedSince":';
const GAME_OVER = '"gameOver":';
const LOCATION = '"location":"';
const ENCOUNTER = '"encounter":';
/** The key after the encounter: found by its capital S (see findKey), it says where the encounter ends. */
const AFTER_ENCOUNTER = ',"currentState":';
const NO_ENCOUNTER = '"encounter":null';
/** Found by its capital I (see findKey). */
const MARKET_INFO = '"marketInfo":[';
const PLAYER = '"player":{';
const CASH = '"cash":';
const COAT_SPACE = '"coatSpace":';
const USED_SPACE = '"usedSpace":';
const INVENTORY = '"inventory":{';
const TYPE = '"type":"';
const ENEMIES = '"enemies":[';
const TURN_ORDER = '"turnOrder":"';
const CAN_SURRENDER = '"canSurrender":';
const CAN_SKIP = '"canSkip":';

// One member of a container of flat objects (no braces inside, strings included), and the ',' or closing bracket
// after it (the last group). Sticky: each match starts where the last one ended. A lazy `[^{}]*?` skips the
// fields the player does not read; `"key":` cannot match inside a string (its quotes are escaped).
const NUMBER = String.raw`(-?[\d.eE+-]+)`;
const STRING = String.raw`"([^"\\]*)"`;
/** An item of marketInfo: its id, price and quantity. */
const MARKET_ITEM = new RegExp(String.raw`\{[^{}]*?"id":${STRING}[^{}]*?"price":${NUMBER},"quantity":${NUMBER}[^{}]*\}([,\]])`, 'y');
/** An enemy of an encounter: its id and whether it is alive. */
const ENEMY = new RegExp(String.raw`\{[^{}]*?"id":${STRING}[^{}]*?"isAlive":(true|false)[^{}]*\}([,\]])`, 'y');
/** An entry of the player's inventory (drug id -> {quantity, ...}). */
const INVENTORY_ENTRY = new RegExp(String.raw`${STRING}:\{[^{}]*?"quantity":${NUMBER}[^{}]*\}([,}])`, 'y');

const BACKSLASH = 92;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const CLOSE_BRACKET = 93;

/** Index just past the first `key` at or after `from`, or -1 (also when `from` is: its parent was not found). */
function valueAt(text: string, key: string, from: number): number {
  if (from < 0) return -1;
  const at = text.indexOf(key, from);
  return at < 0 ? -1 : at + key.length;
}

/**
 * Index of the first `key` at or after `from`, or -1, found through `rare`, a character of the key that seldom
 * occurs in a game reply (a capital letter): a one-character search is a memchr, many times faster than the
 * search for a whole key through ~2 KB of other keys; each hit is checked for the whole key, so the result is
 * exact whatever the text.
 */
function findKey(text: string, key: string, rare: string, from: number): number {
  if (from < 0) return -1;
  const offset = key.indexOf(rare);
  for (let i = text.indexOf(rare, from + offset); i >= 0; i = text.indexOf(rare, i + 1)) {
    if (text.startsWith(key, i - offset)) return i - offset;
  }
  return -1;
}

/** The string whose content starts at `at` (just past its opening quote); undefined if it holds an escape. */
function stringAt(text: string, at: number): string | undefined {
  if (at < 0) return undefined;
  const end = text.indexOf('"', at);
  if (end < 0) return undefined;
  for (let i = at; i < end; i++) if (text.charCodeAt(i) === BACKSLASH) return undefined;
  return text.slice(at, end);
}

/** The JSON number at `at`, or undefined. */
function numberAt(text: string, at: number): number | undefined {
  if (at < 0) return undefined;
  let end = at;
  for (;;) {
    const c = text.charCodeAt(end);
    // digits, '-', '+', '.', 'e', 'E'
    if ((c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46 || c === 101 || c === 69) end++;
    else break;
  }
  return end === at ? undefined : toNumber(text.slice(at, end));
}

function toNumber(token: string): number | undefined {
  const n = Number(token);
  return Number.isNaN(n) ? undefined : n;
}

function booleanAt(text: string, at: number): boolean | undefined {
  if (at < 0) return undefined;
  if (text.startsWith('true', at)) return true;
  if (text.startsWith('false', at)) return false;
  return undefined;
}

/**
 * The members of the array or object that starts just past `at` (its `[` or `{` is at at - 1), read by the sticky
 * regex `member` (see MARKET_ITEM) and `take`; `member.lastIndex` is then just past the container. Undefined when
 * a member does not match or `take` refuses it.
 */
function readMembers<T>(
  text: string,
  at: number,
  member: RegExp,
  close: number,
  take: (match: RegExpExecArray) => T | undefined,
): T[] | undefined {
  if (at < 0) return undefined;
  const members: T[] = [];
  if (text.charCodeAt(at) === close) {
    member.lastIndex = at + 1;
    return members;
  }
  member.lastIndex = at;
  for (;;) {
    const match = member.exec(text);
    if (!match) return undefined;
    const value = take(match);
    if (value === undefined) return undefined;
    members.push(value);
    if (match[match.length - 1]!.charCodeAt(0) === close) return members;
  }
}

/**
 * A game state read from the reply text, field by field when first asked for (see the file header). `at` is the
 * index of the game state's `{`.
 */
class SlicedView implements GameView {
  private parsed: GameView | undefined;
  /** Where the search for the player starts: past the encounter once it has been read (the player comes later). */
  private playerFrom: number;
  private playerAt = -2;
  private marketAt = -2;
  private _gameOver: boolean | undefined;
  private _location: string | undefined;
  private _encounter: EncounterView | null | undefined;
  private _cash: number | undefined;
  private _coatSpace: number | undefined;
  private _usedSpace: number | undefined;
  private _inventory: InventoryView[] | undefined;
  private _marketInfo: MarketView[] | undefined;

  constructor(
    private readonly text: string,
    private readonly at: number,
  ) {
    this.playerFrom = at;
  }

  /** The whole state by JSON.parse, when a slice was not where this reader looks. */
  private fallback(): GameView {
    if (!this.parsed) {
      readerFallbacks.count++;
      const state = parseReply(this.text).state;
      if (!state) throw new Error('bench: a game reply with a game state the reader found has none by JSON.parse');
      this.parsed = state;
    }
    return this.parsed;
  }

  /** Index of the `"marketInfo":[` key, or -1. */
  private market(): number {
    if (this.marketAt === -2) this.marketAt = findKey(this.text, MARKET_INFO, 'I', this.at);
    return this.marketAt;
  }

  /** Index of the player's `{`, or -1. */
  private player(): number {
    if (this.playerAt === -2) {
      const v = valueAt(this.text, PLAYER, this.playerFrom);
      this.playerAt = v < 0 ? -1 : v - 1;
    }
    return this.playerAt;
  }

  get gameOver(): boolean {
    return (this._gameOver ??= booleanAt(this.text, valueAt(this.text, GAME_OVER, this.at)) ?? this.fallback().gameOver);
  }

  get location(): string {
    return (this._location ??= stringAt(this.text, valueAt(this.text, LOCATION, this.at)) ?? this.fallback().location);
  }

  get cash(): number {
    return (this._cash ??= numberAt(this.text, valueAt(this.text, CASH, this.player())) ?? this.fallback().cash);
  }

  get coatSpace(): number {
    return (this._coatSpace ??=
      numberAt(this.text, valueAt(this.text, COAT_SPACE, this.player())) ?? this.fallback().coatSpace);
  }

  get usedSpace(): number {
    return (this._usedSpace ??=
      numberAt(this.text, valueAt(this.text, USED_SPACE, this.player())) ?? this.fallback().usedSpace);
  }

  get encounter(): EncounterView | null {
    if (this._encounter === undefined) {
      const read = this.readEncounter(); // null is a reading: no encounter
      this._encounter = read === undefined ? this.fallback().encounter : read;
    }
    return this._encounter;
  }

  get inventory(): readonly InventoryView[] {
    return (this._inventory ??= this.readInventory() ?? [...this.fallback().inventory]);
  }

  get marketInfo(): readonly MarketView[] {
    return (this._marketInfo ??= this.readMarketInfo() ?? [...this.fallback().marketInfo]);
  }

  /** null for no encounter, undefined when not readable here. */
  private readEncounter(): EncounterView | null | undefined {
    const text = this.text;
    // The encounter comes after the market and right before currentState. Most replies have none:
    // `"encounter":null` just before that next key says so.
    const after = findKey(text, AFTER_ENCOUNTER, 'S', this.market());
    if (after >= 0 && text.startsWith(NO_ENCOUNTER, after - NO_ENCOUNTER.length)) {
      this.playerFrom = after;
      return null;
    }
    const v = valueAt(text, ENCOUNTER, this.market());
    if (v < 0 || text.charCodeAt(v) !== OPEN_BRACE) return undefined;
    this.playerFrom = v;
    // Its keys in the order the server writes them, each searched from the last: the enemies, then turnOrder
    // (after the message), canSurrender, canSkip (after the fee details).
    const typeAt = valueAt(text, TYPE, v);
    const type = stringAt(text, typeAt);
    const enemies = readMembers(text, valueAt(text, ENEMIES, typeAt), ENEMY, CLOSE_BRACKET, (m) => ({
      id: m[1]!,
      isAlive: m[2] === 'true',
    }));
    const turnOrderAt = valueAt(text, TURN_ORDER, enemies ? ENEMY.lastIndex : -1);
    const turnOrder = stringAt(text, turnOrderAt);
    const canSurrenderAt = valueAt(text, CAN_SURRENDER, turnOrderAt);
    const canSurrender = booleanAt(text, canSurrenderAt);
    const canSkip = booleanAt(text, valueAt(text, CAN_SKIP, canSurrenderAt));
    if (type === undefined || !enemies || turnOrder === undefined || canSurrender === undefined || canSkip === undefined) {
      return undefined;
    }
    return { type, canSkip, turnOrder, canSurrender, enemies };
  }

  private readInventory(): InventoryView[] | undefined {
    return readMembers(this.text, valueAt(this.text, INVENTORY, this.player()), INVENTORY_ENTRY, CLOSE_BRACE, (m) => {
      const quantity = toNumber(m[2]!);
      return quantity === undefined ? undefined : { id: m[1]!, quantity };
    });
  }

  private readMarketInfo(): MarketView[] | undefined {
    const at = this.market();
    return readMembers(this.text, at < 0 ? -1 : at + MARKET_INFO.length, MARKET_ITEM, CLOSE_BRACKET, (m) => {
      const price = toNumber(m[2]!);
      const quantity = toNumber(m[3]!);
      return price === undefined || quantity === undefined ? undefined : { id: m[1]!, price, quantity };
    });
  }
}

/**
 * The player's reading of a 200 game reply; `before` is the view of the state the player holds, onto which a move's
 * change is read. Throws (as JSON.parse) when the body is not JSON, e.g. a reply compressed above the server's
 * threshold. A change (a move's reply to a player that said its version: ~1 KB) is read by JSON.parse: it holds
 * only some of the keys the sliced reader looks for, in an order it cannot count on; a whole state (a new game's)
 * by slices.
 */
export function readGameReply(body: string, isNewGame: boolean, before?: GameView): GameReply {
  const gameStateAt = valueAt(body, GAME_STATE, 0);
  if (gameStateAt < 0) {
    readerFallbacks.count++;
    return parseReply(body, before);
  }
  // The reply's own keys before its state (success, message, sessionId, version, changedSince): no key of the same
  // name is nested before the state.
  const versionAt = valueAt(body, VERSION, 0);
  const version = versionAt >= 0 && versionAt < gameStateAt ? numberAt(body, versionAt) : undefined;
  const sinceAt = valueAt(body, CHANGED_SINCE, 0);
  if (sinceAt >= 0 && sinceAt < gameStateAt) return parseReply(body, before);
  let sessionId: string | undefined;
  if (isNewGame) {
    const v = valueAt(body, SESSION_ID, 0);
    sessionId = v < gameStateAt ? stringAt(body, v) : undefined;
    if (sessionId === undefined) {
      readerFallbacks.count++;
      return parseReply(body, before);
    }
  }
  return { sessionId, state: new SlicedView(body, gameStateAt - 1), version };
}

/** Every field the player can read, in one plain object (for comparing two readings). */
function snapshot(v: GameView): GameView {
  return {
    gameOver: v.gameOver,
    location: v.location,
    encounter: v.encounter,
    cash: v.cash,
    coatSpace: v.coatSpace,
    usedSpace: v.usedSpace,
    inventory: v.inventory,
    marketInfo: v.marketInfo,
  };
}

/**
 * How this reader's reading of a 200 reply differs from JSON.parse's (every field, whether the player read it or
 * not), or null when they agree.
 */
export function differenceFromParse(body: string, reply: GameReply, isNewGame: boolean, before?: GameView): string | null {
  const parsed = parseReply(body, before);
  const mine = JSON.stringify({ sessionId: isNewGame ? reply.sessionId : undefined, version: reply.version, state: reply.state && snapshot(reply.state) });
  const theirs = JSON.stringify({ sessionId: isNewGame ? parsed.sessionId : undefined, version: parsed.version, state: parsed.state && snapshot(parsed.state) });
  return mine === theirs ? null : `reader ${mine}\nJSON.parse ${theirs}`;
}

// Replies that carry a game state are written by JSON.stringify, not by the schema-compiled serializer: for a state
// of several KB JSON.stringify costs a fraction as much, and it filters nothing it must: the engine's toClientView
// builds exactly the protocol's ClientGameState (a compile-time drift test keeps the two equal), and the route
// tests check no reply carries the PRNG state or a secret seed. Register before the routes (an onRoute hook).
//
// Whole replies are not cached: keeping each state's view and its JSON (by identity, so a GET after an action
// skipped a second JSON.stringify) kept a few MB of recent replies alive at every young-generation collection, and
// the scavenges copying them cost more than the stringify they saved (node --trace-gc on the service loop, 64 games
// at once: 2.0 s of scavenges per ~45,000 calls with the cache, 1.25 s without).
//
// One part is: worldPrices, a third of a mid-game reply (~1.7 KB of 5 KB), is a new object only when the day or
// the city changes (the engine never changes one in place), so three replies in four carry the very object the
// last one did (the bench's mix: state, buy, sell, then stay or travel). Its JSON is kept by that object's identity
// (a WeakMap: it goes with the state that holds it) and put into the reply's text in place of a placeholder. Over
// 3,199 states of 60 bot games (one move in four followed by a GET of the same state), view and reply text took a
// median 22.8 us with JSON.stringify alone and 17.5 us this way.
//
// More of the same did not pay (64 simulated bench players, process CPU over 40,000 replies): prices,
// worldPricesDay, marketInfo (whole or entry by entry), allowedActions and player kept and spliced the same way
// cost 1-3 us more per reply than worldPrices alone (each splice is a search, a copy and a WeakMap entry, for parts
// of 100-1,100 bytes that half the replies renew); the whole game state's JSON kept by the state's identity made a
// GET /api/game/state after an action 17 -> 4 us but every action's reply 1-9 us dearer and the process 3-5 us
// more per reply overall (the texts kept alive between a session's calls); handing Node a Buffer instead of the
// text cost a GET 5 us more. Bytes written into a shared slab (a part of it per reply, so no ArrayBuffer per reply:
// the reply encoded once, both byte lengths free) did not pay either: perf on GET /api/game/state, the user-space
// share of Fastify's onSendEnd 8.5-9.4% against 8.2-8.9% for the joined text, the encoding it saved (WriteUtf8 and
// the join, ~3%) spent again on the slab writes, their allocation and Node's two-chunk writev (headers + bytes).
//
// Two faster-looking writers did not pay in the server either (bench profile, one worker). The view written field
// by field as text around its values (marketInfo entries from a cached head per drug, the player around its kept
// parts) took a reply 16.4 -> 12.5 us over 44,800 bench-mix replies in a loop, but Fastify takes the byte length of
// every reply, which flattens a text built of a few hundred pieces: Buffer.byteLength went from 134 to 430 ms of a
// 14 s profile and the writer's saving was gone. Two runs of adjacent keys spliced with one search each (prices,
// worldPrices, worldPricesDay, marketInfo; allowedActions, stateMetadata, stateMachine, gameHistory: 16.2 -> 13.4
// us in the loop) left the serializer's share of the profile where it was (11.8% against 11.6%): the kept parts
// hit less often in the server than in the loop, and byte length took 284 ms.
import fp from 'fastify-plugin';

/** Whether a route's 200 reply schema has a gameState property (the action, state and session routes). */
function carriesGameState(schema: unknown): boolean {
  const ok = (schema as { response?: Record<string, { properties?: Record<string, unknown> }> } | undefined)?.response?.[
    '200'
  ];
  return ok?.properties?.gameState !== undefined;
}

/** The JSON of each worldPrices object a reply has carried, while that object lives. */
const worldPricesJson = new WeakMap<object, string>();

/** Stands in for worldPrices while the rest of the reply is written; always an object, like the field it fills. */
const PLACEHOLDER = Object.freeze({});
/**
 * The placeholder as it appears in the reply's text. The first match is the game state's own key: inside a JSON
 * string every '"' is escaped, so no text a player typed can hold it, and nothing before gameState.worldPrices
 * in a reply (success, message or sessionId, then the view's scalar fields and prices) has a key of that name.
 */
const PLACEHOLDER_TEXT = '"worldPrices":{}';
const KEY_LENGTH = '"worldPrices":'.length;

/** JSON.stringify(data), byte for byte, with the game state's worldPrices written from its kept JSON. */
export function stringifyGameReply(data: unknown): string {
  const view = (data as { gameState?: { worldPrices?: unknown } } | null)?.gameState;
  const prices = view?.worldPrices;
  if (typeof prices !== 'object' || prices === null) return JSON.stringify(data);
  let pricesJson = worldPricesJson.get(prices);
  if (pricesJson === undefined) {
    pricesJson = JSON.stringify(prices);
    worldPricesJson.set(prices, pricesJson);
  }
  // The view is the reply's own object (toClientView makes a new one per reply): the field is put back at once.
  view!.worldPrices = PLACEHOLDER;
  let text: string;
  try {
    text = JSON.stringify(data);
  } finally {
    view!.worldPrices = prices;
  }
  const at = text.indexOf(PLACEHOLDER_TEXT);
  if (at < 0) return JSON.stringify(data); // a view without that key (not a game state reply): written whole
  // Joined, not concatenated: `+` makes a cons string (a tree of the three parts), which every Buffer.byteLength of
  // it (Fastify's content-length, the compressor's size check) then flattened or walked on V8's slow path, while a
  // flat one-byte string takes Node's fast path (a ~5 KB reply: ~2.1 us for the two lengths of the cons string,
  // ~0.65 us to join and measure twice).
  return [text.slice(0, at + KEY_LENGTH), pricesJson, text.slice(at + PLACEHOLDER_TEXT.length)].join('');
}

export const gameStateSerializer = fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      if (carriesGameState(route.schema)) route.serializerCompiler = () => stringifyGameReply;
    });
  },
  { name: 'game-state-serializer' },
);

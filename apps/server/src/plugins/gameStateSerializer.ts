// Replies that carry a game state are written here, not by the schema-compiled serializer: for a state of several
// KB JSON.stringify costs a fraction as much, and it filters nothing it must: the engine's toClientView builds
// exactly the protocol's ClientGameState (a compile-time drift test keeps the two equal), and the route tests
// check no reply carries the PRNG state or a secret seed. Register before the routes (an onRoute hook).
//
// The game state's parts are written once per object: the engine never changes a state once made, and a new state
// shares every part an action left alone with the one before (the market after a fight, everything on a repeated
// GET /api/game/state), so the JSON of each part is kept by identity (a WeakMap: it goes when the state goes).
// The text is the same as JSON.stringify's of the whole reply.
import fp from 'fastify-plugin';

const partJson = new WeakMap<object, string>();

/** JSON of one part of a game state, written once per object. */
function part(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  let text = partJson.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    partJson.set(value, text);
  }
  return text;
}

/** JSON.stringify of an object, `write` giving each property's value text (undefined = the property is left out). */
function objectJson(object: Record<string, unknown>, write: (key: string, value: unknown) => string | undefined): string {
  let out = '{';
  for (const key in object) {
    const text = write(key, object[key]);
    if (text === undefined) continue;
    if (out.length > 1) out += ',';
    out += JSON.stringify(key) + ':' + text;
  }
  return out + '}';
}

const gameStateJson = (state: Record<string, unknown>): string => objectJson(state, (_key, value) => part(value));

/** A reply: its gameState part by part, everything else (this reply's own message, events, results) as it is. */
export function serializeGameReply(data: unknown): string {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return JSON.stringify(data);
  return objectJson(data as Record<string, unknown>, (key, value) =>
    key === 'gameState' && value !== null && typeof value === 'object' && !Array.isArray(value)
      ? gameStateJson(value as Record<string, unknown>)
      : JSON.stringify(value),
  );
}

/** Whether a route's 200 reply schema has a gameState property (the action, state and session routes). */
function carriesGameState(schema: unknown): boolean {
  const ok = (schema as { response?: Record<string, { properties?: Record<string, unknown> }> } | undefined)?.response?.[
    '200'
  ];
  return ok?.properties?.gameState !== undefined;
}

export const gameStateSerializer = fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      if (carriesGameState(route.schema)) route.serializerCompiler = () => serializeGameReply;
    });
  },
  { name: 'game-state-serializer' },
);

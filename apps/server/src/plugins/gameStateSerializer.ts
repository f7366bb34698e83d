// Replies that carry a game state are written here, not by the schema-compiled serializer: for a state of several
// KB JSON.stringify costs a fraction as much, and it filters nothing it must: the engine's toClientView builds
// exactly the protocol's ClientGameState (a compile-time drift test keeps the two equal), and the route tests
// check no reply carries the PRNG state or a secret seed. Register before the routes (an onRoute hook).
//
// A state is written once: routes take its client view from `clientView`, one view object per state (states never
// change once made), and the view's JSON is kept by identity, so the GET of a state an action has just answered
// with costs no second JSON.stringify. (Writing every part of the state once per object was tried too: most parts
// are new after most actions, and it cost more than it saved.)
import fp from 'fastify-plugin';
import { toClientView, type ClientGameState, type GameState } from '@drugwars/engine';

const views = new WeakMap<GameState, ClientGameState>();
const viewJson = new WeakMap<ClientGameState, string>();

/** The client view of a state (engine toClientView), one object per state. */
export function clientView(state: GameState): ClientGameState {
  let view = views.get(state);
  if (view === undefined) {
    view = toClientView(state);
    views.set(state, view);
  }
  return view;
}

function gameStateJson(view: ClientGameState): string {
  let text = viewJson.get(view);
  if (text === undefined) {
    text = JSON.stringify(view);
    viewJson.set(view, text);
  }
  return text;
}

/** JSON.stringify's text of a reply, its gameState written once per view object. */
export function serializeGameReply(data: unknown): string {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return JSON.stringify(data);
  const reply = data as Record<string, unknown>;
  let out = '{';
  for (const key in reply) {
    const value = reply[key];
    const text =
      key === 'gameState' && value !== null && typeof value === 'object' && !Array.isArray(value)
        ? gameStateJson(value as ClientGameState)
        : JSON.stringify(value);
    if (text === undefined) continue; // as JSON.stringify leaves out undefined values
    if (out.length > 1) out += ',';
    out += JSON.stringify(key) + ':' + text;
  }
  return out + '}';
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

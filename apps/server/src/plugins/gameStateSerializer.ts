// Replies that carry a game state are written by JSON.stringify, not by the schema-compiled serializer: for a
// state of several KB it costs a fraction as much, and it filters nothing it must: the engine's toClientView
// builds exactly the protocol's ClientGameState (a compile-time drift test keeps the two equal), and the route
// tests check no reply carries the PRNG state or a secret seed. Register before the routes (an onRoute hook).
import fp from 'fastify-plugin';

const serializeWithJsonStringify = (data: unknown): string => JSON.stringify(data);

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
      if (carriesGameState(route.schema)) route.serializerCompiler = () => serializeWithJsonStringify;
    });
  },
  { name: 'game-state-serializer' },
);

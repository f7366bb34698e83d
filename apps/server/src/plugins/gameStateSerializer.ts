// Replies that carry a game state are written by JSON.stringify, not by the schema-compiled serializer: for a state
// of several KB JSON.stringify costs a fraction as much, and it filters nothing it must: the engine's toClientView
// builds exactly the protocol's ClientGameState (a compile-time drift test keeps the two equal), and the route
// tests check no reply carries the PRNG state or a secret seed. Register before the routes (an onRoute hook).
//
// Nothing is cached: keeping each state's view and its JSON (by identity, so a GET after an action skipped a second
// JSON.stringify) kept a few MB of recent replies alive at every young-generation collection, and the scavenges
// copying them cost more than the stringify they saved (node --trace-gc on the service loop, 64 games at once:
// 2.0 s of scavenges per ~45,000 calls with the cache, 1.25 s without).
import fp from 'fastify-plugin';

/** Whether a route's 200 reply schema has a gameState property (the action, state and session routes). */
function carriesGameState(schema: unknown): boolean {
  const ok = (schema as { response?: Record<string, { properties?: Record<string, unknown> }> } | undefined)?.response?.[
    '200'
  ];
  return ok?.properties?.gameState !== undefined;
}

const stringify = (data: unknown): string => JSON.stringify(data);

export const gameStateSerializer = fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      if (carriesGameState(route.schema)) route.serializerCompiler = () => stringify;
    });
  },
  { name: 'game-state-serializer' },
);

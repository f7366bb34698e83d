// The Node (V8) flags a server process runs with. They must be on Node's command line (V8 sizes its heap when the
// process starts), so every launcher passes them: `npm start` (package.json), the Docker image's CMD, and the
// cluster primary for the workers it forks (workers.ts); `npm run bench` starts its servers with them too. A test
// keeps package.json and the Dockerfile in step with this list.
//
// --max-semi-space-size=64: the young generation may grow to 64 MB semi-spaces instead of V8's default (16 MB on
// 64-bit Node 20). A game request leaves ~37 KB of short-lived garbage (the reply's text and buffers, Node's
// request objects, the engine's copies) and 64 requests are in flight at once: with small semi-spaces a scavenge
// comes every few dozen milliseconds and copies, then promotes, whatever those requests still hold, and the old
// generation collects it later. Measured with `npm run bench` (one worker, both servers of a run started alike,
// runs side by side on this 2-core VM): game CPU per request 161/143/148 us with the default against 114/114/123,
// with 32 MB 114/163/131 against 113/114/112 for 64 MB; the bare hello route the same either way; the game
// server's resident memory 360 MB with the default, 398 MB with 64 MB (less promoted, so a smaller old space).
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];

/** `execArgv` with every server flag it lacks (a flag of the same name already there is kept as it is). */
export function withServerNodeFlags(execArgv: readonly string[]): string[] {
  const named = (flag: string) => flag.split('=')[0]!;
  const present = new Set(execArgv.map(named));
  return [...execArgv, ...SERVER_NODE_FLAGS.filter((flag) => !present.has(named(flag)))];
}

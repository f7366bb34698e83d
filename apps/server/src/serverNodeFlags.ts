// The Node (V8) flags a server process runs with. They must be on Node's command line (V8 sizes its heap when the
// process starts), so every launcher passes them: `npm start` (package.json), the Docker image's CMD, and the
// cluster primary for the workers it forks (workers.ts); `npm run bench` starts its servers with them too. A test
// keeps package.json and the Dockerfile in step with this list.
//
// --max-semi-space-size=64: a young generation big enough that a request's garbage (the reply's text and buffers,
// Node's request objects, the engine's copies) mostly dies young instead of being copied and promoted with 64
// requests in flight; docs/performance.md has what it saves and what it costs in memory.
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];

/** `execArgv` with every server flag it lacks (a flag of the same name already there is kept as it is). */
export function withServerNodeFlags(execArgv: readonly string[]): string[] {
  const named = (flag: string) => flag.split('=')[0]!;
  const present = new Set(execArgv.map(named));
  return [...execArgv, ...SERVER_NODE_FLAGS.filter((flag) => !present.has(named(flag)))];
}

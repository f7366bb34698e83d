// npm run bench [-- --json] [--duration S] [--warmup S] [--connections N] [--engine-seconds S] [--database postgres://...]
//                [--workers N] [--no-lighthouse] [--lighthouse-runs N]
//                [--what-if-json-serializer]   (diagnostic: replies serialized by JSON.stringify)
//                [--load-generator native|raw|autocannon]
//
// A figure, not a test (DESIGN.md section 6): in one run on one machine it measures
//   1. a bare Fastify 'hello' route and the game's mixed workload (new game, state, buy, sell, travel, stay,
//      encounters) over HTTP with keep-alive and 64 connections, the game on a temporary SQLite file; prints
//      requests/second of each, their ratio, and the game workload's p50/p99 latency, in a window that follows a
//      warm-up on the same connections (--warmup, --duration). Game requests carry a browser's Accept-Encoding,
//      so reply compression costs what it costs a player's browser;
//   2. the same game workload on one server process per core (--workers N, default the core count; WORKERS in
//      the product): requests/second and its ratio to one process (coreScaling), after a warm-up N times as long
//      (each process warms up on the requests it serves: see benchGame);
//   3. the engine alone: whole games per second (newGame + apply loop), and the audit replay time per session;
//   4. when Chromium is there (CHROMIUM_PATH, default /usr/bin/chromium; --no-lighthouse skips it): Lighthouse
//      12.2.3 mobile scores of the title and the game screen (scripts/src/lighthouse.ts), and the gzip size of
//      the title's first screen (index.html and the scripts and styles it loads).
// Ratios hold when the machine's speed drifts; absolute numbers do not. Targets: cpuRatio >= 0.15 (goal 0.30),
// p99 <= 20 ms with one process, coreScaling >= 1.7 on 2 cores, Lighthouse mobile performance >= 95.
// With --json the last printed line is {"helloRps":..,"gameRps":..,"ratio":..,"p50Ms":..,"p99Ms":.., ...}.
//
// Each server runs in its own child process (this file with --serve hello|game) so the load generator and the
// server do not share an event loop; the load generator is the same for both: a C program (nativeHttpLoad.c, the
// default, compiled on first use with the machine's `cc -O2`; the raw client when there is no `cc`), a lean raw
// HTTP/1.1 client in Node (--load-generator raw: rawHttpLoad.ts), or autocannon (--load-generator autocannon, what
// the bench used first). The native and raw ones play the same player: one per keep-alive connection, one request
// at a time, the next one chosen from the reply (nextRequest below; the C program does the same, given the
// locations and flight prices from the engine). Like the web client, the player holds its game's version: a move says
// it (x-state-version) and is answered only what it changed, and GET state asks with If-None-Match, 304 when nothing
// did. The native one costs about 2/3 of the raw one's CPU per request,
// or half with two workers, and the raw one a fraction of autocannon's.
// The player reads the few fields it plans on from the reply text (gameReply.ts, and its C counterpart) rather
// than by JSON.parse of the whole ~5 KB reply. The raw client's reading is checked against JSON.parse on every
// reply of the warm-up runs and on one in MEASURED_CHECK_EVERY of the measured ones; the C program writes one in
// NATIVE_SAMPLE_EVERY_WARMUP (then NATIVE_SAMPLE_EVERY) of the replies that gave a player a state, with its
// reading of it and the request it then chose, and both are checked against JSON.parse and nextRequest after the
// run. Any difference fails the run. On a machine whose cores the load generator shares, its CPU bounds the
// all-cores figure: N cores give at most N x (one worker's server CPU per request) / (N workers' server CPU + load
// generator CPU per request) times one worker, printed as coreScalingCeiling; the printed lines also say how much
// of the load generator's CPU is kernel time (socket writes and reads, sleeping and waking in epoll), which no
// client code removes. With several workers the child is a node:cluster primary (the product's own workers.ts) and
// its CPU figure adds up the workers'. Per-call figures and the mean reply size come from the one-worker measured
// run only.
import { spawn, type ChildProcess } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import {
  apply,
  LOCATIONS,
  type ClientGameState,
  type ClientStateChange,
  maxBuy,
  newGame,
  replay,
  type Action,
  type GameState,
} from '@drugwars/engine';
import { STATE_VERSION_HEADER } from '@drugwars/protocol';
import {
  differenceFromParse,
  readerFallbacks,
  readGameReply,
  viewOfChange,
  viewOfState,
  type GameReply,
  type GameView,
  type MarketView,
} from './gameReply';
import { nativeLoadProgram, readSamples, runNativeLoad, SESSION_MARK, type NativeLoadResult, type NativeSample } from './nativeHttpLoad';
import { hostLine, requestHead, requestText, runRawLoad, type RawLoadResult } from './rawHttpLoad';
import { SERVER_NODE_FLAGS } from '../../apps/server/src/serverNodeFlags';
import { chromiumAvailable, firstScreenGzipBytes, lighthouseJson, printLighthouse, runLighthouse, type LighthouseFigures } from './lighthouse';

interface Options {
  json: boolean;
  /** Diagnostic: serialize replies with JSON.stringify (not how the product runs). */
  whatIfJsonSerializer: boolean;
  /** postgres:// URL to run the game on PostgreSQL instead of a temporary SQLite file. */
  database: string | null;
  durationS: number;
  warmupS: number;
  connections: number;
  engineSeconds: number;
  /** Server processes of the all-cores run. */
  workers: number;
  lighthouse: boolean;
  lighthouseRuns: number;
  /**
   * 'native' (nativeHttpLoad.c), 'raw' (rawHttpLoad.ts) or 'autocannon' (what the bench used first); each costs
   * more CPU per request than the one before. Null: DEFAULT_LOAD_GENERATOR.
   */
  loadGenerator: LoadGenerator | null;
}

type LoadGenerator = 'native' | 'raw' | 'autocannon';

/**
 * Without --load-generator. Native: it takes the least CPU from the servers it shares the cores with, and it does not
 * preempt them (it runs as SCHED_BATCH: see nativeHttpLoad.c). In alternating full runs of raw, native as an ordinary
 * task and native as SCHED_BATCH (8, 9 and 8 runs, load 1.6-4 from other work; medians, SCHED_BATCH against raw):
 * the generator's CPU per request 22 against 35 us with one worker and 16 against 31 with two, the servers' 149
 * against 155 us with one worker and 149 against 167 with two, p99 20 against 25 ms, coreScalingCeiling 1.82 against
 * 1.56, coreScaling 1.65 against 1.38. As an ordinary task it was no better than raw with two workers (servers 170
 * us, ceiling 1.51). As SCHED_BATCH the two workers' CPU per request came out below one worker's in 4 of 8 runs
 * (coreScalingByCpu above 2): the one worker wakes the generator, idle on the other core, for nearly every reply
 * (0.9 wake-ups per request), the two workers seldom do (0.09: it is then waiting for a core anyway). A batch task
 * also waits longer for a core that other work keeps busy, and one run's one-worker window here fell to 4182 req/s
 * (p99 64 ms, the server's CPU per request as usual), which put coreScaling at 2.76: on a busy machine read
 * coreScaling next to coreScalingByCpu and uptime. When no C compiler is there, the bench says so and uses raw.
 */
const DEFAULT_LOAD_GENERATOR: LoadGenerator = 'native';

function parseArgs(argv: readonly string[]): Options {
  const value = (name: string, fallback: number): number => {
    const i = argv.indexOf(name);
    const n = i >= 0 ? Number(argv[i + 1]) : fallback;
    if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} needs a positive number`);
    return n;
  };
  const databaseAt = argv.indexOf('--database');
  return {
    json: argv.includes('--json'),
    whatIfJsonSerializer: argv.includes('--what-if-json-serializer'),
    database: databaseAt >= 0 ? (argv[databaseAt + 1] ?? null) : null,
    durationS: value('--duration', 10),
    warmupS: value('--warmup', 3),
    connections: value('--connections', 64),
    engineSeconds: value('--engine-seconds', 3),
    workers: value('--workers', availableParallelism()),
    lighthouse: !argv.includes('--no-lighthouse'),
    lighthouseRuns: value('--lighthouse-runs', 3),
    loadGenerator: loadGeneratorOf(argv),
  };
}

const LOAD_GENERATOR_NAMES: Record<LoadGenerator, string> = {
  native: 'native C client (scripts/src/nativeHttpLoad.c, one epoll loop), one player per keep-alive connection',
  raw: 'raw HTTP/1.1 client (scripts/src/rawHttpLoad.ts), one player per keep-alive connection',
  autocannon: 'autocannon',
};

/** Whether the web app is built (Lighthouse and the first-screen size need it; the HTTP figures do not). */
function webBuilt(): boolean {
  return existsSync(fileURLToPath(new URL('../../apps/web/dist/index.html', import.meta.url)));
}

function loadGeneratorOf(argv: readonly string[]): LoadGenerator | null {
  const at = argv.indexOf('--load-generator');
  if (at < 0) return null;
  const name = argv[at + 1];
  if (name !== 'native' && name !== 'raw' && name !== 'autocannon') {
    throw new Error('--load-generator takes native, raw or autocannon');
  }
  return name;
}

// ---------------------------------------------------------------- child servers

const LISTENING = 'BENCH_LISTENING ';

const CPU = 'BENCH_CPU ';

async function serve(kind: string, databaseUrl: string | undefined): Promise<void> {
  // On SIGUSR2 report this process's CPU time so far: the parent diffs two reports around a run to get the
  // server's CPU per request, a figure that other load on the machine does not distort.
  process.on('SIGUSR2', () => {
    const { user, system } = process.cpuUsage();
    console.log(`${CPU}${user + system}`);
  });
  if (kind === 'hello') {
    const { default: Fastify } = await import('fastify');
    const app = Fastify({ logger: false });
    app.get('/hello', async () => ({ hello: 'world' }));
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    console.log(`${LISTENING}${url}`);
    return;
  }
  const workers = Number(process.env.BENCH_WORKERS ?? '1');
  if (kind === 'game' && databaseUrl && workers > 1 && cluster.isPrimary) {
    // The product's own supervisor (WORKERS); each worker runs this file again and serves the game below.
    const { startWorkers } = await import('../../apps/server/src/workers');
    const { pino } = await import('pino');
    const pool = startWorkers(workers, pino({ level: 'warn' }), (reason) => {
      console.error(reason);
      process.exit(1);
    });
    process.removeAllListeners('SIGUSR2');
    process.on('SIGUSR2', () => {
      const { user, system } = process.cpuUsage();
      const workersMicros = pool.pids().reduce((total, pid) => total + processCpuMicros(pid), 0);
      console.log(`${CPU}${user + system + workersMicros}`);
    });
    process.once('SIGTERM', () => void pool.stop().finally(() => process.exit(0)));
    const port = await pool.ready;
    console.log(`${LISTENING}http://127.0.0.1:${port}`);
    return;
  }
  if (kind === 'game' && databaseUrl) {
    const { buildApp } = await import('../../apps/server/src/app');
    const { createStorage } = await import('../../apps/server/src/storage/createStorage');
    const storage = createStorage(databaseUrl);
    await storage.migrate();
    const unlimited = { max: 1_000_000_000, timeWindowMs: 60_000 };
    const app = await buildApp({
      storage,
      logger: false,
      environment: 'production',
      webDistDir: null,
      purgeIntervalMs: null,
      rateLimits: { newGame: unlimited, submit: unlimited, tracking: unlimited },
    });
    // What-if for profiling (--what-if-json-serializer): replies serialized by JSON.stringify instead of the
    // schema-compiled serializer. Not the product's configuration; the output says so.
    if (process.env.BENCH_WHAT_IF_JSON_SERIALIZER === '1') app.setSerializerCompiler(() => (data) => JSON.stringify(data));
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    // A clean exit on SIGTERM lets `--cpu-prof` (BENCH_CPU_PROF) write its profile.
    process.once('SIGTERM', () => {
      void app
        .close()
        .then(() => storage.close())
        .finally(() => process.exit(0));
    });
    // A cluster worker says nothing: its primary announces the address once every worker listens.
    if (cluster.isPrimary) console.log(`${LISTENING}${url}`);
    return;
  }
  throw new Error(`unknown --serve ${kind}`);
}

/** CPU time (user + system) of another process so far, in microseconds, from /proc (Linux). */
function processCpuMicros(pid: number): number {
  try {
    // Fields after the command name (which is in parentheses and may hold spaces): utime is the 12th, stime the 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticksPerSecond = 100; // USER_HZ on Linux
    return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1e6;
  } catch {
    return 0; // the worker has just exited
  }
}

interface Child {
  url: string;
  process: ChildProcess;
  /** CPU microseconds the server process has used so far. */
  cpuMicros(): Promise<number>;
  stop(): Promise<void>;
}

let whatIfJsonSerializer = false;

function startChild(args: string[], workers = 1): Promise<Child> {
  const self = fileURLToPath(import.meta.url);
  // BENCH_CPU_PROF=DIR profiles the server children (open the .cpuprofile in Chrome DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  // Both servers with the product's Node flags (as npm start runs it): the bare route's process is a Node process
  // like the game's, so the ratio compares the two routes, not two Node configurations.
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...profile, '--import', 'tsx', self, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      BENCH_WHAT_IF_JSON_SERIALIZER: whatIfJsonSerializer ? '1' : '0',
      BENCH_WORKERS: String(workers),
    },
  });
  const cpuWaiters: ((micros: number) => void)[] = [];
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const l of lines) if (l.startsWith(CPU)) cpuWaiters.shift()?.(Number(l.slice(CPU.length)));
  });
  const cpuMicros = () =>
    new Promise<number>((resolve) => {
      cpuWaiters.push(resolve);
      child.kill('SIGUSR2');
    });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const line = out.split('\n').find((l) => l.startsWith(LISTENING));
      if (line) {
        resolve({
          url: line.slice(LISTENING.length).trim(),
          process: child,
          cpuMicros,
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              const force = setTimeout(() => child.kill('SIGKILL'), 5000);
              child.once('exit', () => {
                clearTimeout(force);
                done();
              });
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`bench server ${args.join(' ')} exited early (${code})`)));
  });
}

// ---------------------------------------------------------------- HTTP load

/** What either load generator measured, with the CPU figures the caller adds. */
interface LoadResult extends RawLoadResult {
  /** Server CPU time per request, in microseconds (filled in by the caller). */
  cpuUsPerRequest?: number;
  /** The load generator's (this process's) CPU time per request, in microseconds: it shares the machine's cores. */
  clientCpuUsPerRequest?: number;
  /** The part of it spent in the kernel: socket writes and reads, sleeping and waking in epoll. */
  clientSystemCpuUsPerRequest?: number;
  /** The native load generator's own CPU time in the window (a child process: not in this process's figure). */
  nativeCpu?: { user: number; system: number };
}

/** Load generator CPU per request, and its kernel part, for the printed lines. */
function clientCpu(r: LoadResult): string {
  return `load generator ${round(r.clientCpuUsPerRequest ?? 0)} us/request (${round(r.clientSystemCpuUsPerRequest ?? 0)} in the kernel)`;
}

function summarizeLoad(r: autocannon.Result): LoadResult {
  const statuses: Record<string, number> = {};
  for (const [k, v] of Object.entries(r)) {
    const m = /^(\d)xx$/.exec(k);
    if (m && typeof v === 'number' && v > 0) statuses[k] = v;
  }
  return {
    rps: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    statuses,
  };
}

let loadGenerator: LoadGenerator = DEFAULT_LOAD_GENERATOR;
/** The compiled native load generator (when loadGenerator is 'native'). */
let nativeProgram = '';

/**
 * A warm-up, then the measured window (`window.onStart` is called between the two). The raw load generator keeps
 * its connections and players from one into the other, so the window starts in the steady state; autocannon runs
 * the two separately (its window starts with every connection opening again).
 */
interface Window {
  warmupS: number;
  seconds: number;
  onStart: () => void;
}

async function runHello(url: string, connections: number, window: Window): Promise<LoadResult> {
  if (loadGenerator === 'native') {
    return runNativeLoad({
      program: nativeProgram,
      url,
      connections,
      seconds: window.seconds,
      warmupSeconds: window.warmupS,
      onMeasureStart: window.onStart,
      fixed: requestText(requestHead(hostLine(url), 'GET', '/hello', {})),
    });
  }
  if (loadGenerator === 'raw') {
    const hello = requestText(requestHead(hostLine(url), 'GET', '/hello', {}));
    return runRawLoad({
      url,
      connections,
      seconds: window.seconds,
      warmupSeconds: window.warmupS,
      onMeasureStart: window.onStart,
      newContext: () => null,
      next: () => hello,
      onResponse: () => {},
    });
  }
  await autocannon({ url: `${url}/hello`, connections, duration: window.warmupS, pipelining: 1 });
  window.onStart();
  const result = await autocannon({ url: `${url}/hello`, connections, duration: window.seconds, pipelining: 1 });
  return summarizeLoad(result);
}

/**
 * The calls of the game workload. A request names its call by index: perCall and the request heads are arrays.
 * nativeHttpLoad.c names them by the same indexes (its enum).
 */
const CALLS = [
  { name: 'new', method: 'POST', path: '/api/game/new' },
  { name: 'state', method: 'GET', path: '/api/game/state' },
  { name: 'shop/buy', method: 'POST', path: '/api/game/shop/buy' },
  { name: 'sell', method: 'POST', path: '/api/game/sell' },
  { name: 'stay', method: 'POST', path: '/api/game/stay' },
  { name: 'travel', method: 'POST', path: '/api/game/travel' },
  { name: 'encounter', method: 'POST', path: '/api/game/encounter' },
] as const;
const NEW = 0;
const STATE = 1;
const BUY = 2;
const SELL = 3;
const STAY = 4;
const TRAVEL = 5;
const ENCOUNTER = 6;
type Call = typeof NEW | typeof STATE | typeof BUY | typeof SELL | typeof STAY | typeof TRAVEL | typeof ENCOUNTER;

/** What a browser sends with every call: replies may come compressed (the server decides by size). */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** How GET state says which version the player holds (the web client's reload): 304 when it is still that one. */
const NOT_MODIFIED_HEADER = 'if-none-match';

/**
 * The version header of a call, as the web client sends it once it holds a state: GET state asks whether the game
 * has moved on from that version (If-None-Match), a move says it is made on it (x-state-version) and is answered
 * only what it changed. Written after callHeaders' (its own line: the version changes with every move).
 */
function versionLine(call: Call, version: number | undefined): string {
  if (version === undefined || call === NEW) return '';
  return call === STATE ? `${NOT_MODIFIED_HEADER}: "${version}"\r\n` : `${STATE_VERSION_HEADER}: ${version}\r\n`;
}

/** The headers of a call (in the order they are written): a browser's, and the session's once there is one. */
function callHeaders(call: Call, sessionId: string | undefined): Record<string, string> {
  if (call === NEW || !sessionId) return { 'content-type': 'application/json', 'accept-encoding': BROWSER_ACCEPT_ENCODING };
  if (call === STATE) return { 'x-session-id': sessionId, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
  return { 'content-type': 'application/json', 'accept-encoding': BROWSER_ACCEPT_ENCODING, 'x-session-id': sessionId };
}

/** What one connection (one player) knows between two of its requests. */
interface PlayerContext {
  sessionId?: string;
  /** The game state of the last 200 reply with one (a refusal leaves it as it was). */
  state?: GameView;
  /** The version of that state (the reply's `version`). */
  version?: number;
  step?: number;
  /** The call in flight (one per connection: no pipelining). */
  call?: Call;
  /** When it left (the autocannon run; the raw client hands the latency over). */
  sentAt?: number;
  /** The raw client's requests of this session as written (they hold the session id), built on first use. */
  wire?: SessionWire;
}

/** Per call (by index into CALLS): how many and their total time, to show which calls cost what (queueing included). */
const perCall = CALLS.map(() => ({ count: 0, totalMs: 0, non200: 0, notModified: 0, codes: {} as Record<string, number> }));

const MAX_FLIGHT_PRICE = Math.max(...LOCATIONS.map((l) => l.flightPrice));

/** A request the player chose: which call, and its JSON body (none for a GET). */
interface Planned {
  call: Call;
  body?: string;
}

const NEW_GAME: Planned = { call: NEW, body: JSON.stringify({ playerName: 'bench', seed: null }) };
const STATE_REQUEST: Planned = { call: STATE };
const STAY_REQUEST: Planned = { call: STAY, body: '{}' };

/**
 * One session's requests as the raw client writes them. Their heads hold the session id, so each is built once per
 * session on first use; the version line (versionLine) follows, and the whole text of a new game (no version) is
 * kept too.
 */
class SessionWire {
  private readonly heads: string[] = [];
  private newGame: string | undefined;

  constructor(
    private readonly host: string,
    private readonly sessionId: string | undefined,
  ) {}

  text({ call, body }: Planned, version: number | undefined): string {
    if (call === NEW && this.newGame !== undefined) return this.newGame;
    const { method, path } = CALLS[call];
    const head = (this.heads[call] ??= requestHead(this.host, method, path, callHeaders(call, this.sessionId)));
    const text = requestText(head + versionLine(call, version), body);
    if (call === NEW) this.newGame = text;
    return text;
  }
}

/** The next request of a simple player: a day is state, buy, sell, then travel or stay; fights are answered. */
function nextRequest(ctx: PlayerContext): Planned {
  const state = ctx.state;
  if (!ctx.sessionId || !state || state.gameOver) return NEW_GAME;
  const enc = state.encounter;
  if (enc) {
    const action =
      enc.type === 'loanSharkVisit'
        ? enc.canSkip
          ? 'skip'
          : 'pay'
        : enc.turnOrder === 'enemy'
          ? 'fight'
          : enc.canSurrender
            ? 'surrender'
            : 'fight';
    const target = enc.enemies.find((e) => e.isAlive)?.id;
    return {
      call: ENCOUNTER,
      body: JSON.stringify(target && action === 'fight' ? { action, targetId: target } : { action }),
    };
  }
  const step = (ctx.step = (ctx.step ?? 0) + 1) % 4;
  if (step === 1) return STATE_REQUEST;
  if (step === 2) {
    const cash = state.cash;
    // The cheapest drug on offer that the cash covers (the first of equal prices).
    let pick: MarketView | undefined;
    for (const m of state.marketInfo) {
      if (m.quantity > 0 && m.price > 0 && m.price <= cash && (!pick || m.price < pick.price)) pick = m;
    }
    // Keep the price of a flight so the day can end with a trip.
    const spendable = cash - MAX_FLIGHT_PRICE;
    const quantity = pick
      ? Math.min(5, state.coatSpace - state.usedSpace, pick.quantity, Math.floor(spendable / pick.price))
      : 0;
    if (pick && quantity > 0) {
      return { call: BUY, body: JSON.stringify({ itemType: 'drug', itemId: pick.id, quantity }) };
    }
  }
  if (step === 3 || step === 2) {
    const market = state.marketInfo;
    const held = state.inventory.find((e) => e.quantity > 0 && market.some((m) => m.id === e.id));
    if (held) return { call: SELL, body: JSON.stringify({ drugId: held.id, quantity: held.quantity }) };
  }
  if ((ctx.step ?? 0) % 8 < 4) return STAY_REQUEST;
  const affordable = LOCATIONS.filter((l) => l.id !== state.location && l.flightPrice <= state.cash);
  const to = affordable[(ctx.step ?? 0) % Math.max(affordable.length, 1)];
  if (!to) return STAY_REQUEST;
  return { call: TRAVEL, body: JSON.stringify({ destination: to.id }) };
}

/**
 * autocannon resets a connection's context (our player) each time it loops over `requests`, and deep-clones the
 * list once per connection at start: a few hundred entries make resets rare (the player then simply starts a
 * new game, as real players do) without a costly start-up.
 */
const REQUESTS_PER_LOOP = 300;

/** A measured run checks the player's reading of one reply in this many against JSON.parse (~40 us each). */
const MEASURED_CHECK_EVERY = 256;

/** How the player's reading of replies is checked against JSON.parse (see gameReply.ts); the first difference. */
const readerCheck = { every: 1, replies: 0, difference: null as string | null };

/** What a player makes of a reply: the session of a new game, the state to plan the next request on. */
function observeReply(status: number, body: string, context: PlayerContext, recordCalls: boolean, latencyMs: number): void {
  const call = context.call ?? NEW;
  // GET state on the version the player holds, unchanged: the player keeps what it has.
  const notModified = status === 304 && call === STATE && context.version !== undefined;
  if (recordCalls) {
    const entry = perCall[call]!;
    entry.count++;
    entry.totalMs += latencyMs;
    if (notModified) entry.notModified++;
    else if (status !== 200) {
      entry.non200++;
      let code = String(status);
      try {
        code = (JSON.parse(body) as { code?: string }).code ?? code;
      } catch {
        // not JSON: keep the status
      }
      entry.codes[code] = (entry.codes[code] ?? 0) + 1;
    }
  }
  if (status !== 200) {
    // A refusal (e.g. a rule) leaves the state as it was; move the plan on.
    return;
  }
  let reply: GameReply;
  const before = call === NEW ? undefined : context.state;
  try {
    reply = readGameReply(body, call === NEW, before);
  } catch {
    // A compressed reply (above the server's threshold) is not read by this player: it starts over.
    context.sessionId = undefined;
    return;
  }
  if (readerCheck.replies++ % readerCheck.every === 0 && readerCheck.difference === null) {
    const difference = differenceFromParse(body, reply, call === NEW, before);
    if (difference) readerCheck.difference = `${CALLS[call].path} reply:\n${difference}`;
  }
  if (call === NEW && reply.sessionId) {
    context.sessionId = reply.sessionId;
    context.step = 0;
    context.wire = undefined;
  }
  if (reply.state) {
    context.state = reply.state;
    context.version = reply.version;
  }
}

/** Mean reply body size of the game workload (bytes), over the measured run of one worker. */
const replyBytes = { total: 0, count: 0 };

/**
 * The game workload for `seconds`. `checkEvery`: how often the player's reading of a reply is checked against
 * JSON.parse (1: every reply; the warm-up runs do that, the measured runs a sample). A difference fails the run.
 */
/**
 * The game workload: the warm-up records no per-call figures or reply sizes and checks the player's reading of
 * every reply; the window checks one in MEASURED_CHECK_EVERY, and records the per-call figures when `recordCalls`.
 */
async function runGame(url: string, connections: number, window: Window, recordCalls: boolean): Promise<LoadResult> {
  readerCheck.every = 1;
  gameWindow.recordCalls = false;
  const result = await runGameLoad(url, connections, {
    ...window,
    onStart: () => {
      readerCheck.every = MEASURED_CHECK_EVERY;
      gameWindow.recordCalls = recordCalls;
      window.onStart();
    },
  });
  if (readerCheck.difference !== null) {
    throw new Error(`bench: the reply reader (scripts/src/gameReply.ts) and JSON.parse differ on a ${readerCheck.difference}`);
  }
  return result;
}

/**
 * The native load generator writes one in this many of the measured replies that gave a player a state to its
 * sample file, with its reading and the request it chose (checked after the run: checkNativeSamples).
 */
const NATIVE_SAMPLE_EVERY = 256;
/** ... and one in this many of the warm-up's (the raw client checks every warm-up reply; files stay a few MB). */
const NATIVE_SAMPLE_EVERY_WARMUP = 8;

/** The native load generator's figures over all runs, for the printed lines: samples checked, reader failures. */
const nativeFigures = { samples: 0, readerFailures: 0, unreadable: 0 };

/** The game workload driven by nativeHttpLoad.c; its sample is checked against JSON.parse and nextRequest. */
async function runNativeGame(url: string, connections: number, window: Window): Promise<LoadResult> {
  const host = hostLine(url);
  const sampleFile = join(mkdtempSync(join(tmpdir(), 'drugwars-bench-native-')), 'samples');
  let recordCalls = false;
  try {
    const result: NativeLoadResult = await runNativeLoad({
      program: nativeProgram,
      url,
      connections,
      seconds: window.seconds,
      warmupSeconds: window.warmupS,
      onMeasureStart: () => {
        window.onStart();
        recordCalls = gameWindow.recordCalls;
      },
      game: {
        heads: CALLS.map((c, call) => requestHead(host, c.method, c.path, callHeaders(call as Call, SESSION_MARK))),
        versionHeader: STATE_VERSION_HEADER,
        notModifiedHeader: NOT_MODIFIED_HEADER,
        newGameBody: NEW_GAME.body!,
        stayBody: STAY_REQUEST.body!,
        maxFlightPrice: MAX_FLIGHT_PRICE,
        locations: LOCATIONS.map((l) => ({ id: l.id, flightPrice: l.flightPrice })),
        sampleFile,
        sampleEveryWarmup: NATIVE_SAMPLE_EVERY_WARMUP,
        sampleEveryWindow: NATIVE_SAMPLE_EVERY,
      },
    });
    if (recordCalls) {
      result.calls.forEach((c, i) => {
        const entry = perCall[i]!;
        entry.count += c.count;
        entry.totalMs += c.totalMs;
        entry.non200 += c.non200;
        entry.notModified += c.notModified;
        for (const [code, n] of Object.entries(c.codes)) entry.codes[code] = (entry.codes[code] ?? 0) + n;
      });
      replyBytes.total += result.replyBytes;
      replyBytes.count += result.total;
    }
    const samples = readSamples(sampleFile);
    const difference = checkNativeSamples(samples, host);
    if (difference) throw new Error(`bench: the native load generator (scripts/src/nativeHttpLoad.c) ${difference}`);
    if (samples.length === 0) throw new Error('bench: the native load generator wrote no sample to check');
    if (result.readerFailures > 0) {
      throw new Error(
        `bench: the native load generator could not read ${result.readerFailures} game replies (a key not where ` +
          'scripts/src/nativeHttpLoad.c looks: the server writes its keys in another order?); --load-generator raw reads them',
      );
    }
    nativeFigures.samples += samples.length;
    nativeFigures.unreadable += result.unreadable;
    return { ...result, nativeCpu: { user: result.userUs, system: result.systemUs } };
  } finally {
    rmSync(join(sampleFile, '..'), { recursive: true, force: true });
  }
}

/**
 * How the native player's reading of its sampled replies, or the requests it chose on them, differ from
 * JSON.parse's reading (gameReply.ts's viewOfState) and nextRequest's choice with the same session and step; null
 * when they agree.
 */
function checkNativeSamples(samples: readonly NativeSample[], host: string): string | null {
  for (const sample of samples) {
    const what = `${CALLS[sample.replyCall as Call].path} reply`;
    const parsed = JSON.parse(sample.body) as {
      sessionId?: string;
      version?: number;
      changedSince?: number;
      gameState?: ClientGameState | ClientStateChange;
    };
    if (!parsed.gameState) return `read a game state in a ${what} that has none:\n${sample.body}`;
    // A move's change is read onto the native player's view of the state the move was made on.
    let state: GameView;
    if (parsed.changedSince !== undefined) {
      if (sample.previous === null) return `read a change in a ${what} without a state before it:\n${sample.body}`;
      state = viewOfChange(JSON.parse(sample.previous) as GameView, parsed.gameState);
    } else {
      state = viewOfState(parsed.gameState as ClientGameState);
    }
    const theirs = JSON.stringify(state);
    if (sample.view !== theirs) return `and JSON.parse differ on a ${what}:\nnative ${sample.view}\nJSON.parse ${theirs}`;
    if (sample.version !== parsed.version) return `read version ${sample.version} from a ${what}, JSON.parse ${parsed.version}`;
    if (sample.replyCall === NEW && sample.session !== parsed.sessionId) {
      return `read session ${sample.session} from a new game's reply, JSON.parse ${parsed.sessionId}`;
    }
    const context: PlayerContext = { sessionId: sample.session || undefined, state, step: sample.step, version: sample.version };
    const expected = new SessionWire(host, context.sessionId).text(nextRequest(context), context.version);
    if (sample.request !== expected) {
      return `and nextRequest chose differently after a ${what} (step ${sample.step}):\nnative ${JSON.stringify(sample.request)}\nnextRequest ${JSON.stringify(expected)}`;
    }
  }
  return null;
}

/** Whether replies now count in the per-call figures and the mean reply size (only in a one-worker window). */
const gameWindow = { recordCalls: false };

async function runGameLoad(url: string, connections: number, window: Window): Promise<LoadResult> {
  if (loadGenerator === 'native') return runNativeGame(url, connections, window);
  if (loadGenerator === 'raw') {
    const host = hostLine(url);
    return runRawLoad<PlayerContext>({
      url,
      connections,
      seconds: window.seconds,
      warmupSeconds: window.warmupS,
      onMeasureStart: window.onStart,
      newContext: () => ({}),
      next: (context) => {
        const planned = nextRequest(context);
        context.call = planned.call;
        return (context.wire ??= new SessionWire(host, context.sessionId)).text(planned, context.version);
      },
      onResponse: (status, body, context, bytes, latencyMs) => {
        if (gameWindow.recordCalls) {
          replyBytes.total += bytes;
          replyBytes.count++;
        }
        observeReply(status, body, context, gameWindow.recordCalls, latencyMs);
      },
    });
  }
  const request: autocannon.Request = {
    setupRequest: (req: autocannon.Request, context: PlayerContext) => {
      const { call, body } = nextRequest(context);
      context.call = call;
      context.sentAt = performance.now();
      const { method, path } = CALLS[call];
      const headers = callHeaders(call, context.sessionId);
      const version = context.sessionId === undefined ? undefined : context.version;
      if (version !== undefined && call !== NEW) headers[call === STATE ? NOT_MODIFIED_HEADER : STATE_VERSION_HEADER] = call === STATE ? `"${version}"` : String(version);
      return body === undefined ? { ...req, method, path, headers } : { ...req, method, path, headers, body };
    },
    onResponse: (status: number, body: string, context: PlayerContext) => {
      if (gameWindow.recordCalls) {
        replyBytes.total += Buffer.byteLength(body);
        replyBytes.count++;
      }
      observeReply(status, body, context, gameWindow.recordCalls, performance.now() - (context.sentAt ?? 0));
    },
  } as autocannon.Request;
  const run = (duration: number) =>
    autocannon({ url, connections, duration, pipelining: 1, requests: Array.from({ length: REQUESTS_PER_LOOP }, () => request) });
  await run(window.warmupS);
  window.onStart();
  return summarizeLoad(await run(window.seconds));
}

// ---------------------------------------------------------------- engine alone

/** A plain bot on the engine: sell what is held, buy the cheapest drug, travel; answer every encounter. */
function botAction(s: GameState, turn: number): Action {
  const enc = s.encounter;
  if (enc) {
    if (enc.type === 'loanSharkVisit') return { type: 'encounter', action: enc.canSkip ? 'skip' : 'pay' };
    const target = enc.enemies.find((e) => e.isAlive)?.id;
    if (enc.turnOrder === 'player' && enc.canSurrender) return { type: 'encounter', action: 'surrender' };
    return target ? { type: 'encounter', action: 'fight', targetIds: [target] } : { type: 'encounter', action: 'fight' };
  }
  const phase = turn % 3;
  if (phase === 0) {
    const held = Object.entries(s.player.inventory).find(([id, e]) => e.quantity > 0 && s.prices[id] !== undefined);
    if (held) return { type: 'sell', drugId: held[0], quantity: held[1].quantity };
  }
  if (phase <= 1) {
    const cheapest = s.marketInfo.filter((m) => maxBuy(s, m.id) > 0).sort((a, b) => a.price - b.price)[0];
    if (cheapest) return { type: 'buy', drugId: cheapest.id, quantity: maxBuy(s, cheapest.id) };
  }
  const others = LOCATIONS.filter((l) => l.id !== s.location);
  const to = others[turn % others.length];
  return to ? { type: 'travel', destination: to.id } : { type: 'stay' };
}

interface PlayedGame {
  seed: string;
  actions: Action[];
  final: GameState;
}

function playEngineGame(i: number): PlayedGame {
  const seed = String(1_000_000_000_000_000n + BigInt(i) * 7919n).slice(0, 16);
  let s = newGame({ playerName: 'bench', seed, isSeeded: true });
  const actions: Action[] = [];
  for (let turn = 0; !s.gameOver && turn < 2000; turn++) {
    let action = botAction(s, turn);
    let r = apply(s, action);
    if (!r.ok) {
      action = s.encounter ? { type: 'encounter', action: 'fight' } : { type: 'stay' };
      r = apply(s, action);
    }
    if (r.ok) {
      s = r.state;
      actions.push(action);
    }
  }
  return { seed, actions, final: s };
}

interface EngineResult {
  gamesPerSecond: number;
  actionsPerGame: number;
  replayMsP50: number;
  replayMsMax: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function runEngine(seconds: number): EngineResult {
  for (let i = 0; i < 50; i++) playEngineGame(i); // warm the JIT
  const games: PlayedGame[] = [];
  const t0 = process.hrtime.bigint();
  let elapsed = 0;
  while (elapsed < seconds) {
    games.push(playEngineGame(games.length + 1000));
    elapsed = Number(process.hrtime.bigint() - t0) / 1e9;
  }
  const sample = games.slice(0, 200);
  const replayMs: number[] = [];
  for (const g of sample) {
    const t = process.hrtime.bigint();
    const replayed = replay({ playerName: 'bench', seed: g.seed, isSeeded: true }, g.actions);
    replayMs.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (JSON.stringify(replayed) !== JSON.stringify(g.final)) throw new Error(`replay of game ${g.seed} diverged`);
  }
  replayMs.sort((a, b) => a - b);
  return {
    gamesPerSecond: games.length / elapsed,
    actionsPerGame: games.reduce((n, g) => n + g.actions.length, 0) / games.length,
    replayMsP50: percentile(replayMs, 50),
    replayMsMax: replayMs[replayMs.length - 1] ?? 0,
  };
}

// ---------------------------------------------------------------- main

const round = (n: number, digits = 0) => Number(n.toFixed(digits));

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  whatIfJsonSerializer = opts.whatIfJsonSerializer;
  loadGenerator = opts.loadGenerator ?? DEFAULT_LOAD_GENERATOR;
  if (loadGenerator === 'native') {
    const why: { message?: string } = {};
    const program = nativeLoadProgram(why);
    if (program) nativeProgram = program;
    else if (opts.loadGenerator === 'native') throw new Error(`bench: cannot compile scripts/src/nativeHttpLoad.c: ${why.message}`);
    else {
      console.log(`note: no native load generator (cc -O2 scripts/src/nativeHttpLoad.c: ${why.message}); using the raw Node client`);
      loadGenerator = 'raw';
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'drugwars-bench-'));
  try {
    const hello = await startChild(['--serve', 'hello']);
    let helloResult: LoadResult;
    try {
      let cpu0: Promise<number> = Promise.resolve(0);
      helloResult = await runHello(hello.url, opts.connections, {
        warmupS: opts.warmupS,
        seconds: opts.durationS,
        onStart: () => {
          cpu0 = hello.cpuMicros();
        },
      });
      helloResult.cpuUsPerRequest = ((await hello.cpuMicros()) - (await cpu0)) / Math.max(helloResult.total, 1);
    } finally {
      await hello.stop();
    }

    const databaseUrl = opts.database
      ? withBenchSchema(opts.database)
      : `sqlite:${join(dir, 'bench.db')}`;
    const gameResult = await benchGame(databaseUrl, 1, opts);
    const calls = CALLS.map((c, i) => ({ name: c.name, ...perCall[i]! }))
      .filter((c) => c.count > 0)
      .sort((x, y) => y.count - x.count);
    // The same workload on one server process per core, on its own fresh database.
    const allCoresUrl = opts.database ? databaseUrl : `sqlite:${join(dir, 'bench-workers.db')}`;
    const allCores = opts.workers > 1 ? await benchGame(allCoresUrl, opts.workers, opts) : null;

    const engine = runEngine(opts.engineSeconds);
    const ratio = gameResult.rps / Math.max(helloResult.rps, 1e-9);

    const cpuRatio = (helloResult.cpuUsPerRequest ?? 0) / Math.max(gameResult.cpuUsPerRequest ?? 0, 1e-9);
    console.log(
      `hello route      ${round(helloResult.rps)} req/s  (p50 ${helloResult.p50Ms} ms, p99 ${helloResult.p99Ms} ms; ` +
        `server CPU ${round(helloResult.cpuUsPerRequest ?? 0)} us/request)`,
    );
    console.log(
      `game workload    ${round(gameResult.rps)} req/s  p50 ${gameResult.p50Ms} ms  p99 ${gameResult.p99Ms} ms  ` +
        `(${gameResult.total} requests, statuses ${JSON.stringify(gameResult.statuses)}, socket errors ${gameResult.errors}; ` +
        `server CPU ${round(gameResult.cpuUsPerRequest ?? 0)} us/request, ${clientCpu(gameResult)})`,
    );
    console.log(
      `  game calls     ${calls
        .map(
          (c) =>
            `${c.name} ${c.count}x ${(c.totalMs / c.count).toFixed(1)}ms${c.notModified ? ` (304: ${c.notModified})` : ''}` +
            `${c.non200 ? ` (non-200: ${JSON.stringify(c.codes)})` : ''}`,
        )
        .join(', ')}`,
    );
    console.log(
      `ratio game/hello ${ratio.toFixed(3)}   (target >= 0.30; p99 target <= 20 ms); ` +
        `by server CPU per request ${cpuRatio.toFixed(3)} (what the ratio would be with the server alone on a core)`,
    );
    const coreScaling = allCores ? allCores.rps / Math.max(gameResult.rps, 1e-9) : null;
    // What the scaling would be if the load generator ran elsewhere: N cores' worth of requests at the N-worker
    // CPU cost per request, against one core's worth at the one-worker cost.
    const coreScalingByCpu = allCores
      ? (opts.workers * (gameResult.cpuUsPerRequest ?? 0)) / Math.max(allCores.cpuUsPerRequest ?? 0, 1e-9)
      : null;
    // The best all-cores figure these CPU costs allow when the load generator shares the cores (see the header).
    const coreScalingCeiling = allCores
      ? (opts.workers * (gameResult.cpuUsPerRequest ?? 0)) /
        Math.max((allCores.cpuUsPerRequest ?? 0) + (allCores.clientCpuUsPerRequest ?? 0), 1e-9)
      : null;
    if (allCores) {
      console.log(
        `${`${opts.workers} workers`.padEnd(17)}${round(allCores.rps)} req/s  p50 ${allCores.p50Ms} ms  p99 ${allCores.p99Ms} ms  ` +
          `(${allCores.total} requests, statuses ${JSON.stringify(allCores.statuses)}; server CPU ${round(allCores.cpuUsPerRequest ?? 0)} us/request, ` +
          `${clientCpu(allCores)})` +
          `  = ${coreScaling!.toFixed(2)}x one worker (target >= 1.7 on 2 cores; the load generator shares the cores); ` +
          `by server CPU per request ${coreScalingByCpu!.toFixed(2)}x (with the load generator on other cores); ` +
          `the CPU costs allow at most ${coreScalingCeiling!.toFixed(2)}x with it on these cores`,
      );
    }
    console.log(
      `engine           ${round(engine.gamesPerSecond)} full games/s (${round(engine.actionsPerGame, 1)} actions/game), ` +
        `audit replay p50 ${engine.replayMsP50.toFixed(3)} ms, max ${engine.replayMsMax.toFixed(3)} ms per session`,
    );
    const meanReplyBytes = replyBytes.count > 0 ? round(replyBytes.total / replyBytes.count) : 0;
    console.log(
      `game replies     ${meanReplyBytes} bytes mean body (one worker's measured run); ` +
        (loadGenerator === 'native'
          ? `native player: ${nativeFigures.samples} sampled replies and choices checked against JSON.parse and nextRequest, ` +
            `${nativeFigures.unreadable} replies without a readable state (the player started over)`
          : `${readerFallbacks.count} replies of all runs read by a full JSON.parse (a field not where gameReply.ts looks)`),
    );
    console.log(
      `(${opts.connections} connections, ${opts.durationS} s per HTTP run after ${opts.warmupS} s warm-up` +
        `${allCores ? ` (${opts.warmupS * opts.workers} s for ${opts.workers} workers)` : ''}, ` +
        `${opts.database ? 'PostgreSQL' : 'SQLite temp file'}; load generator: ${LOAD_GENERATOR_NAMES[loadGenerator]})`,
    );
    let lighthouse: LighthouseFigures | null = null;
    // Null when the web app is not built (npm run build): the bench's HTTP figures do not need it.
    const firstScreenGzipKb = webBuilt() ? round(firstScreenGzipBytes() / 1024, 1) : null;
    if (opts.lighthouse && chromiumAvailable() && webBuilt()) {
      lighthouse = await runLighthouse({ runs: opts.lighthouseRuns });
      console.log(`lighthouse (mobile, median of ${opts.lighthouseRuns} runs per screen):`);
      printLighthouse(lighthouse);
    } else if (opts.lighthouse) {
      console.log(
        webBuilt()
          ? 'lighthouse       SKIPPED: no Chromium (apt-get install -y chromium, or set CHROMIUM_PATH)'
          : 'lighthouse       SKIPPED: the web app is not built (npm run build)',
      );
    }
    console.log(
      firstScreenGzipKb === null
        ? 'first screen     SKIPPED: the web app is not built (npm run build)'
        : `first screen     ${firstScreenGzipKb} KB gzip (index.html and the scripts and styles it loads)`,
    );
    if (opts.whatIfJsonSerializer) {
      console.log('WHAT-IF RUN: replies serialized with JSON.stringify, not the product configuration');
    }
    if (opts.json) {
      console.log(
        JSON.stringify({
          helloRps: round(helloResult.rps),
          gameRps: round(gameResult.rps),
          ratio: round(ratio, 3),
          p50Ms: gameResult.p50Ms,
          p99Ms: gameResult.p99Ms,
          cpuRatio: round(cpuRatio, 3),
          helloCpuUs: round(helloResult.cpuUsPerRequest ?? 0),
          gameCpuUs: round(gameResult.cpuUsPerRequest ?? 0),
          clientCpuUs: round(gameResult.clientCpuUsPerRequest ?? 0),
          engineGamesPerSecond: round(engine.gamesPerSecond),
          auditReplayMsP50: round(engine.replayMsP50, 3),
          meanReplyBytes,
          loadGenerator,
          workers: allCores ? opts.workers : 1,
          gameRpsAllCores: allCores ? round(allCores.rps) : null,
          p99MsAllCores: allCores ? allCores.p99Ms : null,
          coreScaling: coreScaling === null ? null : round(coreScaling, 2),
          coreScalingByCpu: coreScalingByCpu === null ? null : round(coreScalingByCpu, 2),
          coreScalingCeiling: coreScalingCeiling === null ? null : round(coreScalingCeiling, 2),
          ...(lighthouse ? { lighthouseMobile: lighthouseJson(lighthouse) } : {}),
          firstScreenGzipKb,
        }),
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    if (opts.database) await dropBenchSchema(opts.database);
  }
}

/**
 * The game workload against `workers` server processes on a fresh database: warm-up, then the measured run.
 * Each process warms up (JIT tiers, inline caches, heap sizing) on the requests it serves itself, and N processes
 * each serve about 1/N of them, so the warm-up lasts `workers` times --warmup: every worker has then served about
 * as many warm-up requests as the one worker had (more, once N workers serve more than one). With the same 3 s
 * for both, the two workers' CPU per request was still falling through most of the window (2 s slices of a 30 s
 * run: 379, 335, 318, 305 ... 249 us over the first 20 s, against one worker's 265, 237, 215 ... settled after
 * ~4 s; in a quieter run the two workers settled after ~8 s), so the all-cores window measured part of a warm-up
 * that the one-worker window did not.
 */
async function benchGame(databaseUrl: string, workers: number, opts: Options): Promise<LoadResult> {
  const game = await startChild(['--serve', 'game', '--db', databaseUrl], workers);
  try {
    let cpu0: Promise<number> = Promise.resolve(0);
    let client0 = process.cpuUsage();
    const result = await runGame(
      game.url,
      opts.connections,
      {
        warmupS: opts.warmupS * workers,
        seconds: opts.durationS,
        onStart: () => {
          cpu0 = game.cpuMicros();
          client0 = process.cpuUsage();
        },
      },
      workers === 1,
    );
    const client = process.cpuUsage(client0);
    // The native load generator is a child process: its CPU adds to this one's (which then only waits for it).
    client.user += result.nativeCpu?.user ?? 0;
    client.system += result.nativeCpu?.system ?? 0;
    result.cpuUsPerRequest = ((await game.cpuMicros()) - (await cpu0)) / Math.max(result.total, 1);
    result.clientCpuUsPerRequest = (client.user + client.system) / Math.max(result.total, 1);
    result.clientSystemCpuUsPerRequest = client.system / Math.max(result.total, 1);
    return result;
  } finally {
    await game.stop();
  }
}

/** A PostgreSQL run works in its own schema (dropped afterwards), never in the database's own tables. */
const BENCH_SCHEMA = `dw_bench_${process.pid}`;

function withBenchSchema(databaseUrl: string): string {
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) throw new Error('--database takes a postgres:// URL (SQLite is the default)');
  const url = new URL(databaseUrl);
  url.searchParams.set('schema', BENCH_SCHEMA);
  return url.toString();
}

async function dropBenchSchema(databaseUrl: string): Promise<void> {
  const { Kysely, PostgresDialect } = await import('kysely');
  const { default: pg } = await import('pg');
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 1 }) }) });
  try {
    await db.schema.dropSchema(BENCH_SCHEMA).ifExists().cascade().execute();
  } finally {
    await db.destroy();
  }
}

const serveAt = process.argv.indexOf('--serve');
if (serveAt >= 0) {
  const dbAt = process.argv.indexOf('--db');
  await serve(process.argv[serveAt + 1] ?? '', dbAt >= 0 ? process.argv[dbAt + 1] : undefined);
} else {
  await main();
}

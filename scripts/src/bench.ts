// npm run bench [-- --json] [--duration S] [--warmup S] [--connections N] [--workers N] [--engine-seconds S]
//                [--database postgres://...] [--no-lighthouse] [--lighthouse-runs N]
//
// A figure, not a test (docs/performance.md says how to read it and keeps today's figures). In one run it measures
//   1. a bare Fastify 'hello' route and the game (new game, state, buy, sell, stay, travel, encounters, as
//      scripts/src/benchPlayer.lua plays it) on a temporary SQLite file, each in its own server process, loaded by
//      wrk (Debian's wrk, with lua-cjson and lua-zlib for the player) over keep-alive connections, one player per
//      connection: requests/second, p50/p99 latency and the server's CPU per request, read from /proc around the
//      measured window (a figure other load on the machine does not distort); cpuRatio = hello's CPU per request
//      over the game's;
//   2. the game on one server process per core (--workers, the product's workers.ts): coreScaling = its
//      requests/second over one process's;
//   3. the engine alone: whole games per second and the audit replay time per session;
//   4. with Chromium (CHROMIUM_PATH) and a built web app: Lighthouse mobile scores of the title and the game screen
//      (scripts/src/lighthouse.ts) and the gzip size of the first screen.
// With --json the last printed line is one JSON object of every figure.
import { spawn, spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apply, LOCATIONS, maxBuy, newGame, replay, type Action, type GameState } from '@drugwars/engine';
import { SERVER_NODE_FLAGS } from '../../apps/server/src/serverNodeFlags';
import { chromiumAvailable, firstScreenGzipBytes, lighthouseJson, printLighthouse, runLighthouse, type LighthouseFigures } from './lighthouse';

const PLAYER = fileURLToPath(new URL('./benchPlayer.lua', import.meta.url));
const WRK = process.env.WRK_PATH ?? 'wrk';

interface Options {
  json: boolean;
  database: string | null;
  durationS: number;
  warmupS: number;
  connections: number;
  engineSeconds: number;
  workers: number;
  lighthouse: boolean;
  lighthouseRuns: number;
}

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
    database: databaseAt >= 0 ? (argv[databaseAt + 1] ?? null) : null,
    durationS: value('--duration', 10),
    warmupS: value('--warmup', 3),
    connections: value('--connections', 64),
    engineSeconds: value('--engine-seconds', 3),
    workers: value('--workers', availableParallelism()),
    lighthouse: !argv.includes('--no-lighthouse'),
    lighthouseRuns: value('--lighthouse-runs', 3),
  };
}

// ---------------------------------------------------------------- server processes

const LISTENING = 'BENCH_LISTENING ';

/** A child server: `--serve hello` (the bare route) or `--serve game` (the product on databaseUrl). */
async function serve(kind: string, databaseUrl: string | undefined): Promise<void> {
  if (kind === 'hello') {
    const { default: Fastify } = await import('fastify');
    const app = Fastify({ logger: false });
    app.get('/hello', async () => ({ hello: 'world' }));
    console.log(`${LISTENING}${await app.listen({ host: '127.0.0.1', port: 0 })}`);
    return;
  }
  if (kind !== 'game' || !databaseUrl) throw new Error(`unknown --serve ${kind}`);
  const workers = Number(process.env.BENCH_WORKERS ?? '1');
  if (workers > 1 && cluster.isPrimary) {
    // The product's own supervisor (WORKERS); each worker runs this file again and serves the game below.
    const { startWorkers } = await import('../../apps/server/src/workers');
    const { pino } = await import('pino');
    const pool = startWorkers(workers, pino({ level: 'warn' }), (reason) => {
      console.error(reason);
      process.exit(1);
    });
    process.once('SIGTERM', () => void pool.stop().finally(() => process.exit(0)));
    console.log(`${LISTENING}http://127.0.0.1:${await pool.ready}`);
    return;
  }
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
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  // A clean exit on SIGTERM lets `--cpu-prof` (BENCH_CPU_PROF) write its profile.
  process.once('SIGTERM', () => void app.close().then(() => storage.close()).finally(() => process.exit(0)));
  // A cluster worker says nothing: its primary announces the address once every worker listens.
  if (cluster.isPrimary) console.log(`${LISTENING}${url}`);
}

/** utime + stime of a process so far, in microseconds (USER_HZ = 100), from /proc/PID/stat; 0 once it is gone. */
function processCpuMicros(pid: number | 'self', field: 'own' | 'children' = 'own'): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (in parentheses, may hold spaces): utime 14, stime 15, cutime 16, cstime 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const at = field === 'own' ? 11 : 13;
    return ((Number(fields[at]) + Number(fields[at + 1])) / 100) * 1e6;
  } catch {
    return 0;
  }
}

/** CPU of a process and every process under it (a cluster primary and its workers). */
function treeCpuMicros(pid: number): number {
  let total = processCpuMicros(pid);
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(' ') : []) total += treeCpuMicros(Number(child));
    }
  } catch {
    // gone meanwhile
  }
  return total;
}

interface Server {
  url: string;
  cpuMicros(): number;
  stop(): Promise<void>;
}

function startServer(args: string[], workers = 1): Promise<Server> {
  // BENCH_CPU_PROF=DIR profiles the server processes (open the .cpuprofile in Chrome DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  // Both servers with the product's Node flags, so the ratio compares two routes, not two Node configurations.
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...profile, '--import', 'tsx', fileURLToPath(import.meta.url), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', BENCH_WORKERS: String(workers) },
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const line = out.split('\n').find((l) => l.startsWith(LISTENING));
      if (!line) return;
      resolve({
        url: line.slice(LISTENING.length).trim(),
        cpuMicros: () => treeCpuMicros(child.pid!),
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
    });
    child.once('exit', (code) => reject(new Error(`bench server ${args.join(' ')} exited early (${code})`)));
  });
}

// ---------------------------------------------------------------- load (wrk)

/** What benchPlayer.lua's done() prints. */
interface WrkReport {
  requests: number;
  durationUs: number;
  socketErrors: number;
  p50Us: number;
  p99Us: number;
  calls: Record<string, number>;
  bodyBytes: number;
}

interface LoadResult {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  socketErrors: number;
  calls: Record<string, number>;
  meanBodyBytes: number;
  /** Server CPU per request (all its processes), microseconds. */
  cpuUs: number;
  /** wrk's CPU per request: it shares the cores with the servers. */
  clientCpuUs: number;
}

const INSTALL = 'apt-get install -y wrk lua-cjson lua-zlib (or set WRK_PATH)';

/** One wrk run of `seconds` with one player (thread) per connection. */
function runWrk(url: string, connections: number, seconds: number, mode: 'hello' | 'game'): Promise<WrkReport> {
  const target = mode === 'hello' ? `${url}/hello` : url;
  const locations = LOCATIONS.map((l) => `${l.id}:${l.flightPrice}`).join(',');
  const args = ['-t', String(connections), '-c', String(connections), '-d', `${seconds}s`, '-s', PLAYER, target, '--', mode, locations];
  return new Promise((resolve, reject) => {
    const child = spawn(WRK, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('BENCH_WRK '));
      if (code !== 0 || !line) reject(new Error(`bench: wrk exited with ${code} (the player needs lua-cjson and lua-zlib: ${INSTALL}):\n${out}`));
      else resolve(JSON.parse(line.slice('BENCH_WRK '.length)) as WrkReport);
    });
  });
}

/** A warm-up run, then the measured one with the server's and wrk's CPU read around it. */
async function measure(server: Server, connections: number, warmupS: number, seconds: number, mode: 'hello' | 'game'): Promise<LoadResult> {
  await runWrk(server.url, connections, warmupS, mode);
  const server0 = server.cpuMicros();
  // wrk is this process's child: its CPU joins this process's children's total once it has exited.
  const client0 = processCpuMicros('self', 'children');
  const report = await runWrk(server.url, connections, seconds, mode);
  const cpu = server.cpuMicros() - server0;
  const clientCpu = processCpuMicros('self', 'children') - client0;
  const requests = Math.max(report.requests, 1);
  return {
    rps: report.requests / (report.durationUs / 1e6),
    p50Ms: report.p50Us / 1000,
    p99Ms: report.p99Us / 1000,
    requests: report.requests,
    socketErrors: report.socketErrors,
    calls: report.calls,
    meanBodyBytes: report.bodyBytes / requests,
    cpuUs: cpu / requests,
    clientCpuUs: clientCpu / requests,
  };
}

/**
 * The game on `workers` processes on a fresh database. Each process warms up (JIT, caches, heap sizing) on the
 * requests it serves, about 1/N of them, so the warm-up lasts N times --warmup.
 */
async function benchGame(databaseUrl: string, workers: number, opts: Options): Promise<LoadResult> {
  const game = await startServer(['--serve', 'game', '--db', databaseUrl], workers);
  try {
    return await measure(game, opts.connections, opts.warmupS * workers, opts.durationS, 'game');
  } finally {
    await game.stop();
  }
}

/** "buy 2410x (refused 3), state 2950x (304: 2950), ...": what the players did in the one-worker window. */
function describeCalls(calls: Record<string, number>): string {
  return Object.keys(calls)
    .filter((name) => !name.includes(' ') && (calls[name] ?? 0) > 0)
    .sort((a, b) => (calls[b] ?? 0) - (calls[a] ?? 0))
    .map((name) => {
      const refused = calls[`${name} refused`] ?? 0;
      const notModified = calls[`${name} 304`] ?? 0;
      return `${name} ${calls[name]}x${notModified ? ` (304: ${notModified})` : ''}${refused ? ` (refused ${refused})` : ''}`;
    })
    .join(', ');
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

function playEngineGame(i: number): { seed: string; actions: Action[]; final: GameState } {
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

function runEngine(seconds: number): { gamesPerSecond: number; actionsPerGame: number; replayMsP50: number; replayMsMax: number } {
  for (let i = 0; i < 50; i++) playEngineGame(i); // warm the JIT
  const games: ReturnType<typeof playEngineGame>[] = [];
  const t0 = performance.now();
  while (performance.now() - t0 < seconds * 1000) games.push(playEngineGame(games.length + 1000));
  const elapsedS = (performance.now() - t0) / 1000;
  const replayMs: number[] = [];
  for (const g of games.slice(0, 200)) {
    const t = performance.now();
    const replayed = replay({ playerName: 'bench', seed: g.seed, isSeeded: true }, g.actions);
    replayMs.push(performance.now() - t);
    if (JSON.stringify(replayed) !== JSON.stringify(g.final)) throw new Error(`replay of game ${g.seed} diverged`);
  }
  replayMs.sort((a, b) => a - b);
  return {
    gamesPerSecond: games.length / elapsedS,
    actionsPerGame: games.reduce((n, g) => n + g.actions.length, 0) / games.length,
    replayMsP50: replayMs[Math.floor(replayMs.length / 2)] ?? 0,
    replayMsMax: replayMs[replayMs.length - 1] ?? 0,
  };
}

// ---------------------------------------------------------------- main

const round = (n: number, digits = 0) => Number(n.toFixed(digits));

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

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  if (spawnSync(WRK, ['-v']).error) throw new Error(`bench: no wrk (${WRK}): ${INSTALL}`);
  const dir = mkdtempSync(join(tmpdir(), 'drugwars-bench-'));
  try {
    const helloServer = await startServer(['--serve', 'hello']);
    const hello = await measure(helloServer, opts.connections, opts.warmupS, opts.durationS, 'hello').finally(() => helloServer.stop());
    const databaseUrl = opts.database ? withBenchSchema(opts.database) : `sqlite:${join(dir, 'bench.db')}`;
    const game = await benchGame(databaseUrl, 1, opts);
    const allCores = opts.workers > 1 ? await benchGame(opts.database ? databaseUrl : `sqlite:${join(dir, 'workers.db')}`, opts.workers, opts) : null;
    const engine = runEngine(opts.engineSeconds);

    const cpuRatio = hello.cpuUs / Math.max(game.cpuUs, 1e-9);
    const coreScaling = allCores ? allCores.rps / Math.max(game.rps, 1e-9) : null;
    // The scaling with wrk on other cores: N cores' worth of requests at the N-worker CPU per request.
    const coreScalingByCpu = allCores ? (opts.workers * game.cpuUs) / Math.max(allCores.cpuUs, 1e-9) : null;
    // The most these CPU costs allow with wrk sharing the cores.
    const coreScalingCeiling = allCores ? (opts.workers * game.cpuUs) / Math.max(allCores.cpuUs + allCores.clientCpuUs, 1e-9) : null;
    const line = (r: LoadResult) =>
      `${round(r.rps)} req/s  p50 ${r.p50Ms} ms  p99 ${r.p99Ms} ms  (${r.requests} requests, socket errors ${r.socketErrors}; ` +
      `server CPU ${round(r.cpuUs)} us/request, wrk ${round(r.clientCpuUs)} us/request)`;
    console.log(`hello route      ${line(hello)}`);
    console.log(`game, 1 worker   ${line(game)}`);
    console.log(`  game calls     ${describeCalls(game.calls)}; ${round(game.meanBodyBytes)} bytes mean reply body as sent`);
    console.log(`cpuRatio ${cpuRatio.toFixed(3)} (floor 0.08); requests/s ratio game/hello ${(game.rps / Math.max(hello.rps, 1e-9)).toFixed(3)}`);
    if (allCores) {
      console.log(`game, ${opts.workers} workers  ${line(allCores)}`);
      console.log(
        `coreScaling ${coreScaling!.toFixed(2)} (floor 1.5; wrk shares the cores), by server CPU per request ` +
          `${coreScalingByCpu!.toFixed(2)}, at most ${coreScalingCeiling!.toFixed(2)} with wrk on these cores`,
      );
    }
    console.log(
      `engine           ${round(engine.gamesPerSecond)} full games/s (${round(engine.actionsPerGame, 1)} actions/game), ` +
        `audit replay p50 ${engine.replayMsP50.toFixed(3)} ms, max ${engine.replayMsMax.toFixed(3)} ms per session`,
    );
    console.log(
      `(${opts.connections} connections, ${opts.durationS} s per run after ${opts.warmupS} s warm-up per worker, ` +
        `${opts.database ? 'PostgreSQL' : 'SQLite temp file'}, load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})`,
    );

    const webBuilt = existsSync(fileURLToPath(new URL('../../apps/web/dist/index.html', import.meta.url)));
    const firstScreenGzipKb = webBuilt ? round(firstScreenGzipBytes() / 1024, 1) : null;
    let lighthouse: LighthouseFigures | null = null;
    if (opts.lighthouse && chromiumAvailable() && webBuilt) {
      lighthouse = await runLighthouse({ runs: opts.lighthouseRuns });
      console.log(`lighthouse (mobile, median of ${opts.lighthouseRuns} runs per screen):`);
      printLighthouse(lighthouse);
    } else if (opts.lighthouse) {
      console.log(`lighthouse       SKIPPED: ${webBuilt ? 'no Chromium (apt-get install -y chromium, or set CHROMIUM_PATH)' : 'the web app is not built (npm run build)'}`);
    }
    console.log(`first screen     ${firstScreenGzipKb === null ? 'SKIPPED: not built' : `${firstScreenGzipKb} KB gzip (index.html and what it loads)`}`);
    if (opts.json) {
      console.log(
        JSON.stringify({
          helloRps: round(hello.rps),
          gameRps: round(game.rps),
          ratio: round(game.rps / Math.max(hello.rps, 1e-9), 3),
          p50Ms: game.p50Ms,
          p99Ms: game.p99Ms,
          cpuRatio: round(cpuRatio, 3),
          helloCpuUs: round(hello.cpuUs),
          gameCpuUs: round(game.cpuUs),
          clientCpuUs: round(game.clientCpuUs),
          engineGamesPerSecond: round(engine.gamesPerSecond),
          auditReplayMsP50: round(engine.replayMsP50, 3),
          meanReplyBytes: round(game.meanBodyBytes),
          loadGenerator: 'wrk',
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

const serveAt = process.argv.indexOf('--serve');
if (serveAt >= 0) {
  const dbAt = process.argv.indexOf('--db');
  await serve(process.argv[serveAt + 1] ?? '', dbAt >= 0 ? process.argv[dbAt + 1] : undefined);
} else {
  await main();
}

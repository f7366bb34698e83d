// The bench's native load generator: nativeHttpLoad.c, compiled on first use with the machine's C compiler
// (`cc -O2`, into a cache directory under the system's temp dir, keyed by the source's hash) and run as a child
// process. It plays the same connections and the same player as rawHttpLoad.ts + bench.ts's nextRequest in one
// epoll loop, at a fraction of their CPU per request (on a 2-core machine the load generator shares the cores with
// the servers, so its cost bounds what two server processes can show; see bench.ts's header).
//
// The C program is given everything that is the game's or the bench's to decide: the request heads, the fixed
// bodies, the locations and their flight prices (bench.ts takes them from @drugwars/engine). Its player's reading
// of replies and its choices are checked by bench.ts on the sample it writes (see readSamples).
import { isAscii } from 'node:buffer';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RawLoadResult } from './rawHttpLoad';

const SOURCE = fileURLToPath(new URL('./nativeHttpLoad.c', import.meta.url));

/** Where a session id goes in a call's head (requestHead with this as the session id). */
export const SESSION_MARK = '\u0001';

/**
 * The path of the compiled program, compiling it if this source has not been compiled yet; null (with the
 * compiler's complaint in `why`) when there is no C compiler or it fails.
 */
export function nativeLoadProgram(why: { message?: string } = {}): string | null {
  const source = readFileSync(SOURCE);
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const dir = join(tmpdir(), 'drugwars-bench-cache');
  const program = join(dir, `nativeHttpLoad-${hash}`);
  if (existsSync(program)) return program;
  mkdirSync(dir, { recursive: true });
  const building = `${program}.${process.pid}`;
  const cc = spawnSync(process.env.CC ?? 'cc', ['-O2', '-o', building, SOURCE], { encoding: 'utf8' });
  if (cc.error || cc.status !== 0) {
    why.message = cc.error ? cc.error.message : cc.stderr.trim();
    return null;
  }
  renameSync(building, program); // whole or not at all, for a concurrent bench
  return program;
}

/** The game workload's parts the C player needs, all in bench.ts's terms. */
export interface NativeGame {
  /** Each call's head as written (requestHead), in the C program's call order, with SESSION_MARK for the session id. */
  heads: readonly string[];
  /** The header a move says which version of the game the player holds with (protocol's STATE_VERSION_HEADER). */
  versionHeader: string;
  /** The header GET state says it with (If-None-Match, the version quoted): 304 when the game is still there. */
  notModifiedHeader: string;
  newGameBody: string;
  stayBody: string;
  maxFlightPrice: number;
  locations: readonly { id: string; flightPrice: number }[];
  /** The sample file and how often a reply that gave a player a state is written to it (warm-up, window). */
  sampleFile: string;
  sampleEveryWarmup: number;
  sampleEveryWindow: number;
}

export interface NativeLoadOptions {
  program: string;
  /** http://host:port of the server (an IPv4 address). */
  url: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  onMeasureStart: () => void;
  /** The one request of every connection (a fixed workload: the hello route), or the game workload. */
  fixed?: string;
  game?: NativeGame;
}

/** One call's figures (the C program's call order). */
export interface NativeCall {
  count: number;
  totalMs: number;
  non200: number;
  /** 304 replies to GET state on the version the player held (not counted in non200). */
  notModified: number;
  codes: Record<string, number>;
}

export interface NativeLoadResult extends RawLoadResult {
  /** The load generator's CPU time in the window (and its drain), in microseconds. */
  userUs: number;
  systemUs: number;
  /** Reply bodies' bytes in the window. */
  replyBytes: number;
  /** Replies the C reader could not read (a key not where it looks): the player started over. */
  readerFailures: number;
  /** 200 replies without a readable game state (compressed): the player started over, as the Node player does. */
  unreadable: number;
  samples: number;
  calls: NativeCall[];
}

/** The C program's last line: the result before the figures derived here (rps, non2xx), with its window's length. */
type Output = Omit<NativeLoadResult, 'rps' | 'non2xx'> & { elapsedMs: number };

/** Fields as the C program reads them: `<length>:<bytes>` (lengths in bytes; everything here is ASCII). */
function fields(values: readonly (string | number)[]): string {
  return values
    .map((v) => {
      const text = String(v);
      if (!isAscii(Buffer.from(text))) throw new Error(`nativeHttpLoad: not ASCII: ${text}`);
      return `${text.length}:${text}`;
    })
    .join('');
}

export function runNativeLoad(options: NativeLoadOptions): Promise<NativeLoadResult> {
  const target = new URL(options.url);
  const game = options.game;
  const input = [
    target.hostname,
    Number(target.port),
    options.connections,
    Math.round(options.warmupSeconds * 1000),
    Math.round(options.seconds * 1000),
    game?.sampleFile ?? '',
    game?.sampleEveryWarmup ?? 1,
    game?.sampleEveryWindow ?? 1,
    options.fixed ?? '',
  ];
  if (game) {
    input.push(...game.heads, game.versionHeader, game.notModifiedHeader, game.newGameBody, game.stayBody, game.maxFlightPrice, game.locations.length);
    for (const l of game.locations) input.push(l.id, l.flightPrice);
  } else if (!options.fixed) {
    throw new Error('nativeHttpLoad: a fixed request or a game');
  }
  const child = spawn(options.program, [], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(fields(input));
  return new Promise((resolve, reject) => {
    let out = '';
    let window = false;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('latin1');
      if (!window && out.includes('WINDOW\n')) {
        window = true;
        options.onMeasureStart();
      }
    });
    child.once('error', reject);
    // 'close', not 'exit': stdout is then read to its end.
    child.once('close', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !last.startsWith('{')) {
        reject(new Error(`nativeHttpLoad exited with ${code}: ${out}`));
        return;
      }
      const { elapsedMs, ...figures } = JSON.parse(last) as Output;
      resolve({
        ...figures,
        rps: figures.total / Math.max(elapsedMs / 1000, 1e-9),
        p50Ms: Math.round(figures.p50Ms),
        p99Ms: Math.round(figures.p99Ms),
        non2xx: figures.total - (figures.statuses['2xx'] ?? 0),
      });
    });
  });
}

/**
 * One sampled reply: the player before its choice, the reply, the C reader's view of the state the move was made on
 * (a change is read onto it) and of the reply, the request chosen.
 */
export interface NativeSample {
  /** Index of the call the reply answered (the C program's call order). */
  replyCall: number;
  /** The player's step counter as nextRequest saw it. */
  step: number;
  /** The version of the game the player read from the reply. */
  version: number;
  /** The player's session id ('' when none). */
  session: string;
  body: string;
  /** The C reader's view of the state before the reply (null for a new game's). */
  previous: string | null;
  /** The C reader's view, as JSON in the shape of gameReply.ts's viewOfState. */
  view: string;
  /** The next request as written on the wire. */
  request: string;
}

/** The samples the C program wrote (`<replyCall> <step> <version> <lengths..>\n` then the parts, then '\n'). */
export function readSamples(file: string): NativeSample[] {
  if (!existsSync(file)) return [];
  const data = readFileSync(file);
  const samples: NativeSample[] = [];
  let at = 0;
  while (at < data.length) {
    const lineEnd = data.indexOf(10, at);
    if (lineEnd < 0) throw new Error('nativeHttpLoad: a truncated sample');
    const [replyCall, step, version, sessionLength, bodyLength, previousLength, viewLength, requestLength] = data
      .toString('latin1', at, lineEnd)
      .split(' ')
      .map(Number) as [number, number, number, number, number, number, number, number];
    let p = lineEnd + 1;
    const take = (n: number, encoding: BufferEncoding = 'latin1') => {
      const text = data.toString(encoding, p, p + n);
      p += n;
      return text;
    };
    const session = take(sessionLength);
    const body = take(bodyLength, 'utf8');
    const previous = previousLength > 0 ? take(previousLength) : null;
    const view = take(viewLength);
    const request = take(requestLength);
    samples.push({ replyCall, step, version, session, body, previous, view, request });
    at = p + 1;
  }
  return samples;
}

// npm run lighthouse [-- --json] [--url http://host:port] [--runs N] [--reports DIR]
//
// Lighthouse 12.2.3 (its default, mobile configuration: a mid-range phone, simulated slow 4G and a 4x slower
// CPU) in Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium) on the two screens a player sees first:
// the title (/) and the game screen (/game?id=... of a new seeded game). Without --url it starts the product as
// `npm start` does (scripts/start.mjs, one worker, a temporary SQLite file) and stops it afterwards.
// Prints performance, accessibility and best-practices scores (0-100) per screen with the metrics behind the
// performance score; with --runs N each screen is measured N times and the median performance run is kept
// (Lighthouse's own advice for noisy machines). --reports DIR writes each kept run's HTML report there.
// With --json the last printed line is {"title":{"performance":..,"accessibility":..,"bestPractices":..},"game":{..},
// "firstScreenGzipKb":..}. A figure, never a test: scores move with the machine's load.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WEB_DIST = join(ROOT, 'apps', 'web', 'dist');

export interface ScreenScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** The metrics behind the performance score, in ms (CLS unitless). */
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; siMs: number };
  /** Audits of the three categories that did not pass, for a human to read. */
  failing: string[];
}

export interface LighthouseFigures {
  title: ScreenScores;
  game: ScreenScores;
}

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

/**
 * Gzip bytes of what the title needs before its first paint: index.html and the scripts and stylesheets it
 * loads or preloads (measured on the build's own .gz copies, as the server sends them to a gzip client).
 */
export function firstScreenGzipBytes(distDir = WEB_DIST): number {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const files = ['index.html', ...[...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!)];
  return files.reduce((total, file) => {
    const path = join(distDir, file);
    return total + (existsSync(`${path}.gz`) ? readFileSync(`${path}.gz`).length : gzipSync(readFileSync(path), { level: 9 }).length);
  }, 0);
}

// ---------------------------------------------------------------- the product, as npm start runs it

interface Product {
  url: string;
  stop(): Promise<void>;
}

async function startProduct(): Promise<Product> {
  const dir = mkdtempSync(join(tmpdir(), 'drugwars-lighthouse-'));
  let output = '';
  // PORT=0: the OS picks a free port, and the server's 'Server listening at' line says which.
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dir, 'lighthouse.db')}`,
      LOG_LEVEL: 'info',
      APP_ENV: 'production',
      WORKERS: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const url = await new Promise<string>((resolveUrl, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not start in 180 s:\n${output}`)), 180_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          resolveUrl(match[1]);
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the server exited with ${code}:\n${output}`));
      });
    });
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A new seeded game's screen: the address a player lands on after START NEW GAME. */
async function gameScreenUrl(base: string): Promise<string> {
  const response = await fetch(`${base}/api/game/new`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ playerName: 'Lighthouse', seed: '1984' }),
  });
  const body = (await response.json()) as { sessionId?: string };
  if (!response.ok || !body.sessionId) throw new Error(`could not start a game (${response.status})`);
  return `${base}/game?id=${encodeURIComponent(body.sessionId)}`;
}

// ---------------------------------------------------------------- Lighthouse

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

function scoresOf(lhr: Result): ScreenScores {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => Math.round((lhr.audits[id]?.numericValue ?? 0) * 1000) / 1000;
  const failing = CATEGORIES.flatMap((c) => lhr.categories[c]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 || ref.group === 'diagnostics' || ref.group === 'load-opportunities')
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
    .map((audit) => `${audit!.id}${audit!.displayValue ? ` (${audit!.displayValue})` : ''}`);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    metrics: {
      fcpMs: Math.round(numeric('first-contentful-paint')),
      lcpMs: Math.round(numeric('largest-contentful-paint')),
      tbtMs: Math.round(numeric('total-blocking-time')),
      cls: numeric('cumulative-layout-shift'),
      siMs: Math.round(numeric('speed-index')),
    },
    failing: [...new Set(failing)],
  };
}

/** Runs of one audit that may fail to record a trace (a runtime error) before the audit gives up. */
const MAX_FAILED_RUNS = 2;

async function audit(url: string, runs: number, reportPath: string | null): Promise<ScreenScores> {
  const results: { scores: ScreenScores; html: string | null }[] = [];
  let failedRuns = 0;
  for (let i = 0; i < runs; i++) {
    // A fresh browser per run: nothing cached, no service worker from the run before (a first visit).
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    try {
      const flags: Flags = {
        port: chrome.port,
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        output: reportPath ? 'html' : 'json',
      };
      const result = await lighthouse(url, flags);
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      if (result.lhr.runtimeError) {
        // A run whose trace recording failed (NO_NAVSTART, NO_FCP ...) measured nothing; Lighthouse's own advice is
        // to run it again. It gives no score, so a retry cannot flatter one: the run is redone, and a page that
        // keeps failing still fails the whole audit.
        const message = `Lighthouse: ${result.lhr.runtimeError.message}`;
        if (++failedRuns > MAX_FAILED_RUNS) throw new Error(message);
        console.error(`${message} (${url}; running it again)`);
        i--;
        continue;
      }
      results.push({ scores: scoresOf(result.lhr), html: reportPath && typeof result.report === 'string' ? result.report : null });
    } finally {
      chrome.kill();
    }
  }
  results.sort((a, b) => a.scores.performance - b.scores.performance);
  const median = results[Math.floor((results.length - 1) / 2)]!;
  if (reportPath && median.html) writeFileSync(reportPath, median.html);
  return median.scores;
}

/** Lighthouse on the title and on a new game's screen; starts the product unless `url` is given. */
export async function runLighthouse(options: { url?: string; runs?: number; reportsDir?: string } = {}): Promise<LighthouseFigures> {
  if (!chromiumAvailable()) throw new Error(`no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
  const product = options.url ? null : await startProduct();
  const base = options.url ?? product!.url;
  const runs = options.runs ?? 1;
  if (options.reportsDir) mkdirSync(options.reportsDir, { recursive: true });
  const report = (name: string) => (options.reportsDir ? join(options.reportsDir, `lighthouse-${name}.html`) : null);
  try {
    const title = await audit(`${base}/`, runs, report('title'));
    const game = await audit(await gameScreenUrl(base), runs, report('game'));
    return { title, game };
  } finally {
    await product?.stop();
  }
}

function print(name: string, s: ScreenScores): void {
  const m = s.metrics;
  console.log(
    `${name.padEnd(6)} performance ${s.performance}  accessibility ${s.accessibility}  best practices ${s.bestPractices}` +
      `   (FCP ${m.fcpMs} ms, LCP ${m.lcpMs} ms, TBT ${m.tbtMs} ms, CLS ${m.cls}, SI ${m.siMs} ms)`,
  );
  if (s.failing.length > 0) console.log(`       below 0.9: ${s.failing.join(', ')}`);
}

export function printLighthouse(figures: LighthouseFigures): void {
  print('title', figures.title);
  print('game', figures.game);
}

/** The bench's and this script's JSON: the three scores per screen. */
export function lighthouseJson(figures: LighthouseFigures) {
  const pick = ({ performance, accessibility, bestPractices }: ScreenScores) => ({ performance, accessibility, bestPractices });
  return { title: pick(figures.title), game: pick(figures.game) };
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const valueOf = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const runs = Number(valueOf('--runs') ?? 1);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs needs a whole number from 1');
  const url = valueOf('--url');
  const reportsDir = valueOf('--reports');
  const figures = await runLighthouse({ runs, ...(url ? { url: url.replace(/\/$/, '') } : {}), ...(reportsDir ? { reportsDir } : {}) });
  printLighthouse(figures);
  const firstScreenKb = Math.round(firstScreenGzipBytes() / 102.4) / 10;
  console.log(`first screen: ${firstScreenKb} KB gzip (index.html and the scripts and styles it loads)`);
  if (argv.includes('--json')) console.log(JSON.stringify({ ...lighthouseJson(figures), firstScreenGzipKb: firstScreenKb }));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}

// Shared plumbing of the end-to-end suite: a real server (`npm start`'s own entry point) on a temporary
// SQLite file, and Debian's Chromium driven by playwright-core. Nothing here is faked.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const SCREENSHOT_DIR = join(ROOT, 'e2e', 'screenshots');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium flags this machine needs: no sandbox as root, and no background calls to the outside world. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const PHONE = { width: 375, height: 812 } as const;
export const DESKTOP = { width: 1440, height: 900 } as const;

/**
 * Whether the suite can run here. Locally a missing Chromium is a loud skip; under CI it is a failure.
 */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  const message = `e2e: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium, or set CHROMIUM_PATH)`;
  if (process.env.CI) throw new Error(message);
  console.warn(`SKIPPED ${message}`);
  return false;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

export interface RunningServer {
  url: string;
  port: number;
  dbPath: string;
  process: ChildProcess;
  /** Everything the server printed (pino JSON lines), for failure messages. */
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
  /**
   * Stops this server (if running) and starts it again on the same port, on its own database or on
   * `databasePath` (e.g. tempDatabasePath() for an empty one). Returns the new server; this one stays stopped.
   */
  restart: (options?: { databasePath?: string }) => Promise<RunningServer>;
}

/** A fresh path for an SQLite file in its own temp directory (removeDatabase removes the directory). */
export function tempDatabasePath(): string {
  return join(mkdtempSync(join(tmpdir(), 'drugwars-e2e-')), 'e2e.db');
}

/** Starts the product as `npm start` does (scripts/start.mjs: build if needed, then serve) on a temp database. */
export async function startServer(options: { dbPath?: string; port?: number; env?: Record<string, string> } = {}): Promise<RunningServer> {
  const dbPath = options.dbPath ?? tempDatabasePath();
  const port = options.port ?? (await freePort());
  let output = '';
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${dbPath}`,
      LOG_LEVEL: 'warn',
      APP_ENV: 'production',
      // One server process, as every test runs it (a scenario may ask for more through env).
      WORKERS: '1',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy on ${url}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  const server: RunningServer = {
    url,
    port,
    dbPath,
    process: child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill(signal);
      await exited;
    },
    restart: async (restartOptions = {}) => {
      await server.stop();
      return startServer({ dbPath: restartOptions.databasePath ?? dbPath, port, env: options.env });
    },
  };
  return server;
}

/** Removes a temp database created by startServer or tempDatabasePath (after the server stopped). */
export function removeDatabase(target: RunningServer | string): void {
  const dbPath = typeof target === 'string' ? target : target.dbPath;
  rmSync(resolve(dbPath, '..'), { recursive: true, force: true });
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
  options: { touch?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, hasTouch: options.touch ?? false, isMobile: options.touch ?? false });
  const page = await context.newPage();
  // a missing element fails the step in 15 s rather than playwright's 30 s (the suite has a time budget)
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** Saves a screenshot under e2e/screenshots (git-ignored) for a human to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * Records what a player should never see in the console: errors, failed or aborted requests, and 4xx/5xx answers
 * (a game the player plays normally leaves it clean). `problems()` lists them; `allow` names answers a scenario
 * provokes on purpose.
 */
export function watchConsole(page: Page, allow: (url: string, status: number) => boolean = () => false): { problems: () => string[] } {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') seen.push(`console error: ${m.text()}`);
  });
  page.on('requestfailed', (r) => seen.push(`request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('response', (r) => {
    if (r.status() >= 400 && !allow(r.url(), r.status())) seen.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  return { problems: () => [...seen] };
}

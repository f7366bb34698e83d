// Session Connection Lost (SPEC.md section 2 'Other modals', sections 4 and 8): a game is in progress when the
// server goes away and comes back on the same port.
// - Case A, back on an EMPTY database: the game's session is unknown, so the next action (Stay Here) gets
//   404 SESSION_NOT_FOUND and the modal opens. Retry Connection shows 'Attempting to reconnect... n/3' three
//   times, 1 s apart, then 'Could not reconnect after 3 attempts.' and the button reads Try Again. Return to
//   Title and Start New Game both lead to the title, and a new game can be played on the restarted server.
// - Case B, back on the ORIGINAL database: Retry resumes the same game (same day, cash, pocket) and the next day
//   follows the seed exactly as the engine replays it. Also with the server fully down during the first retry
//   round: that round fails, Try Again once the server is back resumes.
// axe-core scans the modal. The games are seeded so that every figure is known (support/seeds.ts).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, type GameState } from '@drugwars/engine';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeScan, seriousOrCritical } from './support/axe';
import {
  chromiumAvailable,
  DESKTOP,
  launchBrowser,
  newPage,
  removeDatabase,
  screenshot,
  startServer,
  tempDatabasePath,
  type RunningServer,
} from './support/harness';
import {
  dialog,
  dismissEventModals,
  expectStat,
  fastSettings,
  marketRow,
  POLL,
  startGame,
  stayOneDay,
  statText,
  STORAGE,
  tradeThroughModal,
} from './support/game';
import { findSeed, gameFor, step } from './support/seeds';

const SESSION_LOST = 'Session connection lost. The server may have restarted.';
const RETRY_STATUSES = [
  'Attempting to reconnect... 1/3',
  'Attempting to reconnect... 2/3',
  'Attempting to reconnect... 3/3',
  'Could not reconnect after 3 attempts.',
];
const BUY_QUANTITY = 5;
const NAME = 'Comeback';

interface Plan {
  drugName: string;
  /** After day 1's Stay Here and the buy (what the game shows when the server goes away). */
  before: GameState;
  /** After the next Stay Here, on the original database. */
  next: GameState;
}

/** Two quiet days (no encounter) and, on day 2, a drug $2,000 buys BUY_QUANTITY of. */
function planFor(seed: string): Plan | null {
  let state = step(gameFor(seed, NAME), { type: 'stay' }).state;
  if (state.encounter || state.pendingEncounter) return null;
  const drug = state.marketInfo.find((m) => m.quantity >= BUY_QUANTITY && m.price * BUY_QUANTITY <= state.player.cash && m.price >= 10);
  if (!drug) return null;
  state = step(state, { type: 'buy', drugId: drug.id, quantity: BUY_QUANTITY }).state;
  const next = step(state, { type: 'stay' }).state;
  if (next.encounter || next.pendingEncounter) return null;
  return { drugName: drug.name, before: state, next };
}

/**
 * Records every text the modal's reconnect status line shows (a MutationObserver in the page), so a status that
 * shows only for the length of one request (3/3) is not missed by polling.
 */
async function recordStatuses(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __statuses: string[]; __statusObserver?: MutationObserver };
    w.__statusObserver?.disconnect();
    w.__statuses = [];
    const read = () => {
      const text = document.querySelector('.reconnect-status')?.textContent ?? null;
      if (text !== null && w.__statuses[w.__statuses.length - 1] !== text) w.__statuses.push(text);
    };
    w.__statusObserver = new MutationObserver(read);
    w.__statusObserver.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

async function recordedStatuses(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __statuses: string[] }).__statuses);
}

async function storedSessionId(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), STORAGE.sessionId);
}

describe.skipIf(!chromiumAvailable())('Session Connection Lost: the server goes away and comes back', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const databases: string[] = [];
  const { seed, found: plan } = findSeed(planFor);
  let originalDatabase = '';

  /** Restarts the server on the same port, on a new empty database or on the given one. */
  async function restartServer(databasePath: string = tempDatabasePath()): Promise<void> {
    server = await server.restart({ databasePath });
    if (!databases.includes(databasePath)) databases.push(databasePath);
  }

  /** Stay Here while the server does not know the session: the modal opens over the game screen. */
  async function loseSession(): Promise<ReturnType<typeof dialog>> {
    const day = await statText(page, 'Day');
    await page.locator('.view-header').getByRole('button', { name: 'Stay Here' }).click();
    const modal = dialog(page, 'Session Connection Lost');
    await modal.waitFor();
    expect(await modal.innerText()).toContain(SESSION_LOST);
    // the game screen stays behind it, on the same day
    expect(await statText(page, 'Day')).toBe(day);
    return modal;
  }

  beforeAll(async () => {
    server = await startServer();
    databases.push(server.dbPath);
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser, DESKTOP));
    await fastSettings(page);
  });

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await screenshot(page, `failed-reconnect-${task.name.slice(0, 30).replace(/\W+/g, '-')}`);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    for (const path of databases) removeDatabase(path);
  });

  it("A: back on an empty database, Stay Here opens 'Session Connection Lost'; Retry counts 1/3..3/3 and gives up", async () => {
    await startGame(page, server.url, { name: 'Ghost', seed });
    await expectStat(page, 'Day', '1/30');
    await restartServer();
    const modal = await loseSession();
    for (const label of ['Retry Connection', 'Return to Title', 'Start New Game']) {
      expect(await modal.getByRole('button', { name: label, exact: true }).isEnabled()).toBe(true);
    }
    await screenshot(page, 'desktop-session-lost');
    expect(seriousOrCritical(await axeScan(page, 'session-lost'))).toEqual([]);

    await recordStatuses(page);
    const started = Date.now();
    await modal.getByRole('button', { name: 'Retry Connection' }).click();
    await expect.poll(() => modal.locator('.reconnect-status').innerText(), POLL).toBe('Could not reconnect after 3 attempts.');
    const elapsed = Date.now() - started;
    expect(await recordedStatuses(page)).toEqual(RETRY_STATUSES);
    // three attempts, one second apart
    expect(elapsed).toBeGreaterThanOrEqual(2_000);
    expect(await modal.getByRole('button', { name: 'Try Again', exact: true }).isEnabled()).toBe(true);
    expect(await modal.getByRole('button', { name: 'Retry Connection', exact: true }).count()).toBe(0);
    await screenshot(page, 'desktop-session-lost-gave-up');
  });

  it("A: 'Return to Title' goes to the title, where the lost session is forgotten", async () => {
    const modal = dialog(page, 'Session Connection Lost');
    await modal.getByRole('button', { name: 'Return to Title' }).click();
    await page.waitForURL(`${server.url}/`);
    await modal.waitFor({ state: 'detached' });
    expect(await storedSessionId(page)).not.toBeNull();
    await page.getByRole('button', { name: 'PLAY' }).click();
    await dialog(page, 'ENTER YOUR NAME').waitFor();
    // the name entry validates the stored id, the server does not know it: no ACTIVE GAMES, the id is dropped
    await expect.poll(() => storedSessionId(page), POLL).toBeNull();
    expect(await page.getByRole('region', { name: 'ACTIVE GAMES' }).count()).toBe(0);
  });

  it("A: 'Start New Game' ends the lost session and a new game starts on the restarted server", async () => {
    await startGame(page, server.url, { name: 'Ghost-Two', seed });
    await restartServer();
    const modal = await loseSession();
    await modal.getByRole('button', { name: 'Start New Game' }).click();
    await page.waitForURL(`${server.url}/`);
    await modal.waitFor({ state: 'detached' });
    await expect.poll(() => storedSessionId(page), POLL).toBeNull();
    await page.getByRole('button', { name: 'PLAY' }).click();
    await dialog(page, 'ENTER YOUR NAME').waitFor();
    expect(await page.getByRole('region', { name: 'ACTIVE GAMES' }).count()).toBe(0);
    await startGame(page, server.url, { name: NAME, seed });
    await expectStat(page, 'Day', '1/30');
    expect(await stayOneDay(page)).toBe('none');
    await expectStat(page, 'Day', '2/30');
    await dismissEventModals(page);
  });

  it('B: back on the original database, Retry Connection resumes the same game: same day, cash and pocket', async () => {
    // the game of the previous test is active: a new game replaces it
    await startGame(page, server.url, { name: NAME, seed, replaceActive: true });
    expect(await stayOneDay(page)).toBe('none');
    await dismissEventModals(page);
    await marketRow(page, plan.drugName).getByRole('button', { name: `Buy ${plan.drugName}` }).click();
    await tradeThroughModal(page, `Buy ${plan.drugName}`, BUY_QUANTITY);
    await expectStat(page, 'Day', `${plan.before.day}/30`);
    await expectStat(page, 'Cash', formatMoney(plan.before.player.cash));
    originalDatabase = server.dbPath;

    await restartServer();
    const modal = await loseSession();
    await restartServer(originalDatabase);
    await modal.getByRole('button', { name: 'Retry Connection' }).click();
    await modal.waitFor({ state: 'detached' });
    await expectStat(page, 'Day', `${plan.before.day}/30`);
    await expectStat(page, 'Cash', formatMoney(plan.before.player.cash));
    expect(await statText(page, 'Debt')).toMatch(new RegExp(`^\\${formatMoney(plan.before.player.debt)} to `));
    expect(await marketRow(page, plan.drugName).locator('td').nth(3).innerText()).toBe(String(BUY_QUANTITY));

    // the game goes on from there, exactly as the seed says
    expect(await stayOneDay(page)).toBe('none');
    await dismissEventModals(page);
    await expectStat(page, 'Day', `${plan.next.day}/30`);
    await expectStat(page, 'Cash', formatMoney(plan.next.player.cash));
  });

  it('B: with the server still down the retries fail; once it is back on the original database, Try Again resumes', async () => {
    await restartServer();
    const modal = await loseSession();
    await server.stop();
    await recordStatuses(page);
    await modal.getByRole('button', { name: 'Retry Connection' }).click();
    await expect.poll(() => modal.locator('.reconnect-status').innerText(), POLL).toBe('Could not reconnect after 3 attempts.');
    expect(await recordedStatuses(page)).toEqual(RETRY_STATUSES);
    await restartServer(originalDatabase);
    await modal.getByRole('button', { name: 'Try Again' }).click();
    await modal.waitFor({ state: 'detached' });
    await expectStat(page, 'Day', `${plan.next.day}/30`);
    await expectStat(page, 'Cash', formatMoney(plan.next.player.cash));
  });
});

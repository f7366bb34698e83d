// An UNSEEDED game played through the UI to its end: the server picks a secret seed, so nothing about the days
// is known in advance. The player repays the loan on day 1 (no loan-shark visits to steer), then stays day after
// day, dismissing the news, running from (or fighting) whatever shows up, until the day limit (or death) ends the
// game. The Game Over screen then submits the score ('Score submitted to leaderboard!', SPEC.md section 2) and
// the MOST WANTED LIST shows that player's unique name with the same score.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, validatePlayerName } from '@drugwars/engine';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumAvailable, DESKTOP, launchBrowser, newPage, removeDatabase, screenshot, startServer, type RunningServer } from './support/harness';
import { ACK_BUTTONS, expectStat, fastSettings, openPlace, POLL, startGame, statText } from './support/game';

/** A name no earlier run used (letters, digits, hyphen; at most 16), checked with the engine's own name rule. */
function uniqueName(): string {
  for (;;) {
    const name = `End-${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 1296).toString(36)}`;
    if (validatePlayerName(name).ok) return name;
  }
}

/** '$1,234' or '-$1,234' -> number. */
function money(text: string): number {
  const m = /^(-?)\$([\d,]+)/.exec(text.trim());
  if (!m) throw new Error(`not money: ${text}`);
  return (m[1] ? -1 : 1) * Number(m[2]!.replace(/,/g, ''));
}

type Screen = 'gameover' | 'overlay' | 'visit' | 'combat' | 'modal' | 'market';

/** What the game screen shows right now, or null while it is between two of these (transition, lazy chunk). */
async function screenNow(page: Page): Promise<Screen | null> {
  if (page.url().includes('/gameover')) return 'gameover';
  if ((await page.locator('.transition-screen').count()) > 0) return null;
  if ((await page.locator('.result-overlay').count()) > 0) return 'overlay';
  if ((await page.locator('.loan-shark-visit').count()) > 0) return 'visit';
  const buttons = page.locator('.encounter-view .combat-buttons button');
  if ((await buttons.count()) > 0) {
    for (const b of await buttons.all()) if (await b.isEnabled().catch(() => false)) return 'combat';
    return null; // the enemy's turn or a call in flight
  }
  if ((await page.locator('.modal').filter({ has: page.getByRole('button', { name: ACK_BUTTONS }) }).count()) > 0) return 'modal';
  if ((await page.locator('.modal').count()) > 0) {
    throw new Error(`unexpected modal: ${await page.locator('.modal').first().innerText()}`);
  }
  const stay = page.locator('.market-view .view-header').getByRole('button', { name: 'Stay Here' });
  if ((await stay.count()) > 0 && (await stay.isEnabled())) return 'market';
  return null;
}

async function waitScreen(page: Page): Promise<Screen> {
  let screen: Screen | null = null;
  await expect
    .poll(async () => {
      screen = await screenNow(page);
      return screen;
    }, POLL)
    .not.toBeNull();
  return screen as unknown as Screen;
}

interface Ending {
  days: number;
  fights: number;
  visits: number;
  died: boolean;
  /** cash + bank - debt as the status bar read on the last day, before the final Stay Here. */
  lastNetWorth: number | null;
  maxDays: number;
}

/**
 * Plays until /gameover: Stay Here from the market; news modals acknowledged; fights run from when RUN is offered
 * and fought otherwise; loan-shark visits put off or paid; result overlays continued.
 */
async function playToTheEnd(page: Page): Promise<Ending> {
  const ending: Ending = { days: 0, fights: 0, visits: 0, died: false, lastNetWorth: null, maxDays: 0 };
  let lastFightKey = '';
  for (let guard = 0; guard < 600; guard++) {
    const screen = await waitScreen(page);
    switch (screen) {
      case 'gameover':
        return ending;
      case 'market': {
        const [day, max] = (await statText(page, 'Day')).split('/').map(Number) as [number, number];
        ending.maxDays = max;
        if (day >= max) {
          await expect.poll(() => page.locator('.cash-indicator').count(), POLL).toBe(0); // the cash count has settled
          ending.lastNetWorth = money(await statText(page, 'Cash')) + money(await statText(page, 'Bank')) - money(await statText(page, 'Debt'));
        }
        await page.locator('.market-view .view-header').getByRole('button', { name: 'Stay Here' }).click();
        ending.days++;
        // wait until the click took: the day moved on, or something else is on screen
        await expect
          .poll(async () => (page.url().includes('/gameover') || (await page.locator('.market-view').count()) === 0 || (await statText(page, 'Day').catch(() => '')) !== `${day}/${max}`), POLL)
          .toBe(true);
        break;
      }
      case 'modal':
        await page.locator('.modal').getByRole('button', { name: ACK_BUTTONS }).first().click();
        break;
      case 'visit': {
        ending.visits++;
        const panel = page.locator('.loan-shark-visit');
        const later = panel.getByRole('button', { name: 'Pay Him Later' });
        const pay = panel.getByRole('button', { name: /^(Pay Full Debt|Pay What You Can)$/ });
        if ((await later.count()) > 0) await later.click();
        else await pay.click();
        await panel.waitFor({ state: 'detached' });
        break;
      }
      case 'combat': {
        const key = `${ending.days}`;
        if (key !== lastFightKey) ending.fights++;
        lastFightKey = key;
        const controls = page.locator('.encounter-view .combat-buttons');
        const run = controls.getByRole('button', { name: 'RUN', exact: true });
        const attack = controls.getByRole('button', { name: 'ATTACK', exact: true });
        const button = (await run.count()) > 0 && (await run.isEnabled()) ? run : attack;
        const round = await page.locator('.encounter-view').innerText();
        await button.click();
        // the press took once the screen changed (round, log, turn or an overlay)
        await expect
          .poll(async () => (await page.locator('.encounter-view').count()) === 0 || (await page.locator('.encounter-view').innerText()) !== round, POLL)
          .toBe(true);
        break;
      }
      case 'overlay': {
        const overlay = page.locator('.result-overlay');
        const title = await overlay.locator('.result-title').innerText();
        if (title === "YOU'RE DEAD!") {
          ending.died = true;
          await overlay.getByRole('button', { name: 'Game Over' }).click();
          await page.waitForURL('**/gameover');
        } else {
          await overlay.getByRole('button', { name: 'Continue' }).click();
          await overlay.waitFor({ state: 'detached' });
        }
        break;
      }
    }
  }
  throw new Error(`no game over after 600 steps (${JSON.stringify(ending)})`);
}

describe.skipIf(!chromiumAvailable())('an unseeded game played to the end, then the MOST WANTED LIST', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const name = uniqueName();
  let finalScoreText = '';
  let ending: Ending;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser, DESKTOP));
    await fastSettings(page);
  });

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await screenshot(page, `failed-play-to-end-${task.name.slice(0, 30).replace(/\W+/g, '-')}`);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    if (server) removeDatabase(server);
  });

  it("plays an unseeded game to GAME OVER: 'Score submitted to leaderboard!' under the player's name", async () => {
    await startGame(page, server.url, { name });
    // unseeded: the footer shows no seed, and the game starts as DESIGN.md section 2 says
    await expectStat(page, 'Day', '1/30');
    await expectStat(page, 'Cash', '$2,000');
    expect(await statText(page, 'Debt')).toMatch(/^\$1,000 to /);
    await openPlace(page, 'Finances');
    await page.getByRole('button', { name: 'Pay Full Debt ($1,000)' }).click();
    await expectStat(page, 'Debt', '$0');
    await expectStat(page, 'Cash', '$1,000');
    await openPlace(page, 'Market');

    ending = await playToTheEnd(page);
    console.info(`play-to-end: ${JSON.stringify(ending)}`);
    await page.getByRole('heading', { name: 'GAME OVER' }).waitFor();
    await page.getByText('Score submitted to leaderboard!').waitFor();
    expect(await page.getByText('Failed to submit score to leaderboard').count()).toBe(0);
    expect(await page.getByText('Seeded game - Not eligible for leaderboard').count()).toBe(0);
    expect(await page.locator('.player-line').innerText()).toBe(name);
    finalScoreText = await page.locator('.final-score').innerText();
    expect(finalScoreText).toMatch(/^Final Score: -?\$[\d,]+$/);
    if (!ending.died) {
      // the day limit: 'Stay Here' on the last day ends the game and settles nothing else
      expect(ending.maxDays).toBe(30);
      expect(await page.locator('.gameover-reason').innerText()).toBe(`Your ${ending.maxDays} days are up.`);
      expect(finalScoreText).toBe(`Final Score: ${formatMoney(ending.lastNetWorth!)}`);
    }
    await screenshot(page, 'desktop-gameover-unseeded');
  });

  it("the MOST WANTED LIST shows the player's name with the same score", async () => {
    expect(finalScoreText).not.toBe('');
    const score = finalScoreText.replace(/^Final Score: /, '');
    await page.getByRole('button', { name: 'Main Menu' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('button', { name: 'MOST WANTED LIST' }).click();
    await page.getByRole('heading', { name: 'MOST WANTED LIST' }).waitFor();
    for (const tab of ['Today', 'This Month', 'All Time']) {
      await page.getByRole('tab', { name: tab }).click();
      const row = page.locator('.leaderboard-table tbody tr').filter({ has: page.locator('td:nth-child(2)', { hasText: new RegExp(`^${name}$`) }) });
      // Read the cells inside the poll: a tab switch shows the previous tab's rows, then 'Loading...', then its
      // own rows, so a row counted a moment ago may be gone by the next read.
      let cells: string[] = [];
      await expect
        .poll(async () => {
          cells = await row.locator('td').allInnerTexts();
          return [cells.length, ...cells.slice(1, 3)]; // five cells: exactly one row of this player
        }, POLL)
        .toEqual([5, name, score]);
      if (!ending.died) expect(cells[3]).toBe(String(ending.maxDays));
      // date_achieved is the server's UTC day (a run across midnight may see yesterday's)
      const day = Date.parse(`${cells[4]}T00:00:00Z`);
      expect(Date.now() - day).toBeGreaterThanOrEqual(0);
      expect(Date.now() - day).toBeLessThan(2 * 86_400_000);
    }
    await screenshot(page, 'desktop-leaderboard-unseeded');
  });
});

// Browser-side steps of a game, shared by the scenarios: every step goes through the UI as a player would
// (buttons by role and accessible name, texts from SPEC.md), and waits on what the page shows, never on a
// fixed sleep.
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** localStorage keys of the web app (apps/web/src/storage/local.ts). */
export const STORAGE = {
  sessionId: 'drugwars.sessionId',
  combatSpeed: 'drugwars.combatSpeed',
  soundEnabled: 'drugwars.soundEnabled',
  playerName: 'drugwars.playerName',
} as const;

/** Texts of the acknowledge buttons of the event modals (SPEC.md section 2) and the other "carry on" buttons. */
export const ACK_BUTTONS = /^(Got it|Whatever|Sweet|Word|Continue Playing|Let's Go!)$/;

export const POLL = { timeout: 15_000, interval: 100 } as const;

/** Combat at INSTANT speed and sound off, before any page script runs (the settings modal writes the same keys). */
export async function fastSettings(page: Page): Promise<void> {
  await page.addInitScript(
    ([speedKey, soundKey]) => {
      if (!localStorage.getItem(speedKey as string)) localStorage.setItem(speedKey as string, 'instant');
      localStorage.setItem(soundKey as string, 'false');
    },
    [STORAGE.combatSpeed, STORAGE.soundEnabled],
  );
}

export function dialog(page: Page, title: string | RegExp): Locator {
  return page.getByRole('dialog', { name: title });
}

/**
 * Title screen -> PLAY -> 'ENTER YOUR NAME' -> START NEW GAME (with the seed checkbox when a seed is given; DAILY
 * RUN with `daily`) ->
 * (with replaceActive: the active-game WARNING answered WHATEVER) -> the intro modal's 'Let's Go!'. Returns the
 * intro modal's text.
 */
export async function startGame(
  page: Page,
  baseUrl: string,
  opts: {
    name: string;
    seed?: string;
    /** an active game exists: expect the WARNING and answer WHATEVER */
    replaceActive?: boolean;
    /** today's Daily Run (the DAILY RUN button) instead of START NEW GAME */
    daily?: boolean;
  },
): Promise<string> {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('button', { name: 'PLAY' }).click();
  const modal = dialog(page, 'ENTER YOUR NAME');
  await modal.waitFor();
  const nameInput = modal.getByLabel('Player name');
  await nameInput.fill(opts.name);
  if (opts.seed) {
    const seedInput = modal.getByLabel('Seed', { exact: true });
    expect(await seedInput.getAttribute('placeholder')).toBe('SEED (OPTIONAL)');
    await modal.getByRole('checkbox').check();
    expect(await seedInput.getAttribute('placeholder')).toBe('Enter seed (16 digits)...');
    expect(await modal.getByText('Seeded games are not eligible for leaderboard').count()).toBe(1);
    await seedInput.fill(opts.seed);
  }
  if (opts.replaceActive) await page.getByRole('region', { name: 'ACTIVE GAMES' }).waitFor();
  await modal.getByRole('button', { name: opts.daily ? 'DAILY RUN' : 'START NEW GAME' }).click();
  if (opts.replaceActive) {
    await page.getByText('WARNING: You have an active game. Starting a new game will delete your active game.').waitFor();
    await page.getByRole('button', { name: 'WHATEVER' }).click();
  }
  await page.waitForURL(/\/game\?id=/, { timeout: 20_000 });
  // the game_intro modal opens 500 ms after the state arrives
  const letsGo = page.getByRole('button', { name: "Let's Go!" });
  await letsGo.waitFor({ timeout: 15_000 });
  const intro = (await page.locator('.modal').filter({ has: letsGo }).innerText()).replace(/\s+/g, ' ');
  await letsGo.click();
  await letsGo.waitFor({ state: 'detached' });
  return intro;
}

/** The text of one status-bar entry (desktop layout), e.g. stat(page, 'Cash') -> '$2,000'. */
export function statLocator(page: Page, label: string): Locator {
  return page
    .locator('.status-bar .stat')
    .filter({ has: page.locator('.stat-label', { hasText: new RegExp(`^${label}$`) }) });
}

/** A status-bar entry as a screen reader says it: the cash itself, without the animated count (aria-hidden). */
export async function statText(page: Page, label: string): Promise<string> {
  const spoken = await statLocator(page, label).evaluate((el) => {
    const copy = el.cloneNode(true) as Element;
    copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
    return copy.textContent ?? '';
  });
  const text = spoken.replace(/\s+/g, ' ').trim();
  return text.replace(new RegExp(`^${label}\\s*`), '').replace(/[+-]+$/, '').trim();
}

/** Polls a status-bar entry until it reads `expected` (the cash counter animates for about 500 ms). */
export async function expectStat(page: Page, label: string, expected: string): Promise<void> {
  await expect.poll(() => statText(page, label), POLL).toBe(expected);
}

export async function currentDay(page: Page): Promise<number> {
  const text = await statText(page, 'Day');
  return Number(text.split('/')[0]);
}

/**
 * Dismisses every queued event modal (WORD ON THE STREET, RUMORS, LUCKY FIND, BAD NEWS, RANK PROMOTION!...) and
 * returns their titles in the order shown. Consecutive modals always differ (one modal per category).
 */
export async function dismissEventModals(page: Page): Promise<string[]> {
  const titles: string[] = [];
  for (let i = 0; i < 20; i++) {
    const modal = page.locator('.modal').filter({ has: page.getByRole('button', { name: ACK_BUTTONS }) });
    if ((await modal.count()) === 0) return titles;
    const before = await modal.first().innerText();
    titles.push(await modal.first().locator('.modal-title').innerText());
    await modal.first().getByRole('button', { name: ACK_BUTTONS }).click();
    await expect
      .poll(async () => ((await modal.count()) === 0 ? '' : await modal.first().innerText()), POLL)
      .not.toBe(before);
  }
  return titles;
}

/** The market row of a drug. */
export function marketRow(page: Page, drugName: string): Locator {
  return page.locator('.market-view tbody tr').filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${drugName}$`) }) });
}

/** The trade modal (Buy/Sell/Stash/Take {drug}): type a quantity and confirm. */
export async function tradeThroughModal(page: Page, title: string, quantity: number): Promise<void> {
  const modal = dialog(page, title);
  await modal.waitFor();
  await modal.getByLabel('Quantity').fill(String(quantity));
  await modal.getByRole('button', { name: 'Confirm' }).click();
  await modal.waitFor({ state: 'detached' });
}

export async function openPlace(page: Page, label: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Game navigation' });
  await nav.getByRole('tab', { name: 'Places' }).click();
  await nav.getByRole('button', { name: label, exact: true }).click();
}

export type DayOutcome = 'none' | 'fight' | 'visit' | 'gameover';

/**
 * Stay Here once (from the market) and report what the day brought. Event modals are left open for the caller
 * when no encounter came (see dismissEventModals); an encounter holds them back until it is over.
 */
export async function stayOneDay(page: Page): Promise<DayOutcome> {
  const before = await currentDay(page);
  await page.locator('.view-header').getByRole('button', { name: 'Stay Here' }).click();
  let outcome: DayOutcome | null = null;
  await expect
    .poll(async () => {
      if (page.url().includes('/gameover')) outcome = 'gameover';
      else if ((await page.locator('.transition-screen').count()) > 0) outcome = null;
      else if ((await page.getByRole('heading', { name: 'LOAN SHARK VISIT!' }).count()) > 0) outcome = 'visit';
      else if ((await page.locator('.encounter-view').count()) > 0) outcome = 'fight';
      // 'none' only once the market is back: the encounter view is a lazy chunk, so for a moment after the new
      // day arrives neither it nor the market is on screen
      else if ((await page.locator('.market-view').count()) > 0 && (await currentDay(page).catch(() => before)) !== before)
        outcome = 'none';
      else outcome = null;
      return outcome;
    }, POLL)
    .not.toBeNull();
  return outcome as unknown as DayOutcome;
}

/** The title of the result overlay showing now, or null. */
export async function overlayTitle(page: Page): Promise<string | null> {
  const title = page.locator('.result-overlay .result-title');
  return (await title.count()) > 0 ? await title.innerText() : null;
}

/**
 * Presses ATTACK or RUN each time it is the player's turn until a result overlay shows; returns its title and
 * how many presses it took.
 */
export async function fightUntilOverlay(page: Page, button: 'ATTACK' | 'RUN', maxPresses = 60): Promise<{ title: string; presses: number }> {
  const control = page.locator('.combat-buttons').getByRole('button', { name: button, exact: true });
  for (let presses = 0; presses <= maxPresses; ) {
    let state: 'overlay' | 'ready' | null = null;
    await expect
      .poll(async () => {
        if ((await overlayTitle(page)) !== null) state = 'overlay';
        else if ((await control.count()) > 0 && (await control.isEnabled())) state = 'ready';
        else state = null;
        return state;
      }, POLL)
      .not.toBeNull();
    if (state === 'overlay') return { title: (await overlayTitle(page)) as string, presses };
    await control.click();
    presses++;
  }
  throw new Error(`no result after ${maxPresses} presses of ${button}`);
}

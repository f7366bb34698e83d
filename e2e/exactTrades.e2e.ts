// Exact trades and a screen that tells the truth (issue "Exact and instant"), in one seeded game on a desktop:
// the quantity typed is the quantity bought (by keys, and after a click into the box), World Drug Prices lists
// for the city here only what its market sells, long dialogs open at their top, every Places view answers its
// keys, a buy that would strand the player says so and Fly to... says why no city can be picked, a tab left behind
// catches up when a move is refused, and a game started offline starts by itself once the connection is back.
// Every figure is the same seed replayed through @drugwars/engine.
import { describe, expect, it } from 'vitest';
import { formatMoney, LOCATIONS, maxBuy, type GameState } from '@drugwars/engine';
import type { Page } from 'playwright-core';
import { chromiumAvailable, screenshot } from './support/harness';
import { dialog, expectStat, marketRow, POLL, startGame, statText, STORAGE } from './support/game';
import { findSeed, gameFor, step } from './support/seeds';
import { onePageScenario } from './support/scenario';

const NAME = 'Exact-Ed';
const TYPED = 12;
const CHEAPEST_FARE = Math.min(...LOCATIONS.filter((l) => l.id !== 'new_york').map((l) => l.flightPrice));

interface Plan {
  cheap: { id: string; name: string; price: number };
  dear: { id: string; name: string; price: number; max: number };
  /** States after each step, in order. */
  states: Record<'bought' | 'repaid' | 'stashed' | 'soldElsewhere' | 'stranded', GameState>;
  inStock: number;
}

/**
 * A New York market with a cheap drug ($40 or less, at least 12 in stock) and a dear one whose MAX, once the loan is
 * repaid, leaves less cash than the cheapest fare.
 */
function planFor(seed: string): Plan | null {
  const start = gameFor(seed, NAME);
  const cheap = start.marketInfo.find((m) => m.quantity >= TYPED && m.price <= 40);
  if (!cheap) return null;
  const bought = step(start, { type: 'buy', drugId: cheap.id, quantity: TYPED }).state;
  const repaid = step(bought, { type: 'repay', amount: 1000 }).state;
  const stashed = step(repaid, { type: 'stash', drugId: cheap.id, quantity: 1 }).state;
  const soldElsewhere = step(stashed, { type: 'sell', drugId: cheap.id, quantity: TYPED - 1 }).state;
  const dear = soldElsewhere.marketInfo.find((m) => m.id !== cheap.id && m.price >= 150 && maxBuy(soldElsewhere, m.id) > 0 && soldElsewhere.player.cash - maxBuy(soldElsewhere, m.id) * m.price < CHEAPEST_FARE);
  if (!dear) return null;
  const max = maxBuy(soldElsewhere, dear.id);
  const stranded = step(soldElsewhere, { type: 'buy', drugId: dear.id, quantity: max }).state;
  return {
    cheap: { id: cheap.id, name: cheap.name, price: cheap.price },
    dear: { id: dear.id, name: dear.name, price: dear.price, max },
    states: { bought, repaid, stashed, soldElsewhere, stranded },
    inStock: start.marketInfo.filter((m) => m.quantity > 0).length,
  };
}

/** The key a market row shows (its number). */
async function rowKey(page: Page, drugName: string): Promise<string> {
  return (await marketRow(page, drugName).locator('.row-key').getAttribute('data-keyhint')) ?? '';
}

describe.skipIf(!chromiumAvailable())('exact trades and an honest screen (seeded, desktop)', () => {
  const run = onePageScenario('exact-trades', { width: 1280, height: 800 });
  const { seed, found: plan } = findSeed(planFor);

  it('buys exactly the quantity typed by keys: row number, B, 1 then 2, Enter', async () => {
    await startGame(run.page, run.server.url, { name: NAME, seed });
    await run.page.keyboard.press(await rowKey(run.page, plan.cheap.name));
    await run.page.keyboard.press('b');
    const buy = dialog(run.page, `Buy ${plan.cheap.name}`);
    await buy.waitFor();
    await run.page.keyboard.type(String(TYPED));
    expect(await buy.getByLabel('Quantity').inputValue()).toBe(String(TYPED));
    expect(await buy.locator('.total-line').innerText()).toBe(`Total: ${formatMoney(TYPED * plan.cheap.price)}`);
    await run.page.keyboard.press('Enter');
    await buy.waitFor({ state: 'detached' });
    await expectStat(run.page, 'Cash', formatMoney(plan.states.bought.player.cash));
    await expect.poll(() => marketRow(run.page, plan.cheap.name).locator('td').nth(3).innerText(), POLL).toBe(String(TYPED));
  });

  it('a click into the box then 1 2 types 12, not 21', async () => {
    await marketRow(run.page, plan.cheap.name).getByRole('button', { name: `Buy ${plan.cheap.name}` }).click();
    const buy = dialog(run.page, `Buy ${plan.cheap.name}`);
    const field = buy.getByLabel('Quantity');
    await field.click();
    await run.page.keyboard.type('12');
    expect(await field.inputValue()).toBe('12');
    await run.page.keyboard.press('Escape');
    await buy.waitFor({ state: 'detached' });
    // the focus went back to the button that opened the dialog, not to the page body
    expect(await run.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Buy ${plan.cheap.name}`);
  });

  it("World Drug Prices lists for the city here only what today's market sells", async () => {
    await run.page.keyboard.press('g');
    await run.page.keyboard.press('w');
    const here = run.page.getByTestId('prices-new_york');
    await here.waitFor();
    expect(await here.locator('tbody tr').count()).toBe(plan.inStock);
    await run.page.keyboard.press('g');
    await run.page.keyboard.press('m');
  });

  it('the list of keys opens at its top, its heading in view', async () => {
    await run.page.keyboard.press('?');
    const keys = dialog(run.page, 'Keyboard Shortcuts');
    await keys.waitFor();
    expect(await keys.evaluate((el) => el.scrollTop)).toBe(0);
    const heading = (await keys.getByRole('heading', { name: 'Keyboard Shortcuts' }).boundingBox())!;
    expect(heading.y).toBeGreaterThanOrEqual(0);
    expect(heading.y + heading.height).toBeLessThanOrEqual(800);
    await run.page.keyboard.press('Escape');
    await keys.waitFor({ state: 'detached' });
  });

  it('the Places views answer their keys: P pays the debt in full in Finances, a row and S stash one', async () => {
    await run.page.keyboard.press('g');
    await run.page.keyboard.press('f');
    await run.page.getByRole('heading', { name: 'Bank Account' }).waitFor();
    await run.page.keyboard.press('p');
    await expectStat(run.page, 'Debt', '$0');
    await expectStat(run.page, 'Cash', formatMoney(plan.states.repaid.player.cash));
    await run.page.keyboard.press('g');
    await run.page.keyboard.press('s');
    await run.page.getByRole('heading', { name: `CARRYING (${TYPED}/100)` }).waitFor();
    await run.page.keyboard.press('1');
    await run.page.keyboard.press('s');
    const stash = dialog(run.page, `Stash ${plan.cheap.name}`);
    await stash.waitFor();
    await run.page.keyboard.press('Enter'); // the suggested 1
    await run.page.getByRole('heading', { name: `CARRYING (${TYPED - 1}/100)` }).waitFor();
    await run.page.keyboard.press('g');
    await run.page.keyboard.press('m');
  });

  it('a tab left behind catches up when its move is refused: the game as it stands, and why', async () => {
    const other = await run.context.newPage();
    const sessionId = await run.page.evaluate((key) => localStorage.getItem(key), STORAGE.sessionId);
    await other.goto(`${run.server.url}/game?id=${sessionId}`);
    const held = marketRow(other, plan.cheap.name);
    await held.getByRole('button', { name: `Sell ${plan.cheap.name}` }).click();
    const sell = dialog(other, `Sell ${plan.cheap.name}`);
    await sell.getByRole('button', { name: 'MAX' }).click();
    await sell.getByRole('button', { name: 'Confirm' }).click();
    await sell.waitFor({ state: 'detached' });
    await other.close();
    // this tab still shows the drugs: selling them again is refused, and the page catches up instead of a refusal
    await run.page.keyboard.press(await rowKey(run.page, plan.cheap.name));
    await run.page.keyboard.press('a');
    await expectStat(run.page, 'Cash', formatMoney(plan.states.soldElsewhere.player.cash));
    await expect.poll(() => run.page.locator('.message-latest').innerText(), POLL).toBe('> This game moved on in another tab: here is where it stands now.');
    expect(await run.page.getByRole('dialog').count()).toBe(0);
  });

  it('a buy that would strand the player says so first; Fly to... then says why no city can be picked', async () => {
    await marketRow(run.page, plan.dear.name).getByRole('button', { name: `Buy ${plan.dear.name}` }).click();
    const buy = dialog(run.page, `Buy ${plan.dear.name}`);
    await buy.getByRole('button', { name: 'MAX' }).click();
    const left = plan.states.stranded.player.cash;
    await expect
      .poll(() => buy.getByRole('status').innerText(), POLL)
      .toBe(`That leaves you ${formatMoney(left)}, less than the cheapest fare out (${formatMoney(CHEAPEST_FARE)}): you would have to sell before you can fly.`);
    await buy.getByRole('button', { name: 'Confirm' }).click();
    await buy.waitFor({ state: 'detached' });
    await expectStat(run.page, 'Cash', formatMoney(left));
    await run.page.keyboard.press('f');
    const fly = dialog(run.page, 'Fly to...');
    await fly.waitFor();
    // the debt is paid and the pocket holds the dear drug: selling or borrowing is open, the bank is empty
    expect(await fly.getByRole('status').innerText()).toBe(
      `You need ${formatMoney(CHEAPEST_FARE)} for the cheapest fare. You can still sell drugs, borrow, or Stay Here.`,
    );
    for (const city of await fly.locator('.location-btn').all()) expect(await city.isDisabled()).toBe(true);
    await screenshot(run.page, 'desktop-stranded');
    await run.page.keyboard.press('Escape');
  });

  it('a game started offline waits for the connection and then starts by itself', async () => {
    await run.page.goto(`${run.server.url}/`);
    await run.page.getByRole('button', { name: 'PLAY' }).click();
    const entry = dialog(run.page, 'ENTER YOUR NAME');
    await entry.getByLabel('Player name').fill('Offline-Olly');
    await run.context.setOffline(true);
    await entry.getByRole('button', { name: 'START NEW GAME' }).click();
    await run.page.getByRole('button', { name: 'WHATEVER' }).click(); // the active game's WARNING
    await expect
      .poll(() => run.page.locator('.offline-note').innerText(), POLL)
      .toBe("Games are played on the server, so they need a connection. You're offline: your game starts by itself when you're back.");
    expect(await dialog(run.page, 'CONNECTION FAILED').count()).toBe(0);
    await run.context.setOffline(false);
    await run.page.waitForURL(/\/game\?id=/, { timeout: 20_000 });
    await run.page.getByRole('button', { name: "Let's Go!" }).click();
    expect(await statText(run.page, 'Day')).toBe('1/30');
  });
});

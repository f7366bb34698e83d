// Instant trades, as behaviour: the server's reply to a trade is held back (page.route), and the trade must be on
// screen before it arrives; then the reply is let through. A confirming reply changes nothing more; a correcting one
// (the server's own reply, altered on its way as if prices had moved) is shown, never silent, and its figures win.
// On a 1280x800 desktop by keys, and on a 375x812 phone by taps on the keypad.
import { describe, expect, it } from 'vitest';
import { formatMoney, maxBuy, type GameState } from '@drugwars/engine';
import type { Page, Route } from 'playwright-core';
import { chromiumAvailable, PHONE, screenshot } from './support/harness';
import { dialog, expectStat, marketRow, POLL, startGame, statText } from './support/game';
import { findSeed, gameFor, step } from './support/seeds';
import { onePageScenario } from './support/scenario';

interface Plan {
  drug: { id: string; name: string; price: number };
  bought: GameState;
  sold: GameState;
}

/** A cheap drug in New York's day-1 market, at least 6 in stock: buy 5, then sell 2. */
function planFor(seed: string): Plan | null {
  const start = gameFor(seed, 'Quick-Draw');
  const drug = start.marketInfo.find((m) => m.quantity >= 6 && m.price <= 150 && maxBuy(start, m.id) >= 5);
  if (!drug) return null;
  const bought = step(start, { type: 'buy', drugId: drug.id, quantity: 5 }).state;
  const sold = step(bought, { type: 'sell', drugId: drug.id, quantity: 2 }).state;
  return { drug: { id: drug.id, name: drug.name, price: drug.price }, bought, sold };
}

/** Holds every reply of `path` until `release()`; `alter` may rewrite the server's reply on its way. */
async function holdReplies(page: Page, path: string, alter?: (body: Record<string, unknown>) => Record<string, unknown>) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((r) => (release = r));
  let asked = 0;
  await page.route(`**${path}`, async (route: Route) => {
    asked++;
    await released;
    if (!alter) return route.continue();
    const response = await route.fetch();
    const body = alter((await response.json()) as Record<string, unknown>);
    await route.fulfill({ response, body: JSON.stringify(body), headers: { ...response.headers(), 'content-length': String(JSON.stringify(body).length) } });
  });
  return { release, asked: () => asked, done: () => page.unroute(`**${path}`) };
}

/** The server's sale, as if prices had moved before it was made: $2 less a unit than the page saw. */
function pricesMoved(body: Record<string, unknown>): Record<string, unknown> {
  const gameState = body.gameState as { player?: { cash: number } };
  const player = gameState.player!;
  const message = String(body.message).replace(/for \$([\d,]+)\./, (_m, total: string) => `for ${formatMoney(Number(total.replace(/,/g, '')) - 4)}.`);
  return { ...body, message, gameState: { ...gameState, player: { ...player, cash: player.cash - 4 } } };
}

describe.skipIf(!chromiumAvailable())('instant trades: painted before the server answers, then confirmed or corrected', () => {
  describe('on a desktop, by keys', () => {
    const run = onePageScenario('instant-desktop', { width: 1280, height: 800 });
    const { seed, found: plan } = findSeed(planFor);

    it('a buy shows at once, before its held reply; the confirming reply changes nothing more', async () => {
      await startGame(run.page, run.server.url, { name: 'Quick-Draw', seed });
      const held = await holdReplies(run.page, '/api/game/shop/buy');
      const row = marketRow(run.page, plan.drug.name);
      await run.page.keyboard.press((await row.locator('.row-key').getAttribute('data-keyhint'))!);
      await run.page.keyboard.press('b');
      await dialog(run.page, `Buy ${plan.drug.name}`).waitFor();
      await run.page.keyboard.type('5');
      await run.page.keyboard.press('Enter');
      // the reply is held: the trade is on screen already
      await expectStat(run.page, 'Cash', formatMoney(plan.bought.player.cash));
      expect(await row.locator('td').nth(3).innerText()).toBe('5');
      expect(held.asked()).toBe(1);
      expect(await run.page.locator('.message-latest').innerText()).toBe(`> Bought 5 ${plan.drug.name} for ${formatMoney(5 * plan.drug.price)}.`);
      held.release();
      await expect.poll(() => run.page.locator('.message-latest').innerText(), POLL).toMatch(/^> Bought 5 /);
      await run.page.waitForTimeout(300);
      await held.done();
      expect(await statText(run.page, 'Cash')).toBe(formatMoney(plan.bought.player.cash));
      expect(await run.page.locator('.message-latest').innerText()).not.toMatch(/Prices moved/);
    });

    it('a sell shows at once; a correcting reply is shown, and the server figures stand', async () => {
      const held = await holdReplies(run.page, '/api/game/sell', pricesMoved);
      const row = marketRow(run.page, plan.drug.name);
      await run.page.keyboard.press((await row.locator('.row-key').getAttribute('data-keyhint'))!);
      await run.page.keyboard.press('s');
      await dialog(run.page, `Sell ${plan.drug.name}`).waitFor();
      await run.page.keyboard.type('2');
      await run.page.keyboard.press('Enter');
      await expectStat(run.page, 'Cash', formatMoney(plan.sold.player.cash));
      expect(await row.locator('td').nth(3).innerText()).toBe('3');
      held.release();
      await expectStat(run.page, 'Cash', formatMoney(plan.sold.player.cash - 4));
      await expect
        .poll(() => run.page.locator('.message-latest').innerText(), POLL)
        .toBe(`> Prices moved. The server says: Sold 2 ${plan.drug.name} for ${formatMoney(2 * plan.drug.price - 4)}.`);
      await held.done();
      await screenshot(run.page, 'instant-corrected-desktop');
    });
  });

  describe('on a phone, by the keypad', () => {
    const run = onePageScenario('instant-phone', PHONE, { touch: true });
    const { seed, found: plan } = findSeed(planFor);

    it('a buy tapped on the keypad shows at once, before its held reply', async () => {
      await startGame(run.page, run.server.url, { name: 'Quick-Draw', seed });
      const held = await holdReplies(run.page, '/api/game/shop/buy');
      const row = marketRow(run.page, plan.drug.name);
      await row.getByRole('button', { name: `Buy ${plan.drug.name}` }).tap();
      const keypad = dialog(run.page, `Buy ${plan.drug.name}`).getByRole('group', { name: 'Numeric keypad' });
      await keypad.getByRole('button', { name: '5', exact: true }).tap();
      await keypad.getByRole('button', { name: 'Enter', exact: true }).tap();
      await expectStat(run.page, 'Cash', formatMoney(plan.bought.player.cash));
      expect(await row.locator('td').nth(3).innerText()).toBe('5');
      expect(held.asked()).toBe(1);
      held.release();
      await run.page.waitForTimeout(300);
      await held.done();
      expect(await statText(run.page, 'Cash')).toBe(formatMoney(plan.bought.player.cash));
      await screenshot(run.page, 'instant-phone');
    });
  });
});

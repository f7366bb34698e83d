// Keyboard play and honest dialogs in Chromium. A seeded game (so every figure is known from @drugwars/engine):
// - desktop, keyboard alone from the first market on (a page listener counts pointer and mouse presses: none):
//   day 1 buys the most of a drug through the trade dialog (row number, B, M, Enter) and flies (F, the city's
//   number); day 2 is a whole trading day (sell all, buy max, fly) whose keystrokes are counted and bounded;
//   '?' lists the shortcuts (axe on that dialog) and Esc closes it;
// - the shop's quantity dialog offers no more ammo than Max Carry leaves room for although the cash affords more;
// - a phone: the keypad's first tap replaces the suggested 1 (tap 3 -> 3, not 13) and the buy is of 3.
import { beforeAll, describe, expect, it } from 'vitest';
import { AMMO, formatMoney, LOCATIONS, maxBuy, type GameState } from '@drugwars/engine';
import type { Page } from 'playwright-core';
import { axeScan, seriousOrCritical } from './support/axe';
import { chromiumAvailable, DESKTOP, PHONE, screenshot } from './support/harness';
import { dialog, expectStat, marketRow, POLL, startGame } from './support/game';
import { onePageScenario } from './support/scenario';
import { findSeed, gameFor, step } from './support/seeds';

const NAME = 'Keys';
/** A trading day (sell all of one drug, buy the most of another, fly) takes at most this many key presses. */
const TRADING_DAY_KEYSTROKES = 6;
const CHEAPEST_AMMO = [...AMMO].sort((a, b) => a.price - b.price)[0]!;

interface Plan {
  x: { id: string; name: string; bought: number };
  y: { id: string; name: string; bought: number };
  first: string;
  second: string;
  states: Record<'bought' | 'arrived' | 'sold' | 'boughtY' | 'flown', GameState>;
}

/** No encounter and no event modal on arrival: the day is the trading alone. */
const quiet = (r: { state: GameState; events: { category: string }[] }) =>
  !r.state.encounter && r.events.every((e) => e.category === 'combat' || e.category === 'loan_shark');

function planFor(seed: string): Plan | null {
  const start = gameFor(seed, NAME);
  for (const x of start.marketInfo.filter((m) => m.quantity > 0 && maxBuy(start, m.id) > 0)) {
    const bought = step(start, { type: 'buy', drugId: x.id, quantity: maxBuy(start, x.id) }).state;
    for (const first of LOCATIONS.filter((l) => l.id !== start.location)) {
      const trip = step(bought, { type: 'travel', destination: first.id });
      if (!quiet(trip)) continue;
      const arrived = trip.state;
      const held = arrived.player.inventory[x.id]?.quantity ?? 0;
      const sold = step(arrived, { type: 'sell', drugId: x.id, quantity: held }).state;
      const y = sold.marketInfo.find((m) => m.id !== x.id && m.quantity > 0 && maxBuy(sold, m.id) > 0);
      if (!y) continue;
      const boughtY = step(sold, { type: 'buy', drugId: y.id, quantity: maxBuy(sold, y.id) }).state;
      const second = LOCATIONS.find((l) => l.id !== first.id && l.flightPrice <= boughtY.player.cash && quiet(step(boughtY, { type: 'travel', destination: l.id })));
      if (!second) continue;
      const flown = step(boughtY, { type: 'travel', destination: second.id }).state;
      // the shop part needs cash for more of the cheapest ammo than its Max Carry
      if (Math.floor(flown.player.cash / CHEAPEST_AMMO.price) <= CHEAPEST_AMMO.maxCarry) continue;
      return {
        x: { id: x.id, name: x.name, bought: maxBuy(start, x.id) },
        y: { id: y.id, name: y.name, bought: maxBuy(sold, y.id) },
        first: first.name,
        second: second.name,
        states: { bought, arrived, sold, boughtY, flown },
      };
    }
  }
  return null;
}

describe.skipIf(!chromiumAvailable())('keyboard play and honest dialogs', () => {
  const run = onePageScenario('keys', DESKTOP);
  const { seed, found: plan } = findSeed(planFor);
  let keystrokes = 0;

  /** One key press, counted. */
  const key = async (k: string) => {
    keystrokes++;
    await run.page.keyboard.press(k);
  };
  /** The key the page shows for a row or a city (the hint the player reads). */
  const hintOf = async (locator: ReturnType<Page['locator']>) => {
    const hint = await locator.getAttribute('data-keyhint');
    expect(hint).toMatch(/^\d$/);
    return hint as string;
  };
  const rowKey = (drug: string) => hintOf(marketRow(run.page, drug).locator('.row-key'));
  const selectRow = async (drug: string) => {
    await key(await rowKey(drug));
    await expect.poll(() => marketRow(run.page, drug).getAttribute('class'), POLL).toContain('row-selected');
  };
  const flyTo = async (city: string) => {
    await key('f');
    const grid = dialog(run.page, 'Fly to...');
    await grid.waitFor();
    await screenshot(run.page, 'keys-fly-to');
    await key(await hintOf(grid.getByRole('button', { name: new RegExp(`^${city}\\b`) })));
  };

  beforeAll(async () => {
    // the transitions are skipped (the setting under test elsewhere; the keystrokes do not depend on it)
    await run.page.addInitScript(() => localStorage.setItem('drugwars.travelSpeed', 'skip'));
  });

  it('plays day 1 by keyboard: the trade dialog by B, MAX by M, Enter; then F and the city number', async () => {
    await startGame(run.page, run.server.url, { name: NAME, seed });
    await run.page.evaluate(() => {
      const w = window as unknown as { pointerPresses: number };
      w.pointerPresses = 0;
      for (const type of ['pointerdown', 'mousedown', 'touchstart']) window.addEventListener(type, () => w.pointerPresses++, true);
    });
    await run.page.getByRole('heading', { name: /^Market: / }).waitFor();
    // the buttons carry their keys for assistive technology
    expect(await run.page.locator('.view-header').getByRole('button', { name: 'Stay Here' }).getAttribute('aria-keyshortcuts')).toBe('Z');
    expect(await run.page.locator('.view-header').getByRole('button', { name: 'Fly to...' }).getAttribute('aria-keyshortcuts')).toBe('F');

    await selectRow(plan.x.name);
    await key('b');
    const buy = dialog(run.page, `Buy ${plan.x.name}`);
    await buy.waitFor();
    await key('m');
    expect(await buy.getByLabel('Quantity').inputValue()).toBe(String(plan.x.bought));
    await key('Enter');
    await buy.waitFor({ state: 'detached' });
    await expectStat(run.page, 'Cash', formatMoney(plan.states.bought.player.cash));

    await flyTo(plan.first);
    await expectStat(run.page, 'Day', '2/30');
    await expectStat(run.page, 'Location', plan.first);
    await expectStat(run.page, 'Cash', formatMoney(plan.states.arrived.player.cash));
  });

  it(`plays a whole trading day (sell all, buy max, fly) in at most ${TRADING_DAY_KEYSTROKES} keystrokes, no mouse`, async () => {
    keystrokes = 0;
    await run.page.getByRole('heading', { name: `Market: ${plan.first}` }).waitFor();
    await selectRow(plan.x.name);
    await key('a');
    await expectStat(run.page, 'Cash', formatMoney(plan.states.sold.player.cash));
    await selectRow(plan.y.name);
    await key('m');
    await expectStat(run.page, 'Cash', formatMoney(plan.states.boughtY.player.cash));
    await expect.poll(() => marketRow(run.page, plan.y.name).locator('td').nth(3).innerText(), POLL).toBe(String(plan.y.bought));
    await flyTo(plan.second);
    await expectStat(run.page, 'Day', '3/30');
    await expectStat(run.page, 'Location', plan.second);
    await expectStat(run.page, 'Cash', formatMoney(plan.states.flown.player.cash));
    console.log(`keyboard: a trading day took ${keystrokes} keystrokes`);
    expect(keystrokes).toBeLessThanOrEqual(TRADING_DAY_KEYSTROKES);
    expect(await run.page.evaluate(() => (window as unknown as { pointerPresses: number }).pointerPresses)).toBe(0);
  });

  it("lists every shortcut on '?', with no serious or critical axe violation; Esc closes it", async () => {
    await key('?');
    const list = dialog(run.page, 'Keyboard Shortcuts');
    await list.waitFor();
    const text = await list.innerText();
    for (const expected of ['Stay Here', 'G then M', 'Sell all of the selected drug', 'ATTACK', 'Pay Him Later']) expect(text).toContain(expected);
    await screenshot(run.page, 'keys-shortcut-list');
    const violations = seriousOrCritical(await axeScan(run.page, 'keys-shortcut-list'));
    await key('Escape');
    await list.waitFor({ state: 'detached' });
    expect(violations).toEqual([]);
    // views by G then a letter; the keys do nothing while a field has the focus
    await key('g');
    await key('p');
    await run.page.getByRole('heading', { name: 'Shopping' }).waitFor();
    expect(await run.page.evaluate(() => (window as unknown as { pointerPresses: number }).pointerPresses)).toBe(0);
  });

  it('offers no more ammo than Max Carry leaves room for, although the cash affords more', async () => {
    const ammo = CHEAPEST_AMMO;
    const cash = plan.states.flown.player.cash;
    expect(Math.floor(cash / ammo.price)).toBeGreaterThan(ammo.maxCarry);
    await run.page.getByRole('tab', { name: 'Ammo' }).click();
    await run.page.getByRole('button', { name: `Buy ${ammo.name}` }).click();
    const modal = dialog(run.page, ammo.name);
    await modal.waitFor();
    expect(await modal.innerText()).toContain(`Max: ${ammo.maxCarry} (you can carry ${ammo.maxCarry} more)`);
    expect(await modal.innerText()).not.toContain('Max affordable');
    const input = modal.getByLabel('Quantity', { exact: true });
    await input.fill(String(ammo.maxCarry + 1));
    expect(await modal.getByRole('alert').innerText()).toBe(`You can only carry ${ammo.maxCarry} ${ammo.name} (you have 0).`);
    expect(await modal.getByRole('button', { name: 'Buy' }).isDisabled()).toBe(true);
    await input.fill(String(ammo.maxCarry));
    await modal.getByRole('button', { name: 'Buy' }).click();
    await modal.waitFor({ state: 'detached' });
    await expectStat(run.page, 'Cash', formatMoney(cash - ammo.maxCarry * ammo.price));
  });
});

describe.skipIf(!chromiumAvailable())('the phone keypad', () => {
  const run = onePageScenario('keypad', PHONE, { touch: true });
  const { seed, found: plan } = findSeed((s) => {
    const start = gameFor(s, NAME);
    const drug = start.marketInfo.find((m) => m.quantity >= 3 && maxBuy(start, m.id) >= 13);
    return drug ? { drug, start } : null;
  });

  it('replaces the suggested 1 with the first digit tapped: 3, not 13', async () => {
    await startGame(run.page, run.server.url, { name: NAME, seed });
    const row = marketRow(run.page, plan.drug.name);
    await row.getByRole('button', { name: `Buy ${plan.drug.name}` }).tap();
    const modal = dialog(run.page, `Buy ${plan.drug.name}`);
    const keypad = modal.getByRole('group', { name: 'Numeric keypad' });
    await keypad.waitFor();
    const input = modal.getByLabel('Quantity');
    expect(await input.inputValue()).toBe('1');
    await keypad.getByRole('button', { name: '3', exact: true }).tap();
    expect(await input.inputValue()).toBe('3');
    await keypad.getByRole('button', { name: 'Enter', exact: true }).tap();
    await modal.waitFor({ state: 'detached' });
    await expect.poll(() => row.locator('td').nth(3).innerText(), POLL).toBe('3');
    // the hints are for desktop pointers: none is drawn on a phone
    const hint = await run.page.locator('.view-header').getByRole('button', { name: 'Fly to...' }).evaluate((el) => getComputedStyle(el, '::after').content);
    expect(hint).toBe('none');
  });
});

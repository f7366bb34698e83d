// The trade loop and the info and inventory views in one seeded game: name entry with a seed, the
// intro modal, buy, sell, stash and take, a bank deposit, repaying the loan, shopping, travel with its
// 'Traveling...' transition and the day's event modals, a reload that resumes, the title's ACTIVE GAMES /
// CONTINUE GAME, then every Info and Inventory view with the data this game made. Every figure the page shows
// is checked against the same seed replayed through @drugwars/engine with the same actions.
import { describe, expect, it } from 'vitest';
import { CONSUMABLES, formatMoney, LOCATIONS, WEAPONS, type Action, type GameState } from '@drugwars/engine';
import type { Locator, Page } from 'playwright-core';
import { chromiumAvailable, DESKTOP, screenshot } from './support/harness';
import { dialog, dismissEventModals, expectStat, marketRow, openPlace, POLL, startGame, statText, STORAGE, tradeThroughModal } from './support/game';
import { findSeed, gameFor, step } from './support/seeds';
import { onePageScenario } from './support/scenario';

const NAME = 'Trader-Joe';
const DESTINATION = 'boston';
const KNIFE = WEAPONS.find((w) => w.id === 'knife')!.name;
const DRINK = CONSUMABLES.find((c) => c.id === 'energy_drink')!.name;

interface Plan {
  drugId: string;
  drugName: string;
  price: number;
  /** State after each step, in order. */
  states: Record<'bought' | 'sold' | 'stashed' | 'taken' | 'deposited' | 'repaid' | 'knife' | 'drink' | 'travelled', GameState>;
  travelEvents: string[];
}

/** A seed whose New York market sells a cheap drug in stock and whose trip to Boston brings news but no fight. */
function planFor(seed: string): Plan | null {
  const start = gameFor(seed, NAME);
  const drug = start.marketInfo.find((m) => m.quantity >= 10 && m.price <= 40);
  if (!drug) return null;
  const actions: [keyof Plan['states'], Action][] = [
    ['bought', { type: 'buy', drugId: drug.id, quantity: 10 }],
    ['sold', { type: 'sell', drugId: drug.id, quantity: 4 }],
    ['stashed', { type: 'stash', drugId: drug.id, quantity: 3 }],
    ['taken', { type: 'unstash', drugId: drug.id, quantity: 1 }],
    ['deposited', { type: 'deposit', amount: 200 }],
    ['repaid', { type: 'repay', amount: 1000 }],
    ['knife', { type: 'shopBuy', itemType: 'weapon', itemId: 'knife', quantity: 1 }],
    ['drink', { type: 'shopBuy', itemType: 'consumable', itemId: 'energy_drink', quantity: 1 }],
    ['travelled', { type: 'travel', destination: DESTINATION }],
  ];
  let state = start;
  const states = {} as Plan['states'];
  let travelEvents: string[] = [];
  for (const [label, action] of actions) {
    const res = step(state, action);
    state = res.state;
    states[label] = state;
    if (label === 'travelled') travelEvents = res.events.map((e) => e.category);
  }
  const modalEvents = travelEvents.filter((c) => ['price_change', 'rumor', 'received_item', 'lost_item'].includes(c));
  if (state.encounter || modalEvents.length === 0 || travelEvents.includes('rank_promotion')) return null;
  return { drugId: drug.id, drugName: drug.name, price: drug.price, states, travelEvents };
}

describe.skipIf(!chromiumAvailable())('the trade loop of a seeded game', () => {
  const run = onePageScenario('trade-loop', DESKTOP);
  const { seed, found: plan } = findSeed(planFor);
  const formattedSeed = `${seed.slice(0, 4)}-${seed.slice(4, 8)}-${seed.slice(8, 12)}-${seed.slice(12)}`;

  it('starts a seeded game: intro modal, day 1, $2,000 cash, $1,000 debt, the seed in the footer', async () => {
    await run.page.goto(`${run.server.url}/`);
    await run.page.getByRole('button', { name: 'PLAY' }).click();
    // the seed's warning shows once the seed is asked for (startGame checks that it then does)
    await expect.poll(() => dialog(run.page, 'ENTER YOUR NAME').getByRole('checkbox').count(), POLL).toBe(1);
    expect(await dialog(run.page, 'ENTER YOUR NAME').getByText('Seeded games are not eligible for leaderboard').count()).toBe(0);
    // the intro modal carries the debt line (SPEC.md section 2, Event modals)
    await run.page.goto(`${run.server.url}/`);
    const intro = await startGame(run.page, run.server.url, { name: NAME, seed });
    expect(intro).toMatch(/You owe \$1,000 to .+, due in 7 days/);
    await expectStat(run.page, 'Day', '1/30');
    await expectStat(run.page, 'Cash', '$2,000');
    expect(await statText(run.page, 'Debt')).toMatch(/^\$1,000 to .+/);
    await expectStat(run.page, 'Location', 'New York');
    expect(await run.page.locator('.game-footer .seed').innerText()).toBe(`Seed: ${formattedSeed}`);
    // the market shows the seed's own prices
    const row = marketRow(run.page, plan.drugName);
    expect(await row.locator('td').nth(1).innerText()).toContain(formatMoney(plan.price));
    await screenshot(run.page, 'desktop-market-day1');
  });

  it('buys and sells through the trade modal; cash and holdings follow', async () => {
    const row = marketRow(run.page, plan.drugName);
    await row.getByRole('button', { name: `Buy ${plan.drugName}` }).click();
    const buy = dialog(run.page, `Buy ${plan.drugName}`);
    await buy.waitFor();
    expect(await buy.locator('.max-line').innerText()).toMatch(/^Max: \d+$/);
    // above the maximum is refused on the client with SPEC.md's text
    await buy.getByLabel('Quantity').fill('999999');
    await buy.getByRole('button', { name: 'Confirm' }).click();
    await buy.getByRole('alert').waitFor();
    expect(await buy.getByRole('alert').innerText()).toMatch(/^You can('|’)t (afford that much|get that much)!$/);
    await tradeThroughModal(run.page, `Buy ${plan.drugName}`, 10);
    await expectStat(run.page, 'Cash', formatMoney(plan.states.bought.player.cash));
    await expect.poll(() => row.locator('td').nth(3).innerText(), POLL).toBe('10');
    await expectStat(run.page, 'Pockets', '10/100');

    await row.getByRole('button', { name: `Sell ${plan.drugName}` }).click();
    await tradeThroughModal(run.page, `Sell ${plan.drugName}`, 4);
    await expectStat(run.page, 'Cash', formatMoney(plan.states.sold.player.cash));
    await expect.poll(() => row.locator('td').nth(3).innerText(), POLL).toBe('6');
  });

  it('stashes and takes back at the current location', async () => {
    await openPlace(run.page, 'Stash');
    await run.page.getByRole('heading', { name: 'CARRYING (6/100)' }).waitFor();
    expect(await run.page.getByText('No drugs stashed here.').count()).toBe(1);
    await run.page.getByRole('button', { name: `Stash ${plan.drugName}` }).click();
    await tradeThroughModal(run.page, `Stash ${plan.drugName}`, 3);
    await run.page.getByRole('heading', { name: 'CARRYING (3/100)' }).waitFor();
    await run.page.getByRole('heading', { name: 'STASH IN New York' }).waitFor();
    const stashTable = run.page.locator('.stash-view table').nth(1);
    await expect.poll(() => stashTable.locator('tbody tr td').nth(1).innerText(), POLL).toBe('3');
    await run.page.getByRole('button', { name: `Take ${plan.drugName}` }).click();
    await tradeThroughModal(run.page, `Take ${plan.drugName}`, 1);
    await run.page.getByRole('heading', { name: 'CARRYING (4/100)' }).waitFor();
    await expect.poll(() => stashTable.locator('tbody tr td').nth(1).innerText(), POLL).toBe('2');
    expect(plan.states.taken.player.stash['new_york']?.[plan.drugId]?.quantity).toBe(2);
  });

  it('deposits in the bank and repays the whole loan', async () => {
    await openPlace(run.page, 'Finances');
    await run.page.getByRole('heading', { name: 'Bank Account' }).waitFor();
    expect(await run.page.getByText('Interest Rate: 5% per day').count()).toBe(1);
    // a bad amount is refused with SPEC.md's text and changes nothing
    await run.page.getByRole('button', { name: 'Deposit', exact: true }).click();
    await expect.poll(() => run.page.getByRole('alert').first().innerText(), POLL).toBe('Amount must be positive');
    await run.page.getByRole('textbox', { name: 'Bank amount' }).fill('200');
    await run.page.getByRole('button', { name: 'Deposit', exact: true }).click();
    await expectStat(run.page, 'Bank', '$200');
    await expectStat(run.page, 'Cash', formatMoney(plan.states.deposited.player.cash));

    const payFull = run.page.getByRole('button', { name: 'Pay Full Debt ($1,000)' });
    await payFull.click();
    await expectStat(run.page, 'Debt', '$0');
    await expectStat(run.page, 'Cash', formatMoney(plan.states.repaid.player.cash));
    await run.page.getByText('No active loans').waitFor();
    // with no debt the sharks are listed (loaded whenever debt becomes 0)
    await run.page.getByRole('button', { name: /^Borrow from / }).first().waitFor();
  });

  it('buys a weapon and a consumable in the shop', async () => {
    await openPlace(run.page, 'Shopping');
    await run.page.getByRole('button', { name: `Buy ${KNIFE}` }).click();
    await expectStat(run.page, 'Cash', formatMoney(plan.states.knife.player.cash));
    expect(await run.page.locator('.message-latest').innerText()).toBe(`> 🔫 Successfully purchased ${KNIFE}!`);
    await run.page.getByRole('tab', { name: 'Consumables' }).click();
    await run.page.getByRole('button', { name: `Buy ${DRINK}` }).click();
    const modal = dialog(run.page, DRINK);
    await modal.waitFor();
    expect(await modal.innerText()).toContain('Price: $50 each');
    await modal.getByRole('button', { name: 'Buy', exact: true }).click();
    await modal.waitFor({ state: 'detached' });
    await expectStat(run.page, 'Cash', formatMoney(plan.states.drink.player.cash));
    expect(await run.page.locator('.message-latest').innerText()).toBe(`> ✅ Successfully purchased 1x ${DRINK}!`);
  });

  it("travels: 'Traveling...' transition, the day's news, a new day in a new city", async () => {
    await openPlace(run.page, 'Market');
    await run.page.locator('.view-header').getByRole('button', { name: 'Fly to...' }).click();
    const fly = dialog(run.page, 'Fly to...');
    await fly.waitFor();
    const boston = LOCATIONS.find((l) => l.id === DESTINATION)!;
    // every city but this one, with its fare
    expect(await fly.locator('.location-btn').count()).toBe(LOCATIONS.length - 1);
    // each with its danger and tonight's odds with what the player carries, and the player's heat above them
    expect(await fly.locator('.location-btn .loc-risk').count()).toBe(LOCATIONS.length - 1);
    expect(await fly.locator('.location-btn .loc-risk').first().innerText()).toMatch(/^Risk tonight: \d+%$/);
    expect(await fly.locator('.heat-note').innerText()).toMatch(/^Heat: \d+%/);
    await screenshot(run.page, 'desktop-fly-to');
    // Boston has no airport: the grid says 'by road' with the fare, and so does the log after the trip
    expect(boston.hasAirport).toBe(false);
    const travelReply = run.page.waitForResponse((r) => r.url().endsWith('/api/game/travel'));
    await fly.getByRole('button', { name: `${boston.name} by road ${formatMoney(boston.flightPrice)}` }).click();
    await run.page.locator('.transition-screen').getByText('Traveling...').waitFor({ timeout: 5_000 });
    await run.page.locator('.transition-screen').waitFor({ state: 'detached', timeout: 15_000 });
    // The move said which version the page holds and was answered only what changed (no known prices: the page
    // works them out), from which the page shows the whole new day below.
    const travelled = await travelReply;
    const heldVersion = travelled.request().headers()['x-state-version'];
    expect(heldVersion).toMatch(/^\d+$/);
    const reply = (await travelled.json()) as { changedSince?: number; version: number; gameState: Record<string, unknown> };
    expect(reply.changedSince).toBe(Number(heldVersion));
    expect(reply.version).toBe(Number(heldVersion) + 1);
    expect(reply.gameState).not.toHaveProperty('worldPrices');
    const titles = await dismissEventModals(run.page);
    expect(titles.length).toBeGreaterThan(0);
    for (const t of titles) expect(['WORD ON THE STREET', 'RUMORS', 'LUCKY FIND', 'BAD NEWS']).toContain(t);
    const after = plan.states.travelled;
    await expectStat(run.page, 'Day', '2/30');
    await expectStat(run.page, 'Location', 'Boston');
    await expectStat(run.page, 'Cash', formatMoney(after.player.cash));
    await expectStat(run.page, 'Bank', formatMoney(after.player.bank));
    expect(await run.page.locator('.message-list li').allTextContents()).toContain(
      `> You traveled to Boston by road for ${formatMoney(boston.flightPrice)}. Day 2.`,
    );
    await screenshot(run.page, 'desktop-after-travel');
    // World Drug Prices before any reload: today's Boston prices where the player stands, day 1's elsewhere.
    const bostonCard = await openWorldPrices(run.page);
    const bostonRows = (await bostonCard.locator('tbody tr').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim());
    for (const [drugId, price] of Object.entries(after.prices)) expect(bostonRows).toContain(`${nameOfDrug(drugId, after)} ${formatMoney(price)}`);
    expect(await run.page.getByTestId('prices-chicago').locator('h3').innerText()).toBe('Chicago (seen day 1, 1 day ago)');
    await run.page.getByRole('navigation', { name: 'Game navigation' }).getByRole('tab', { name: 'Places' }).click();
  });

  it('resumes after a reload, and from the title through ACTIVE GAMES / CONTINUE GAME', async () => {
    const after = plan.states.travelled;
    const url = run.page.url();
    await run.page.reload();
    await expectStat(run.page, 'Day', '2/30');
    await expectStat(run.page, 'Location', 'Boston');
    await expectStat(run.page, 'Cash', formatMoney(after.player.cash));
    expect(run.page.url()).toBe(url);

    const sessionId = await run.page.evaluate((k) => localStorage.getItem(k), STORAGE.sessionId);
    expect(sessionId).toBeTruthy();
    await run.page.goto(`${run.server.url}/`);
    await run.page.getByRole('button', { name: 'PLAY' }).click();
    const active = run.page.getByRole('region', { name: 'ACTIVE GAMES' });
    await active.waitFor();
    expect((await active.innerText()).replace(/\s+/g, ' ')).toContain(`${NAME} Day 2/30`);
    await active.getByRole('button', { name: 'CONTINUE GAME' }).click();
    await run.page.waitForURL(`**/game?id=${sessionId}`);
    await expectStat(run.page, 'Location', 'Boston');
    await expectStat(run.page, 'Cash', formatMoney(after.player.cash));
  });

  it('shows every Info view with this game\'s data', async () => {
    const after = plan.states.travelled;
    const nav = run.page.getByRole('navigation', { name: 'Game navigation' });
    await openWorldPrices(run.page);
    // elsewhere the prices are what the player last saw there: the day-1 tip sheet, a day old now
    expect(await run.page.getByTestId('prices-chicago').locator('h3').innerText()).toBe('Chicago (seen day 1, 1 day ago)');
    await screenshot(run.page, 'desktop-world-prices');
    expect(await run.page.locator('.price-card').count()).toBe(LOCATIONS.length);
    const [someDrug, somePrice] = Object.entries(after.worldPrices['chicago']!)[0]!;
    const chicagoRows = await run.page.getByTestId('prices-chicago').locator('tbody tr').allInnerTexts();
    expect(chicagoRows.map((r) => r.replace(/\s+/g, ' ').trim())).toContain(`${nameOfDrug(someDrug, after)} ${formatMoney(somePrice)}`);

    await nav.getByRole('button', { name: 'Other Stashes' }).click();
    const card = run.page.locator('.other-stashes .price-card');
    await card.first().waitFor();
    expect(await card.locator('h3').innerText()).toBe('New York');
    expect((await card.locator('tbody tr').innerText()).replace(/\s+/g, ' ').trim()).toBe(`${plan.drugName} 2`);

    await nav.getByRole('button', { name: 'Shipment Tracking' }).click();
    await run.page.getByText('No active shipments').waitFor();

    await nav.getByRole('button', { name: 'Charts' }).click();
    await run.page.getByRole('tab', { name: 'Your Cash' }).waitFor();
    // uPlot draws on a canvas once the history (two days) has loaded
    await run.page.locator('.charts canvas').first().waitFor({ timeout: 15_000 });
    for (const tab of ['Your Debt', 'Your Health', 'Drug Prices']) {
      await run.page.getByRole('tab', { name: tab }).click();
      await expect.poll(() => run.page.getByRole('tab', { name: tab }).getAttribute('aria-selected'), POLL).toBe('true');
    }
    await run.page.locator('.charts select').selectOption(plan.drugId);
    await run.page.locator('.charts canvas').first().waitFor();
    expect(await run.page.getByText('NO DATA AVAILABLE').count()).toBe(0);
    await run.page.getByRole('button', { name: 'Hide Legend' }).click();
    await run.page.getByRole('button', { name: 'Show Legend' }).waitFor();
    await screenshot(run.page, 'desktop-charts');
  });

  it('shows every Inventory view with this game\'s data', async () => {
    const after = plan.states.travelled;
    const nav = run.page.getByRole('navigation', { name: 'Game navigation' });
    await nav.getByRole('tab', { name: 'Inventory' }).click();

    await nav.getByRole('button', { name: 'Equipment' }).click();
    const equipment = run.page.locator('.equipment-view');
    await equipment.waitFor();
    expect(await equipment.innerText()).toContain(KNIFE);

    await nav.getByRole('button', { name: 'Drugs' }).click();
    const drugs = run.page.locator('.drugs-view');
    await drugs.waitFor();
    const held = after.player.inventory[plan.drugId]?.quantity ?? 0;
    expect(held).toBeGreaterThan(0);
    expect(await drugs.locator('.capacity').innerText()).toBe(`Pockets: ${after.player.usedSpace}/${after.player.coatSpace}`);
    const cells = await drugs.locator('tbody tr').first().locator('td').allInnerTexts();
    const unit = after.prices[plan.drugId]!;
    expect(cells).toEqual([plan.drugName, String(held), formatMoney(unit), formatMoney(unit * held)]);

    await nav.getByRole('button', { name: 'Consumables' }).click();
    const consumables = run.page.locator('.consumables-view');
    await consumables.waitFor();
    const row = await consumables.locator('tbody tr').first().locator('td').allInnerTexts();
    expect(row[0]).toBe(DRINK);
    expect(row[1]).toBe(String(after.player.items.consumables['energy_drink']));
    expect(row[3]).toBe(formatMoney(50 * (after.player.items.consumables['energy_drink'] ?? 0)));
    await screenshot(run.page, 'desktop-consumables');
  });
});

/** Info -> World Drug Prices, in Boston: its card, checked to be marked as where the player is. */
async function openWorldPrices(page: Page): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: 'Game navigation' });
  await nav.getByRole('tab', { name: 'Info' }).click();
  await nav.getByRole('button', { name: 'World Drug Prices' }).click();
  const card = page.getByTestId(`prices-${DESTINATION}`);
  await card.waitFor();
  expect(await card.locator('h3').innerText()).toContain('(You are here)');
  return card;
}

function nameOfDrug(id: string, state: GameState): string {
  return state.marketInfo.find((m) => m.id === id)?.name ?? id;
}

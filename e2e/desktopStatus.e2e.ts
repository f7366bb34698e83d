// The game screen at 1280x800, a common laptop: the status bar is one row (every figure's cell on the same line,
// the debt's long 'to Vinnie "The Knuckles"' included) inside the screen, and nothing on the screen moves when the
// cash loses a digit: Health, the other status cells and the market's columns keep their places. Seeded, so the
// buy that takes the cash from four digits to three is known; axe-core finds nothing serious on the screen.
import { describe, expect, it } from 'vitest';
import { formatMoney, type GameState } from '@drugwars/engine';
import type { Page } from 'playwright-core';
import { axeScan, seriousOrCritical } from './support/axe';
import { chromiumAvailable, screenshot } from './support/harness';
import { onePageScenario } from './support/scenario';
import { expectStat, marketRow, startGame, statText, tradeThroughModal } from './support/game';
import { findSeed, gameFor, step } from './support/seeds';

const NAME = 'Laptop';
const VIEWPORT = { width: 1280, height: 800 } as const;

interface Plan {
  drugName: string;
  quantity: number;
  bought: GameState;
}

/** A seed whose first market has a drug that, bought, leaves less than $1,000 of the $2,000 (one digit fewer). */
function planFor(seed: string): Plan | null {
  const start = gameFor(seed, NAME);
  for (const m of start.marketInfo) {
    if (m.price < 50) continue;
    const quantity = Math.floor(start.player.cash / m.price);
    if (quantity < 1 || quantity > m.quantity || quantity > start.player.coatSpace) continue;
    const bought = step(start, { type: 'buy', drugId: m.id, quantity }).state;
    if (bought.player.cash < 1000) return { drugName: m.name, quantity, bought };
  }
  return null;
}

/** Every status cell's box, by its label. */
async function statusBoxes(page: Page): Promise<Record<string, { x: number; y: number; width: number; height: number }>> {
  return page.locator('.status-bar .stat').evaluateAll((cells) =>
    Object.fromEntries(
      cells.map((cell) => {
        const r = cell.getBoundingClientRect();
        return [cell.querySelector('.stat-label')?.textContent ?? '?', { x: r.x, y: r.y, width: r.width, height: r.height }];
      }),
    ),
  );
}

describe.skipIf(!chromiumAvailable())('the game screen at 1280x800', () => {
  const run = onePageScenario('desktop', VIEWPORT);
  const { seed, found: plan } = findSeed(planFor);

  it('shows the status bar on one line, inside the screen, with the debt to the shark', async () => {
    await startGame(run.page, run.server.url, { name: NAME, seed });
    const bar = run.page.locator('.status-bar.status-desktop');
    await bar.waitFor();
    expect(await statText(run.page, 'Debt')).toMatch(/^\$1,000 to /);
    const boxes = await statusBoxes(run.page);
    expect(Object.keys(boxes)).toEqual(['Day', 'Rank', 'Location', 'Cash', 'Debt', 'Bank', 'Health', 'Pockets']);
    // one line: every cell starts at the same height and none is taller than one cell (label over value)
    const tops = new Set(Object.values(boxes).map((b) => Math.round(b.y)));
    expect([...tops]).toHaveLength(1);
    const barBox = (await bar.boundingBox())!;
    const cellHeight = Math.max(...Object.values(boxes).map((b) => b.height));
    expect(barBox.height).toBeLessThan(cellHeight * 1.5);
    for (const b of Object.values(boxes)) expect(b.x + b.width).toBeLessThanOrEqual(VIEWPORT.width);
    // the debt's whole text is there even where its cell ends in an ellipsis
    expect(await run.page.locator('.status-bar .stat-debt').getAttribute('title')).toMatch(/^\$1,000 to /);
    await screenshot(run.page, 'desktop-1280-status');
  });

  it('keeps Health, every status cell and the market columns in place when the cash loses a digit', async () => {
    const before = await statusBoxes(run.page);
    const columns = () => run.page.locator('.market-view thead th').evaluateAll((ths) => ths.map((th) => Math.round(th.getBoundingClientRect().x)));
    const columnsBefore = await columns();
    await marketRow(run.page, plan.drugName).getByRole('button', { name: `Buy ${plan.drugName}` }).click();
    await tradeThroughModal(run.page, `Buy ${plan.drugName}`, plan.quantity);
    await expectStat(run.page, 'Cash', formatMoney(plan.bought.player.cash));
    expect(plan.bought.player.cash).toBeLessThan(1000);
    const after = await statusBoxes(run.page);
    expect(after['Health']).toEqual(before['Health']);
    for (const label of Object.keys(before)) expect({ label, x: after[label]!.x, y: after[label]!.y }).toEqual({ label, x: before[label]!.x, y: before[label]!.y });
    expect(await columns()).toEqual(columnsBefore);
    await screenshot(run.page, 'desktop-1280-after-buy');
  });

  it('has no serious or critical axe violations on the game screen at 1280 px', async () => {
    const violations = await axeScan(run.page, 'desktop-1280-game');
    expect(seriousOrCritical(violations)).toEqual([]);
  });
});

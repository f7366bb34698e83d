// Every in-game view opens with its content: once the game screen has shown the game, the later chunks (views,
// modals) are preloaded and what views show beyond the state (chart history, loan-shark offers) is asked ahead in
// idle time, so no view, on its first opening, shows a "Loading..." of any kind.
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP } from './support/harness';
import { startGame } from './support/game';
import { onePageScenario } from './support/scenario';

declare global {
  interface Window {
    loadingSeen?: string[];
  }
}

describe.skipIf(!chromiumAvailable())('views open with their content', () => {
  const run = onePageScenario('views-open', DESKTOP);

  it('after the game screen has settled, every view of the navigation opens without a Loading...', async () => {
    await startGame(run.page, run.server.url, { name: 'Preloaded' });
    // the idle preload and prefetch are done when the network has been quiet for a moment
    await run.page.waitForLoadState('networkidle');
    await run.page.evaluate(() => {
      window.loadingSeen = [];
      new MutationObserver((records) => {
        for (const record of records) {
          const nodes = [...Array.from(record.addedNodes), ...(record.type === 'characterData' ? [record.target] : [])];
          for (const node of nodes) {
            const text = node.textContent ?? '';
            if (/Loading/i.test(text)) window.loadingSeen!.push(text.slice(0, 80));
          }
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const nav = run.page.getByRole('navigation', { name: 'Game navigation' });
    const opened: string[] = [];
    for (const [mode, items] of [
      ['Places', ['Stash', 'Finances', 'Shopping', 'Hospital', 'Shipping', 'Travel', 'Market']],
      ['Info', ['World Drug Prices', 'Other Stashes', 'Shipment Tracking', 'Charts']],
      ['Inventory', ['Equipment', 'Drugs', 'Consumables']],
    ] as const) {
      await nav.getByRole('tab', { name: mode }).click();
      for (const label of items) {
        await nav.getByRole('button', { name: label, exact: true }).click();
        await run.page.locator('.game-main h2').first().waitFor();
        opened.push(label);
      }
    }
    // World Drug Prices showed its cards at once (the hints are in the game state)
    expect(opened).toHaveLength(14);
    expect(await run.page.evaluate(() => window.loadingSeen)).toEqual([]);
  });
});

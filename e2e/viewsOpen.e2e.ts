// Every in-game view opens with its content: once the game screen has shown the game, the later chunks (views,
// modals) are preloaded and what views show beyond the state (other cities' prices, chart history, loan-shark
// offers) is asked ahead in idle time, so no view, on its first opening, shows a "Loading..." of any kind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumAvailable, DESKTOP, launchBrowser, newPage, removeDatabase, startServer, type RunningServer } from './support/harness';
import { startGame } from './support/game';

declare global {
  interface Window {
    loadingSeen?: string[];
  }
}

describe.skipIf(!chromiumAvailable())('views open with their content', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser, DESKTOP));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    if (server) removeDatabase(server);
  });

  it('after the game screen has settled, every view of the navigation opens without a Loading...', async () => {
    await startGame(page, server.url, { name: 'Preloaded' });
    // the idle preload and prefetch are done when the network has been quiet for a moment
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
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
    const nav = page.getByRole('navigation', { name: 'Game navigation' });
    const opened: string[] = [];
    for (const [mode, items] of [
      ['Places', ['Stash', 'Finances', 'Shopping', 'Hospital', 'Shipping', 'Travel', 'Market']],
      ['Info', ['World Drug Prices', 'Other Stashes', 'Shipment Tracking', 'Charts']],
      ['Inventory', ['Equipment', 'Drugs', 'Consumables']],
    ] as const) {
      await nav.getByRole('tab', { name: mode }).click();
      for (const label of items) {
        await nav.getByRole('button', { name: label, exact: true }).click();
        await page.locator('.game-main h2').first().waitFor();
        opened.push(label);
      }
    }
    // World Drug Prices showed its cards at once (the hints are in the game state)
    expect(opened).toHaveLength(14);
    expect(await page.evaluate(() => window.loadingSeen)).toEqual([]);
  });
});

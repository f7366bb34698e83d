// The title screen's not-found view and connection-failed modal, and axe-core on the title and the
// leaderboard (no serious or critical violations).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeScan, seriousOrCritical } from './support/axe';
import { chromiumAvailable, launchBrowser, newPage, PHONE, removeDatabase, screenshot, startServer, type RunningServer } from './support/harness';
import { dialog, POLL } from './support/game';

describe.skipIf(!chromiumAvailable())('title screen views', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    if (server) removeDatabase(server);
  });

  it("unknown path: 'Not Found' modal, 'Whatever' returns to /", async () => {
    await page.goto(`${server.url}/no/such/page`);
    const modal = dialog(page, 'Not Found');
    await modal.waitFor();
    expect(await modal.innerText()).toContain("That page doesn't exist dude, quit fucking around");
    await modal.getByRole('button', { name: 'Whatever' }).click();
    await page.waitForURL(`${server.url}/`);
    await modal.waitFor({ state: 'detached' });
  });

  it("health check failure: 'CONNECTION FAILED' with an error id; TRY AGAIN recovers", async () => {
    let fail = true;
    await page.route('**/api/health', (route) => (fail ? route.fulfill({ status: 503, body: '{}' }) : route.continue()));
    await page.goto(`${server.url}/`);
    const modal = dialog(page, 'CONNECTION FAILED');
    await modal.waitFor();
    expect(await modal.innerText()).toContain("Shit, the game's not working. Try again in 5 minutes");
    expect(await modal.locator('.error-id').innerText()).toMatch(/^Error: err-\d+-[0-9a-z]{6}$/);
    fail = false;
    await modal.getByRole('button', { name: 'TRY AGAIN' }).click();
    await modal.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'PLAY' }).waitFor();
    await page.unroute('**/api/health');
  });

  it('title and leaderboard have no serious or critical axe violations (desktop and phone)', async () => {
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'PLAY' }).waitFor();
    await expect.poll(() => page.locator('.loading-overlay').count(), POLL).toBe(0);
    await screenshot(page, 'desktop-title');
    expect(seriousOrCritical(await axeScan(page, 'title'))).toEqual([]);
    await page.getByRole('button', { name: 'MOST WANTED LIST' }).click();
    await page.getByRole('heading', { name: 'MOST WANTED LIST' }).waitFor();
    await expect.poll(() => page.locator('.leaderboard-table tbody').innerText(), POLL).toBe('Nobody yet. Be the first.');
    await screenshot(page, 'desktop-leaderboard');
    expect(seriousOrCritical(await axeScan(page, 'leaderboard'))).toEqual([]);
    await page.getByRole('button', { name: 'BACK TO MENU' }).click();
    await page.waitForURL(`${server.url}/`);
    const phone = await newPage(browser, PHONE, { touch: true });
    await phone.page.goto(`${server.url}/`);
    await phone.page.getByRole('button', { name: 'PLAY' }).waitFor();
    await screenshot(phone.page, 'phone-title');
    await phone.context.close();
  });
});

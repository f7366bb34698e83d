// The title screen's not-found view and connection-failed modal, Recent Changes (player news; the footer stays
// put), How to play, and axe-core on the title, How to play and the leaderboard (no serious or critical violations).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeScan, seriousOrCritical } from './support/axe';
import { chromiumAvailable, DESKTOP, launchBrowser, newPage, PHONE, removeDatabase, screenshot, startServer, type RunningServer } from './support/harness';
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

  it('Recent Changes: player news only, and the footer bar stays at the bottom while the panel is open', async () => {
    for (const viewport of [{ width: 1280, height: 800 }, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/`);
      await page.getByRole('button', { name: 'PLAY' }).waitFor();
      // the version arrives with the health check: measure the page as it settles
      await expect.poll(() => page.locator('.footer-version').innerText(), POLL).toMatch(/^v\d/);
      await screenshot(page, `title-${viewport.width}`);
      const toggle = page.getByRole('button', { name: 'Show Changelog' });
      // fonts and late lines (version, day) settle the layout: measure once the toggle keeps its place for 200 ms
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      let before = await toggle.boundingBox();
      await expect
        .poll(async () => {
          const prev = before;
          await page.waitForTimeout(200);
          before = await toggle.boundingBox();
          return prev !== null && before !== null && prev.y === before.y;
        }, POLL)
        .toBe(true);
      await toggle.click();
      const panel = page.getByRole('region', { name: 'Recent Changes' });
      await expect.poll(() => panel.locator('li').count(), POLL).toBeGreaterThan(0);
      const text = await panel.innerText();
      expect(text).toContain('DAILY RUN');
      expect(text).not.toMatch(/For operators|WAL|METRICS_TOKEN/);
      const after = await page.getByRole('button', { name: 'Hide Changelog' }).boundingBox();
      // the bar ends the first screen before and after: the toggle has not moved
      expect(before && after && Math.abs(after.y - before.y)).toBeLessThanOrEqual(1);
      expect(after!.y + after!.height).toBeLessThanOrEqual(viewport.height);
      await screenshot(page, `title-changelog-${viewport.width}`);
      expect(seriousOrCritical(await axeScan(page, `title-changelog-${viewport.width}`))).toEqual([]);
    }
    await page.setViewportSize(DESKTOP);
  });

  it('How to play: a page over the title (desktop and phone), no serious or critical axe violations, Escape back to the title', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/`);
      await page.getByRole('link', { name: 'How to play' }).click();
      await page.waitForURL(`${server.url}/how-to-play`);
      const howTo = dialog(page, 'HOW TO PLAY');
      await howTo.waitFor();
      expect(await howTo.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(['The goal', 'A day', 'The risks', 'Keys']);
      await screenshot(page, `how-to-play-${viewport.width}`);
      expect(seriousOrCritical(await axeScan(page, `how-to-play-${viewport.width}`))).toEqual([]);
      await page.keyboard.press('Escape');
      await page.waitForURL(`${server.url}/`);
      await howTo.waitFor({ state: 'detached' });
    }
    await page.setViewportSize(DESKTOP);
  });

  it('music: nothing before the first interaction; then the 8-second chiptune loops, unless sound is off', async () => {
    const probe = () => {
      // every buffer source started on the page: the music is the looping one
      const started: { loop: boolean; seconds: number }[] = [];
      (window as unknown as { __started: typeof started }).__started = started;
      const start = AudioBufferSourceNode.prototype.start;
      AudioBufferSourceNode.prototype.start = function (this: AudioBufferSourceNode, ...args: Parameters<typeof start>) {
        started.push({ loop: this.loop, seconds: this.buffer?.duration ?? 0 });
        return start.apply(this, args);
      };
    };
    const startedOn = (p: Page) => p.evaluate(() => (window as unknown as { __started: { loop: boolean; seconds: number }[] }).__started);
    for (const sound of [true, false]) {
      const { context: ctx, page: p } = await newPage(browser);
      await ctx.addInitScript(probe);
      if (!sound) await ctx.addInitScript(() => localStorage.setItem('drugwars.soundEnabled', 'false'));
      await p.goto(`${server.url}/`);
      await p.getByRole('button', { name: 'PLAY' }).waitFor();
      await expect.poll(() => p.locator('.loading-overlay').count(), POLL).toBe(0);
      expect(await startedOn(p)).toEqual([]);
      // a click on the page's background (nothing there to press): the first interaction
      await p.mouse.click(2, 2);
      if (sound) {
        await expect.poll(() => startedOn(p), POLL).toEqual([{ loop: true, seconds: 8 }]);
      } else {
        // give the chunk time to load and decide: still nothing
        await p.waitForTimeout(1000);
        expect(await startedOn(p)).toEqual([]);
      }
      await ctx.close();
    }
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

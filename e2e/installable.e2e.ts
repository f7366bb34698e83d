// The delivered app: compressed assets, a web manifest with real icons, and a service worker that precaches
// the app shell, so a repeat visit loads from the cache and an offline start shows the title with a
// "You're offline" note (never the browser's error page), and the API is never answered from a cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { chromiumAvailable, launchBrowser, newPage, PHONE, removeDatabase, screenshot, startServer, type RunningServer } from './support/harness';
import { dialog, POLL } from './support/game';

const OFFLINE_NOTE = "You're offline. Retrying when your connection is back...";

describe.skipIf(!chromiumAvailable())('installable, compressed, offline-ready web app', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser, PHONE, { touch: true }));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    if (server) removeDatabase(server);
  });

  /** Every response of one navigation, until the title's PLAY button is there. */
  async function loadTitle(): Promise<Response[]> {
    const responses: Response[] = [];
    const record = (r: Response) => responses.push(r);
    page.on('response', record);
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'PLAY' }).waitFor();
    page.off('response', record);
    return responses;
  }

  it('first visit: scripts and styles arrive compressed (brotli or gzip, as the browser offers); the service worker takes control', async () => {
    const responses = await loadTitle();
    const assets = responses.filter((r) => /\/assets\/.+\.(?:js|css)$/.test(r.url()));
    expect(assets.length).toBeGreaterThan(1);
    for (const asset of assets) {
      const headers = await asset.allHeaders();
      expect(headers['cache-control'], asset.url()).toBe('public, max-age=31536000, immutable');
      // the build compresses files of 1 KB and more (below that the headers cost more than they save)
      if ((await asset.body()).length < 1024) continue;
      // Chromium offers brotli on HTTPS and on localhost names; on a plain-HTTP address it offers gzip.
      const offered = (await asset.request().allHeaders())['accept-encoding'] ?? '';
      expect(headers['content-encoding'], `${asset.url()} (offered: ${offered})`).toBe(/\bbr\b/.test(offered) ? 'br' : 'gzip');
    }
    const document = responses.find((r) => r.url() === `${server.url}/`);
    expect((await document?.allHeaders())?.['cache-control']).toBe('no-cache');
    // registered after the first paint; clientsClaim makes it control this page once it is active
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { ...POLL, timeout: 30_000 })
      .toBe(`${server.url}/sw.js`);
  });

  it('the web manifest names the game, runs standalone and its icons are real PNGs of the stated sizes', async () => {
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = await page.evaluate(async (url) => (await fetch(url)).json(), href!);
    expect(manifest).toMatchObject({ name: 'DRUG WARS', short_name: 'DRUG WARS', display: 'standalone', start_url: '/' });
    expect(manifest.theme_color).toBe('#000000');
    const icons = manifest.icons as { src: string; sizes: string; purpose?: string }[];
    expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of icons) {
      const size = await page.evaluate(async (src) => {
        const response = await fetch(src);
        const bytes = new DataView(await response.arrayBuffer());
        // PNG signature, then IHDR's width and height
        return { type: response.headers.get('content-type'), png: bytes.getUint32(0) === 0x89504e47, w: bytes.getUint32(16), h: bytes.getUint32(20) };
      }, icon.src);
      expect(size, icon.src).toEqual({ type: 'image/png', png: true, w: Number(icon.sizes.split('x')[0]), h: Number(icon.sizes.split('x')[1]) });
    }
  });

  it('a repeat visit loads the app shell from the service worker cache; the API still goes to the server', async () => {
    // The title's PLAY is in the prerendered HTML, so it is there before the app has asked for its health check:
    // that answer is awaited on its own.
    const healthAnswered = page.waitForResponse((r) => r.url().endsWith('/api/health'));
    const responses = await loadTitle();
    const shell = responses.filter((r) => r.url() === `${server.url}/` || /\/assets\/.+\.js$/.test(r.url()));
    expect(shell.length).toBeGreaterThan(1);
    for (const r of shell) expect(r.fromServiceWorker(), r.url()).toBe(true);
    const health = await healthAnswered;
    expect(health.status()).toBe(200);
    expect(health.fromServiceWorker()).toBe(false);
  });

  it("offline start: the cached title with the You're offline note and no error; back online it recovers", async () => {
    await context.setOffline(true);
    try {
      await page.goto(`${server.url}/`);
      await page.getByRole('button', { name: 'PLAY' }).waitFor();
      await expect.poll(() => page.getByRole('status').innerText(), POLL).toBe(OFFLINE_NOTE);
      expect(await dialog(page, 'CONNECTION FAILED').count()).toBe(0);
      await expect.poll(() => page.locator('.loading-overlay').count(), POLL).toBe(0);
      await screenshot(page, 'phone-title-offline');
      // the API is never answered from a cache: offline, a call fails
      const apiOffline = await page.evaluate(() =>
        fetch('/api/health').then(
          (r) => `answered ${r.status}`,
          () => 'failed',
        ),
      );
      expect(apiOffline).toBe('failed');
      // a client route started offline is the app too (the cached index.html), not the browser's error page
      await page.goto(`${server.url}/leaderboard`);
      await page.getByRole('heading', { name: 'MOST WANTED LIST' }).waitFor();
    } finally {
      await context.setOffline(false);
    }
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'PLAY' }).waitFor();
    await expect.poll(() => page.getByRole('status').count(), POLL).toBe(0);
  });

  it('offline then back online while on the title: the note goes away by itself', async () => {
    await context.setOffline(true);
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.getByRole('status').innerText(), POLL).toBe(OFFLINE_NOTE);
    await context.setOffline(false);
    await expect.poll(() => page.getByRole('status').count(), POLL).toBe(0);
    expect(await dialog(page, 'CONNECTION FAILED').count()).toBe(0);
    await expect.poll(() => page.locator('.footer-version').innerText(), POLL).toMatch(/^v2\.2\.0-/);
  });
});

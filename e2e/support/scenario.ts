// The frame of a one-page scenario: a server on its own database, Chromium and one page (combat at INSTANT speed,
// sound off) for a describe block; a screenshot of any test that fails; everything closed and removed after.
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { fastSettings } from './game';
import { launchBrowser, newPage, removeDatabase, screenshot, startServer, type RunningServer } from './harness';

export interface Scenario {
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/** Registers the hooks; the returned object is filled in before the first test runs. */
export function onePageScenario(name: string, viewport: { width: number; height: number }, options: { touch?: boolean } = {}): Scenario {
  const s = {} as Scenario;
  beforeAll(async () => {
    s.server = await startServer();
    s.browser = await launchBrowser();
    ({ context: s.context, page: s.page } = await newPage(s.browser, viewport, options));
    await fastSettings(s.page);
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await screenshot(s.page, `failed-${name}-${task.name.slice(0, 30).replace(/\W+/g, '-')}`);
  });
  afterAll(async () => {
    await s.context?.close();
    await s.browser?.close();
    await s.server?.stop();
    if (s.server) removeDatabase(s.server);
  });
  return s;
}

// Today's Daily Run through the UI, as a player meets it: DAILY RUN in the name entry, the game played to its end
// (its days unknown in advance: the seed is the server's secret for the day), the Game Over page filing it on the
// day's board with its place, Share copying the text result with the replay's link, Game Over's link opening the
// DAILY RUN tab of the MOST WANTED LIST listing it (and the other tabs not), and its replay stepped through day by day with the keyboard; axe-core finds
// nothing serious on the board or the replay.
import { beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, screenshot } from './support/harness';
import { axeScan, seriousOrCritical } from './support/axe';
import { expectStat, openPlace, POLL, startGame } from './support/game';
import { onePageScenario } from './support/scenario';
import { money, playToTheEnd, uniqueName, type Ending } from './support/playThrough';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.skipIf(!chromiumAvailable())("today's Daily Run: played, filed, shared, listed and replayed", () => {
  const run = onePageScenario('daily-run', DESKTOP);
  const name = uniqueName('Day');
  let today = '';
  let ending: Ending;
  let score = '';
  let entryId = '';

  beforeAll(async () => {
    await run.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: run.server.url });
  });

  it("plays today's Daily Run from the name entry's DAILY RUN to GAME OVER, filed on the day's board", async () => {
    await startGame(run.page, run.server.url, { name, daily: true });
    // The footer names the day (UTC), never a seed.
    const footer = await run.page.locator('.game-footer').innerText();
    today = /DAILY RUN (\d{4}-\d{2}-\d{2})/.exec(footer)?.[1] ?? '';
    expect(Date.now() - Date.parse(`${today}T00:00:00Z`)).toBeLessThan(2 * 86_400_000);
    expect(footer).not.toMatch(/Seed:/);
    await expectStat(run.page, 'Day', '1/30');
    await openPlace(run.page, 'Finances');
    await run.page.getByRole('button', { name: 'Pay Full Debt ($1,000)' }).click();
    await expectStat(run.page, 'Debt', '$0');
    await openPlace(run.page, 'Market');

    ending = await playToTheEnd(run.page);
    console.info(`daily-run: ${JSON.stringify(ending)}`);
    await run.page.getByRole('heading', { name: 'GAME OVER' }).waitFor();
    await run.page.getByText(`Score submitted to the Daily Run of ${today}!`).waitFor();
    score = (await run.page.locator('.final-score').innerText()).replace(/^Final Score: /, '');
    if (!ending.died) expect(money(score)).toBe(ending.lastNetWorth);
    // its place on its own board, and none on the all-time list
    expect(await run.page.getByRole('list', { name: 'Your place' }).locator('li').allInnerTexts()).toEqual([`#1 on the Daily Run of ${today}`]);
    await screenshot(run.page, 'desktop-gameover-daily');
  });

  it('Share copies the text result with the replay link (a check mark says so); the page shows the same text', async () => {
    expect(score).not.toBe('');
    await run.page.getByRole('button', { name: 'Share' }).click();
    await run.page.getByRole('button', { name: '✓ Copied' }).waitFor();
    const copied = await run.page.evaluate(() => navigator.clipboard.readText());
    const dayPart = ending.died ? 'R\\.I\\.P\\. on day \\d+' : 'day 30';
    const expected = new RegExp(
      `^DRUG WARS Daily ${today}: ${escapeRegExp(score)}, ${dayPart}(, \\d+ cops? down)?, #1 today\\n${escapeRegExp(run.server.url)}/replay/(\\d+)$`,
    );
    expect(copied).toMatch(expected);
    entryId = expected.exec(copied)![2]!;
    expect(await run.page.locator('.share-text').innerText()).toBe(copied);
  });

  it("Game Over's link opens the MOST WANTED LIST on its day's DAILY RUN tab, with its replay; the Most Wanted List's tabs do not list it", async () => {
    await run.page.getByRole('link', { name: 'See the Most Wanted List' }).click();
    await run.page.waitForURL(`${run.server.url}/leaderboard?tab=daily&date=${today}`);
    await run.page.getByRole('heading', { name: 'MOST WANTED LIST' }).waitFor();
    expect(await run.page.getByRole('tab', { name: 'DAILY RUN' }).getAttribute('aria-selected')).toBe('true');
    await run.page.locator('.leaderboard-table').getByRole('link', { name, exact: true }).waitFor();
    await run.page.getByRole('tab', { name: 'Today' }).click();
    await expect.poll(() => run.page.locator('.leaderboard-table tbody').innerText(), POLL).toBe('Nobody yet. Be the first.');

    await run.page.getByRole('tab', { name: 'DAILY RUN' }).click();
    expect(await run.page.getByLabel('Day (UTC)').inputValue()).toBe(today);
    const link = run.page.locator('.leaderboard-table').getByRole('link', { name, exact: true });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/replay/${entryId}`);
    const cells = await run.page.locator('.leaderboard-table tbody tr').first().locator('td').allInnerTexts();
    expect(cells.slice(0, 3)).toEqual(['1', expect.stringMatching(new RegExp(`^${name}`)), score]);
    expect(seriousOrCritical(await axeScan(run.page, 'leaderboard-daily'))).toEqual([]);
    await screenshot(run.page, 'desktop-leaderboard-daily');
    await link.click();
  });

  it('its replay tells the game day by day, stepped by the arrow keys, Home and End', async () => {
    await run.page.waitForURL(`**/replay/${entryId}`);
    const day = run.page.getByRole('heading', { level: 2 });
    await expect.poll(() => day.innerText(), POLL).toBe('Day 1: New York');
    const days = run.page.locator('.replay-day');
    expect(await days.innerText()).toContain("You're debt free!");
    await run.page.keyboard.press('ArrowRight');
    await expect.poll(() => day.innerText(), POLL).toMatch(/^Day 2: /);
    await run.page.keyboard.press('ArrowLeft');
    await expect.poll(() => day.innerText(), POLL).toBe('Day 1: New York');
    await run.page.keyboard.press('End');
    const lastDay = ending.died ? /^Day \d+: / : /^Day 30: /;
    await expect.poll(() => day.innerText(), POLL).toMatch(lastDay);
    // The last day ends on the score.
    const netWorth = days.locator('.replay-figures div').filter({ hasText: 'Net worth' }).locator('dd');
    expect(await netWorth.innerText()).toBe(score);
    expect(await run.page.getByRole('slider', { name: 'Day' }).getAttribute('aria-valuetext')).toMatch(/^Day \d+ of \d+$/);
    await run.page.keyboard.press('Home');
    await expect.poll(() => day.innerText(), POLL).toBe('Day 1: New York');
    expect(seriousOrCritical(await axeScan(run.page, 'replay'))).toEqual([]);
    await screenshot(run.page, 'desktop-replay-daily');
  });
});

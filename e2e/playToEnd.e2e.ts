// An UNSEEDED game played through the UI to its end: the server picks a secret seed, so nothing about the days
// is known in advance. The player repays the loan on day 1 (no loan-shark visits to steer), then stays day after
// day, dismissing the news, running from (or fighting) whatever shows up, until the day limit (or death) ends the
// game. The Game Over screen then submits the score ('Score submitted to leaderboard!', SPEC.md section 2) and says
// its place (the only game on a fresh server: first today and of all time); Play Again opens the name entry with
// the player's name filled in, and the MOST WANTED LIST shows that unique name with the same score.
import { describe, expect, it } from 'vitest';
import { formatMoney } from '@drugwars/engine';
import { chromiumAvailable, DESKTOP, screenshot, watchConsole } from './support/harness';
import { expectStat, openPlace, POLL, startGame, statText } from './support/game';
import { playToTheEnd, uniqueName, type Ending } from './support/playThrough';
import { onePageScenario } from './support/scenario';

describe.skipIf(!chromiumAvailable())('an unseeded game played to the end, then the MOST WANTED LIST', () => {
  const run = onePageScenario('play-to-end', DESKTOP);
  const name = uniqueName();
  let finalScoreText = '';
  let ending: Ending;

  it("plays an unseeded game to GAME OVER: 'Score submitted to leaderboard!' under the player's name", async () => {
    const console_ = watchConsole(run.page);
    await startGame(run.page, run.server.url, { name });
    // unseeded: the footer shows no seed, and the game starts as DESIGN.md section 2 says
    await expectStat(run.page, 'Day', '1/30');
    await expectStat(run.page, 'Cash', '$2,000');
    expect(await statText(run.page, 'Debt')).toMatch(/^\$1,000 to /);
    await openPlace(run.page, 'Finances');
    await run.page.getByRole('button', { name: 'Pay Full Debt ($1,000)' }).click();
    await expectStat(run.page, 'Debt', '$0');
    await expectStat(run.page, 'Cash', '$1,000');
    await openPlace(run.page, 'Market');

    ending = await playToTheEnd(run.page);
    console.info(`play-to-end: ${JSON.stringify(ending)}`);
    await run.page.getByRole('heading', { name: 'GAME OVER' }).waitFor();
    await run.page.getByText('Score submitted to leaderboard!').waitFor();
    expect(await run.page.getByText('Failed to submit score to leaderboard').count()).toBe(0);
    expect(await run.page.getByText('Seeded game - Not eligible for leaderboard').count()).toBe(0);
    expect(await run.page.locator('.player-line').innerText()).toBe(name);
    finalScoreText = await run.page.locator('.final-score').innerText();
    expect(finalScoreText).toMatch(/^Final Score: -?\$[\d,]+$/);
    if (!ending.died) {
      // the day limit: 'Stay Here' on the last day ends the game and settles nothing else
      expect(ending.maxDays).toBe(30);
      expect(await run.page.locator('.gameover-reason').innerText()).toBe(`Your ${ending.maxDays} days are up.`);
      expect(finalScoreText).toBe(`Final Score: ${formatMoney(ending.lastNetWorth!)}`);
    }
    await expect.poll(() => run.page.getByRole('list', { name: 'Your place' }).locator('li').allInnerTexts(), POLL).toEqual([
      "#1 on today's Most Wanted List",
      '#1 of all time',
    ]);
    await screenshot(run.page, 'desktop-gameover-unseeded');
    // a normal game leaves a clean console: no error, no 4xx, no aborted request
    expect(console_.problems()).toEqual([]);
  });

  it("Play Again ends the game and opens the name entry on the title with the player's name", async () => {
    expect(finalScoreText).not.toBe('');
    await run.page.getByRole('button', { name: 'Play Again' }).click();
    await run.page.waitForURL(`${run.server.url}/`);
    const entry = run.page.getByRole('dialog', { name: 'ENTER YOUR NAME' });
    await entry.waitFor();
    expect(await entry.getByLabel('Player name').inputValue()).toBe(name);
    // the finished game was ended on the way: nothing to continue
    expect(await entry.getByRole('button', { name: 'CONTINUE GAME' }).count()).toBe(0);
    await run.page.keyboard.press('Escape');
    await entry.waitFor({ state: 'detached' });
  });

  it("the MOST WANTED LIST shows the player's name with the same score", async () => {
    expect(finalScoreText).not.toBe('');
    const score = finalScoreText.replace(/^Final Score: /, '');
    await run.page.getByRole('button', { name: 'MOST WANTED LIST' }).click();
    await run.page.getByRole('heading', { name: 'MOST WANTED LIST' }).waitFor();
    for (const tab of ['Today', 'This Month', 'All Time']) {
      await run.page.getByRole('tab', { name: tab }).click();
      // A dead player's name cell goes on with ' R.I.P.' and the cause of death, so the name is matched as the
      // cell's first word and the rest checked against how the game ended.
      const row = run.page.locator('.leaderboard-table tbody tr').filter({ has: run.page.locator('td:nth-child(2)', { hasText: new RegExp(`^${name}(?: R\\.I\\.P\\.|$)`) }) });
      // Read the cells inside the poll: a tab switch shows the previous tab's rows, then 'Loading...', then its
      // own rows, so a row counted a moment ago may be gone by the next read.
      let cells: string[] = [];
      await expect
        .poll(async () => {
          cells = await row.locator('td').allInnerTexts();
          return [cells.length, cells[1]?.split(' R.I.P.')[0], cells[2]]; // five cells: exactly one row of this player
        }, POLL)
        .toEqual([5, name, score]);
      if (ending.died) expect(cells[1]).toMatch(new RegExp(`^${name} R\\.I\\.P\\. \\S`));
      else expect(cells[1]).toBe(name);
      if (!ending.died) expect(cells[3]).toBe(String(ending.maxDays));
      // date_achieved is the server's UTC day (a run across midnight may see yesterday's)
      const day = Date.parse(`${cells[4]}T00:00:00Z`);
      expect(Date.now() - day).toBeGreaterThanOrEqual(0);
      expect(Date.now() - day).toBeLessThan(2 * 86_400_000);
    }
    await screenshot(run.page, 'desktop-leaderboard-unseeded');
  });
});

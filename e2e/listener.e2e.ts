// Playing by ear: a seeded game played by keyboard alone while a listener records what the game's live regions
// say (a MutationObserver on them, from the page's first moment) and where the focus is after each step: a day of
// trades, a trip, a fight, a loan shark's visit, and the end of the run. What the server answered is recorded too
// (each move's reply), so the test knows what had to be said: every trade, arrival, event, fight round and the
// game's end, once each, in order. Focus lands on each new screen's heading and never rests on the page body after
// a dialog. ARIA snapshots of the market, a trade dialog, a fight and Game Over are checked for what a
// screen-reader user hears (one name per enemy, trend words, the final cash), and axe finds nothing serious.
import { describe, expect, it } from 'vitest';
import { LOCATIONS, maxBuy, type ClientGameEvent, type GameState } from '@drugwars/engine';
import type { Page, Response } from 'playwright-core';
import { axeScan, seriousOrCritical } from './support/axe';
import { chromiumAvailable, DESKTOP, screenshot } from './support/harness';
import { dialog, marketRow, POLL, startGame, statText } from './support/game';
import { findSeed, gameFor, playFight, step, tryStep } from './support/seeds';
import { onePageScenario } from './support/scenario';

const NAME = 'Listener';

/**
 * Day 1: buy 4 of a drug and sell 1, fly to a city where nothing happens on arrival; then stay day after day,
 * fighting (ATTACK) what comes, putting the loan shark off while he allows it and paying him after, until the run
 * ends. Chosen so that the run meets a police or gang fight and a visit, never two encounters at once, and ends
 * within 30 days.
 */
function listenerPlan(seed: string): { drug: { id: string; name: string }; to: string; fights: number; visits: number } | null {
  let state: GameState = gameFor(seed, NAME);
  const drug = state.marketInfo.find((m) => m.quantity >= 4 && maxBuy(state, m.id) >= 4);
  if (!drug) return null;
  state = step(state, { type: 'buy', drugId: drug.id, quantity: 4 }).state;
  state = step(state, { type: 'sell', drugId: drug.id, quantity: 1 }).state;
  const to = LOCATIONS.find((l) => l.id !== state.location && l.flightPrice <= state.player.cash && !tryStep(state, { type: 'travel', destination: l.id })?.state.encounter);
  if (!to) return null;
  const trip = step(state, { type: 'travel', destination: to.id });
  if (trip.events.some((e) => e.category === 'rank_promotion')) return null;
  state = trip.state;
  let fights = 0;
  let visits = 0;
  for (let guard = 0; guard < 40 && !state.gameOver; guard++) {
    const enc = state.encounter;
    if (!enc) {
      state = step(state, { type: 'stay' }).state;
      continue;
    }
    if (state.pendingEncounter) return null;
    if (enc.type === 'loanSharkVisit') {
      visits++;
      const res = tryStep(state, { type: 'encounter', action: enc.canSkip ? 'skip' : 'pay' });
      if (!res) return null;
      state = res.state;
      continue;
    }
    if (enc.type !== 'loanShark') fights++;
    const fight = playFight(state, 'attack');
    if (!fight) return null;
    state = fight.state;
  }
  return state.gameOver && fights >= 1 && visits >= 1 ? { drug: { id: drug.id, name: drug.name }, to: to.name, fights, visits } : null;
}

/** What the page says, in order: every line added to either live region, recorded from the page's first moment. */
async function listen(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const said: { text: string; region: string }[] = [];
    (window as unknown as { __said: typeof said }).__said = said;
    const watch = () => {
      const regions = document.querySelectorAll('[data-announcer]');
      if (regions.length < 2) return false;
      const observer = new MutationObserver((records) => {
        for (const r of records)
          Array.from(r.addedNodes).forEach((node) =>
            said.push({ text: node.textContent ?? '', region: (r.target as Element).getAttribute('data-announcer') ?? '' }),
          );
      });
      regions.forEach((region) => observer.observe(region, { childList: true }));
      return true;
    };
    const wait = new MutationObserver(() => {
      if (watch()) wait.disconnect();
    });
    document.addEventListener('DOMContentLoaded', () => {
      if (!watch()) wait.observe(document.body, { childList: true, subtree: true });
    });
  });
}

async function said(page: Page): Promise<{ text: string; region: string }[]> {
  return page.evaluate(() => (window as unknown as { __said: { text: string; region: string }[] }).__said);
}

/** The focused element, as a screen reader would name where it is. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'BODY';
    return `${el.tagName.toLowerCase()}:${(el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)}`;
  });
}

type Reply = { path: string; body: { message?: string; events?: ClientGameEvent[]; followUpEvent?: ClientGameEvent | null; gameOver?: boolean; gameState?: { gameOver?: boolean; encounter?: unknown }; victory?: boolean; escaped?: boolean; surrendered?: boolean; bribed?: boolean; playerDead?: boolean } };

/** What the game must say for the replies, in order (the same rules the client applies, written out). */
function expectedLines(replies: Reply[], playerName: string): string[] {
  const lines: string[] = [];
  for (const { path, body } of replies) {
    const events = [...(body.events ?? [])];
    const extra = body.followUpEvent;
    if (extra && !events.some((e) => e.category === extra.category && e.message === extra.message)) events.push(extra);
    const eventLines = events.map((e) => e.message);
    if (path.endsWith('/game/new')) lines.push(`Welcome to DRUG WARS, ${playerName}!`, ...eventLines);
    else if (path.endsWith('/travel') || path.endsWith('/stay')) {
      if (!body.gameOver && !body.gameState?.gameOver) lines.push(...(body.message ? [body.message] : []), ...eventLines);
    } else if (path.endsWith('/encounter')) {
      const ended = body.victory || body.escaped || body.surrendered || body.bribed;
      const message = ended && body.message ? body.message.split('But wait')[0]!.trim() || body.message : body.message;
      lines.push(...(message ? [message] : []), ...eventLines);
    } else if (body.message) lines.push(body.message);
  }
  return lines.map((l) => l.replace(/\s+/g, ' ').trim());
}

describe.skipIf(!chromiumAvailable())('playing by ear: what a screen reader hears, by keyboard alone', () => {
  const run = onePageScenario('listener', DESKTOP);
  const { seed, found: plan } = findSeed(listenerPlan);
  const replies: Reply[] = [];
  const focusLog: { step: string; focus: string }[] = [];
  const note = async (stepName: string) => focusLog.push({ step: stepName, focus: await focused(run.page) });

  it('plays a day of trades, a trip, a fight, a visit and the end of the run by keyboard, recording it all', async () => {
    const page = run.page;
    await listen(page);
    page.on('response', (r: Response) => {
      if (r.request().method() !== 'POST' || !/\/api\/game\/(new|shop\/buy|sell|travel|stay|encounter)$/.test(r.url())) return;
      void r.json().then(
        (body: Reply['body']) => replies.push({ path: new URL(r.url()).pathname, body }),
        () => undefined,
      );
    });
    await startGame(page, run.server.url, { name: NAME, seed });
    // from here on, the keyboard alone
    await page.evaluate(() => window.addEventListener('pointerdown', () => ((window as unknown as { __pointer: boolean }).__pointer = true), true));
    await note('market');

    // the market as a screen reader reads it: every price's trend in words
    const marketSnapshot = await page.locator('.market-view').ariaSnapshot();
    expect(marketSnapshot).not.toMatch(/price (up|down)/);

    // a day of trades: the row's number, B, 4, Enter; the row's number, S, Enter (the suggested 1)
    const rowKey = (await marketRow(page, plan.drug.name).locator('.row-key').getAttribute('data-keyhint'))!;
    await page.keyboard.press(rowKey);
    await page.keyboard.press('b');
    const buy = dialog(page, `Buy ${plan.drug.name}`);
    await buy.waitFor();
    await note('buy dialog');
    const tradeSnapshot = await buy.ariaSnapshot();
    expect(tradeSnapshot).toMatch(/textbox "Quantity"/);
    expect(tradeSnapshot).not.toMatch(/\[readonly\]/);
    await page.keyboard.type('4');
    await page.keyboard.press('Enter');
    await buy.waitFor({ state: 'detached' });
    await note('after buy');
    await page.keyboard.press(rowKey);
    await page.keyboard.press('s');
    await dialog(page, `Sell ${plan.drug.name}`).waitFor();
    await page.keyboard.press('Enter');
    await dialog(page, `Sell ${plan.drug.name}`).waitFor({ state: 'detached' });
    await note('after sell');

    // the trip: F, then the city's number
    await page.keyboard.press('f');
    const fly = dialog(page, 'Fly to...');
    await fly.waitFor();
    const city = fly.locator('.location-btn').filter({ hasText: plan.to });
    await page.keyboard.press((await city.getAttribute('data-keyhint'))!);
    await expect.poll(() => statText(page, 'Location'), POLL).toBe(plan.to);

    // then day after day until the run ends, by keys
    let fights = 0;
    let visits = 0;
    for (let guard = 0; guard < 400 && !page.url().includes('/gameover'); guard++) {
      const screen = await page.evaluate(() => {
        if (document.querySelector('.result-overlay')) return 'overlay';
        if (document.querySelector('.loan-shark-visit')) return 'visit';
        const attack = document.querySelector<HTMLButtonElement>('.combat-buttons .btn-attack');
        if (attack) return attack.disabled ? 'wait' : 'fight';
        if (document.querySelector('.transition-screen')) return 'wait';
        const modal = document.querySelector('.modal');
        if (modal) return modal.querySelector('h2')?.textContent === 'LAST DAY' ? 'lastDay' : 'modal';
        if (document.querySelector('.market-view')) return 'market';
        return 'wait';
      });
      switch (screen) {
        case 'market':
          await page.keyboard.press('z');
          await page.waitForTimeout(150);
          break;
        case 'modal':
          await note('event modal');
          await page.keyboard.press('Enter');
          await page.waitForTimeout(100);
          await note('after event modal');
          break;
        case 'lastDay':
          await note('LAST DAY');
          await page.keyboard.press('Tab');
          await page.keyboard.press('Enter');
          await page.waitForTimeout(150);
          break;
        case 'fight':
          if ((await page.locator('.encounter-view h2').innerText()) !== 'LOAN SHARK COMBAT!') fights++;
          await note(`fight: ${await page.locator('.encounter-view h2').innerText()}`);
          if (fights === 1) {
            const fightSnapshot = await page.locator('.battlefield').ariaSnapshot();
            for (const name of await page.locator('.enemy-name').allInnerTexts()) {
              // each enemy's button says its name once, and its health
              expect(fightSnapshot).toMatch(new RegExp(`button "${name} (health \\d+/\\d+|DEFEATED)"`));
              expect(fightSnapshot.split(name).length - 1).toBe(1);
            }
            expect(seriousOrCritical(await axeScan(page, 'listener-fight'))).toEqual([]);
          }
          while ((await page.locator('.combat-buttons .btn-attack').count()) > 0 && (await page.locator('.result-overlay').count()) === 0) {
            if (await page.locator('.combat-buttons .btn-attack').isEnabled()) await page.keyboard.press('a');
            await page.waitForTimeout(100);
          }
          break;
        case 'visit':
          visits++;
          await note('visit');
          await page.keyboard.press((await page.getByRole('button', { name: 'Pay Him Later' }).count()) > 0 ? 'l' : 'p');
          await page.locator('.loan-shark-visit').waitFor({ state: 'detached' });
          await note('after visit');
          break;
        case 'overlay':
          await note(`result: ${await page.locator('.result-overlay h2').innerText()}`);
          if ((await page.locator('.result-overlay h2').innerText()) === "YOU'RE DEAD!") {
            await page.keyboard.press('Tab');
            await page.keyboard.press('Enter');
            await page.waitForURL('**/gameover');
          } else {
            await page.keyboard.press('c');
            await page.locator('.result-overlay').waitFor({ state: 'detached' });
            await note('after result');
          }
          break;
        default:
          await page.waitForTimeout(100);
      }
    }
    await page.getByRole('heading', { name: 'GAME OVER' }).waitFor();
    await expect.poll(() => focused(page), POLL).toBe('h1:GAME OVER');
    await note('game over');
    expect(await page.title()).toBe('GAME OVER - DRUG WARS');
    const gameOverSnapshot = await page.locator('main').ariaSnapshot();
    const score = (await page.locator('.final-score').innerText()).replace('Final Score: ', '');
    expect(gameOverSnapshot).toContain(`Final Score: ${score}`);
    expect(fights).toBeGreaterThanOrEqual(1);
    expect(visits).toBeGreaterThanOrEqual(1);
    expect(await page.evaluate(() => (window as unknown as { __pointer?: boolean }).__pointer ?? false)).toBe(false);
    await screenshot(page, 'listener-gameover');
  });

  it('said every trade, arrival, event and fight round once, in order, then the end of the run', async () => {
    const heard = await said(run.page);
    console.info(`listener: ${heard.length} lines heard, for example:\n${heard.slice(0, 14).map((l) => `  [${l.region}] ${l.text}`).join('\n')}`);
    const end = heard[heard.length - 1]!;
    expect(end.region).toBe('assertive');
    expect(end.text).toMatch(/^GAME OVER\. .+ Final Score: -?\$[\d,]+\.$/);
    expect(heard.filter((l) => l.text.startsWith('GAME OVER.'))).toHaveLength(1);
    // everything else is exactly what the replies had to say, in their order
    expect(heard.slice(0, -1).map((l) => l.text)).toEqual(expectedLines(replies, NAME));
    // the trades were said as the log words them
    expect(heard.some((l) => l.text.startsWith(`Bought 4 ${plan.drug.name} for `))).toBe(true);
    expect(heard.some((l) => l.text.startsWith(`Sold 1 ${plan.drug.name} for `))).toBe(true);
    // an ambush and a wound are said at once
    expect(heard.some((l) => l.region === 'assertive' && / hits you for \d+ damage!/.test(l.text))).toBe(true);
  });

  it('put the focus on each new screen heading, and never on the page body after a dialog', async () => {
    console.info(`listener focus: ${focusLog.slice(0, 12).map((f) => `${f.step} -> ${f.focus}`).join('; ')}`);
    for (const f of focusLog) expect(f.focus, f.step).not.toBe('BODY');
    for (const f of focusLog.filter((x) => x.step.startsWith('fight:'))) expect(f.focus).toMatch(/^h2:(ENCOUNTER!|LOAN SHARK COMBAT!)$/);
    for (const f of focusLog.filter((x) => x.step === 'visit')) expect(f.focus).toBe('h2:LOAN SHARK VISIT!');
    for (const f of focusLog.filter((x) => x.step.startsWith('result: '))) expect(f.focus).toBe(`h2:${f.step.slice('result: '.length)}`);
    expect(focusLog.find((f) => f.step === 'buy dialog')?.focus).toBe('input:');
  });
});

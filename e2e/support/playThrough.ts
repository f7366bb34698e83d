// Playing a whole game through the UI without knowing its days in advance (an unseeded game or a Daily Run):
// Stay Here from the market, news acknowledged, RUN (else ATTACK) in fights, the loan shark put off or paid,
// result overlays continued, until the Game Over page. Shared by playToEnd.e2e.ts and dailyRun.e2e.ts.
import { expect } from 'vitest';
import { validatePlayerName } from '@drugwars/engine';
import type { Page } from 'playwright-core';
import { ACK_BUTTONS, POLL, statText } from './game';

/** A name no earlier run used (letters, digits, hyphen; at most 16), checked with the engine's own name rule. */
export function uniqueName(prefix = 'End'): string {
  for (;;) {
    const name = `${prefix}-${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 1296).toString(36)}`;
    if (validatePlayerName(name).ok) return name;
  }
}

/** '$1,234' or '-$1,234' -> number. */
export function money(text: string): number {
  const m = /^(-?)\$([\d,]+)/.exec(text.trim());
  if (!m) throw new Error(`not money: ${text}`);
  return (m[1] ? -1 : 1) * Number(m[2]!.replace(/,/g, ''));
}

type Screen = 'gameover' | 'overlay' | 'visit' | 'combat' | 'modal' | 'market';

/** What the game screen shows right now, or null while it is between two of these (transition, lazy chunk). */
async function screenNow(page: Page): Promise<Screen | null> {
  if (page.url().includes('/gameover')) return 'gameover';
  if ((await page.locator('.transition-screen').count()) > 0) return null;
  if ((await page.locator('.result-overlay').count()) > 0) return 'overlay';
  if ((await page.locator('.loan-shark-visit').count()) > 0) return 'visit';
  const buttons = page.locator('.encounter-view .combat-buttons button');
  if ((await buttons.count()) > 0) {
    for (const b of await buttons.all()) if (await b.isEnabled().catch(() => false)) return 'combat';
    return null; // the enemy's turn or a call in flight
  }
  if ((await page.locator('.modal').filter({ has: page.getByRole('button', { name: ACK_BUTTONS }) }).count()) > 0) return 'modal';
  if ((await page.locator('.modal').count()) > 0) {
    throw new Error(`unexpected modal: ${await page.locator('.modal').first().innerText()}`);
  }
  const stay = page.locator('.market-view .view-header').getByRole('button', { name: 'Stay Here' });
  if ((await stay.count()) > 0 && (await stay.isEnabled())) return 'market';
  return null;
}

async function waitScreen(page: Page): Promise<Screen> {
  let screen: Screen | null = null;
  await expect
    .poll(async () => {
      screen = await screenNow(page);
      return screen;
    }, POLL)
    .not.toBeNull();
  return screen as unknown as Screen;
}

export interface Ending {
  days: number;
  fights: number;
  visits: number;
  died: boolean;
  /** cash + bank - debt as the status bar read on the last day, before the final Stay Here. */
  lastNetWorth: number | null;
  maxDays: number;
}

/**
 * Plays until /gameover: Stay Here from the market; news modals acknowledged; fights run from when RUN is offered
 * and fought otherwise; loan-shark visits put off or paid; result overlays continued.
 */
export async function playToTheEnd(page: Page): Promise<Ending> {
  const ending: Ending = { days: 0, fights: 0, visits: 0, died: false, lastNetWorth: null, maxDays: 0 };
  let lastFightKey = '';
  for (let guard = 0; guard < 600; guard++) {
    const screen = await waitScreen(page);
    switch (screen) {
      case 'gameover':
        return ending;
      case 'market': {
        const [day, max] = (await statText(page, 'Day')).split('/').map(Number) as [number, number];
        ending.maxDays = max;
        // the status bar warns on the last two days (a promotion on the last day can add two more)
        const warning = page.locator('.status-bar').getByRole('status');
        if (day === max - 1) expect(await warning.innerText()).toBe('ONE DAY LEFT after today: sell up by tomorrow');
        else if (day < max - 1) expect(await warning.count()).toBe(0);
        if (day >= max) {
          expect(await warning.innerText()).toBe('LAST DAY: sell everything');
          await expect.poll(() => page.locator('.cash-indicator').count(), POLL).toBe(0); // the cash count has settled
          ending.lastNetWorth = money(await statText(page, 'Cash')) + money(await statText(page, 'Bank')) - money(await statText(page, 'Debt'));
        }
        await page.locator('.market-view .view-header').getByRole('button', { name: 'Stay Here' }).click();
        if (day >= max) {
          // on the last day Stay Here ends the game: it asks first, the safe answer holding the focus
          const ask = page.getByRole('dialog', { name: 'LAST DAY' });
          await ask.waitFor();
          expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('NEVERMIND');
          await ask.getByRole('button', { name: 'END THE GAME' }).click();
        }
        ending.days++;
        // wait until the click took: the day moved on, or something else is on screen
        await expect
          .poll(async () => (page.url().includes('/gameover') || (await page.locator('.market-view').count()) === 0 || (await statText(page, 'Day').catch(() => '')) !== `${day}/${max}`), POLL)
          .toBe(true);
        break;
      }
      case 'modal':
        await page.locator('.modal').getByRole('button', { name: ACK_BUTTONS }).first().click();
        break;
      case 'visit': {
        ending.visits++;
        const panel = page.locator('.loan-shark-visit');
        const later = panel.getByRole('button', { name: 'Pay Him Later' });
        const pay = panel.getByRole('button', { name: /^(Pay Full Debt|Pay What You Can)$/ });
        if ((await later.count()) > 0) await later.click();
        else await pay.click();
        await panel.waitFor({ state: 'detached' });
        break;
      }
      case 'combat': {
        const key = `${ending.days}`;
        if (key !== lastFightKey) ending.fights++;
        lastFightKey = key;
        const controls = page.locator('.encounter-view .combat-buttons');
        const run = controls.getByRole('button', { name: 'RUN', exact: true });
        const attack = controls.getByRole('button', { name: 'ATTACK', exact: true });
        const button = (await run.count()) > 0 && (await run.isEnabled()) ? run : attack;
        const round = await page.locator('.encounter-view').innerText();
        await button.click();
        // the press took once the screen changed (round, log, turn or an overlay)
        await expect
          .poll(async () => (await page.locator('.encounter-view').count()) === 0 || (await page.locator('.encounter-view').innerText()) !== round, POLL)
          .toBe(true);
        break;
      }
      case 'overlay': {
        const overlay = page.locator('.result-overlay');
        const title = await overlay.locator('.result-title').innerText();
        if (title === "YOU'RE DEAD!") {
          ending.died = true;
          await overlay.getByRole('button', { name: 'Game Over' }).click();
          await page.waitForURL('**/gameover');
        } else {
          await overlay.getByRole('button', { name: 'Continue' }).click();
          await overlay.waitFor({ state: 'detached' });
        }
        break;
      }
    }
  }
  throw new Error(`no game over after 600 steps (${JSON.stringify(ending)})`);
}

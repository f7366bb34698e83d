// UI strings served by /api/strings/{language} (SPEC.md section 3 "Strings catalogue"). English is built in;
// any other language falls back to it until a translation is added here.
import type { Strings } from '@drugwars/protocol';

export const ENGLISH_STRINGS: Strings = {
  buttons_positive: {
    ok: 'OK',
    gotIt: 'Got it',
    whatever: 'Whatever',
    sweet: 'Sweet',
    word: 'Word',
    letsGo: "Let's Go!",
    continue: 'Continue',
    continuePlaying: 'Continue Playing',
    yeah: 'YEAH',
    confirm: 'Confirm',
    whateverConfirm: 'WHATEVER',
    tryAgain: 'TRY AGAIN',
    dang: 'Dang',
  },
  buttons_negative: {
    cancel: 'CANCEL',
    nevermind: 'NEVERMIND',
    close: 'Close',
    back: 'BACK TO MENU',
    payLater: 'Pay Him Later',
  },
  encounters: {
    title: 'ENCOUNTER!',
    loanSharkCombatTitle: 'LOAN SHARK COMBAT!',
    loanSharkVisitTitle: 'LOAN SHARK VISIT!',
    policeIntro: 'You encounter {enemies} police officers/enemies!',
    gangIntro: '{enemies} gang members attack!',
    yourTurn: 'YOUR TURN',
    enemyTurn: 'ENEMY TURN',
    attack: 'ATTACK',
    run: 'RUN',
    bribe: 'BRIBE',
    surrender: 'SURRENDER',
    victory: 'VICTORY!',
    escaped: 'ESCAPED!',
    surrendered: 'SURRENDERED',
    bribed: 'BRIBED',
    dead: "YOU'RE DEAD!",
    killed: 'You have been killed!',
    escapeSuccess: 'You successfully escaped!',
    escapeFailed: 'FAILED ESCAPE!',
    surrenderSuccess: 'You surrendered and lost some items.',
    bribeSuccess: 'You successfully bribed them with ${amount}.',
    victoryReward: 'You won! Found ${amount} on the bodies!',
    victoryNothing: "You won! ...but you didn't get shit.",
    miss: 'Miss!',
    defeated: 'DEFEATED',
    payFull: 'Pay Full Debt',
    payWhatYouCan: 'Pay What You Can',
    payLater: 'Pay Him Later',
    gameOver: 'Game Over',
  },
};

const TRANSLATIONS: Readonly<Record<string, Strings>> = { en: ENGLISH_STRINGS };

/** The strings for a language tag ('en', 'en-US', 'EN'); unknown languages get English. */
export function stringsFor(language: string): { language: string; strings: Strings } {
  const base = language.toLowerCase().split(/[-_]/)[0] ?? '';
  const strings = Object.hasOwn(TRANSLATIONS, base) ? TRANSLATIONS[base] : undefined;
  return strings ? { language: base, strings } : { language: 'en', strings: ENGLISH_STRINGS };
}

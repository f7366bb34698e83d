// The game's keyboard shortcuts: one table (SHORTCUTS) that the shortcut list dialog prints, the button hints
// and aria-keyshortcuts read, and one window listener dispatches. A component binds handlers to shortcut ids with
// useHotkeys(handlers, scopeRef); the listener then decides, for every key press, which binding may answer:
// - never while the player types in a field (an input, textarea, select or contenteditable), except letters in a
//   field marked data-hotkeys="letters" (the trade dialog's quantity, which only takes digits);
// - never for a named key (Enter, Space, arrows) on a control that answers it itself (a button, a tab, a link);
// - a binding whose scope sits in a modal answers only while that modal is the topmost one; any other binding
//   answers only while no modal is open (so a dialog's keys never reach the screen below it);
// - of several bindings of the same key, the one whose scope is deepest in the page wins, then the last bound;
// - a handler that returns false did not handle the key (a disabled action): the browser keeps it.
// Sequences ('G' then 'M') wait for their next key; any key that continues no sequence starts over.
import { useEffect, useRef, type RefObject } from 'react';
import { isAnyModalOpen, isTopmostModal } from './Modal';
import './keys.css';

/**
 * A key token: a lower-case character, a named key in lower case ('arrowup'), or '#' for a row's number: 1-9, then
 * 0, - and = for the 10th, 11th and 12th (the keys after 9 on the number row).
 */
type Token = string;

export type ShortcutGroup =
  | 'Game'
  | 'Views'
  | 'Rows'
  | 'Market'
  | 'Stash'
  | 'Shopping'
  | 'Finances'
  | 'Hospital'
  | 'Quantity dialog'
  | 'Fly to...'
  | 'Encounter'
  | 'Loan shark visit'
  | 'Replay';

export interface Shortcut {
  readonly keys: readonly Token[];
  readonly description: string;
  readonly group: ShortcutGroup;
  /** Answered by the browser or the dialog itself (listed for the player, never dispatched here). */
  readonly native?: boolean;
  /** How the list shows the keys when the tokens would say it wrong. */
  readonly text?: string;
}

const view = (letter: string, name: string): Shortcut => ({ keys: ['g', letter], description: `Go to ${name}`, group: 'Views' });

/** Every shortcut of the game, in the order the list shows them. */
export const SHORTCUTS = {
  help: { keys: ['?'], description: 'Show this list of keys', group: 'Game' },
  fly: { keys: ['f'], description: 'Fly to... (then the city’s number)', group: 'Game' },
  stay: { keys: ['z'], description: 'Stay Here (sleep until tomorrow)', group: 'Game' },
  confirm: { keys: ['enter'], description: 'Press the focused button, confirm a dialog', group: 'Game', native: true },
  cancel: { keys: ['escape'], description: 'Close the dialog, cancel', group: 'Game', native: true },

  viewMarket: view('m', 'Market'),
  viewStash: view('s', 'Stash'),
  viewFinances: view('f', 'Finances'),
  viewShopping: view('p', 'Shopping'),
  viewHospital: view('h', 'Hospital'),
  viewTravel: view('t', 'Travel'),
  viewWorldPrices: view('w', 'World Drug Prices'),
  viewOtherStashes: view('o', 'Other Stashes'),
  viewCharts: view('c', 'Charts'),
  viewEquipment: view('e', 'Equipment'),
  viewDrugs: view('d', 'your Drugs'),
  messages: {
    keys: ['g', 'l'],
    description: 'Open the message log: the last 50 messages, to review what the game said (G L again closes it)',
    group: 'Views',
  },

  row: {
    keys: ['#'],
    text: '1-9, 0, -, =',
    description: 'Select that row of the market, the shop or the stash (0, - and = are the 10th, 11th and 12th)',
    group: 'Rows',
  },
  rowUp: { keys: ['arrowup'], description: 'Select the row above', group: 'Rows' },
  rowDown: { keys: ['arrowdown'], description: 'Select the row below', group: 'Rows' },
  buy: { keys: ['b'], description: 'Buy the selected drug (asks how many)', group: 'Market' },
  sell: { keys: ['s'], description: 'Sell the selected drug (asks how many)', group: 'Market' },
  buyMax: { keys: ['m'], description: 'Buy as many of the selected drug as you can, at once', group: 'Market' },
  sellAll: { keys: ['a'], description: 'Sell all of the selected drug, at once', group: 'Market' },

  stashRow: { keys: ['s'], description: 'Stash the selected drug here (asks how many)', group: 'Stash' },
  takeRow: { keys: ['t'], description: 'Take the selected drug from the stash (asks how many)', group: 'Stash' },

  shopBuy: { keys: ['b'], description: 'Buy the selected item (ammo and consumables ask how many)', group: 'Shopping' },

  depositAll: { keys: ['d'], description: 'Deposit all your cash in the bank', group: 'Finances' },
  withdraw: { keys: ['w'], description: 'Withdraw from the bank (asks how much)', group: 'Finances' },
  payDebt: { keys: ['p'], description: 'Pay the debt in full', group: 'Finances' },
  borrow: { keys: ['b'], description: 'Borrow from the selected loan shark, or the first (asks how much)', group: 'Finances' },

  healFully: { keys: ['h'], description: 'Heal fully', group: 'Hospital' },

  quantityDigits: { keys: ['#'], text: '0-9', description: 'Type the quantity (the first digit replaces the suggested one)', group: 'Quantity dialog', native: true },
  quantityMax: { keys: ['m'], description: 'MAX', group: 'Quantity dialog' },

  flyTo: { keys: ['#'], text: '1-9', description: 'Go to the city with that number', group: 'Fly to...' },

  attack: { keys: ['a'], description: 'ATTACK', group: 'Encounter' },
  run: { keys: ['r'], description: 'RUN', group: 'Encounter' },
  bribe: { keys: ['b'], description: 'BRIBE', group: 'Encounter' },
  surrender: { keys: ['u'], description: 'SURRENDER', group: 'Encounter' },
  continue: { keys: ['c'], description: 'Continue after the fight', group: 'Encounter' },

  pay: { keys: ['p'], description: 'Pay Full Debt / Pay What You Can', group: 'Loan shark visit' },
  payLater: { keys: ['l'], description: 'Pay Him Later', group: 'Loan shark visit' },

  replayPrev: { keys: ['arrowleft'], description: 'The day before', group: 'Replay' },
  replayNext: { keys: ['arrowright'], description: 'The day after', group: 'Replay' },
  replayFirst: { keys: ['home'], description: 'The first day', group: 'Replay' },
  replayLast: { keys: ['end'], description: 'The last day', group: 'Replay' },
} as const satisfies Record<string, Shortcut>;

export type ShortcutId = keyof typeof SHORTCUTS;

/** A handler gets the number of a '#' key (1-12); returning false leaves the key to the browser. */
export type HotkeyHandler = (digit: number | null) => boolean | void;

const TOKEN_TEXT: Record<string, string> = {
  '#': '1-9',
  enter: 'Enter',
  escape: 'Esc',
  arrowup: '↑',
  arrowdown: '↓',
  arrowleft: '←',
  arrowright: '→',
  home: 'Home',
  end: 'End',
};
const ARIA_TEXT: Record<string, string> = {
  enter: 'Enter',
  escape: 'Escape',
  arrowup: 'ArrowUp',
  arrowdown: 'ArrowDown',
  arrowleft: 'ArrowLeft',
  arrowright: 'ArrowRight',
  home: 'Home',
  end: 'End',
  '?': 'Shift+?',
};

function tokenText(token: Token): string {
  return TOKEN_TEXT[token] ?? token.toUpperCase();
}

/** How the list shows a shortcut's keys: 'B', 'G then M', '1-9'. */
export function shortcutKeysText(id: ShortcutId): string {
  const shortcut: Shortcut = SHORTCUTS[id];
  return shortcut.text ?? shortcut.keys.map(tokenText).join(' then ');
}

/**
 * The props that show a shortcut on its button: aria-keyshortcuts (one key; sequences have no aria form) and
 * data-keyhint, which the stylesheet shows after the label on desktop pointers only (never on touch or phone
 * widths), as generated content with empty alternative text so it adds nothing to the accessible name.
 */
export function hotkeyProps(id: ShortcutId, digit?: number): { 'aria-keyshortcuts'?: string; 'data-keyhint': string } {
  const keys: readonly Token[] = SHORTCUTS[id].keys;
  const text = digit !== undefined ? numberKey(digit) : keys.map(tokenText).join(' ');
  const aria = digit !== undefined ? numberKey(digit) : keys.length === 1 ? (ARIA_TEXT[keys[0]!] ?? keys[0]!.toUpperCase()) : undefined;
  return aria ? { 'aria-keyshortcuts': aria, 'data-keyhint': text } : { 'data-keyhint': text };
}

interface Binding {
  id: ShortcutId;
  handler: () => HotkeyHandler | null | undefined;
  scope: RefObject<Element | null> | null;
  order: number;
}

const bindings = new Set<Binding>();
let nextOrder = 0;
let pending: Token[] = [];
let listening = false;

/** The token of a key press, or null for keys no shortcut uses (modifier chords, dead keys). */
function tokenOf(e: KeyboardEvent): string | null {
  if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return null;
  if (e.key.length === 1) return e.key.toLowerCase();
  return e.key.toLowerCase();
}

/** The keys of the rows' numbers, in order: the 1st row's key first. */
const NUMBER_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '-', '='];

/** The key that names a row's number (1-12). */
export function numberKey(n: number): string {
  return NUMBER_KEYS[n - 1] ?? '';
}

function matches(want: Token, got: string): boolean {
  return want === '#' ? NUMBER_KEYS.includes(got) : want === got;
}

/** Whether the press is the player typing into a field (never a shortcut). */
export function isTyping(target: EventTarget | null, token: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const field =
    (target instanceof HTMLInputElement && !target.readOnly && !['button', 'checkbox', 'radio', 'range', 'submit', 'reset'].includes(target.type)) ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    target.isContentEditable;
  if (!field) return false;
  // a digits-only field leaves letters to the shortcuts of its dialog
  return !(target.dataset['hotkeys'] === 'letters' && /^[a-z]$/.test(token));
}

/** Named keys a focused control answers itself (Enter and Space press a button, arrows move between tabs). */
function controlOwnsKey(target: EventTarget | null, token: string): boolean {
  if (!(target instanceof Element)) return false;
  if (token === 'enter' || token === ' ') return target.closest('button, a[href], input, select, textarea, summary, [role="tab"]') !== null;
  if (token.startsWith('arrow') || token === 'home' || token === 'end') {
    return target.closest('[role="tablist"], [role="slider"], [role="listbox"], [role="radiogroup"], input, select, textarea') !== null;
  }
  return false;
}

/** Whether a binding may answer now (see the header): its modal is the topmost, or no modal is open. */
function mayAnswer(b: Binding): boolean {
  const scope = b.scope?.current ?? null;
  if (b.scope && !scope) return false;
  if (scope && isTopmostModal(scope)) return true;
  if (!isAnyModalOpen()) return true;
  return false;
}

/** How deep a binding's scope sits in the page (a screen's keys yield to a panel's inside it). */
function depth(b: Binding): number {
  let n = 0;
  for (let el = b.scope?.current ?? null; el; el = el.parentElement) n++;
  return n;
}

function onKeyDown(e: KeyboardEvent): void {
  if (e.defaultPrevented) return;
  const token = tokenOf(e);
  if (token === null || isTyping(e.target, token) || controlOwnsKey(e.target, token)) {
    pending = [];
    return;
  }
  const live = [...bindings].filter(mayAnswer).sort((a, b) => depth(b) - depth(a) || b.order - a.order);
  const attempt = (prefix: Token[]): boolean => {
    const at = prefix.length;
    const candidates = live.filter((b) => {
      const keys: readonly Token[] = SHORTCUTS[b.id].keys;
      return keys.length > at && prefix.every((t, i) => t === keys[i]) && matches(keys[at]!, token);
    });
    if (candidates.length === 0) return false;
    for (const b of candidates) {
      const keys: readonly Token[] = SHORTCUTS[b.id].keys;
      if (keys.length !== at + 1) continue;
      const handler = b.handler();
      if (!handler) continue;
      const digit = keys[at] === '#' ? NUMBER_KEYS.indexOf(token) + 1 : null;
      if (handler(digit) === false) continue;
      pending = [];
      e.preventDefault();
      return true;
    }
    const longer = candidates.find((b) => SHORTCUTS[b.id].keys.length > at + 1);
    if (!longer) return false;
    pending = [...prefix, SHORTCUTS[longer.id].keys[at]!];
    e.preventDefault();
    return true;
  };
  if (pending.length > 0 && attempt(pending)) return;
  pending = [];
  attempt([]);
}

function listen(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('keydown', onKeyDown);
}

/**
 * Binds handlers to shortcuts while the component is mounted. `scope` is an element of the component: inside a
 * modal it makes the keys that modal's; elsewhere the keys answer only while no modal is open. A handler that is
 * null, undefined or false is not bound (an action not offered now).
 */
export function useHotkeys(
  handlers: Partial<Record<ShortcutId, HotkeyHandler | null | false | undefined>>,
  scope: RefObject<Element | null> | null = null,
): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  const ids = (Object.keys(handlers) as ShortcutId[]).sort().join(' ');
  useEffect(() => {
    listen();
    const mine = (ids === '' ? [] : (ids.split(' ') as ShortcutId[])).map(
      (id): Binding => ({ id, scope, order: nextOrder++, handler: () => latest.current[id] || null }),
    );
    for (const b of mine) bindings.add(b);
    return () => {
      for (const b of mine) bindings.delete(b);
    };
  }, [ids, scope]);
}

/** Forgets a half-typed sequence (tests). */
export function resetHotkeys(): void {
  pending = [];
}

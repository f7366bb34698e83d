// The one quantity field of every dialog and form that asks "how many" or "how much" (trade, shop, bank, loans).
// It behaves like an ordinary text field: its value is selected when it takes the focus (by the dialog opening, by
// Tab or by a click), so the first digit typed replaces a suggestion, and every later digit goes where the caret is.
// MAX puts the maximum in and selects it the same way. On touch and narrow screens the on-screen keypad edits the
// same selection (the phone's own keyboard stays down: inputMode none); the field stays editable either way, so a
// screen reader never hears it as read-only.
import { useLayoutEffect, useRef, type MouseEvent } from 'react';
import { KEYPAD_MAX_DIGITS } from '../constants';
import { NumericKeypad } from './NumericKeypad';
import { hotkeyProps, useHotkeys } from './useHotkeys';

export interface QuantityFieldProps {
  id: string;
  /** The accessible name ('Quantity', 'Bank amount', ...). */
  label: string;
  /** Digits only ('' when empty). */
  value: string;
  onChange: (value: string) => void;
  /** What MAX puts in; no MAX button without it. */
  max?: number;
  /** The MAX button's accessible name when a page shows several (it still reads MAX). */
  maxLabel?: string;
  maxDigits?: number;
  invalid?: boolean;
  placeholder?: string;
  /** Show the on-screen keypad (touch and narrow screens) with its ENTER and Esc. */
  keypad?: { onEnter: () => void; onEscape: () => void } | null;
  /** M presses MAX while the field's dialog is on top (the trade dialogs). */
  maxHotkey?: boolean;
}

/** The value after typing `digit` over the selection [start, end) of `value`, and where the caret goes. */
export function insertDigit(value: string, start: number, end: number, digit: string, maxDigits: number): { value: string; caret: number } {
  const next = value.slice(0, start) + digit + value.slice(end);
  if (next.length > maxDigits) return { value, caret: end };
  return { value: next, caret: start + 1 };
}

/** The value after Backspace over the selection [start, end): the selection, or the digit before the caret. */
export function deleteBack(value: string, start: number, end: number): { value: string; caret: number } {
  if (start !== end) return { value: value.slice(0, start) + value.slice(end), caret: start };
  if (start === 0) return { value, caret: 0 };
  return { value: value.slice(0, start - 1) + value.slice(start), caret: start - 1 };
}

export function QuantityField({ id, label, value, onChange, max, maxLabel, maxDigits = KEYPAD_MAX_DIGITS, invalid, placeholder, keypad, maxHotkey }: QuantityFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  // after MAX: select the new value; after a keypad key: put the caret where the key left it
  const after = useRef<{ select: true } | { caret: number } | null>(null);
  // a click that gives the field the focus keeps the selection focusing made (the mouseup would clear it)
  const focusedByPointer = useRef(false);
  // the value is still a suggestion (the first one, or MAX's) the player has not edited: a click selects it whole,
  // so typing replaces it wherever the click landed
  const pristine = useRef(true);

  /** Puts the focus and the caret (or the selection) where a key or MAX left them. */
  const place = () => {
    const input = inputRef.current;
    const next = after.current;
    after.current = null;
    if (!input || !next) return;
    if (document.activeElement !== input) input.focus();
    if ('select' in next) input.select();
    else input.setSelectionRange(next.caret, next.caret);
  };
  // after the render that shows the new value (setting it moves the caret to the end)
  useLayoutEffect(place);
  /** The new value, and the caret or selection: at once when the value is the same (no render comes). */
  const edit = (next: string) => {
    if (next === value) place();
    else onChange(next);
  };

  const fillMax = () => {
    if (max === undefined) return;
    after.current = { select: true };
    pristine.current = true;
    edit(String(Math.max(0, Math.min(max, 10 ** maxDigits - 1))));
  };
  useHotkeys({ quantityMax: maxHotkey && max !== undefined ? fillMax : null }, inputRef);

  /** The selection the keypad edits: the whole value until the field has had the focus. */
  const selection = (): [number, number] => {
    const input = inputRef.current;
    if (!input || document.activeElement !== input) return [0, value.length];
    return [input.selectionStart ?? value.length, input.selectionEnd ?? value.length];
  };
  const keypadDigit = (digit: string) => {
    const [start, end] = selection();
    const r = insertDigit(value, start, end, digit, maxDigits);
    after.current = { caret: r.caret };
    pristine.current = false;
    edit(r.value);
  };
  const keypadBackspace = () => {
    const [start, end] = selection();
    const r = deleteBack(value, start, end);
    after.current = { caret: r.caret };
    pristine.current = false;
    edit(r.value);
  };

  return (
    <>
      <div className="qty-row">
        <label className="sr-only" htmlFor={id}>
          {label}
        </label>
        <input
          ref={inputRef}
          id={id}
          className={`input qty-input ${invalid ? 'input-error' : ''}`}
          type="text"
          inputMode={keypad ? 'none' : 'numeric'}
          autoComplete="off"
          placeholder={placeholder}
          value={value}
          aria-invalid={invalid ?? false}
          data-hotkeys={maxHotkey ? 'letters' : undefined}
          onFocus={(e) => e.currentTarget.select()}
          onMouseDown={(e: MouseEvent<HTMLInputElement>) => {
            focusedByPointer.current = document.activeElement !== e.currentTarget;
          }}
          onMouseUp={(e) => {
            if (focusedByPointer.current || pristine.current) {
              e.preventDefault();
              e.currentTarget.select();
            }
            focusedByPointer.current = false;
          }}
          onChange={(e) => {
            pristine.current = false;
            onChange(e.target.value.replace(/\D/g, '').slice(0, maxDigits));
          }}
        />
        {max !== undefined && !keypad && (
          <button
            type="button"
            className="btn btn-small"
            aria-label={maxLabel}
            {...(maxHotkey ? hotkeyProps('quantityMax') : {})}
            onClick={fillMax}
          >
            MAX
          </button>
        )}
      </div>
      {keypad && (
        <NumericKeypad
          onDigit={keypadDigit}
          onBackspace={keypadBackspace}
          onClear={() => {
            after.current = { caret: 0 };
            pristine.current = false;
            edit('');
          }}
          onMax={fillMax}
          onEnter={keypad.onEnter}
          onEscape={keypad.onEscape}
        />
      )}
    </>
  );
}

// The on-screen keypad for touch and narrow screens (SPEC.md section 5): digits 0-9, Backspace, Delete (clear),
// Enter, Escape and MAX. A key's accessible name contains its visible text (WCAG 2.5.3, label in name).
// A pointer press does not take the focus from the quantity field (QuantityField), so a key edits the field's
// selection and a physical Enter still submits; keyboard users still reach every key with Tab.
import type { MouseEvent } from 'react';

const keepFocus = (e: MouseEvent) => e.preventDefault();

export interface NumericKeypadProps {
  onDigit: (digit: string) => void;
  onBackspace: () => void;
  onClear: () => void;
  onMax: () => void;
  onEnter: () => void;
  onEscape: () => void;
}

export function NumericKeypad({ onDigit, onBackspace, onClear, onMax, onEnter, onEscape }: NumericKeypadProps) {
  const digits = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
  return (
    <div className="keypad" role="group" aria-label="Numeric keypad" onMouseDown={keepFocus}>
      {digits.map((d) => (
        <button key={d} type="button" className="key" onClick={() => onDigit(d)}>
          {d}
        </button>
      ))}
      <button type="button" className="key key-fn" onClick={onClear}>
        Clear
      </button>
      <button type="button" className="key" onClick={() => onDigit('0')}>
        0
      </button>
      <button type="button" className="key key-fn" onClick={onBackspace} aria-label="Backspace">
        ⌫
      </button>
      <button type="button" className="key key-fn" onClick={onEscape}>
        Esc
      </button>
      <button type="button" className="key key-fn" onClick={onMax}>
        MAX
      </button>
      <button type="button" className="key key-enter" onClick={onEnter} aria-label="Enter">
        ENTER
      </button>
    </div>
  );
}

// Keyboard rows of a table (the market, the shop, the stash): a row's number (1-9, 0, -, =) or the arrows select a
// row, and an action key acts on the selected row. An action key pressed before any row is selected waits for the
// number ('B' then '3' buys from the third row, as '3' then 'B' does), or, with `firstByDefault`, acts on the first
// row. An action the row does not offer now returns the reason as a string, which is said to the player (a key
// that does nothing silently leaves a screen-reader user guessing); Tab and Enter never trade on their own.
import { useState, type RefObject } from 'react';
import { announce } from '../store/announcer';
import { hotkeyProps, useHotkeys, type ShortcutId } from './useHotkeys';

/** The most rows the number keys reach (1-9, 0, -, =). */
export const NUMBERED_ROWS = 12;

export interface RowKeys<Row> {
  selected: Row | null;
  isSelected: (row: Row) => boolean;
  /** The props of a row's number hint (its key drawn by the stylesheet), or {} past the 12th row. */
  numberProps: (index: number) => ReturnType<typeof hotkeyProps> | Record<string, never>;
  /** The props that show an action's key on the selected row's button. */
  actionProps: (row: Row, action: ShortcutId) => ReturnType<typeof hotkeyProps> | Record<string, never>;
}

export function useRowKeys<Row>(opts: {
  rows: readonly Row[];
  idOf: (row: Row) => string;
  /** Each action: does it to the row and returns true, or says why the row does not offer it now. */
  actions: Partial<Record<ShortcutId, (row: Row) => true | string>>;
  scope: RefObject<Element | null>;
  /** With no row selected, an action key acts on the first row instead of waiting for a number. */
  firstByDefault?: boolean;
}): RowKeys<Row> {
  const { rows, idOf, actions, scope, firstByDefault } = opts;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [armed, setArmed] = useState<ShortcutId | null>(null);
  const index = rows.findIndex((r) => idOf(r) === selectedId);
  const selected = index === -1 ? null : rows[index]!;

  /** Does an action to a row; a reason it cannot is said. */
  const run = (id: ShortcutId, row: Row): true => {
    const done = actions[id]!(row);
    if (done !== true) announce(done);
    return true;
  };
  const select = (i: number): boolean => {
    const row = rows[i];
    if (!row) return false;
    setSelectedId(idOf(row));
    if (armed) {
      setArmed(null);
      run(armed, row);
    }
    return true;
  };
  const bound: Partial<Record<ShortcutId, () => boolean>> = {};
  for (const id of Object.keys(actions) as ShortcutId[]) {
    bound[id] = () => {
      if (selected) return run(id, selected);
      if (rows.length === 0) return false;
      if (firstByDefault) return run(id, rows[0]!);
      setArmed(id);
      return true;
    };
  }
  useHotkeys(
    {
      row: (n) => select((n ?? 0) - 1),
      rowUp: () => select(selected ? Math.max(0, index - 1) : rows.length - 1),
      rowDown: () => select(selected ? Math.min(rows.length - 1, index + 1) : 0),
      ...bound,
    },
    scope,
  );

  const isSelected = (row: Row) => idOf(row) === selectedId;
  return {
    selected,
    isSelected,
    numberProps: (i) => (i < NUMBERED_ROWS ? hotkeyProps('row', i + 1) : {}),
    actionProps: (row, action) => (isSelected(row) ? hotkeyProps(action) : {}),
  };
}

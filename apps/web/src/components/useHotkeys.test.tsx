// The one keyboard mechanism: which binding answers a key, and when none may.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef, type ReactNode } from 'react';
import { Modal } from './Modal';
import { ShortcutsModal, shortcutGroups } from './ShortcutsModal';
import { hotkeyProps, resetHotkeys, SHORTCUTS, shortcutKeysText, useHotkeys, type HotkeyHandler, type ShortcutId } from './useHotkeys';

afterEach(() => {
  cleanup();
  resetHotkeys();
});

function Screen({ handlers, children }: { handlers: Partial<Record<ShortcutId, HotkeyHandler>>; children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useHotkeys(handlers, ref);
  return <div ref={ref}>{children}</div>;
}

function InModal({ handlers }: { handlers: Partial<Record<ShortcutId, HotkeyHandler>> }) {
  const ref = useRef<HTMLDivElement>(null);
  useHotkeys(handlers, ref);
  return (
    <Modal title="Dialog" onDismiss={() => undefined}>
      <div ref={ref}>
        <button type="button">OK</button>
      </div>
    </Modal>
  );
}

const press = (key: string, target: Element | Window = window, init: KeyboardEventInit = {}) =>
  fireEvent.keyDown(target, { key, ...init });

describe('useHotkeys', () => {
  it("never swallows a screen reader's keys: chords with Ctrl, Alt or Meta, and Insert or CapsLock, pass through", () => {
    const attack = vi.fn();
    const help = vi.fn();
    render(<Screen handlers={{ attack, help }} />);
    for (const init of [{ ctrlKey: true }, { altKey: true }, { metaKey: true }]) {
      // fireEvent returns false when a handler called preventDefault
      expect(fireEvent.keyDown(window, { key: 'a', ...init })).toBe(true);
      expect(fireEvent.keyDown(window, { key: '?', shiftKey: true, ...init })).toBe(true);
    }
    expect(fireEvent.keyDown(window, { key: 'Insert' })).toBe(true);
    expect(fireEvent.keyDown(window, { key: 'CapsLock' })).toBe(true);
    expect(attack).not.toHaveBeenCalled();
    expect(help).not.toHaveBeenCalled();
    // the plain key is the game's
    expect(fireEvent.keyDown(window, { key: 'a' })).toBe(false);
    expect(attack).toHaveBeenCalledTimes(1);
  });

  it('the list of keys says how to review what the game said (the message log)', () => {
    render(<ShortcutsModal onClose={() => undefined} />);
    expect(screen.getByRole('dialog').textContent).toContain('G then L');
    expect(SHORTCUTS.messages.description).toMatch(/review what the game said/);
  });

  it('calls the bound handler for its key, with the digit of a number key (0 = 10)', () => {
    const stay = vi.fn();
    const flyTo = vi.fn();
    render(<Screen handlers={{ stay, row: flyTo }} />);
    press('z');
    press('Z'); // caps lock or Shift: the same key
    expect(stay).toHaveBeenCalledTimes(2);
    press('3');
    press('0');
    expect(flyTo.mock.calls).toEqual([[3], [10]]);
  });

  it('never fires while the player types in a field, nor with Ctrl, Alt or Meta', () => {
    const stay = vi.fn();
    render(
      <Screen handlers={{ stay }}>
        <input aria-label="name" />
        <textarea aria-label="note" />
      </Screen>,
    );
    press('z', screen.getByLabelText('name'));
    press('z', screen.getByLabelText('note'));
    press('z', window, { ctrlKey: true });
    press('z', window, { altKey: true });
    press('z', window, { metaKey: true });
    expect(stay).not.toHaveBeenCalled();
    press('z', document.body);
    expect(stay).toHaveBeenCalledTimes(1);
  });

  it('lets letters through a digits-only field marked for them, never its digits', () => {
    const quantityMax = vi.fn();
    const marketRow = vi.fn();
    render(
      <Screen handlers={{ quantityMax, row: marketRow }}>
        <input aria-label="qty" data-hotkeys="letters" />
      </Screen>,
    );
    press('m', screen.getByLabelText('qty'));
    press('4', screen.getByLabelText('qty'));
    expect(quantityMax).toHaveBeenCalledTimes(1);
    expect(marketRow).not.toHaveBeenCalled();
  });

  it('never fires under a modal that does not own the keys; the modal\'s own keys answer instead', () => {
    const sell = vi.fn();
    const quantityMax = vi.fn();
    const { rerender } = render(
      <>
        <Screen handlers={{ sell, stay: vi.fn() }} />
      </>,
    );
    rerender(
      <>
        <Screen handlers={{ sell }} />
        <InModal handlers={{ quantityMax }} />
      </>,
    );
    press('s');
    press('m');
    expect(sell).not.toHaveBeenCalled();
    expect(quantityMax).toHaveBeenCalledTimes(1);
    // once the dialog is gone the screen's keys answer again
    rerender(
      <>
        <Screen handlers={{ sell }} />
      </>,
    );
    press('s');
    expect(sell).toHaveBeenCalledTimes(1);
  });

  it("a modal's keys stand aside while another modal is above it", () => {
    const quantityMax = vi.fn();
    render(
      <>
        <InModal handlers={{ quantityMax }} />
        <Modal title="ERROR">
          <button type="button">Got it</button>
        </Modal>
      </>,
    );
    press('m');
    expect(quantityMax).not.toHaveBeenCalled();
  });

  it('leaves Enter and Space to a focused button and arrows to a focused tab list', () => {
    const marketDown = vi.fn();
    render(
      <Screen handlers={{ rowDown: marketDown }}>
        <div role="tablist">
          <button type="button" role="tab">
            One
          </button>
        </div>
      </Screen>,
    );
    press('ArrowDown', screen.getByRole('tab'));
    expect(marketDown).not.toHaveBeenCalled();
    press('ArrowDown', document.body);
    expect(marketDown).toHaveBeenCalledTimes(1);
  });

  it('plays two-key sequences (G then M) and starts over on a key that continues none', () => {
    const viewMarket = vi.fn();
    const stay = vi.fn();
    render(<Screen handlers={{ viewMarket, stay }} />);
    press('g');
    press('m');
    expect(viewMarket).toHaveBeenCalledTimes(1);
    press('g');
    press('z'); // no 'G Z': the sequence is dropped and Z is Stay Here
    expect(stay).toHaveBeenCalledTimes(1);
    press('m'); // M alone is nothing here
    expect(viewMarket).toHaveBeenCalledTimes(1);
  });

  it('a handler returning false leaves the key to the browser; a handled key is prevented', () => {
    const buy = vi.fn(() => false);
    render(<Screen handlers={{ buy, stay: () => undefined }} />);
    const notHandled = new KeyboardEvent('keydown', { key: 'b', cancelable: true });
    window.dispatchEvent(notHandled);
    expect(buy).toHaveBeenCalledTimes(1);
    expect(notHandled.defaultPrevented).toBe(false);
    const handled = new KeyboardEvent('keydown', { key: 'z', cancelable: true });
    window.dispatchEvent(handled);
    expect(handled.defaultPrevented).toBe(true);
  });

  it('the deeper (later bound) of two bindings of one key wins', () => {
    const outer = vi.fn();
    const inner = vi.fn();
    render(
      <Screen handlers={{ buy: outer }}>
        <Screen handlers={{ bribe: inner }} />
      </Screen>,
    );
    press('b');
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });
});

describe('hotkeyProps and the shortcut list', () => {
  it('announces single keys with aria-keyshortcuts and hints sequences without it', () => {
    expect(hotkeyProps('buy')).toEqual({ 'aria-keyshortcuts': 'B', 'data-keyhint': 'B' });
    expect(hotkeyProps('help')).toEqual({ 'aria-keyshortcuts': 'Shift+?', 'data-keyhint': '?' });
    expect(hotkeyProps('flyTo', 10)).toEqual({ 'aria-keyshortcuts': '0', 'data-keyhint': '0' });
    expect(hotkeyProps('viewMarket')).toEqual({ 'data-keyhint': 'G M' });
    expect(shortcutKeysText('viewMarket')).toBe('G then M');
  });

  it('lists every shortcut of the table, grouped, and no key twice within a group', () => {
    const ids = shortcutGroups().flatMap((g) => g.ids);
    expect(ids.sort()).toEqual((Object.keys(SHORTCUTS) as ShortcutId[]).sort());
    for (const { ids: group } of shortcutGroups()) {
      const keys = group.map((id) => SHORTCUTS[id].keys.join(' '));
      expect(new Set(keys).size).toBe(keys.length);
    }
    render(<ShortcutsModal onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Keyboard Shortcuts' });
    expect(dialog.textContent).toContain('G then M');
    expect(dialog.textContent).toContain(SHORTCUTS.sellAll.description);
  });
});

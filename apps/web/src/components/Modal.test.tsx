import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Modal } from './Modal';
import { TradeModal } from './TradeModal';
import { NameEntryModal } from '../features/title/NameEntryModal';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const focused = () => document.activeElement;
const button = (name: string) => screen.getByRole('button', { name });

/** A page with controls before and after an open modal of three controls. */
function PageWithModal({ onDismiss }: { onDismiss?: () => void }) {
  return (
    <>
      <button type="button">Behind before</button>
      <Modal title="Three" onDismiss={onDismiss}>
        <input aria-label="Field" />
        <button type="button" disabled>
          Off
        </button>
        <button type="button">Middle</button>
        <button type="button">Last</button>
      </Modal>
      <button type="button">Behind after</button>
    </>
  );
}

/** An opener on the page; the modal's own button opens a second modal above it (a sibling or a child). */
function Stack({ nested = false, topDismissable = true }: { nested?: boolean; topDismissable?: boolean }) {
  const [bottom, setBottom] = useState(false);
  const [top, setTop] = useState(false);
  const topModal = top && (
    <Modal title="Top" onDismiss={topDismissable ? () => setTop(false) : undefined}>
      <button type="button" onClick={() => setTop(false)}>
        Top OK
      </button>
    </Modal>
  );
  return (
    <>
      <button type="button" onClick={() => setBottom(true)}>
        Open bottom
      </button>
      {bottom && (
        <Modal title="Bottom" onDismiss={() => setBottom(false)}>
          <button type="button">Bottom first</button>
          <button type="button" onClick={() => setTop(true)}>
            Open top
          </button>
          {nested && topModal}
        </Modal>
      )}
      {!nested && topModal}
    </>
  );
}

describe('Modal: Tab stays inside the dialog', () => {
  it('Tab from the last control wraps to the first, Shift+Tab from the first wraps to the last', async () => {
    const user = userEvent.setup();
    render(<PageWithModal onDismiss={vi.fn()} />);
    const field = screen.getByLabelText('Field');
    expect(focused()).toBe(field);
    await user.tab();
    expect(focused()).toBe(button('Middle')); // the disabled button is skipped
    await user.tab();
    expect(focused()).toBe(button('Last'));
    await user.tab();
    expect(focused()).toBe(field);
    await user.tab({ shift: true });
    expect(focused()).toBe(button('Last'));
    await user.tab({ shift: true });
    expect(focused()).toBe(button('Middle'));
  });

  it('a focus that is outside the dialog comes back in on Tab', async () => {
    const user = userEvent.setup();
    render(<PageWithModal />);
    button('Behind after').focus();
    await user.tab();
    expect(focused()).toBe(screen.getByLabelText('Field'));
    button('Behind before').focus();
    await user.tab({ shift: true });
    expect(focused()).toBe(button('Last'));
  });

  it('Tab never leaves a dialog without controls', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Behind</button>
        <Modal title="CONNECTION FAILED">
          <p>No controls here.</p>
        </Modal>
      </>,
    );
    await user.tab();
    expect(focused()).not.toBe(button('Behind'));
  });
});

describe('Modal: the focus goes back to the opener', () => {
  function Opener() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
        {open && (
          <Modal title="Dialog" onDismiss={() => setOpen(false)}>
            <button type="button" onClick={() => setOpen(false)}>
              Close
            </button>
          </Modal>
        )}
      </>
    );
  }

  it('after Escape, after the close button and after a click outside', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const opener = button('Open');

    await user.click(opener);
    expect(focused()).toBe(button('Close'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(focused()).toBe(opener);

    await user.keyboard('{Enter}');
    expect(focused()).toBe(button('Close'));
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(focused()).toBe(opener);

    await user.click(opener);
    fireEvent.mouseDown(document.querySelector('.modal-backdrop') as Element);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(focused()).toBe(opener);
  });

  it('closing the top of two modals gives the focus back to its opener in the modal below', async () => {
    const user = userEvent.setup();
    render(<Stack />);
    await user.click(button('Open bottom'));
    await user.click(button('Open top'));
    expect(focused()).toBe(button('Top OK'));
    await user.click(button('Top OK'));
    expect(focused()).toBe(button('Open top'));
    await user.keyboard('{Escape}');
    expect(focused()).toBe(button('Open bottom'));
  });
});

describe('Modal: stacked modals and Escape', () => {
  it.each([
    ['side by side', false],
    ['the top one inside the bottom one', true],
  ])('one Escape closes only the topmost modal (%s)', async (_name, nested) => {
    const user = userEvent.setup();
    render(<Stack nested={nested} />);
    await user.click(button('Open bottom'));
    await user.click(button('Open top'));
    expect(screen.getAllByRole('dialog')).toHaveLength(2);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Top' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Bottom' })).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(screen.queryAllByRole('dialog')).toHaveLength(0);
  });

  it('a topmost modal that must be answered keeps Escape from the modal below', async () => {
    const user = userEvent.setup();
    render(<Stack topDismissable={false} />);
    await user.click(button('Open bottom'));
    await user.click(button('Open top'));
    await user.keyboard('{Escape}');
    expect(screen.getAllByRole('dialog')).toHaveLength(2);
  });

  it('only the topmost modal keeps the Tab focus', async () => {
    const user = userEvent.setup();
    render(<Stack />);
    await user.click(button('Open bottom'));
    await user.click(button('Open top'));
    await user.tab();
    expect(focused()).toBe(button('Top OK'));
    await user.tab({ shift: true });
    expect(focused()).toBe(button('Top OK'));
  });
});

describe('Modal: behaviour kept', () => {
  it('without onDismiss neither Escape nor a click outside closes it', async () => {
    const user = userEvent.setup();
    const onAnswer = vi.fn();
    render(
      <Modal title="AUDIT FAILURE">
        <button type="button" onClick={onAnswer}>
          Dang
        </button>
      </Modal>,
    );
    await user.keyboard('{Escape}');
    fireEvent.mouseDown(document.querySelector('.modal-backdrop') as Element);
    expect(screen.getByRole('dialog', { name: 'AUDIT FAILURE' })).toBeTruthy();
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('the trade modal focuses its quantity field first (with and without the keypad)', () => {
    const ctx = { mode: 'buy' as const, drugName: 'Weed', price: 300, cash: 1000, maximum: 3 };
    for (const keypad of [false, true]) {
      render(<TradeModal ctx={ctx} onConfirm={vi.fn(async () => true)} onClose={vi.fn()} keypad={keypad} />);
      expect(focused()).toBe(screen.getByLabelText('Quantity'));
      cleanup();
    }
  });

  it('the name entry focuses the name field first', () => {
    render(<NameEntryModal onStart={vi.fn()} onContinue={vi.fn()} onClose={vi.fn()} />);
    expect(focused()).toBe(screen.getByLabelText('Player name'));
  });
});

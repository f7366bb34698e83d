// The one modal frame: a labelled dialog over a dimmed backdrop. Escape and a click outside call onDismiss
// when one is given (some modals, like the audit failure, must be answered with their button).
// Keyboard: the first control takes the focus on open, Tab and Shift+Tab wrap inside the topmost dialog, and
// on close the focus goes back to the element that had it before the dialog opened. Open modals form a stack
// (in opening order; a modal rendered inside another one sits above it): only the topmost answers Escape and
// keeps the focus, so one Escape closes one dialog. A modal that asks to confirm one of its buttons renders
// the confirmation as its own modal above itself and stays mounted but `hidden` meanwhile, so its controls (and
// the focus to give back to them on cancel) survive.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface ModalProps {
  title: ReactNode;
  children: ReactNode;
  onDismiss?: () => void;
  className?: string;
  shake?: boolean;
  /** Extra label when the title is not plain text. */
  ariaLabel?: string;
  /** Kept mounted but not shown (while a confirmation opened from it is above it). */
  hidden?: boolean;
}

interface OpenModal {
  box: HTMLElement;
}

/** The open modals, bottom first. */
const openModals: OpenModal[] = [];
/** Escape presses already answered by a modal (so a modal uncovered by it does not close on the same press). */
const answeredEscapes = new WeakSet<Event>();

const FIRST_CONTROL = 'input, button:not([disabled]), select, [tabindex="0"]';
const TABBABLE =
  'a[href], area[href], button, input, select, textarea, iframe, summary, audio[controls], video[controls], [contenteditable=""], [contenteditable="true"], [tabindex]';

function isTop(entry: OpenModal): boolean {
  return openModals[openModals.length - 1] === entry;
}

/** Whether `element` is in the topmost open modal (page-wide key handlers of a modal use it to stand aside
 * while another modal is above theirs). */
export function isTopmostModal(element: Element | null): boolean {
  const top = openModals[openModals.length - 1];
  return element !== null && top !== undefined && top.box.contains(element);
}

/** Whether any modal is open: page-wide keys (useHotkeys) stand aside while one is. */
export function isAnyModalOpen(): boolean {
  return openModals.length > 0;
}

/** The controls Tab can reach inside `box`, in document order (no layout in tests, so no visibility check). */
function tabbables(box: HTMLElement): HTMLElement[] {
  return Array.from(box.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (el) =>
      el.tabIndex >= 0 &&
      !el.matches(':disabled') &&
      !(el instanceof HTMLInputElement && el.type === 'hidden') &&
      el.closest('[hidden], [inert]') === null,
  );
}

function focusFirstControl(box: HTMLElement) {
  box.querySelector<HTMLElement>(FIRST_CONTROL)?.focus();
}

/**
 * The focus a dialog opens with, at its top: its first control when that is in view without scrolling, else its
 * heading (a long dialog, like the list of keys, whose first control is its Close at the bottom). Either way the
 * dialog shows its heading first.
 */
function focusOpening(box: HTMLElement) {
  box.scrollTop = 0;
  const control = box.querySelector<HTMLElement>(FIRST_CONTROL);
  if (control && control.getBoundingClientRect().bottom <= box.getBoundingClientRect().bottom) {
    control.focus({ preventScroll: true });
    return;
  }
  box.querySelector<HTMLElement>('.modal-title')?.focus({ preventScroll: true });
}

/**
 * Where the focus goes when a dialog closes and the control that opened it is gone (a market row sold out, a key
 * that opened it): the heading of what the page shows, never the page body, so a screen reader keeps its place.
 */
export function focusPageHeading(): void {
  const heading = document.querySelector<HTMLElement>('main h2, main h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus();
}

function isFocusable(el: Element | null): el is HTMLElement {
  return el instanceof HTMLElement && el !== document.body && el.isConnected;
}

export function Modal({ title, children, onDismiss, className, shake, ariaLabel, hidden }: ModalProps) {
  const titleId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  // the focused element while the modal first renders: the opener, unless a child takes the focus before the
  // mount effect below runs (autoFocus, a child's own effect)
  const [focusedAtRender] = useState<Element | null>(() =>
    typeof document === 'undefined' ? null : document.activeElement,
  );

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const entry: OpenModal = { box };
    // read in the effect first: a modal replacing another one in the same commit then sees the focus that
    // modal gave back (its own opener), not a control that has just left the page
    const now = document.activeElement;
    const opener =
      [now, focusedAtRender].find((el): el is HTMLElement => isFocusable(el) && !box.contains(el)) ?? null;

    // a modal rendered inside an open one goes above it, otherwise the newest is on top
    const covered = openModals.findIndex((m) => box.contains(m.box));
    if (covered === -1) openModals.push(entry);
    else openModals.splice(covered, 0, entry);

    // the dialog is keyboard reachable at once, and opens at its top
    if (isTop(entry)) focusOpening(box);

    // Tab and Shift+Tab wrap inside the topmost dialog and bring a focus that is outside back in
    const onTab = (e: KeyboardEvent) => {
      if (e.key !== 'Tab' || e.defaultPrevented || !isTop(entry)) return;
      const controls = tabbables(box);
      const first = controls[0];
      const last = controls[controls.length - 1];
      const active = document.activeElement;
      const inside = active !== null && active !== box && box.contains(active);
      let target: HTMLElement | undefined;
      if (!first || !last) target = undefined; // nothing to reach: the focus stays put rather than leave
      else if (!inside) target = e.shiftKey ? last : first;
      else if (e.shiftKey && active === first) target = last;
      else if (!e.shiftKey && active === last) target = first;
      else return; // the browser moves between the dialog's own controls
      e.preventDefault();
      target?.focus();
    };
    document.addEventListener('keydown', onTab);

    return () => {
      document.removeEventListener('keydown', onTab);
      const wasTop = isTop(entry);
      const index = openModals.indexOf(entry);
      if (index !== -1) openModals.splice(index, 1);
      // give the focus back only when it was in this dialog (now gone or about to go); a focus placed
      // elsewhere meanwhile is left alone
      const active = document.activeElement;
      const lost = !active || active === document.body || !active.isConnected || box.contains(active);
      if (!wasTop || !lost) return;
      const below = openModals[openModals.length - 1];
      if (opener && opener.isConnected && (!below || below.box.contains(opener))) opener.focus();
      else if (below) focusFirstControl(below.box);
      else focusPageHeading();
    };
    // focusedAtRender is fixed for the life of the modal
  }, [focusedAtRender]);

  useEffect(() => {
    const box = boxRef.current;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || answeredEscapes.has(e)) return;
      const entry = openModals.find((m) => m.box === box);
      if (!entry || !isTop(entry)) return;
      // the topmost modal answers this press even without onDismiss: the one below stays open
      answeredEscapes.add(e);
      onDismiss?.();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onDismiss]);

  return (
    <div
      className="modal-backdrop"
      hidden={hidden}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onDismiss?.();
      }}
    >
      <div
        ref={boxRef}
        className={`modal ${className ?? ''} ${shake ? 'shake' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={ariaLabel ? undefined : titleId}
        aria-label={ariaLabel}
      >
        <h2 id={titleId} className="modal-title" tabIndex={-1}>
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}

/** The single button a modal ends with (Close, OK, Cancel, ...), in the modal's own actions row. */
export function ModalButton({ label, onClick, variant }: { label: string; onClick: () => void; variant?: 'primary' | 'danger' }) {
  return (
    <div className="modal-actions">
      <button type="button" className={variant ? `btn btn-${variant}` : 'btn'} onClick={onClick}>
        {label}
      </button>
    </div>
  );
}

// The one modal frame: a labelled dialog over a dimmed backdrop. Escape and a click outside call onDismiss
// when one is given (some modals, like the audit failure, must be answered with their button).
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ModalProps {
  title: ReactNode;
  children: ReactNode;
  onDismiss?: () => void;
  className?: string;
  shake?: boolean;
  /** Extra label when the title is not plain text. */
  ariaLabel?: string;
}

export function Modal({ title, children, onDismiss, className, shake, ariaLabel }: ModalProps) {
  const titleId = useId();
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const box = boxRef.current;
    // focus the first control so the dialog is keyboard reachable at once
    const first = box?.querySelector<HTMLElement>('input, button:not([disabled]), select, [tabindex="0"]');
    first?.focus();
  }, []);

  useEffect(() => {
    if (!onDismiss) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onDismiss();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onDismiss]);

  return (
    <div
      className="modal-backdrop"
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
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}

import './dialog.css';
import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal dialog holding a small form (add a page, add a link, move a page): labelled by its
 * title, focus moves to its first field and back where it was when it closes, Tab stays inside,
 * Escape and a click outside close it. The confirmation modal (SPEC 4) is `useConfirm`; this is
 * for dialogs that ask for more than yes or no.
 */
export function Dialog({ title, onClose, children, wide = false }: { title: string; onClose: () => void; children: ReactNode; wide?: boolean }) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = ref.current?.querySelector<HTMLElement>('[data-autofocus], input:not([type=hidden]), select, textarea, button');
    first?.focus();
    return () => previous?.focus?.();
  }, []);
  return (
    <div className="ow-modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        className={wide ? 'ow-modal ow-dialog ow-dialog-wide' : 'ow-modal ow-dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          }
          if (e.key === 'Tab') keepFocusInside(e);
        }}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>
  );
}

function keepFocusInside(e: React.KeyboardEvent<HTMLElement>) {
  const focusable = [...e.currentTarget.querySelectorAll<HTMLElement>('button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])')].filter(
    (el) => !(el as HTMLButtonElement).disabled,
  );
  if (focusable.length === 0) return;
  const first = focusable[0]!;
  const last = focusable[focusable.length - 1]!;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * A dialog's buttons: Cancel (or `cancelLabel`), then the submit button when there is a
 * `submitLabel`, disabled and saying `busyLabel` while `busy`.
 */
export function DialogActions({ onCancel, cancelLabel = 'Cancel', submitLabel, busy = false, busyLabel }: {
  onCancel: () => void;
  cancelLabel?: string;
  submitLabel?: string;
  busy?: boolean;
  busyLabel?: string;
}) {
  return (
    <div className="ow-form-actions">
      <button type="button" className="ow-button" onClick={onCancel}>
        {cancelLabel}
      </button>
      {submitLabel !== undefined && (
        <button type="submit" className="ow-button ow-primary" disabled={busy}>
          {busy && busyLabel ? busyLabel : submitLabel}
        </button>
      )}
    </div>
  );
}

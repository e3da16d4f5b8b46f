import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * A modal panel: the history slides in on the right (`side`), the past-site preview fills most of
 * the window (`wide`); at phone widths both take the whole screen. Labelled by its title; focus
 * moves to its Close button and back where it was when it closes; Tab stays inside; Escape and a
 * click outside close it. Rendered into the body, so it never sits inside an editor's form; its
 * keys and submits do not reach the screen behind it.
 */
export function Sheet({
  title, subtitle, variant, onClose, children, actions,
}: {
  title: string;
  subtitle?: ReactNode;
  variant: 'side' | 'wide';
  onClose: () => void;
  children: ReactNode;
  /** Shown beside Close in the title row. */
  actions?: ReactNode;
}) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    return () => previous?.focus?.();
  }, []);
  return createPortal(
    <div className={`ow-modal-backdrop hi-backdrop hi-backdrop-${variant}`} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        className={`hi-sheet hi-sheet-${variant}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          } else if (e.key === 'Tab') {
            // The edges below keep Tab inside (the preview's frame included); the screen behind never sees it.
            e.stopPropagation();
          } else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
            // An editor's Save shortcut does not save what the panel hides.
            e.stopPropagation();
          }
        }}
        onSubmit={(e) => e.stopPropagation()}
      >
        <span tabIndex={0} className="hi-focus-edge" onFocus={(e) => focusables(e.currentTarget.parentElement).at(-1)?.focus()} />
        <header className="hi-sheet-head">
          <div className="hi-sheet-titles">
            <h2 id={titleId}>{title}</h2>
            {subtitle && <p className="ow-hint">{subtitle}</p>}
          </div>
          <div className="hi-sheet-actions">
            {actions}
            <button ref={closeRef} type="button" className="ow-button" onClick={onClose}>
              Close
            </button>
          </div>
        </header>
        <div className="hi-sheet-body">{children}</div>
        <span tabIndex={0} className="hi-focus-edge" onFocus={(e) => focusables(e.currentTarget.parentElement)[0]?.focus()} />
      </div>
    </div>,
    document.body,
  );
}

/** What Tab reaches inside `root`, in order, without the edges that wrap it around. */
function focusables(root: HTMLElement | null): HTMLElement[] {
  if (!root) return [];
  return [...root.querySelectorAll<HTMLElement>('button, [href], input, select, textarea, iframe, [tabindex]:not([tabindex="-1"])')].filter(
    (el) => !el.classList.contains('hi-focus-edge') && !(el as HTMLButtonElement).disabled,
  );
}

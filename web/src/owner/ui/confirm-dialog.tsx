import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * SPEC 4 'Confirmation modal': resolves true on confirm, false on cancel; closes by itself after
 * the choice unless `autoClose` is false (then `close()` ends it, e.g. once a delete finished);
 * the cancel button is optional. Escape and a click outside cancel it. Focus moves into the
 * dialog and back to where it was.
 */
export type ConfirmOptions = {
  title: string;
  message?: ReactNode;
  confirmLabel?: string;
  /** Null hides the cancel button. */
  cancelLabel?: string | null;
  /** A destructive action shows its button in red. */
  danger?: boolean;
  autoClose?: boolean;
};

type OpenDialog = ConfirmOptions & { resolve: (confirmed: boolean) => void };
type ConfirmApi = { confirm: (options: ConfirmOptions) => Promise<boolean>; close: () => void };

const ConfirmContext = createContext<ConfirmApi | null>(null);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const confirm = useCallback(
    (options: ConfirmOptions) => new Promise<boolean>((resolve) => setDialog({ ...options, resolve })),
    [],
  );
  const close = useCallback(() => setDialog(null), []);
  const answer = (confirmed: boolean) => {
    if (!dialog) return;
    dialog.resolve(confirmed);
    if (dialog.autoClose !== false || !confirmed) setDialog(null);
  };
  return (
    <ConfirmContext.Provider value={{ confirm, close }}>
      {children}
      {dialog && <ConfirmDialog dialog={dialog} onAnswer={answer} />}
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): ConfirmApi {
  const api = useContext(ConfirmContext);
  if (!api) throw new Error('useConfirm needs a ConfirmProvider');
  return api;
}

function ConfirmDialog({ dialog, onAnswer }: { dialog: OpenDialog; onAnswer: (confirmed: boolean) => void }) {
  const titleId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    confirmRef.current?.focus();
    return () => previous?.focus?.();
  }, []);
  return (
    <div className="ow-modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onAnswer(false)}>
      <div
        className="ow-modal"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onAnswer(false);
          }
          if (e.key === 'Tab') trapFocus(e);
        }}
      >
        <h2 id={titleId}>{dialog.title}</h2>
        {dialog.message && <div className="ow-modal-message">{dialog.message}</div>}
        <div className="ow-modal-actions">
          {dialog.cancelLabel !== null && (
            <button type="button" className="ow-button" onClick={() => onAnswer(false)}>
              {dialog.cancelLabel ?? 'Cancel'}
            </button>
          )}
          <button ref={confirmRef} type="button" className={dialog.danger ? 'ow-button ow-danger' : 'ow-button ow-primary'} onClick={() => onAnswer(true)}>
            {dialog.confirmLabel ?? 'Confirm'}
          </button>
        </div>
      </div>
    </div>
  );
}

/** Keeps Tab and Shift+Tab inside the dialog. */
function trapFocus(e: React.KeyboardEvent<HTMLElement>) {
  const focusable = e.currentTarget.querySelectorAll<HTMLElement>('button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])');
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

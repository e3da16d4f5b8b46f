import { ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';
import { useCallback, useEffect, useRef, useState } from 'react';
import './edit-conflict.css';

/**
 * Concurrent editing (issue 12): a save based on a version someone else has moved on from is
 * refused with 409 EDIT_CONFLICT (`expectedVersion`, `currentVersion`), and nothing is written.
 * Every editor of the owner app handles it the same way: a notice in the server's words, with two
 * ways on. "Reload" drops the local edits and reads the content again; "Apply my changes on top"
 * sends the same save again, based on the version the server now has, keeping the local edits.
 */
export const RELOAD_LABEL = 'Reload';
export const APPLY_ON_TOP_LABEL = 'Apply my changes on top';
/** What "Apply my changes on top" says after a refused delete. */
export const DELETE_ANYWAY_LABEL = 'Delete it anyway';

export type EditConflict = { message: string; expectedVersion: number | null; currentVersion: number };

/** The conflict an RTK Query error (or an `unwrap()` rejection) reports, or null for any other outcome. */
export function editConflictOf(error: unknown): EditConflict | null {
  const { status, data } = (error ?? {}) as { status?: unknown; data?: { error?: unknown; code?: unknown; message?: unknown; expectedVersion?: unknown; currentVersion?: unknown } };
  if (status !== 409 || !data || typeof data !== 'object') return null;
  if (data.error !== 'EDIT_CONFLICT' && data.code !== 'EDIT_CONFLICT') return null;
  if (typeof data.currentVersion !== 'number') return null;
  return {
    message: typeof data.message === 'string' && data.message !== '' ? data.message : ERROR_MESSAGES.EDIT_CONFLICT,
    expectedVersion: typeof data.expectedVersion === 'number' ? data.expectedVersion : null,
    currentVersion: data.currentVersion,
  };
}

/** What the notice needs: the conflict and what its two buttons do. */
export type EditConflictState = {
  conflict: EditConflict | null;
  /** What the second button says. */
  applyLabel: string;
  /** Whether a reload or a save on top is on its way (the buttons wait). */
  busy: boolean;
  /**
   * Shows the notice when `error` is an edit conflict (true), else does nothing (false).
   * `retry` is the save that was refused, to send again based on the version it is given;
   * `applyLabel` names it when "Apply my changes on top" does not (a delete: "Delete it anyway").
   */
  caught: (error: unknown, retry: (currentVersion: number) => Promise<unknown>, applyLabel?: string) => boolean;
  reload: () => Promise<void>;
  applyOnTop: () => Promise<void>;
  dismiss: () => void;
};

/**
 * An editor's conflict handling. `reload` drops the local edits and reads the content again (and
 * so ends the unsaved-changes guard); the retry given to `caught` is what "Apply my changes on top"
 * runs, with the version the server now has.
 */
export function useEditConflict(reload: () => Promise<unknown> | void): EditConflictState {
  const [open, setOpen] = useState<{ conflict: EditConflict; retry: (currentVersion: number) => Promise<unknown>; applyLabel: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const reloadRef = useRef(reload);
  useEffect(() => {
    reloadRef.current = reload;
  });

  const caught = useCallback((error: unknown, retry: (currentVersion: number) => Promise<unknown>, applyLabel = APPLY_ON_TOP_LABEL) => {
    const conflict = editConflictOf(error);
    if (!conflict) return false;
    setOpen({ conflict, retry, applyLabel });
    return true;
  }, []);
  const dismiss = useCallback(() => setOpen(null), []);
  const run = async (action: () => Promise<unknown> | void) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  const doReload = useCallback(async () => {
    setOpen(null);
    await run(() => reloadRef.current());
  }, []);
  const applyOnTop = useCallback(async () => {
    if (!open) return;
    const { conflict, retry } = open;
    // The retry reports a further conflict (a third save in between) through `caught` again.
    setOpen(null);
    await run(() => retry(conflict.currentVersion));
  }, [open]);

  return { conflict: open?.conflict ?? null, applyLabel: open?.applyLabel ?? APPLY_ON_TOP_LABEL, busy, caught, reload: doReload, applyOnTop, dismiss };
}

/**
 * The notice of a refused save: the server's message and the two ways on. It takes the focus when
 * it appears (role="alert" reads it out too), so a keyboard user is at its buttons.
 */
export function EditConflictNotice({ state }: { state: EditConflictState }) {
  const ref = useRef<HTMLDivElement>(null);
  const { conflict } = state;
  useEffect(() => {
    if (!conflict) return;
    ref.current?.focus();
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [conflict]);
  if (!conflict) return null;
  return (
    <div ref={ref} className="ow-alert ow-alert-error ow-conflict" role="alert" tabIndex={-1}>
      <p className="ow-conflict-message">{conflict.message}</p>
      <div className="ow-conflict-actions">
        <button type="button" className="ow-button" disabled={state.busy} onClick={() => void state.reload()}>
          {RELOAD_LABEL}
        </button>
        <button type="button" className="ow-button ow-primary" disabled={state.busy} onClick={() => void state.applyOnTop()}>
          {state.applyLabel}
        </button>
      </div>
    </div>
  );
}

import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { useConfirm } from './confirm-dialog';

export const UNSAVED_CHANGES_TITLE = 'Discard unsaved changes?';
export const UNSAVED_CHANGES_MESSAGE = 'You have changes that are not saved. If you leave now, they are lost.';

/**
 * While `dirty`, leaving the screen asks first: another screen of the app through the
 * confirmation modal, closing or reloading the tab through the browser's own prompt.
 */
export function useUnsavedChangesGuard(dirty: boolean): void {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  const { confirm } = useConfirm();

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let current = true;
    void confirm({ title: UNSAVED_CHANGES_TITLE, message: UNSAVED_CHANGES_MESSAGE, confirmLabel: 'Discard changes', cancelLabel: 'Keep editing', danger: true }).then(
      (leave) => {
        if (!current) return;
        if (leave) blocker.proceed();
        else blocker.reset();
      },
    );
    return () => {
      current = false;
    };
  }, [blocker, confirm]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

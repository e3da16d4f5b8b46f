import { hasPermission, type Permission } from '@storefront/domain/accounts/permissions';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../app/api';
import { useGetSessionQuery } from '../../shell/session-api';
import { useConfirm } from '../../ui/confirm-dialog';
import { Alert, Loading } from '../../ui/page-header';
import {
  useHistoryOfSubjectInfiniteQuery, useRestoreHistoryVersionMutation, type FieldChange, type HistoryEntry, type HistorySubject, type RestoreAnswer,
} from './history-api';
import { actorName, readableTime } from './history-format';

/** What restoring each subject needs (docs/PERMISSIONS.md); the layout has no restore. */
const RESTORE_PERMISSION: Record<HistorySubject['kind'], Permission | null> = {
  collection: 'pages.edit',
  item: 'pages.edit',
  product: 'products.manage',
  settings: 'settings.edit',
  layout: null,
};

/** May the signed-in owner do what `permission` allows? The session's permissions when it lists them, else its roles. */
function useMay(permission: Permission | null): boolean {
  const { data } = useGetSessionQuery();
  const owner = data?.owner;
  if (!owner || permission === null) return false;
  return owner.permissions ? owner.permissions.includes(permission) : hasPermission(owner.roles, permission);
}

/** Events after which there is nothing left to restore to. */
const DELETED = /Deleted$/;

export type HistoryPanelProps = {
  subject: HistorySubject;
  /** What the history is of, as the confirmation names it: '“About”', 'the settings'. */
  name: string;
  /** The published page "View the site as it was then" shows; null: none (nothing to view). */
  path: string | null;
  /** The editor behind holds unsaved changes: a restore replaces them, and the confirmation says so. */
  unsaved?: boolean;
  /** After a restore: the resource as the server answered it (as its GET does), for the editor to load. */
  onRestored?: (answer: RestoreAnswer) => void;
  /** "View the site as it was then": the entry's time. */
  onViewAt?: (at: string) => void;
};

type Status = { kind: 'success' | 'error' | 'info'; text: string };

/**
 * A resource's history, newest first: each entry says what happened, who, when and what changed
 * (field, before → after). "Show older" pages back. An earlier version can be restored (after the
 * confirmation modal), based on the version the history shows; the restore is a new entry at the top.
 */
export function HistoryPanel({ subject, name, path, unsaved = false, onRestored, onViewAt }: HistoryPanelProps) {
  const history = useHistoryOfSubjectInfiniteQuery(subject);
  const [restore, restoring] = useRestoreHistoryVersionMutation();
  const { confirm } = useConfirm();
  const session = useGetSessionQuery();
  const me = session.data?.owner;
  const canRestore = useMay(RESTORE_PERMISSION[subject.kind]) && subject.kind !== 'layout';
  const [status, setStatus] = useState<Status | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  /** After "Show older": the entry to focus once it is shown (the first older one), where reading goes on. */
  const focusAt = useRef<number | null>(null);
  const shownCount = history.data?.pages.reduce((n, p) => n + p.entries.length, 0) ?? 0;
  useEffect(() => {
    const at = focusAt.current;
    if (at === null || shownCount <= at) return;
    listRef.current?.querySelectorAll<HTMLElement>('.hi-entry')[at]?.focus();
    focusAt.current = null;
  }, [shownCount]);

  if (history.isLoading) return <Loading what="the history" />;
  if (!history.data) {
    return (
      <Alert>
        {errorMessage(history.error, 'Unable to load the history. Please try again.')}{' '}
        <button type="button" className="ow-link-button" onClick={() => void history.refetch()}>
          Try again
        </button>
      </Alert>
    );
  }

  const pages = history.data.pages;
  const current = pages[0]?.version ?? 0;
  const entries = pages.flatMap((p) => p.entries);

  const restoreTo = async (entry: HistoryEntry) => {
    if (subject.kind === 'layout' || restoring.isLoading) return;
    setStatus(null);
    const ok = await confirm({
      title: `Restore version ${entry.version}?`,
      message: [
        `${capitalised(name)} goes back to how it was on ${readableTime(entry.at)}.`,
        'This is saved as a new version: the history keeps every version, and you can restore this one again later.',
        unsaved ? 'Your unsaved changes here are discarded.' : '',
      ].filter(Boolean).join(' '),
      confirmLabel: 'Restore this version',
    });
    if (!ok) return;
    const result = await restore({ subject, version: entry.version, basedOn: current });
    if ('error' in result) {
      setStatus({ kind: 'error', text: errorMessage(result.error, 'Unable to restore this version. Please try again.') });
      // Someone changed it meanwhile: show their change, so the owner chooses again.
      if ((result.error as { status?: unknown }).status === 409) void history.refetch();
      return;
    }
    const answer = result.data;
    if (answer.version === current) {
      setStatus({ kind: 'info', text: `Version ${entry.version} is the same as now: there was nothing to restore.` });
    } else {
      setStatus({ kind: 'success', text: `Restored version ${entry.version}. It is saved as version ${answer.version ?? current + 1}.` });
    }
    onRestored?.(answer);
  };

  const showOlder = () => {
    focusAt.current = entries.length;
    void history.fetchNextPage();
  };

  return (
    <div className="hi-panel">
      <div aria-live="polite">{status && <Alert kind={status.kind}>{status.text}</Alert>}</div>
      {entries.length === 0 ? (
        <p className="hi-empty">No history yet.</p>
      ) : (
        <ol ref={listRef} className="hi-entries" aria-label="Versions, newest first">
          {entries.map((entry) => {
            const isCurrent = entry.version === current;
            const restorable = canRestore && !isCurrent && entry.version < current && !DELETED.test(entry.type);
            return (
              <li key={entry.version}>
                <article className={isCurrent ? 'hi-entry hi-entry-current' : 'hi-entry'} tabIndex={-1} aria-labelledby={`hi-entry-${entry.version}`}>
                  <header className="hi-entry-head">
                    <h3 id={`hi-entry-${entry.version}`}>{entry.label}</h3>
                    <span className="hi-version">Version {entry.version}</span>
                    {isCurrent && <span className="hi-tag hi-tag-current">Current</span>}
                    {entry.restoredVersion !== null && <span className="hi-tag hi-tag-restored">Restored version {entry.restoredVersion}</span>}
                  </header>
                  <p className="hi-meta">
                    <span className="hi-who">{actorName(entry.actor, me)}</span>
                    <span aria-hidden="true"> · </span>
                    <time dateTime={entry.at} title={entry.at}>
                      {readableTime(entry.at)}
                    </time>
                  </p>
                  <Changes changes={entry.changes} />
                  {(restorable || (path !== null && onViewAt)) && (
                    <div className="hi-entry-actions">
                      {restorable && (
                        <button
                          type="button"
                          className="ow-button"
                          // Not disabled while a restore runs: the focus stays on it (a disabled button loses it).
                          aria-describedby={`hi-entry-${entry.version}`}
                          onClick={() => void restoreTo(entry)}
                        >
                          Restore this version
                        </button>
                      )}
                      {path !== null && onViewAt && (
                        <button type="button" className="ow-link-button" aria-describedby={`hi-entry-${entry.version}`} onClick={() => onViewAt(entry.at)}>
                          View the site as it was then
                        </button>
                      )}
                    </div>
                  )}
                </article>
              </li>
            );
          })}
        </ol>
      )}
      {history.hasNextPage && (
        <button type="button" className="ow-button hi-older" disabled={history.isFetchingNextPage} onClick={showOlder}>
          {history.isFetchingNextPage ? 'Loading older versions…' : 'Show older'}
        </button>
      )}
      {history.isFetchNextPageError && <Alert>{errorMessage(history.error, 'Unable to load older versions. Please try again.')}</Alert>}
    </div>
  );
}

const capitalised = (text: string) => (text === '' ? text : text[0]!.toUpperCase() + text.slice(1));

/** An entry's readable diff: each field with what it was and what it became. */
function Changes({ changes }: { changes: readonly FieldChange[] }) {
  if (changes.length === 0) return <p className="hi-no-changes">Nothing an owner sees changed.</p>;
  return (
    <ul className="hi-changes">
      {changes.map((c) => (
        <li key={c.key} className={`hi-change hi-change-${c.change}`}>
          <span className="hi-field">{c.field}</span>
          {c.change === 'added' && (
            <>
              <span className="hi-mark hi-mark-added">Added</span>
              <Value kind="after" text={c.after} />
            </>
          )}
          {c.change === 'removed' && (
            <>
              <span className="hi-mark hi-mark-removed">Removed</span>
              <Value kind="before" text={c.before} />
            </>
          )}
          {c.change === 'changed' && (
            <span className="hi-values">
              <Value kind="before" text={c.before} />
              <span className="hi-arrow" aria-hidden="true">
                →
              </span>
              <Value kind="after" text={c.after} />
            </span>
          )}
          {c.summary && <span className="hi-summary">{c.summary}</span>}
        </li>
      ))}
    </ul>
  );
}

function Value({ kind, text }: { kind: 'before' | 'after'; text: string | null }) {
  const shown = text === null || text === '' ? <em className="hi-none">empty</em> : text;
  return kind === 'before' ? (
    <del className="hi-before">
      <span className="hi-hidden">was: </span>
      {shown}
    </del>
  ) : (
    <ins className="hi-after">
      <span className="hi-hidden">now: </span>
      {shown}
    </ins>
  );
}

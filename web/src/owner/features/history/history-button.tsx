import { useState } from 'react';
import type { HistorySubject } from './history-api';
import { HistoryPanel } from './history-panel';
import { PastSiteDialog, type PastSitePage } from './past-site';
import { Sheet } from './sheet';
import './history.css';

/**
 * A screen's "History" button: opens the history of `subject` in a side panel (who, when, what
 * changed; restore an earlier version; view the site as it was then). An editor mounts it beside
 * its Save, with what to do once a version is restored (load the answer, as after a save).
 *
 * `Answer` is the resource as its GET answers it (a restore answers the same): the editor names
 * its type in `onRestored`'s parameter.
 */
export function HistoryButton<Answer = unknown>({
  subject, name, title, path = null, pages, unsaved = false, label = 'History', onRestored,
}: {
  subject: HistorySubject;
  /** What the history is of, in a sentence: '“About”', 'the settings'. */
  name: string;
  /** The panel's title; 'History of {name}' unless given. */
  title?: string;
  /** The published page the past-site preview opens at; '/' for the site as a whole; null: no preview. */
  path?: string | null;
  /** Pages the past-site preview offers to switch to. */
  pages?: readonly PastSitePage[];
  unsaved?: boolean;
  label?: string;
  onRestored?: (answer: Answer) => void;
}) {
  const [open, setOpen] = useState(false);
  const [pastAt, setPastAt] = useState<string | null>(null);
  return (
    <>
      <button type="button" className="ow-button hi-open" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {label}
      </button>
      {open && (
        <Sheet variant="side" title={title ?? `History of ${name}`} subtitle="Every saved change, newest first." onClose={() => setOpen(false)}>
          <HistoryPanel
            subject={subject}
            name={name}
            path={path}
            unsaved={unsaved}
            onRestored={onRestored ? (answer) => onRestored(answer as Answer) : undefined}
            onViewAt={path === null ? undefined : setPastAt}
          />
        </Sheet>
      )}
      {open && pastAt !== null && path !== null && <PastSiteDialog at={pastAt} path={path} pages={pages} onClose={() => setPastAt(null)} />}
    </>
  );
}

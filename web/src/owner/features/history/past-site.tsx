import { useId, useState, type FormEvent } from 'react';
import { PreviewFrame } from '../page-editor/preview-frame';
import '../page-editor/page-editor.css';
import { fromLocalInput, pastSiteUrl, readableTime, sitePath, toLocalInput } from './history-format';
import { Sheet } from './sheet';
import './history.css';

/** A page an owner may pick to view: its path and its name. */
export type PastSitePage = { path: string; title: string };

type MomentAndPageFieldsProps = {
  ids: { at: string; path: string; pages: string; problem: string };
  at: string;
  path: string;
  problem: string | null;
  pages: readonly PastSitePage[];
  onAt: (value: string) => void;
  onPath: (value: string) => void;
};

/** The moment (to the second, in the owner's time) and the page's path, with the site's pages offered. */
function MomentAndPageFields({ ids, at, path, problem, pages, onAt, onPath }: MomentAndPageFieldsProps) {
  return (
    <>
      <div className="ow-field">
        <label htmlFor={ids.at}>Date and time</label>
        <input
          id={ids.at}
          type="datetime-local"
          step={1}
          value={at}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? ids.problem : undefined}
          onChange={(e) => onAt(e.target.value)}
        />
        {problem && (
          <span id={ids.problem} className="ow-field-error">
            {problem}
          </span>
        )}
      </div>
      <div className="ow-field">
        <label htmlFor={ids.path}>Page</label>
        <input id={ids.path} type="text" list={pages.length > 0 ? ids.pages : undefined} value={path} spellCheck={false} onChange={(e) => onPath(e.target.value)} />
        {pages.length > 0 && (
          <datalist id={ids.pages}>
            {pages.map((p) => (
              <option key={p.path} value={p.path}>
                {p.title}
              </option>
            ))}
          </datalist>
        )}
      </div>
    </>
  );
}

/**
 * "View the site as it was at …": the published page at a path as it was at a moment, rendered by
 * the server from the event log (GET /config/preview/at/{time}/{path}), in a frame at the device
 * widths of the editor's preview. The moment and the page can be changed here.
 */
export function PastSiteDialog({ at, path, pages = [], onClose }: { at: string; path: string; pages?: readonly PastSitePage[]; onClose: () => void }) {
  const ids = { at: useId(), path: useId(), pages: useId(), problem: useId() };
  /** What the frame shows; the fields below may hold another moment or page until Show is pressed. */
  const [shown, setShown] = useState({ at, path: sitePath(path), key: 0 });
  const [atInput, setAtInput] = useState(toLocalInput(at));
  const [pathInput, setPathInput] = useState(sitePath(path));
  const [problem, setProblem] = useState<string | null>(null);
  const url = pastSiteUrl(shown.at, shown.path);

  const show = (e: FormEvent) => {
    e.preventDefault();
    // The field shows whole seconds: left as it was, the exact moment given (an event's own time) is kept.
    const nextAt = atInput === toLocalInput(shown.at) ? shown.at : fromLocalInput(atInput);
    if (nextAt === null) {
      setProblem('Choose a date and a time.');
      return;
    }
    setProblem(null);
    setShown((s) => ({ at: nextAt, path: sitePath(pathInput), key: s.key + 1 }));
  };

  return (
    <Sheet
      variant="wide"
      title="The site as it was"
      subtitle={
        <>
          <span className="hi-past-path">{shown.path}</span> on <time dateTime={shown.at}>{readableTime(shown.at)}</time> (your time). Rebuilt from the history; links inside lead to the live site.
        </>
      }
      actions={
        <a className="ow-button" href={url} target="_blank" rel="noopener">
          Open in a new tab <span aria-hidden="true">↗</span>
        </a>
      }
      onClose={onClose}
    >
      <form className="hi-past-form" noValidate onSubmit={show} aria-label="Moment and page">
        <MomentAndPageFields ids={ids} at={atInput} path={pathInput} problem={problem} pages={pages} onAt={setAtInput} onPath={setPathInput} />
        <button type="submit" className="ow-button ow-primary">
          Show
        </button>
      </form>
      <div className="hi-past-frame">
        <PreviewFrame src={url} title={`${shown.path} as it was on ${readableTime(shown.at)}`} reloadKey={shown.key} />
      </div>
    </Sheet>
  );
}

/**
 * The pages screen's "View the site as it was at …": a moment (and a page, the home page unless
 * chosen) opens the past-site preview.
 */
export function PastSiteForm({ pages }: { pages: readonly PastSitePage[] }) {
  const ids = { at: useId(), path: useId(), pages: useId(), problem: useId(), title: useId() };
  const [atInput, setAtInput] = useState('');
  const [pathInput, setPathInput] = useState('/');
  const [problem, setProblem] = useState<string | null>(null);
  const [open, setOpen] = useState<{ at: string; path: string } | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const at = fromLocalInput(atInput);
    if (at === null) {
      setProblem('Choose a date and a time.');
      document.getElementById(ids.at)?.focus();
      return;
    }
    setProblem(null);
    setOpen({ at, path: sitePath(pathInput) });
  };

  return (
    <section className="ow-panel-box hi-past-box" aria-labelledby={ids.title}>
      <h2 id={ids.title}>View the site as it was</h2>
      <p className="ow-hint">Any page at an earlier date and time, rebuilt from the history of your edits. Times are in your own time zone.</p>
      <form className="hi-past-form" noValidate onSubmit={submit}>
        <MomentAndPageFields ids={ids} at={atInput} path={pathInput} problem={problem} pages={pages} onAt={setAtInput} onPath={setPathInput} />
        <button type="submit" className="ow-button">
          View the site as it was
        </button>
      </form>
      {open && <PastSiteDialog at={open.at} path={open.path} pages={pages} onClose={() => setOpen(null)} />}
    </section>
  );
}

import { FIELD_LABELS } from '@storefront/domain/shared/strings';
import { useId, useState } from 'react';
import { uniqueUrlId } from '@storefront/domain/catalog/url-id';
import { ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';
import { isSafeLink, RESERVED_URL_IDS, SITE_LIMITS, urlIdFor } from '@storefront/domain/site/site-limits';
import { Dialog, DialogActions } from '../../ui/dialog';
import { Alert } from '../../ui/page-header';
import { KIND_LABELS } from './page-labels';
import type { DestinationChoice } from './page-tree';
import type { Collection, CollectionKind } from './pages-api';

/** The kinds an owner adds here, with what each is for. */
const NEW_KINDS: { kind: CollectionKind; hint: string }[] = [
  { kind: 'page', hint: 'A page of blocks: text, images, buttons, products.' },
  { kind: 'blog', hint: 'Posts listed newest first, each with its own page.' },
  { kind: 'events', hint: 'Upcoming and past events with dates and places.' },
  { kind: 'gallery', hint: 'Images in a grid, slideshow or carousel.' },
  { kind: 'folder', hint: 'Groups pages under one name in the navigation.' },
];

/** SPEC 5: the URL id when a title gives under 3 characters (the server's fallbacks per kind). */
const URL_FALLBACKS: Record<CollectionKind, string> = { page: 'page', blog: 'blog', events: 'events', gallery: 'gallery', products: 'shop', folder: 'folder' };

/** The address a new page will get: its title's slug (or the kind's fallback), made unique with -1, -2 … (SPEC 5). */
export function predictedUrl(title: string, kind: CollectionKind, collections: readonly Collection[]): string {
  const taken = new Set([...RESERVED_URL_IDS, ...collections.map((c) => c.urlId)]);
  return `/${uniqueUrlId(urlIdFor(title, URL_FALLBACKS[kind]), taken)}`;
}

export function titleProblem(title: string): string | null {
  return title.trim() === '' || title.length > SITE_LIMITS.titleMaxLength ? ERROR_MESSAGES.INVALID_TITLE : null;
}

/** A link as typed: "example.com/shop" becomes "https://example.com/shop"; paths, mail and phone links stay. */
export function normaliseLink(raw: string): string {
  const url = raw.trim();
  if (url === '' || /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('/') || url.startsWith('#')) return url;
  return /^[^\s/]+\.[^\s/]{2,}/.test(url) ? `https://${url}` : url;
}

/** SPEC 5 editor message for a link that is not one: '{val} is not a valid page URL'. */
export function linkProblem(raw: string): string | null {
  const url = normaliseLink(raw);
  if (url === '') return 'Enter the address the link goes to.';
  return isSafeLink(url) ? null : ERROR_MESSAGES.INVALID_LINK.replace('{val}', raw.trim());
}

export type NewPage = { kind: CollectionKind; title: string; to: DestinationChoice };

export function AddPageDialog({ collections, destinationsOf, onCreate, onClose }: {
  collections: readonly Collection[];
  destinationsOf: (kind: CollectionKind) => DestinationChoice[];
  /** Resolves with an error message in words, or null once the page exists. */
  onCreate: (page: NewPage) => Promise<string | null>;
  onClose: () => void;
}) {
  const [kind, setKind] = useState<CollectionKind>('page');
  const [title, setTitle] = useState('');
  const choices = [...destinationsOf(kind), { key: 'unlinked', label: 'Not linked (reach it by its address or a link)', to: { nav: 'unlinked' as const } }];
  const [where, setWhere] = useState(choices[0]!.key);
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const whereId = useId();
  const chosen = choices.find((c) => c.key === where) ?? choices[0]!;

  return (
    <Dialog title="Add a page" onClose={onClose} wide>
      <form
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          const bad = titleProblem(title);
          setProblem(bad);
          if (bad) return;
          setBusy(true);
          setError(await onCreate({ kind, title: title.trim(), to: chosen }));
          setBusy(false);
        }}
      >
        <fieldset>
          <legend>What kind</legend>
          <div className="pg-choices">
            {NEW_KINDS.map((k) => (
              <label key={k.kind} className="pg-choice">
                <input type="radio" name="kind" value={k.kind} checked={kind === k.kind} onChange={() => setKind(k.kind)} />
                <strong>{KIND_LABELS[k.kind]}</strong>
                <span className="ow-hint">{k.hint}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="ow-field">
          <label htmlFor={titleId}>{FIELD_LABELS.title}</label>
          <input
            id={titleId}
            data-autofocus
            value={title}
            maxLength={SITE_LIMITS.titleMaxLength + 1}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${titleId}-hint${problem ? ` ${titleId}-error` : ''}`}
            onChange={(e) => setTitle(e.target.value)}
          />
          {problem && (
            <span id={`${titleId}-error`} className="ow-field-error">
              {problem}
            </span>
          )}
          <span id={`${titleId}-hint`} className="ow-hint">
            Its address will be {predictedUrl(title, kind, collections)}. It starts as a draft: publish it when it is ready.
          </span>
        </div>
        <div className="ow-field">
          <label htmlFor={whereId}>Where</label>
          <select id={whereId} value={chosen.key} onChange={(e) => setWhere(e.target.value)}>
            {choices.map((c) => (
              <option key={c.key} value={c.key}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        {error && <Alert>{error}</Alert>}
        <DialogActions onCancel={onClose} submitLabel={`Add ${KIND_LABELS[kind].toLowerCase()}`} busy={busy} busyLabel="Adding the page…" />
      </form>
    </Dialog>
  );
}

export type NewLink = { url: string; title: string; newWindow: boolean; to: DestinationChoice };

export function AddLinkDialog({ destinations, onAdd, onClose }: {
  destinations: DestinationChoice[];
  onAdd: (link: NewLink) => Promise<string | null>;
  onClose: () => void;
}) {
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [newWindow, setNewWindow] = useState(true);
  const [where, setWhere] = useState(destinations[0]?.key ?? '');
  const [problems, setProblems] = useState<{ url?: string | null; title?: string | null }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const urlId = useId();
  const titleId = useId();
  const whereId = useId();
  const chosen = destinations.find((d) => d.key === where) ?? destinations[0];

  return (
    <Dialog title="Add a link" onClose={onClose} wide>
      {destinations.length === 0 ? (
        <>
          <Alert>Both navigations hold {SITE_LIMITS.linksPerNavigation} links, the most they can. Remove a link first.</Alert>
          <DialogActions onCancel={onClose} cancelLabel="Close" />
        </>
      ) : (
        <form
          noValidate
          onSubmit={async (e) => {
            e.preventDefault();
            const found = { url: linkProblem(url), title: titleProblem(title) };
            setProblems(found);
            if (found.url || found.title || !chosen) return;
            setBusy(true);
            setError(await onAdd({ url: normaliseLink(url), title: title.trim(), newWindow, to: chosen }));
            setBusy(false);
          }}
        >
          <div className="ow-field">
            <label htmlFor={urlId}>Address</label>
            <input
              id={urlId}
              data-autofocus
              value={url}
              inputMode="url"
              placeholder="https://www.example.com or /shop"
              aria-invalid={problems.url ? true : undefined}
              aria-describedby={problems.url ? `${urlId}-error` : undefined}
              onChange={(e) => setUrl(e.target.value)}
            />
            {problems.url && (
              <span id={`${urlId}-error`} className="ow-field-error">
                {problems.url}
              </span>
            )}
          </div>
          <div className="ow-field">
            <label htmlFor={titleId}>Title in the navigation</label>
            <input
              id={titleId}
              value={title}
              aria-invalid={problems.title ? true : undefined}
              aria-describedby={problems.title ? `${titleId}-error` : undefined}
              onChange={(e) => setTitle(e.target.value)}
            />
            {problems.title && (
              <span id={`${titleId}-error`} className="ow-field-error">
                {problems.title}
              </span>
            )}
          </div>
          <label className="ow-check">
            <input type="checkbox" checked={newWindow} onChange={(e) => setNewWindow(e.target.checked)} /> Open in a new window
          </label>
          <div className="ow-field">
            <label htmlFor={whereId}>Where</label>
            <select id={whereId} value={chosen?.key} onChange={(e) => setWhere(e.target.value)}>
              {destinations.map((d) => (
                <option key={d.key} value={d.key}>
                  {d.label}
                </option>
              ))}
            </select>
          </div>
          {error && <Alert>{error}</Alert>}
          <DialogActions onCancel={onClose} submitLabel="Add link" busy={busy} busyLabel="Adding the link…" />
        </form>
      )}
    </Dialog>
  );
}

export function MoveDialog({ name, where, destinations, onMove, onClose }: {
  name: string;
  /** Where it is now, in words. */
  where: string;
  destinations: DestinationChoice[];
  onMove: (to: DestinationChoice) => void;
  onClose: () => void;
}) {
  const [choice, setChoice] = useState(destinations[0]?.key ?? '');
  const chosen = destinations.find((d) => d.key === choice);
  return (
    <Dialog title={`Move “${name}”`} onClose={onClose} wide>
      <p className="ow-hint">It is {where} now. To change its place in its list, press Alt with the up or down arrow on its row, or drag it.</p>
      {destinations.length === 0 ? (
        <Alert kind="info">There is nowhere else it can go: a navigation that already links it, or holds {SITE_LIMITS.linksPerNavigation} links, is not offered.</Alert>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (chosen) onMove(chosen);
          }}
        >
          <fieldset>
            <legend>Move it to</legend>
            <div className="pg-choices">
              {destinations.map((d) => (
                <label key={d.key} className="pg-choice">
                  <input type="radio" name="destination" value={d.key} checked={choice === d.key} onChange={() => setChoice(d.key)} />
                  <strong>{d.label}</strong>
                </label>
              ))}
            </div>
          </fieldset>
          <DialogActions onCancel={onClose} submitLabel="Move" />
        </form>
      )}
      {destinations.length === 0 && (
        <DialogActions onCancel={onClose} cancelLabel="Close" />
      )}
    </Dialog>
  );
}

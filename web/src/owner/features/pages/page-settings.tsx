import { FIELD_LABELS } from '@storefront/domain/shared/strings';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { WORKFLOW_STATES, type WorkflowState } from '@storefront/domain/site/content-item';
import { SITE_LIMITS } from '@storefront/domain/site/site-limits';
import { errorMessage } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { useConfirm } from '../../ui/confirm-dialog';
import { DELETE_ANYWAY_LABEL, EditConflictNotice, useEditConflict } from '../../ui/edit-conflict';
import { Alert, Loading, PageHeader } from '../../ui/page-header';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';
import { HistoryButton } from '../history/history-button';
import { contentEditorPath, countOf, itemNoun, KIND_LABELS, pageName, STATUS_HINTS, statusLabel } from './page-labels';
import {
  changesOf, draftFrom, grantedUrlId, hasItems, isDirty, passwordChangeOf, problemsOf, urlIdProblem, SEO_DESCRIPTION_SHOWN, SEO_TITLE_SHOWN, type Problems, type SettingsDraft,
  type SettingsField,
} from './page-settings-form';
import {
  pagesApi, useDeleteCollectionMutation, useEditCollectionMutation, useGetCollectionQuery, useGetWebsiteSettingsQuery, useListCollectionsQuery,
  useSetCollectionPasswordMutation, useSetHomePageMutation, type Collection,
} from './pages-api';
import { useNow } from './use-now';
import './pages.css';

/** The statuses in the order the form offers them (SPEC 4 'Content statuses' after Published). */
const STATUS_ORDER: readonly WorkflowState[] = ['Published', 'Scheduled', 'Draft', 'Needs Review', 'Private'].filter((s) =>
  (WORKFLOW_STATES as readonly string[]).includes(s),
) as WorkflowState[];

const FOLDER_BEHAVIORS: { value: 1 | 2 | 3; label: string; hint: string }[] = [
  { value: 1, label: 'Index', hint: 'The folder’s link opens its first page.' },
  { value: 2, label: 'Redirect', hint: 'The folder’s address sends visitors on to its first page.' },
  { value: 3, label: 'None', hint: 'The folder only opens its list of pages in the navigation.' },
];

/** What a save says: the page's status as it is now. */
function savedText(saved: Collection): string {
  return `Saved. ${pageName(saved)} is ${statusLabel(saved.workflowState, saved.publishOn, Date.now()).toLowerCase()}.`;
}

/** /config/pages/:collectionId/settings: a page's names, address, status, search listing and lock. */
export function PageSettingsScreen() {
  const { collectionId = '' } = useParams();
  const page = useGetCollectionQuery(collectionId);
  // `currentData`: never the settings of the page opened before this one.
  if (!page.currentData && (page.isLoading || page.isFetching)) return <Loading what="the page settings" />;
  if (!page.currentData) {
    return (
      <>
        <PageHeader title="Page settings" />
        <Alert>
          {errorMessage(page.error, 'Unable to load content.')} <Link to="/pages">Back to Pages</Link>
        </Alert>
      </>
    );
  }
  return <SettingsForm key={page.currentData.id} loaded={page.currentData} />;
}

function SettingsForm({ loaded }: { loaded: Collection }) {
  const navigate = useNavigate();
  const { confirm } = useConfirm();
  const site = useGetWebsiteSettingsQuery();
  const all = useListCollectionsQuery();
  const [editCollection] = useEditCollectionMutation();
  const [setPassword] = useSetCollectionPasswordMutation();
  const [setHomePage] = useSetHomePageMutation();
  const [deleteCollection] = useDeleteCollectionMutation();
  // The page as last loaded or saved: the draft is compared with it.
  const [page, setPage] = useState<Collection>(loaded);
  const [draft, setDraft] = useState<SettingsDraft>(() => draftFrom(loaded));
  const [problems, setProblems] = useState<Problems>({});
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ kind: 'error' | 'success' | 'info'; text: string } | null>(null);
  const [leaving, setLeaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = isDirty(draft, page);
  useUnsavedChangesGuard(dirty && !leaving);
  const dispatch = useAppDispatch();
  // A save or a delete refused because someone else changed the page first: read it again, or save on top.
  const conflicts = useEditConflict(async () => {
    const fresh = await dispatch(pagesApi.endpoints.getCollection.initiate(page.id, { forceRefetch: true, subscribe: false })).unwrap();
    setPage(fresh);
    setDraft(draftFrom(fresh));
    setProblems({});
    setResult(null);
  });

  const set = <K extends SettingsField>(field: K, value: SettingsDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setResult(null);
    if (problems[field]) setProblems((p) => ({ ...p, [field]: undefined }));
  };

  const now = useNow();
  const noun = itemNoun(page.typeName);
  const siteTitle = site.data?.website.siteTitle ?? '';
  const url = draft.urlId.trim();
  // The address the page will have: the typed URL id made unique, or the current one while the typed one is not valid.
  const granted = urlIdProblem(url) ? page.urlId : all.data ? grantedUrlId(url, page, all.data) : url;

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    return submit();
  };
  /** Saves what changed, based on the version the form loaded or on `basedOnVersion` (applied on top of someone else's change). */
  const submit = async (basedOnVersion?: number) => {
    conflicts.dismiss();
    const found = problemsOf(draft, page);
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first) {
      setResult({ kind: 'error', text: 'Some settings need your attention before they can be saved.' });
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    const changes = changesOf(draft, page);
    const lock = passwordChangeOf(draft, page);
    setSaving(true);
    setResult(null);
    let saved = page;
    try {
      // Each save is based on the version this form shows (the page's stream version, when the API gives one).
      let version = basedOnVersion ?? page.version;
      if (Object.keys(changes).length > 0) {
        saved = await editCollection({ id: page.id, changes, version }).unwrap();
        version = saved.version;
      }
      if (lock) saved = await setPassword({ id: page.id, password: lock.password, version }).unwrap();
      setPage(saved);
      setDraft(draftFrom(saved));
      const moved = changes.urlId !== undefined && saved.urlId !== changes.urlId;
      setResult({
        kind: moved ? 'info' : 'success',
        text: moved ? `Saved. /${changes.urlId} was taken, so the page is at /${saved.urlId}.` : savedText(saved),
      });
    } catch (err) {
      // A first step that went through is what the form is based on now (a save on top sends the rest).
      if (saved !== page) setPage(saved);
      if (conflicts.caught(err, (current) => submit(current))) return;
      setResult({ kind: 'error', text: errorMessage(err, 'The settings could not be saved. Please try again.') });
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    const ok = await confirm({
      title: `Delete “${pageName(page)}”?`,
      message: [
        page.folder ? 'The pages inside the folder stay.' : `The ${KIND_LABELS[page.typeName].toLowerCase()} and its content are deleted and it leaves every navigation.`,
        noun && page.itemCount > 0 ? `Its ${countOf(page.itemCount, noun)} are deleted with it.` : '',
        page.isHome ? 'It is the home page: the next page takes its place at /.' : '',
      ].filter(Boolean).join(' '),
      confirmLabel: page.folder ? 'Delete folder' : 'Delete page',
      danger: true,
    });
    if (!ok) return;
    await deleteBasedOn(page.version ?? null);
  };
  const deleteBasedOn = async (version: number | null) => {
    conflicts.dismiss();
    try {
      setLeaving(true);
      await deleteCollection({ id: page.id, version }).unwrap();
      void navigate('/pages');
    } catch (err) {
      setLeaving(false);
      if (conflicts.caught(err, deleteBasedOn, DELETE_ANYWAY_LABEL)) return;
      setResult({ kind: 'error', text: errorMessage(err, `${pageName(page)} could not be deleted. Please try again.`) });
    }
  };

  return (
    <>
      <PageHeader
        title={`${pageName(page)}: settings`}
        subtitle={
          <>
            {KIND_LABELS[page.typeName]} at{' '}
            <a href={page.isHome ? '/' : page.fullUrl} target="_blank" rel="noopener">
              {page.isHome ? '/' : page.fullUrl} ↗
            </a>
            {page.isHome ? ' · Home page' : ''}
          </>
        }
        actions={
          <>
            <Link className="ow-button" to="/pages">
              Back to Pages
            </Link>
            {page.typeName === 'page' && (
              <Link className="ow-button" to={contentEditorPath(page.id)}>
                Edit content
              </Link>
            )}
            <HistoryButton subject={{ kind: 'collection', id: page.id }} name={`“${pageName(page)}”`} path={page.isHome ? '/' : page.fullUrl} unsaved={dirty}
              onRestored={(v: { collection: Collection; version?: number }) => { const c = { ...v.collection, version: v.version }; setPage(c); setDraft(draftFrom(c)); }} />
          </>
        }
      />
      <form ref={formRef} className="pg-settings" noValidate onSubmit={save} aria-label={`Settings of ${pageName(page)}`}>
        <div className="ow-panel-box">
          <h2>Names and address</h2>
          <p className="ow-hint">The title heads the page; the navigation title is what menus show.</p>
          <TextField name="title" label={FIELD_LABELS.title} value={draft.title} problem={problems.title} max={SITE_LIMITS.titleMaxLength} onChange={(v) => set('title', v)} />
          <TextField
            name="navigationTitle"
            label={FIELD_LABELS.navigationTitle}
            value={draft.navigationTitle}
            problem={problems.navigationTitle}
            max={SITE_LIMITS.titleMaxLength}
            placeholder={draft.title}
            hint="Leave it empty to use the title."
            onChange={(v) => set('navigationTitle', v)}
          />
          <UrlField value={draft.urlId} problem={problems.urlId} granted={granted} isHome={page.isHome} onChange={(v) => set('urlId', v)} />
          {page.folder && (
            <fieldset className="ow-field">
              <legend className="ow-label">When visitors open the folder</legend>
              <div className="pg-choices">
                {FOLDER_BEHAVIORS.map((b) => (
                  <label key={b.value} className="pg-choice">
                    <input type="radio" name="folderBehavior" checked={draft.folderBehavior === b.value} onChange={() => set('folderBehavior', b.value)} />
                    <strong>{b.label}</strong>
                    <span className="ow-hint">{b.hint}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {hasItems(page) && (
            <TextField
              name="pageSize"
              label={`${noun ? noun.many[0]!.toUpperCase() + noun.many.slice(1) : 'Items'} per page`}
              value={draft.pageSize}
              problem={problems.pageSize}
              inputMode="numeric"
              hint={`1 to ${SITE_LIMITS.pageSizeMax}.`}
              onChange={(v) => set('pageSize', v)}
            />
          )}
        </div>

        <div className="ow-panel-box">
          <h2>Status</h2>
          <p className="ow-hint">Now: {statusLabel(page.workflowState, page.publishOn, now)}.</p>
          <fieldset className="ow-field">
            <legend className="pg-visually-hidden">Status</legend>
            <div className="pg-choices">
              {STATUS_ORDER.map((status) => (
                <div key={status} className="pg-choice-wrap">
                  <label className="pg-choice">
                    <input type="radio" name="status" checked={draft.status === status} onChange={() => set('status', status)} />
                    <strong>{status}</strong>
                    <span className="ow-hint">{STATUS_HINTS[status]}</span>
                  </label>
                  {status === 'Scheduled' && draft.status === 'Scheduled' && (
                    <div className="pg-choice-extra ow-field">
                      <label htmlFor="pg-publish-at" className="ow-label">
                        Publish on
                      </label>
                      <input
                        id="pg-publish-at"
                        name="publishAt"
                        type="datetime-local"
                        value={draft.publishAt}
                        aria-invalid={problems.publishAt ? true : undefined}
                        aria-describedby={problems.publishAt ? 'pg-publish-at-error' : undefined}
                        onChange={(e) => set('publishAt', e.target.value)}
                      />
                      {problems.publishAt && (
                        <span id="pg-publish-at-error" className="ow-field-error">
                          {problems.publishAt}
                        </span>
                      )}
                    </div>
                  )}
                </div>
              ))}
            </div>
          </fieldset>
        </div>

        <div className="ow-panel-box">
          <h2>Search engines</h2>
          <p className="ow-hint">How the page is listed in search results and shared links.</p>
          <TextField
            name="seoTitle"
            label={FIELD_LABELS.seoTitle}
            value={draft.seoTitle}
            problem={problems.seoTitle}
            placeholder={page.isHome ? siteTitle : `${draft.title} — ${siteTitle}`}
            counter={SEO_TITLE_SHOWN}
            max={SITE_LIMITS.titleMaxLength}
            hint="Leave it empty to use the title and the site title."
            onChange={(v) => set('seoTitle', v)}
          />
          <TextField
            name="seoDescription"
            label={FIELD_LABELS.seoDescription}
            value={draft.seoDescription}
            problem={problems.seoDescription}
            counter={SEO_DESCRIPTION_SHOWN}
            max={SITE_LIMITS.seoDescriptionMaxLength}
            multiline
            hint="Leave it empty to use the start of the page’s description or the site’s tag line."
            onChange={(v) => set('seoDescription', v)}
          />
          <div className="pg-seo-preview" aria-label="Search result preview" role="group">
            <div className="pg-seo-url">
              {typeof window === 'undefined' ? '' : window.location.host}
              {page.isHome ? '/' : `/${granted}`}
            </div>
            <div className="pg-seo-title">{draft.seoTitle.trim() || (page.isHome ? siteTitle : `${draft.title} — ${siteTitle}`)}</div>
            <p className="pg-seo-desc">{draft.seoDescription.trim() || 'Made from the page’s own text.'}</p>
          </div>
        </div>

        {!page.folder && (
          <div className="ow-panel-box">
            <h2>Access</h2>
            <p className="ow-hint">A locked page asks visitors for its password first (the lock screen).</p>
            <label className="ow-check">
              <input type="checkbox" name="locked" checked={draft.locked} onChange={(e) => set('locked', e.target.checked)} /> Lock this page with a password
            </label>
            {draft.locked && (
              <TextField
                name="password"
                label={page.passwordProtected ? 'New password' : 'Password'}
                type="password"
                value={draft.password}
                problem={problems.password}
                autoComplete="new-password"
                hint={page.passwordProtected ? 'The page is locked. Leave this empty to keep its password.' : 'Visitors type this to open the page.'}
                onChange={(v) => set('password', v)}
              />
            )}
            <label className="ow-check">
              <input type="checkbox" name="membersOnly" checked={draft.membersOnly} onChange={(e) => set('membersOnly', e.target.checked)} /> Only for site members
            </label>
          </div>
        )}

        <EditConflictNotice state={conflicts} />
        <div className="pg-sticky-actions">
          <button type="submit" className="ow-button ow-primary" disabled={saving || !dirty}>
            {saving ? 'Saving…' : 'Save settings'}
          </button>
          <button type="button" className="ow-button" disabled={saving || !dirty} onClick={() => { setDraft(draftFrom(page)); setProblems({}); setResult(null); }}>
            Discard changes
          </button>
          <span role="status" aria-live="polite">
            {result && result.kind !== 'error' ? result.text : dirty && !result ? 'Unsaved changes.' : ''}
          </span>
          {result?.kind === 'error' && (
            <span className="ow-field-error" role="alert">
              {result.text}
            </span>
          )}
        </div>

        <div className="ow-panel-box pg-danger-zone">
          <h2>More</h2>
          <div className="ow-form-actions">
            {!page.folder && !page.isHome && (
              <button
                type="button"
                className="ow-button"
                onClick={() =>
                  void setHomePage(page.id)
                    .unwrap()
                    .then(
                      () => setResult({ kind: 'success', text: `${pageName(page)} is the home page now, at /.` }),
                      (err: unknown) => setResult({ kind: 'error', text: errorMessage(err, 'The home page could not be changed. Please try again.') }),
                    )
                }
              >
                Set as home page
              </button>
            )}
            <button type="button" className="ow-button ow-danger" onClick={() => void remove()}>
              {page.folder ? 'Delete folder' : 'Delete page'}
            </button>
          </div>
        </div>
      </form>
    </>
  );
}

function TextField({ name, label, value, onChange, problem, hint, placeholder, max, counter, multiline = false, type = 'text', inputMode, autoComplete }: {
  name: SettingsField;
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem?: string;
  hint?: ReactNode;
  placeholder?: string;
  max?: number;
  /** Characters search engines show: a counter, past which it turns red. */
  counter?: number;
  multiline?: boolean;
  type?: 'text' | 'password';
  inputMode?: 'numeric';
  autoComplete?: string;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', problem ? `${id}-error` : '', counter ? `${id}-count` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id, name, value, placeholder,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': described,
  };
  return (
    <div className="ow-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} inputMode={inputMode} autoComplete={autoComplete} maxLength={max ? max + 50 : undefined} onChange={(e) => onChange(e.target.value)} />
      )}
      {problem && (
        <span id={`${id}-error`} className="ow-field-error">
          {problem}
        </span>
      )}
      {hint && (
        <span id={`${id}-hint`} className="ow-hint">
          {hint}
        </span>
      )}
      {counter && (
        <span id={`${id}-count`} className={value.length > counter ? 'pg-counter pg-counter-over' : 'pg-counter'}>
          {value.length} of {counter} characters shown{max ? ` (at most ${max})` : ''}
        </span>
      )}
    </div>
  );
}

function UrlField({ value, onChange, problem, granted, isHome }: { value: string; onChange: (v: string) => void; problem?: string; granted: string; isHome: boolean }) {
  const id = useId();
  const typed = value.trim();
  const invalid = urlIdProblem(typed);
  const taken = !invalid && granted !== typed;
  return (
    <div className="ow-field">
      <label htmlFor={id}>URL slug</label>
      <div className="pg-url-field">
        <span className="pg-url-prefix" aria-hidden="true">
          /
        </span>
        <input
          id={id}
          name="urlId"
          value={value}
          autoCapitalize="off"
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
      {problem && (
        <span id={`${id}-error`} className="ow-field-error">
          {problem}
        </span>
      )}
      <span id={`${id}-hint`} className="ow-hint">
        {invalid && !problem
          ? invalid
          : taken
          ? `/${typed} is taken, so the page will be at /${granted}.`
          : isHome
            ? `The home page is shown at /; it also answers at /${typed || '…'}.`
            : 'Letters, digits and dashes. Links to the old address stop working when it changes.'}
      </span>
    </div>
  );
}

import { FIELD_LABELS } from '@storefront/domain/shared/strings';
import { useEffect, useId, useRef, useState } from 'react';
import { ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';
import { isSafeLink, SITE_LIMITS } from '@storefront/domain/site/site-limits';
import type { AnnouncementBar, SocialAccount } from '@storefront/domain/site/website-settings';
import { errorMessage } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { EditConflictNotice, useEditConflict, type EditConflictState } from '../../ui/edit-conflict';
import { Alert, Loading, PageHeader } from '../../ui/page-header';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';
import { useListOwnerFormsQuery } from '../forms/forms-api';
import { HistoryButton } from '../history/history-button';
import { linkProblem, normaliseLink } from './page-dialogs';
import { pagesApi, useChangeWebsiteSettingsMutation, useGetHeaderFooterQuery, useGetWebsiteSettingsQuery, useSetHeaderFooterMutation, type HeaderFooter } from './pages-api';
import { PagesTabs } from './pages-tabs';
import { useWebsiteVersion, type WebsiteVersion } from './website-version';
import './pages.css';

const NO_BAR: AnnouncementBar = { enabled: false, text: '', url: null };

/** Services the theme names (theme/social-links.ts); any other is kept by its own name. */
export const SOCIAL_SERVICES: { value: string; label: string }[] = [
  { value: 'instagram', label: 'Instagram' }, { value: 'facebook', label: 'Facebook' }, { value: 'pinterest', label: 'Pinterest' },
  { value: 'x', label: 'X' }, { value: 'youtube', label: 'YouTube' }, { value: 'tiktok', label: 'TikTok' }, { value: 'linkedin', label: 'LinkedIn' },
  { value: 'etsy', label: 'Etsy' }, { value: 'email', label: 'Email' },
];

const EMAIL = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;

/** A social link's problem in words: a web address for a profile (SPEC 5 link message), a valid email for 'email'. */
export function socialProblem(account: SocialAccount): string | null {
  if (account.serviceName === 'email') {
    const address = account.profileUrl.replace(/^mailto:/, '');
    return EMAIL.test(address) ? null : ERROR_MESSAGES.INVALID_EMAIL;
  }
  if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(account.serviceName)) return 'Name the service with letters, digits and dashes.';
  const url = normaliseLink(account.profileUrl);
  return /^https?:/i.test(url) && isSafeLink(url) ? null : ERROR_MESSAGES.INVALID_LINK.replace('{val}', account.profileUrl.trim() || '(empty)');
}

/**
 * /config/pages/header-footer: what every page shows around its content. The announcement bar
 * (on or off, its text and link), the header and footer html (SPEC 7 /api/site-header-footer), and
 * the social links (SPEC 3 'Social link') listed in the footer. Each part saves on its own.
 */
export function HeaderFooterScreen() {
  const settings = useGetWebsiteSettingsQuery();
  const headerFooter = useGetHeaderFooterQuery();
  const dispatch = useAppDispatch();
  // One stream holds all three parts: the forms share its version, and a conflict's Reload fills them all again.
  const version = useWebsiteVersion(settings.data, headerFooter.data);
  const [filled, setFilled] = useState(0);
  const website: Website = {
    version,
    reload: async () => {
      const [s, h] = await Promise.all([
        dispatch(pagesApi.endpoints.getWebsiteSettings.initiate(undefined, { forceRefetch: true, subscribe: false })).unwrap(),
        dispatch(pagesApi.endpoints.getHeaderFooter.initiate(undefined, { forceRefetch: true, subscribe: false })).unwrap(),
      ]);
      version.reset(s, h);
      setFilled((n) => n + 1);
    },
  };
  const [dirtyParts, setDirtyParts] = useState<ReadonlySet<string>>(new Set());
  useUnsavedChangesGuard(dirtyParts.size > 0);
  const markDirty = (part: string) => (dirty: boolean) =>
    setDirtyParts((parts) => {
      if (parts.has(part) === dirty) return parts;
      const next = new Set(parts);
      if (dirty) next.add(part);
      else next.delete(part);
      return next;
    });

  const header = (
    <>
      <PageHeader title="Header, footer and social links" subtitle="What every page of your site shows above and below its content."
        actions={<HistoryButton subject={{ kind: 'settings' }} name="the settings" title="History of the settings, header and footer" path="/" unsaved={dirtyParts.size > 0}
          onRestored={() => void website.reload()} />} />
      <PagesTabs />
    </>
  );
  if (settings.isLoading || headerFooter.isLoading) {
    return (
      <>
        {header}
        <Loading what="the header and footer" />
      </>
    );
  }
  if (!settings.data || !headerFooter.data) {
    return (
      <>
        {header}
        <Alert>
          {errorMessage(settings.error ?? headerFooter.error, 'Unable to load content.')}{' '}
          <button type="button" className="ow-link-button" onClick={() => { void settings.refetch(); void headerFooter.refetch(); }}>
            Try again
          </button>
        </Alert>
      </>
    );
  }
  return (
    <>
      {header}
      <div className="pg-settings">
        <AnnouncementForm key={`announcement-${filled}`} loaded={settings.data.website.announcementBar ?? NO_BAR} website={website} onDirty={markDirty('announcement')} />
        <HtmlForm key={`html-${filled}`} loaded={headerFooter.data} website={website} onDirty={markDirty('html')} />
        <FooterNewsletterForm key={`newsletter-${filled}`} loaded={headerFooter.data.newsletterFormId ?? null} website={website} onDirty={markDirty('newsletter')} />
        <SocialForm key={`social-${filled}`} loaded={settings.data.website.socialAccounts} website={website} onDirty={markDirty('social')} />
      </div>
    </>
  );
}

type Saved = { kind: 'success' | 'error'; text: string } | null;

/** The website stream the forms save to: the version they share, and filling them all again (a conflict's Reload). */
type Website = { version: WebsiteVersion; reload: () => Promise<void> };

function SaveRow({ label, saving, dirty, saved, conflicts, onDiscard }: {
  label: string; saving: boolean; dirty: boolean; saved: Saved; conflicts: EditConflictState; onDiscard: () => void;
}) {
  return (
    <>
      {saved?.kind === 'error' && <Alert>{saved.text}</Alert>}
      <EditConflictNotice state={conflicts} />
      <div className="ow-form-actions">
        <button type="submit" className="ow-button ow-primary" disabled={saving || !dirty}>
          {saving ? 'Saving…' : label}
        </button>
        <button type="button" className="ow-button" disabled={saving || !dirty} onClick={onDiscard}>
          Discard changes
        </button>
        <span role="status">{saved?.kind === 'success' ? saved.text : dirty ? 'Unsaved changes.' : ''}</span>
      </div>
    </>
  );
}

function AnnouncementForm({ loaded, website, onDirty }: { loaded: AnnouncementBar; website: Website; onDirty: (dirty: boolean) => void }) {
  const conflicts = useEditConflict(website.reload);
  const [changeSettings] = useChangeWebsiteSettingsMutation();
  const [base, setBase] = useState(loaded);
  const [bar, setBar] = useState({ enabled: loaded.enabled, text: loaded.text, url: loaded.url ?? '' });
  const [problems, setProblems] = useState<{ text?: string; url?: string }>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<Saved>(null);
  const textId = useId();
  const urlId = useId();
  const dirty = bar.enabled !== base.enabled || bar.text !== base.text || (bar.url.trim() || null) !== base.url;
  useDirtyReport(dirty, onDirty);

  const edit = (change: Partial<typeof bar>) => {
    setBar((b) => ({ ...b, ...change }));
    setSaved(null);
  };

  /** Saves the form, based on the website's version or on `basedOnVersion` (applied on top of someone else's change). */
  const submit = async (basedOnVersion?: number) => {
    conflicts.dismiss();
    const found = {
      text: bar.text.length > SITE_LIMITS.announcementMaxLength ? `Use at most ${SITE_LIMITS.announcementMaxLength} characters.`
        : bar.enabled && bar.text.trim() === '' ? 'Enter the announcement to show it.' : undefined,
      url: bar.url.trim() === '' ? undefined : (linkProblem(bar.url) ?? undefined),
    };
    setProblems(found);
    if (found.text || found.url) return;
    setSaving(true);
    try {
      const announcementBar = { enabled: bar.enabled, text: bar.text.trim(), url: bar.url.trim() === '' ? null : normaliseLink(bar.url) };
      const result = await changeSettings({ announcementBar, version: basedOnVersion ?? website.version.current() }).unwrap();
      website.version.moved(result);
      const next = result.website.announcementBar ?? NO_BAR;
      setBase(next);
      setBar({ enabled: next.enabled, text: next.text, url: next.url ?? '' });
      setSaved({ kind: 'success', text: next.enabled ? 'Saved. The bar shows on every page.' : 'Saved. The bar is off.' });
    } catch (err) {
      if (conflicts.caught(err, (current) => submit(current))) return setSaved(null);
      setSaved({ kind: 'error', text: errorMessage(err, 'The announcement bar could not be saved. Please try again.') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="ow-panel-box"
      aria-labelledby={`${textId}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 id={`${textId}-title`}>{FIELD_LABELS.announcementBar}</h2>
      <p className="ow-hint">A line across the top of every page: a sale, opening hours, shipping news.</p>
      <label className="ow-check">
        <input type="checkbox" checked={bar.enabled} onChange={(e) => edit({ enabled: e.target.checked })} /> Show the announcement bar
      </label>
      <div className="ow-field">
        <label htmlFor={textId}>Text</label>
        <input
          id={textId}
          value={bar.text}
          aria-invalid={problems.text ? true : undefined}
          aria-describedby={`${textId}-count${problems.text ? ` ${textId}-error` : ''}`}
          onChange={(e) => edit({ text: e.target.value })}
        />
        {problems.text && (
          <span id={`${textId}-error`} className="ow-field-error">
            {problems.text}
          </span>
        )}
        <span id={`${textId}-count`} className={bar.text.length > SITE_LIMITS.announcementMaxLength ? 'pg-counter pg-counter-over' : 'pg-counter'}>
          {bar.text.length} of {SITE_LIMITS.announcementMaxLength} characters
        </span>
      </div>
      <div className="ow-field">
        <label htmlFor={urlId}>Link (optional)</label>
        <input
          id={urlId}
          value={bar.url}
          inputMode="url"
          placeholder="/shop or https://www.example.com"
          aria-invalid={problems.url ? true : undefined}
          aria-describedby={problems.url ? `${urlId}-error` : undefined}
          onChange={(e) => edit({ url: e.target.value })}
        />
        {problems.url && (
          <span id={`${urlId}-error`} className="ow-field-error">
            {problems.url}
          </span>
        )}
      </div>
      {bar.enabled && bar.text.trim() !== '' && (
        <div className="ow-field">
          <span className="ow-label">Preview</span>
          <div className="pg-announcement-preview">{bar.text}</div>
        </div>
      )}
      <SaveRow
        label="Save announcement bar"
        saving={saving}
        dirty={dirty}
        saved={saved}
        conflicts={conflicts}
        onDiscard={() => {
          setBar({ enabled: base.enabled, text: base.text, url: base.url ?? '' });
          setProblems({});
          setSaved(null);
        }}
      />
    </form>
  );
}

function HtmlForm({ loaded, website, onDirty }: { loaded: HeaderFooter; website: Website; onDirty: (dirty: boolean) => void }) {
  const conflicts = useEditConflict(website.reload);
  const [setHeaderFooter] = useSetHeaderFooterMutation();
  const [base, setBase] = useState(loaded);
  const [draft, setDraft] = useState(loaded);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<Saved>(null);
  const id = useId();
  const dirty = draft.header !== base.header || draft.footer !== base.footer;
  useDirtyReport(dirty, onDirty);
  const tooLong = (html: string) => html.length > SITE_LIMITS.headerFooterMaxLength;

  /** Saves the form, based on the website's version or on `basedOnVersion` (applied on top of someone else's change). */
  const submit = async (basedOnVersion?: number) => {
    conflicts.dismiss();
    if (tooLong(draft.header) || tooLong(draft.footer)) return setSaved({ kind: 'error', text: `Use at most ${SITE_LIMITS.headerFooterMaxLength} characters.` });
    setSaving(true);
    try {
      const result = await setHeaderFooter({ header: draft.header, footer: draft.footer, version: basedOnVersion ?? website.version.current() }).unwrap();
      website.version.moved(result);
      setBase(result);
      setDraft(result);
      const cleaned = result.header !== draft.header || result.footer !== draft.footer;
      setSaved({ kind: 'success', text: cleaned ? 'Saved. Markup the site does not allow (scripts, styles) was removed.' : 'Saved.' });
    } catch (err) {
      if (conflicts.caught(err, (current) => submit(current))) return setSaved(null);
      setSaved({ kind: 'error', text: errorMessage(err, 'The header and footer could not be saved. Please try again.') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="ow-panel-box"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 id={`${id}-title`}>Header and footer content</h2>
      <p className="ow-hint">
        HTML: paragraphs, links, bold and italic text. The header content shows in a band above the site title; the footer content under the site’s name at the bottom.
      </p>
      <div className="ow-field">
        <label htmlFor={`${id}-header`}>Header content</label>
        <textarea id={`${id}-header`} className="pg-code" rows={3} value={draft.header} onChange={(e) => { setDraft({ ...draft, header: e.target.value }); setSaved(null); }} />
      </div>
      <div className="ow-field">
        <label htmlFor={`${id}-footer`}>Footer content</label>
        <textarea id={`${id}-footer`} className="pg-code" rows={5} value={draft.footer} onChange={(e) => { setDraft({ ...draft, footer: e.target.value }); setSaved(null); }} />
      </div>
      <SaveRow label="Save header and footer" saving={saving} dirty={dirty} saved={saved} conflicts={conflicts} onDiscard={() => { setDraft(base); setSaved(null); }} />
    </form>
  );
}

/**
 * The newsletter sign-up the footer shows on every page (issue 14 part 8): one of the site's
 * newsletter forms, or none. A page whose blocks show the same form shows it there only.
 */
export function FooterNewsletterForm({ loaded, website, onDirty }: { loaded: string | null; website: Website; onDirty: (dirty: boolean) => void }) {
  const conflicts = useEditConflict(website.reload);
  const [setHeaderFooter] = useSetHeaderFooterMutation();
  const forms = useListOwnerFormsQuery();
  const [base, setBase] = useState(loaded ?? '');
  const [choice, setChoice] = useState(loaded ?? '');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<Saved>(null);
  const id = useId();
  const dirty = choice !== base;
  useDirtyReport(dirty, onDirty);
  const newsletters = (forms.data?.forms ?? []).filter((f) => f.kind === 'newsletter');
  // A chosen form the list does not have (gone, or not a newsletter now) stays visible, by its id.
  const missing = choice !== '' && forms.data && !newsletters.some((f) => f.id === choice);

  const submit = async (basedOnVersion?: number) => {
    conflicts.dismiss();
    setSaving(true);
    try {
      const result = await setHeaderFooter({ newsletterFormId: choice === '' ? null : choice, version: basedOnVersion ?? website.version.current() }).unwrap();
      website.version.moved(result);
      const next = result.newsletterFormId ?? '';
      setBase(next);
      setChoice(next);
      setSaved({ kind: 'success', text: next === '' ? 'Saved. The footer shows no newsletter sign-up.' : 'Saved. The sign-up shows in the footer of every page.' });
    } catch (err) {
      if (conflicts.caught(err, (current) => submit(current))) return setSaved(null);
      setSaved({ kind: 'error', text: errorMessage(err, 'The footer newsletter could not be saved. Please try again.') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="ow-panel-box"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 id={`${id}-title`}>{FIELD_LABELS.newsletterFormId}</h2>
      <p className="ow-hint">A newsletter sign-up at the bottom of every page. Make newsletter forms under Forms; sign-ups join your mailing list.</p>
      <div className="ow-field">
        <label htmlFor={`${id}-form`}>Newsletter form</label>
        <select id={`${id}-form`} value={choice} disabled={forms.isLoading} onChange={(e) => { setChoice(e.target.value); setSaved(null); }}>
          <option value="">None</option>
          {newsletters.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
          {missing && <option value={choice}>{choice} (not a newsletter form of this site)</option>}
        </select>
        {forms.isSuccess && newsletters.length === 0 && <span className="ow-hint">This site has no newsletter forms yet.</span>}
        {forms.isError && <span className="ow-field-error">{errorMessage(forms.error, 'The forms could not be loaded.')}</span>}
      </div>
      <SaveRow label="Save footer newsletter" saving={saving} dirty={dirty} saved={saved} conflicts={conflicts} onDiscard={() => { setChoice(base); setSaved(null); }} />
    </form>
  );
}

type SocialRow = SocialAccount & { key: number };

function SocialForm({ loaded, website, onDirty }: { loaded: SocialAccount[]; website: Website; onDirty: (dirty: boolean) => void }) {
  const conflicts = useEditConflict(website.reload);
  const [changeSettings] = useChangeWebsiteSettingsMutation();
  const [base, setBase] = useState(loaded);
  const [nextKey, setNextKey] = useState(loaded.length);
  const [rows, setRows] = useState<SocialRow[]>(() => loaded.map((a, key) => ({ ...a, key })));
  const [problems, setProblems] = useState<Record<number, string>>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<Saved>(null);
  const [announcement, setAnnouncement] = useState('');
  const id = useId();
  const accounts = rows.map(({ key: _key, ...a }) => a);
  const dirty = JSON.stringify(accounts) !== JSON.stringify(base);
  useDirtyReport(dirty, onDirty);
  const full = rows.length >= SITE_LIMITS.socialAccounts;

  const update = (key: number, change: Partial<SocialAccount>) => {
    setRows((r) => r.map((row) => (row.key === key ? { ...row, ...change } : row)));
    setSaved(null);
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= rows.length) return;
    const next = [...rows];
    const [row] = next.splice(from, 1);
    next.splice(to, 0, row!);
    setRows(next);
    setSaved(null);
    setAnnouncement(`${labelOf(row!)} moved to position ${to + 1} of ${next.length}.`);
    requestAnimationFrame(() => document.getElementById(`${id}-service-${row!.key}`)?.focus());
  };

  /** Saves the form, based on the website's version or on `basedOnVersion` (applied on top of someone else's change). */
  const submit = async (basedOnVersion?: number) => {
    conflicts.dismiss();
    const cleaned = rows.map((r) => ({ ...r, profileUrl: r.serviceName === 'email' ? mailto(r.profileUrl) : normaliseLink(r.profileUrl), userName: r.userName.trim() }));
    const found: Record<number, string> = {};
    for (const r of cleaned) {
      const bad = socialProblem(r);
      if (bad) found[r.key] = bad;
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const result = await changeSettings({ socialAccounts: cleaned.map(({ key: _key, ...a }) => a), version: basedOnVersion ?? website.version.current() }).unwrap();
      website.version.moved(result);
      setBase(result.website.socialAccounts);
      setRows(result.website.socialAccounts.map((a, i) => ({ ...a, key: nextKey + i })));
      setNextKey(nextKey + result.website.socialAccounts.length);
      setSaved({ kind: 'success', text: 'Saved. The links show in the footer of every page.' });
    } catch (err) {
      if (conflicts.caught(err, (current) => submit(current))) return setSaved(null);
      setSaved({ kind: 'error', text: errorMessage(err, 'The social links could not be saved. Please try again.') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="ow-panel-box"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 id={`${id}-title`}>Social links</h2>
      <p className="ow-hint">Listed in the footer of every page and in social links blocks, in this order. Alt with the up or down arrow moves a link.</p>
      <p className="pg-visually-hidden" role="status">
        {announcement}
      </p>
      {rows.length === 0 && <p className="ow-hint">No social links yet.</p>}
      <ul className="pg-social-list">
        {rows.map((row, i) => {
          const known = SOCIAL_SERVICES.some((s) => s.value === row.serviceName);
          const email = row.serviceName === 'email';
          return (
            <li
              key={row.key}
              className="pg-social-row"
              onKeyDown={(e) => {
                if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
                e.preventDefault();
                move(i, e.key === 'ArrowUp' ? i - 1 : i + 1);
              }}
            >
              <div className="ow-field">
                <label htmlFor={`${id}-service-${row.key}`}>Service</label>
                <select
                  id={`${id}-service-${row.key}`}
                  value={known ? row.serviceName : 'other'}
                  onChange={(e) => update(row.key, { serviceName: e.target.value === 'other' ? '' : e.target.value })}
                >
                  {SOCIAL_SERVICES.map((s) => (
                    <option key={s.value} value={s.value}>
                      {s.label}
                    </option>
                  ))}
                  <option value="other">Other…</option>
                </select>
                {!known && (
                  <input aria-label="Service name" placeholder="e.g. mastodon" value={row.serviceName} onChange={(e) => update(row.key, { serviceName: e.target.value.toLowerCase() })} />
                )}
              </div>
              <div className="ow-field">
                <label htmlFor={`${id}-url-${row.key}`}>{email ? 'Email address' : 'Profile address'}</label>
                <input
                  id={`${id}-url-${row.key}`}
                  value={email ? row.profileUrl.replace(/^mailto:/, '') : row.profileUrl}
                  inputMode={email ? 'email' : 'url'}
                  placeholder={email ? 'hello@example.com' : 'https://www.instagram.com/yourname'}
                  aria-invalid={problems[row.key] ? true : undefined}
                  aria-describedby={problems[row.key] ? `${id}-problem-${row.key}` : undefined}
                  onChange={(e) => update(row.key, { profileUrl: e.target.value })}
                />
                {problems[row.key] && (
                  <span id={`${id}-problem-${row.key}`} className="ow-field-error">
                    {problems[row.key]}
                  </span>
                )}
              </div>
              <div className="pg-social-actions">
                <button type="button" className="ow-button" aria-label={`Move ${labelOf(row)} up`} disabled={i === 0} onClick={() => move(i, i - 1)}>
                  ↑
                </button>
                <button type="button" className="ow-button" aria-label={`Move ${labelOf(row)} down`} disabled={i === rows.length - 1} onClick={() => move(i, i + 1)}>
                  ↓
                </button>
                <button
                  type="button"
                  className="ow-button"
                  aria-label={`Remove ${labelOf(row)}`}
                  onClick={() => {
                    setRows(rows.filter((r) => r.key !== row.key));
                    setSaved(null);
                    setAnnouncement(`${labelOf(row)} removed. Save to apply.`);
                  }}
                >
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {full && <Alert kind="info">A site can list at most {SITE_LIMITS.socialAccounts} social links.</Alert>}
      <p>
        <button
          type="button"
          className="ow-button"
          disabled={full}
          onClick={() => {
            setRows([...rows, { key: nextKey, serviceName: 'instagram', userName: '', profileUrl: '' }]);
            setNextKey(nextKey + 1);
            setSaved(null);
            requestAnimationFrame(() => document.getElementById(`${id}-service-${nextKey}`)?.focus());
          }}
        >
          Add social link
        </button>
      </p>
      <SaveRow
        label="Save social links"
        saving={saving}
        dirty={dirty}
        saved={saved}
        conflicts={conflicts}
        onDiscard={() => {
          setRows(base.map((a, i) => ({ ...a, key: nextKey + i })));
          setNextKey(nextKey + base.length);
          setProblems({});
          setSaved(null);
        }}
      />
    </form>
  );
}

function labelOf(account: SocialAccount): string {
  return SOCIAL_SERVICES.find((s) => s.value === account.serviceName)?.label ?? (account.serviceName || 'the new link');
}

function mailto(value: string): string {
  const address = value.trim().replace(/^mailto:/, '');
  return `mailto:${address}`;
}

/** Tells the screen whether a part has unsaved changes (for the leave guard) when that changes. */
function useDirtyReport(dirty: boolean, onDirty: (dirty: boolean) => void) {
  const report = useRef(onDirty);
  useEffect(() => {
    report.current = onDirty;
  });
  useEffect(() => report.current(dirty), [dirty]);
}

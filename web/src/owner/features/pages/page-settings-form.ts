import { isValidUrlId, slugify, uniqueUrlId } from '@storefront/domain/catalog/url-id';
import type { WorkflowState } from '@storefront/domain/site/content-item';
import { ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';
import { RESERVED_URL_IDS, SITE_LIMITS } from '@storefront/domain/site/site-limits';
import type { Collection, CollectionChanges } from './pages-api';

/**
 * The page settings form's editing state: what the owner typed, the problems with it in words,
 * and the changes to send (only what differs from the page as loaded). Pure, so the rules are
 * tested without a screen.
 */
export type SettingsDraft = {
  title: string;
  navigationTitle: string;
  urlId: string;
  seoTitle: string;
  seoDescription: string;
  status: WorkflowState;
  /** `datetime-local` value, for Scheduled. */
  publishAt: string;
  folderBehavior: 1 | 2 | 3;
  pageSize: string;
  membersOnly: boolean;
  locked: boolean;
  /** A new password (empty keeps the current one of a locked page). */
  password: string;
};

export type SettingsField = keyof SettingsDraft;
export type Problems = Partial<Record<SettingsField, string>>;

/** SEO lengths search engines show (hints, not limits). */
export const SEO_TITLE_SHOWN = 60;
export const SEO_DESCRIPTION_SHOWN = 160;

/** A `datetime-local` value in the browser's time zone. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function draftFrom(c: Collection): SettingsDraft {
  return {
    title: c.title,
    navigationTitle: c.navigationTitle === c.title ? '' : c.navigationTitle,
    urlId: c.urlId,
    seoTitle: c.seoTitle,
    seoDescription: c.seoDescription,
    status: c.workflowState,
    publishAt: c.workflowState === 'Scheduled' && c.publishOn !== null ? toLocalInput(c.publishOn) : '',
    folderBehavior: c.folderBehavior ?? 1,
    pageSize: String(c.pageSize),
    membersOnly: c.membersOnly,
    locked: c.passwordProtected,
    password: '',
  };
}

/**
 * SPEC 5 URL id rules for the address field: letters, digits and dashes (else '{val} is not a
 * valid page URL', with the slug to use instead), at least 3 characters, at most 200.
 */
export function urlIdProblem(urlId: string): string | null {
  const value = urlId.trim();
  if (value === '') return 'Enter the page’s address.';
  if (!isValidUrlId(value)) {
    const slug = slugify(value);
    const invalid = ERROR_MESSAGES.INVALID_LINK.replace('{val}', `/${value}`);
    return slug.length >= 3 ? `${invalid}. Use letters, digits and dashes, such as /${slug}.` : `${invalid}. Use letters, digits and dashes.`;
  }
  if (value.length < 3) return `${ERROR_MESSAGES.INVALID_LINK.replace('{val}', `/${value}`)}. An address needs at least 3 characters.`;
  return null;
}

/** The address the page will get: the URL id, made unique with -1, -2 … among the site's others and its system routes (SPEC 5). */
export function grantedUrlId(urlId: string, self: Collection, collections: readonly Collection[]): string {
  const taken = new Set([...RESERVED_URL_IDS, ...collections.filter((c) => c.id !== self.id).map((c) => c.urlId)]);
  return uniqueUrlId(urlId.trim(), taken);
}

export function problemsOf(draft: SettingsDraft, page: Collection, nowMs = Date.now()): Problems {
  const problems: Problems = {};
  if (draft.title.trim() === '' || draft.title.length > SITE_LIMITS.titleMaxLength) problems.title = ERROR_MESSAGES.INVALID_TITLE;
  if (draft.navigationTitle.length > SITE_LIMITS.titleMaxLength) problems.navigationTitle = ERROR_MESSAGES.INVALID_TITLE;
  const url = urlIdProblem(draft.urlId);
  if (url) problems.urlId = url;
  if (draft.seoTitle.length > SITE_LIMITS.titleMaxLength) problems.seoTitle = `Use at most ${SITE_LIMITS.titleMaxLength} characters.`;
  if (draft.seoDescription.length > SITE_LIMITS.seoDescriptionMaxLength) problems.seoDescription = `Use at most ${SITE_LIMITS.seoDescriptionMaxLength} characters.`;
  if (draft.status === 'Scheduled') {
    const at = Date.parse(draft.publishAt);
    if (draft.publishAt === '' || !Number.isFinite(at) || at <= nowMs) problems.publishAt = ERROR_MESSAGES.SCHEDULE_IN_PAST;
  }
  if (hasItems(page)) {
    const size = Number(draft.pageSize);
    if (!Number.isInteger(size) || size < 1 || size > SITE_LIMITS.pageSizeMax) problems.pageSize = `Enter a whole number from 1 to ${SITE_LIMITS.pageSizeMax}.`;
  }
  if (draft.locked && !page.passwordProtected && draft.password === '') problems.password = ERROR_MESSAGES.PAGE_PASSWORD_INVALID;
  if (draft.password.length > SITE_LIMITS.passwordMaxLength) problems.password = ERROR_MESSAGES.PAGE_PASSWORD_INVALID;
  return problems;
}

/** Blogs, calendars, galleries and stores list items a page at a time. */
export const hasItems = (c: Pick<Collection, 'typeName'>) => c.typeName === 'blog' || c.typeName === 'events' || c.typeName === 'gallery' || c.typeName === 'products';

/** The PUT body: only the fields that differ from the page as loaded (the status with its date). */
export function changesOf(draft: SettingsDraft, page: Collection): CollectionChanges {
  const changes: CollectionChanges = {};
  const title = draft.title.trim();
  if (title !== page.title) changes.title = title;
  const navigationTitle = draft.navigationTitle.trim() === title ? '' : draft.navigationTitle.trim();
  const currentNavigationTitle = page.navigationTitle === page.title ? '' : page.navigationTitle;
  if (navigationTitle !== currentNavigationTitle) changes.navigationTitle = navigationTitle;
  if (draft.urlId.trim() !== page.urlId) changes.urlId = draft.urlId.trim();
  if (draft.seoTitle.trim() !== page.seoTitle) changes.seoTitle = draft.seoTitle.trim();
  if (draft.seoDescription.trim() !== page.seoDescription) changes.seoDescription = draft.seoDescription.trim();
  if (page.folder && draft.folderBehavior !== page.folderBehavior) changes.folderBehavior = draft.folderBehavior;
  if (hasItems(page) && Number(draft.pageSize) !== page.pageSize) changes.pageSize = Number(draft.pageSize);
  if (draft.membersOnly !== page.membersOnly) changes.membersOnly = draft.membersOnly;
  const publishOn = draft.status === 'Scheduled' ? Date.parse(draft.publishAt) : null;
  const scheduleMoved = draft.status === 'Scheduled' && publishOn !== page.publishOn;
  if (draft.status !== page.workflowState || scheduleMoved) {
    changes.workflowState = draft.status;
    changes.publishOn = publishOn;
  }
  return changes;
}

/** The lock to set: a new password, none (unlock), or no change. */
export function passwordChangeOf(draft: SettingsDraft, page: Collection): { password: string | null } | null {
  if (!draft.locked) return page.passwordProtected ? { password: null } : null;
  if (draft.password !== '') return { password: draft.password };
  return null;
}

export function isDirty(draft: SettingsDraft, page: Collection): boolean {
  const changes = changesOf(draft, page);
  return Object.keys(changes).length > 0 || passwordChangeOf(draft, page) !== null || draft.locked !== page.passwordProtected;
}

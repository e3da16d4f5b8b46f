import type { DomainError } from '../shared/decider';
import { domainError, ERROR_MESSAGES, type ErrorCode } from '../shared/error-catalogue';
import { isValidUrlId, slugify } from '../catalog/url-id';

/** SPEC section 9 limits for site content, and our own input bounds where the SPEC names none. */
export const SITE_LIMITS = {
  blocksPerLayout: 60,
  itemsPerUserOrderableCollection: 250,
  /** Blogs and event calendars are ordered by date, not by hand: our own bound. */
  itemsPerDatedCollection: 10_000,
  tagMaxLength: 50,
  categoryMaxLength: 25,
  tagsPerItem: 50,
  categoriesPerItem: 50,
  titleMaxLength: 200,
  tagLineMaxLength: 500,
  descriptionMaxLength: 20_000,
  /** A page's SEO description: search engines show about 160 characters. */
  seoDescriptionMaxLength: 1000,
  excerptMaxLength: 20_000,
  bodyMaxLength: 400_000,
  headerFooterMaxLength: 200_000,
  blockValueMaxLength: 200_000,
  idMaxLength: 200,
  nameMaxLength: 100,
  /** SPEC 5: validator URL maximum length. */
  urlMaxLength: 2083,
  socialAccounts: 30,
  /** The announcement bar's text (our own bound; one line on a phone is about 50 characters). */
  announcementMaxLength: 300,
  linksPerNavigation: 100,
  pageSizeMax: 100,
  passwordMaxLength: 1024,
} as const;

/**
 * System routes a page may not take: the SPEC's /cart, /search, /config, /settings and our own
 * /api, /static, /healthz, /checkout, /commerce, /account.
 */
export const RESERVED_URL_IDS = ['api', 'cart', 'checkout', 'commerce', 'config', 'search', 'settings', 'static', 'healthz', 'account', 's', 'p'];

export type Check = DomainError | null;

/** A catalogue error whose message has `{name}` placeholders filled from `values`. */
export function templatedError(code: ErrorCode, values: Record<string, string | number>, details?: Record<string, unknown>): DomainError {
  let message: string = ERROR_MESSAGES[code];
  for (const [name, value] of Object.entries(values)) message = message.split(`{${name}}`).join(String(value));
  return domainError(code, { ...values, ...details }, message);
}

export const notAnOption = (val: string, field: string): DomainError => templatedError('NOT_AN_EXPECTED_OPTION', { val }, { field });

export function checkSiteTitle(title: string, options: { allowEmpty?: boolean } = {}): Check {
  if (typeof title !== 'string') return domainError('INVALID_TITLE');
  if (!options.allowEmpty && title.trim() === '') return domainError('INVALID_TITLE');
  return title.length > SITE_LIMITS.titleMaxLength ? domainError('INVALID_TITLE') : null;
}

export function checkText(value: string | null, field: string, max: number): Check {
  if (value === null) return null;
  return typeof value !== 'string' || value.length > max ? domainError('INVALID_TEXT_FIELD', { field }, `${field} must be text of at most ${max} characters.`) : null;
}

export function checkUrlId(urlId: string): Check {
  return typeof urlId === 'string' && isValidUrlId(urlId) ? null : domainError('INVALID_URL_ID');
}

/** The URL id a title asks for: its slug, or `fallback` when the slug is under 3 characters (SPEC 5). */
export function urlIdFor(title: string, fallback: string): string {
  const slug = slugify(title);
  return slug.length < 3 ? fallback : slug;
}

/**
 * A link an owner may put on a page: http(s), mailto, tel, or a path on this site; at most 2083
 * characters (SPEC 5). Anything else ('javascript:', protocol-relative '//host') is refused.
 */
export function isSafeLink(url: string): boolean {
  if (typeof url !== 'string' || url.length === 0 || url.length > SITE_LIMITS.urlMaxLength) return false;
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\u0000-\u001f\s]/.test(url.trim()) || url.trim() !== url) return false;
  if (url.startsWith('/')) return !url.startsWith('//');
  if (url.startsWith('#')) return true;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === 'mailto' || scheme === 'tel') return url.length > scheme.length + 1;
  if (scheme !== 'http' && scheme !== 'https') return false;
  try {
    return new URL(url).hostname.length > 0;
  } catch {
    return false;
  }
}

export function checkLink(url: string, field: string): Check {
  return isSafeLink(url) ? null : templatedError('INVALID_LINK', { val: String(url).slice(0, 100) }, { field });
}

export function checkTagsAndCategories(tags: string[], categories: string[]): Check {
  if (tags.length > SITE_LIMITS.tagsPerItem) return domainError('INVALID_TEXT_FIELD', { field: 'tags' }, `At most ${SITE_LIMITS.tagsPerItem} tags.`);
  const badTag = tags.find((t) => typeof t !== 'string' || t.trim() === '' || t.length > SITE_LIMITS.tagMaxLength);
  if (badTag !== undefined) return domainError('TAG_TOO_LONG', { tag: badTag });
  if (categories.length > SITE_LIMITS.categoriesPerItem) {
    return domainError('INVALID_TEXT_FIELD', { field: 'categories' }, `At most ${SITE_LIMITS.categoriesPerItem} categories.`);
  }
  const badCategory = categories.find((c) => typeof c !== 'string' || c.trim() === '' || c.length > SITE_LIMITS.categoryMaxLength);
  return badCategory !== undefined ? domainError('CATEGORY_TOO_LONG', { category: badCategory }) : null;
}

/** Epoch milliseconds: a safe integer within the years 1970-9999. */
export function isEpochMs(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= 253_402_300_799_999;
}

export function epochMs(iso: string): number {
  return Date.parse(iso);
}

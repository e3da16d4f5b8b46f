/**
 * Who and what is tracked (SPEC 2 'Page kinds detected for tracking', 6 'Visitor-count tracking',
 * 'Performance cookies'; issue 16: the Global Privacy Control signal). Pure: the tracker script
 * decides with it in the browser from what the page tells it (web/src/tracker) and what only the
 * browser knows (the cookie consent, `navigator.globalPrivacyControl`).
 */

/** Page types on which nothing is recorded (SPEC 2): not found, lock screen, member area access denied; and search (SPEC 2 '/search'). */
export const UNTRACKED_PAGE_TYPES: readonly number[] = [100, 102, 103, 106];
export const SEARCH_PATH = '/search';
/** The owner app's paths: a viewer there is at work, not visiting. */
export const OWNER_APP_PATH = '/config';

/** The site's cookie policy: `restrictive` asks the visitor before performance cookies are set. */
export type CookiePolicy = 'permissive' | 'restrictive';
export const COOKIE_POLICIES: readonly CookiePolicy[] = ['permissive', 'restrictive'];
/**
 * The visitor's cookie consent (set by the site's cookie banner): a comma-separated list of the
 * kinds allowed; `performance` allows the census cookies under the restrictive policy.
 */
export const COOKIE_CONSENT_COOKIE = 'ss_cookie_consent';

export type TrackingInput = {
  pageType: number;
  /** The page's path (no query). */
  path: string;
  /** The signed-in account's website roles (SPEC 6: the keys of websiteRoles); empty for a visitor. */
  roles: readonly string[];
  /** A disabling flag (the site's VISITOR_TRACKING setting is off). */
  disabled: boolean;
  cookiePolicy: CookiePolicy;
  /** The visitor allowed performance cookies (the consent cookie names `performance`). */
  performanceCookiesAllowed: boolean;
  /** `navigator.globalPrivacyControl === true`. */
  globalPrivacyControl: boolean;
};

export type TrackingSkipReason = 'page-type' | 'search' | 'signed-in' | 'disabled' | 'cookie-policy' | 'global-privacy-control';

export type TrackingDecision = {
  track: boolean;
  /** Why nothing is tracked; null when it is. */
  skipped: TrackingSkipReason | null;
  /** SPEC 6: clear ss_cid, ss_cpvisit, ss_cvisit, ss_cvr, ss_cvt (restrictive policy, performance cookies not allowed). */
  clearPerformanceCookies: boolean;
};

/** Whether `path` is `prefix` or below it. */
const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** SPEC 6: a visitor (no account), or an account whose only website role is viewer, outside /config. */
export function countsAsVisitor(roles: readonly string[], path: string): boolean {
  return roles.length === 0 || (roles.join() === 'viewer' && !under(path, OWNER_APP_PATH));
}

/** The performance-cookie consent in a consent cookie's value (`performance` among its comma-separated kinds). */
export function allowsPerformanceCookies(consent: string | null | undefined): boolean {
  return typeof consent === 'string' && consent.split(',').some((kind) => kind.trim() === 'performance');
}

export function trackingDecision(input: TrackingInput): TrackingDecision {
  const clearPerformanceCookies = input.cookiePolicy === 'restrictive' && !input.performanceCookiesAllowed;
  const skipped: TrackingSkipReason | null = input.disabled
    ? 'disabled'
    : clearPerformanceCookies
      ? 'cookie-policy'
      : input.globalPrivacyControl
        ? 'global-privacy-control'
        : UNTRACKED_PAGE_TYPES.includes(input.pageType)
          ? 'page-type'
          : under(input.path, SEARCH_PATH)
            ? 'search'
            : !countsAsVisitor(input.roles, input.path)
              ? 'signed-in'
              : null;
  return { track: skipped === null, skipped, clearPerformanceCookies };
}

/**
 * The visitor census cookie `ss_cvr` and the visit-timing cookie `ss_cvt` (SPEC 3, 4 'Visit
 * cookies', 5, 9): their validity and how a page view moves them on. Pure and dependency-free:
 * the tracker script (web/src/tracker) runs it in the browser on `document.cookie`, and the census
 * endpoints parse the `ss_cvr` a hit carries with the same parser (a forged cookie is refused).
 */
import type { CensusCookie } from './wire';

export const CENSUS_COOKIE = 'ss_cvr';
export const TIMING_COOKIE = 'ss_cvt';
/** SPEC 6: the performance cookies cleared when the restrictive cookie policy applies and they are not allowed. */
export const PERFORMANCE_COOKIES = ['ss_cid', 'ss_cpvisit', 'ss_cvisit', CENSUS_COOKIE, TIMING_COOKIE] as const;

/** SPEC 9: census cookie 2 years, timing cookie 30 minutes (as cookie Max-Age, seconds). */
export const CENSUS_COOKIE_MAX_AGE_SECONDS = 730 * 24 * 60 * 60;
export const TIMING_COOKIE_MAX_AGE_SECONDS = 30 * 60;

/** The census id: what the tracker makes (32 hex digits) or any id of letters, digits, `-` and `_`, at most 64. */
const CENSUS_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** A positive integer written without a sign, a leading zero, a fraction or an exponent. */
const POSITIVE_INTEGER = /^[1-9][0-9]{0,15}$/;

function positiveInteger(text: unknown): number | null {
  if (typeof text !== 'string' || !POSITIVE_INTEGER.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * SPEC 5: an id followed by four bar-separated positive integers (first visit, previous visit,
 * latest visit, visit count), else invalid (null). Times are ms since the epoch.
 */
export function parseCensusCookie(value: string | null | undefined): CensusCookie | null {
  if (typeof value !== 'string') return null;
  const parts = value.split('|');
  if (parts.length !== 5 || !CENSUS_ID.test(parts[0]!)) return null;
  const numbers = parts.slice(1).map(positiveInteger);
  if (numbers.includes(null)) return null;
  const [firstVisit, previousVisit, latestVisit, visitCount] = numbers as number[];
  return { id: parts[0]!, firstVisit: firstVisit!, previousVisit: previousVisit!, latestVisit: latestVisit!, visitCount: visitCount! };
}

export function formatCensusCookie(c: CensusCookie): string {
  return `${c.id}|${c.firstVisit}|${c.previousVisit}|${c.latestVisit}|${c.visitCount}`;
}

/** SPEC 5: the timing cookie is a positive integer (a timestamp) without a leading zero, else invalid (null). */
export function parseTimingCookie(value: string | null | undefined): number | null {
  return positiveInteger(value);
}

/**
 * What a page view does to the two cookies (SPEC 4 'Visit cookies'):
 * - valid census cookie and no (valid) timing cookie: a new visit of a returning visitor: the
 *   previous visit becomes the latest, the latest is now, the count rises by 1, a new timing cookie;
 * - missing or invalid census cookie: a new visitor: a new census cookie (id `newId`, all three
 *   times now, count 1) and a new timing cookie;
 * - valid census cookie and valid timing cookie: the same visit: the census cookie is unchanged
 *   and the timing cookie is refreshed (its 30 minutes start again).
 * The timing cookie's value is the time of the page view. `now` is ms since the epoch.
 */
export type VisitCookies = {
  census: CensusCookie;
  /** `ss_cvr`'s new value. */
  censusValue: string;
  /** `ss_cvt`'s new value. */
  timingValue: string;
  /** The first page view of a visit. */
  newVisit: boolean;
  /** The census cookie was missing or invalid: a visitor not seen before. */
  newVisitor: boolean;
};

export function nextVisitCookies(input: { census: string | null | undefined; timing: string | null | undefined; now: number; newId: () => string }): VisitCookies {
  const now = Math.max(1, Math.floor(input.now));
  const found = parseCensusCookie(input.census);
  const timingValid = parseTimingCookie(input.timing) !== null;
  let census: CensusCookie;
  let newVisit = true;
  if (!found) {
    census = { id: input.newId(), firstVisit: now, previousVisit: now, latestVisit: now, visitCount: 1 };
  } else if (!timingValid) {
    census = { ...found, previousVisit: found.latestVisit, latestVisit: now, visitCount: Math.min(found.visitCount + 1, Number.MAX_SAFE_INTEGER) };
  } else {
    census = found;
    newVisit = false;
  }
  return { census, censusValue: formatCensusCookie(census), timingValue: String(now), newVisit, newVisitor: !found };
}

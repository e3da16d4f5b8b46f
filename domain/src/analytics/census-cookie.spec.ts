import {
  CENSUS_COOKIE_MAX_AGE_SECONDS, formatCensusCookie, nextVisitCookies, parseCensusCookie, parseTimingCookie, PERFORMANCE_COOKIES, TIMING_COOKIE_MAX_AGE_SECONDS,
} from './census-cookie';

const T0 = 1_790_000_000_000;
const MIN = 60_000;

describe('census cookie ss_cvr (SPEC 5)', () => {
  it.each<[string, string]>([
    ['five parts: an id and four positive integers', `abc123|${T0}|${T0 + 1}|${T0 + 2}|3`],
    ['an id of letters, digits, - and _', 'A-b_9|1|1|1|1'],
    ['a 64-character id', `${'a'.repeat(64)}|1|2|3|4`],
  ])('accepts %s', (_why, value) => {
    const parsed = parseCensusCookie(value);
    expect(parsed).not.toBeNull();
    expect(formatCensusCookie(parsed!)).toBe(value);
  });

  it('reads the parts in the SPEC order: id, first visit, previous visit, latest visit, visit count', () => {
    expect(parseCensusCookie('v1|10|20|30|4')).toEqual({ id: 'v1', firstVisit: 10, previousVisit: 20, latestVisit: 30, visitCount: 4 });
  });

  it.each<[string, string | null | undefined]>([
    ['missing', undefined],
    ['null', null],
    ['empty', ''],
    ['four parts', 'abc|1|2|3'],
    ['six parts', 'abc|1|2|3|4|5'],
    ['an empty id', '|1|2|3|4'],
    ['an id with other characters', 'a b|1|2|3|4'],
    ['an id over 64 characters', `${'a'.repeat(65)}|1|2|3|4`],
    ['a zero', 'abc|0|2|3|4'],
    ['a zero count', 'abc|1|2|3|0'],
    ['a negative number', 'abc|-1|2|3|4'],
    ['a plus sign', 'abc|+1|2|3|4'],
    ['a leading zero', 'abc|01|2|3|4'],
    ['a fraction', 'abc|1.5|2|3|4'],
    ['an exponent', 'abc|1e3|2|3|4'],
    ['hex', 'abc|0x10|2|3|4'],
    ['a word', 'abc|soon|2|3|4'],
    ['an empty number', 'abc||2|3|4'],
    ['spaces', 'abc| 1|2|3|4'],
    ['beyond the safe integers', 'abc|9007199254740993|2|3|4'],
    ['another separator', 'abc,1,2,3,4'],
  ])('is invalid when %s', (_why, value) => {
    expect(parseCensusCookie(value)).toBeNull();
  });
});

describe('timing cookie ss_cvt (SPEC 5)', () => {
  it.each(['1', '42', String(T0)])('accepts %s', (value) => expect(parseTimingCookie(value)).toBe(Number(value)));
  it.each<[string, string | undefined]>([
    ['missing', undefined], ['empty', ''], ['zero', '0'], ['a leading zero', '0123'], ['negative', '-5'], ['a fraction', '12.5'],
    ['an exponent', '1e9'], ['a word', 'now'], ['trailing text', '123abc'], ['a space', ' 123'],
  ])('is invalid when %s', (_why, value) => expect(parseTimingCookie(value)).toBeNull());
});

describe('visit cookie transitions (SPEC 4)', () => {
  const newId = () => 'fresh';
  const returning = `old|${T0}|${T0 + MIN}|${T0 + 2 * MIN}|2`;

  it.each<[string, string | undefined, string | undefined, { census: string; newVisit: boolean; newVisitor: boolean }]>([
    ['no cookies: a new visitor with count 1', undefined, undefined, { census: `fresh|${T0 + 60 * MIN}|${T0 + 60 * MIN}|${T0 + 60 * MIN}|1`, newVisit: true, newVisitor: true }],
    ['an invalid census cookie: replaced by a new one', 'garbage', undefined, { census: `fresh|${T0 + 60 * MIN}|${T0 + 60 * MIN}|${T0 + 60 * MIN}|1`, newVisit: true, newVisitor: true }],
    ['an invalid census cookie with a valid timing cookie: still a new visitor', 'old|01|2|3|4', String(T0), { census: `fresh|${T0 + 60 * MIN}|${T0 + 60 * MIN}|${T0 + 60 * MIN}|1`, newVisit: true, newVisitor: true }],
    ['a four-part census cookie: a new visitor', 'old|1|2|3', undefined, { census: `fresh|${T0 + 60 * MIN}|${T0 + 60 * MIN}|${T0 + 60 * MIN}|1`, newVisit: true, newVisitor: true }],
    ['valid census, timing cookie missing: previous = latest, latest = now, count + 1', returning, undefined, { census: `old|${T0}|${T0 + 2 * MIN}|${T0 + 60 * MIN}|3`, newVisit: true, newVisitor: false }],
    ['valid census, timing cookie invalid (leading zero): a new visit', returning, '0123', { census: `old|${T0}|${T0 + 2 * MIN}|${T0 + 60 * MIN}|3`, newVisit: true, newVisitor: false }],
    ['valid census, timing cookie not an integer: a new visit', returning, '12.5', { census: `old|${T0}|${T0 + 2 * MIN}|${T0 + 60 * MIN}|3`, newVisit: true, newVisitor: false }],
    ['valid census and timing cookie: the same visit, census unchanged', returning, String(T0 + 50 * MIN), { census: returning, newVisit: false, newVisitor: false }],
  ])('%s', (_why, census, timing, expected) => {
    const next = nextVisitCookies({ census, timing, now: T0 + 60 * MIN, newId });
    expect(next.censusValue).toBe(expected.census);
    expect(parseCensusCookie(next.censusValue)).toEqual(next.census);
    expect(next.newVisit).toBe(expected.newVisit);
    expect(next.newVisitor).toBe(expected.newVisitor);
    // Every page view makes or refreshes the timing cookie with its own time.
    expect(next.timingValue).toBe(String(T0 + 60 * MIN));
  });

  it('counts visits across a sequence of page views (timing cookie expiring between visits)', () => {
    const first = nextVisitCookies({ census: undefined, timing: undefined, now: T0, newId });
    const sameVisit = nextVisitCookies({ census: first.censusValue, timing: first.timingValue, now: T0 + 5 * MIN, newId });
    const second = nextVisitCookies({ census: sameVisit.censusValue, timing: undefined, now: T0 + 90 * MIN, newId });
    const third = nextVisitCookies({ census: second.censusValue, timing: undefined, now: T0 + 200 * MIN, newId });
    expect([first.census.visitCount, sameVisit.census.visitCount, second.census.visitCount, third.census.visitCount]).toEqual([1, 1, 2, 3]);
    expect(third.census).toEqual({ id: 'fresh', firstVisit: T0, previousVisit: T0 + 90 * MIN, latestVisit: T0 + 200 * MIN, visitCount: 3 });
  });

  it('keeps a census cookie at the largest count valid', () => {
    const top = `id|1|2|3|${Number.MAX_SAFE_INTEGER}`;
    const next = nextVisitCookies({ census: top, timing: undefined, now: T0, newId });
    expect(next.census.visitCount).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseCensusCookie(next.censusValue)).not.toBeNull();
  });

  it('has the SPEC 9 lifetimes and the SPEC 6 performance cookies', () => {
    expect(CENSUS_COOKIE_MAX_AGE_SECONDS).toBe(2 * 365 * 24 * 3600);
    expect(TIMING_COOKIE_MAX_AGE_SECONDS).toBe(1800);
    expect(PERFORMANCE_COOKIES).toEqual(['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt']);
  });
});

import { deviceClassOf, hitEventOf, isKnownBot, languageOf, referrerHostOf, utmSourceOf } from './ingestion-events';
import { cut, readCensusCookie, parseJavascriptErrorReport, parsePerformanceRecords, parseRecordHit } from './ingestion-parsers';

const NOW = Date.UTC(2026, 10, 28, 12);
const T = NOW - 60_000;

describe('the server-side census cookie reading (SPEC 5)', () => {
  it.each([
    ['a valid cookie', `abc-123_X|${T - 1000}|${T - 500}|${T}|4`, true],
    ['a first visit (all times equal, count 1)', `abc|${T}|${T}|${T}|1`, true],
    ['four parts', `abc|${T}|${T}|${T}`, false],
    ['six parts', `abc|${T}|${T}|${T}|1|1`, false],
    ['a leading zero', `abc|0${T}|${T}|${T}|1`, false],
    ['a zero count', `abc|${T}|${T}|${T}|0`, false],
    ['a non-integer', `abc|${T}|${T}|${T}|1.5`, false],
    ['a negative time', `abc|-${T}|${T}|${T}|1`, false],
    ['an empty id', `|${T}|${T}|${T}|1`, false],
    ['an id with a space', `a b|${T}|${T}|${T}|1`, false],
    ['an id of 65 characters', `${'a'.repeat(65)}|${T}|${T}|${T}|1`, false],
    ['a latest visit far in the future', `abc|${T}|${T}|${NOW + 2 * 86_400_000}|1`, false],
    ['a time before 2000', `abc|1000|1000|${T}|2`, false],
    ['a first visit after the latest', `abc|${T + 1}|${T}|${T}|2`, false],
    ['a previous visit after the latest', `abc|${T - 5}|${T + 1}|${T}|2`, false],
    ['a count over a million', `abc|${T}|${T}|${T}|1000001`, false],
    ['a number too big to be exact', `abc|${T}|${T}|${T}|99999999999999999`, false],
    ['not text', 42, false],
  ])('%s', (_name, value, ok) => {
    const parsed = readCensusCookie(value, NOW);
    expect(parsed.ok).toBe(ok);
    if (!parsed.ok) expect(parsed.error).toMatchObject({ code: 'INVALID_REQUEST', details: { field: 'ss_cvr' } });
  });

  it('reads the parts', () => {
    expect(readCensusCookie(`abc|${T - 2}|${T - 1}|${T}|3`, NOW)).toEqual({ ok: true, value: { id: 'abc', firstVisit: T - 2, previousVisit: T - 1, latestVisit: T, visitCount: 3 } });
  });
});

describe('RecordHit parsing', () => {
  const data = { websiteId: 'w', url: 'https://shop.example/a', title: 'A', pagePath: '/a', pageType: 1, pageKind: null, viewportInnerWidth: 800, isFirstLanding: true, sessionId: 's', referrer: '', queryString: '' };
  const form = (extra: Record<string, unknown> = {}, event = 'view') => ({ event, data: JSON.stringify({ ...data, ...extra }), ss_cvr: `abc|${T}|${T}|${T}|1` });

  it('cuts long texts to 5000 characters and refuses long ids', () => {
    const parsed = parseRecordHit(form({ title: 'x'.repeat(6000), url: 'u'.repeat(9000) }), NOW);
    expect(parsed.ok && [parsed.value.data.title.length, parsed.value.data.url.length]).toEqual([5000, 5000]);
    expect(parseRecordHit(form({ sessionId: 's'.repeat(201) }), NOW)).toMatchObject({ ok: false, error: { details: { field: 'sessionId' } } });
  });

  it('answers MALFORMED_JSON for data that does not parse, INVALID_REQUEST for wrong types', () => {
    expect(parseRecordHit({ ...form(), data: '{' }, NOW)).toMatchObject({ ok: false, error: { code: 'MALFORMED_JSON' } });
    expect(parseRecordHit(form({ pageType: '1' }), NOW)).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST', details: { field: 'pageType' } } });
    expect(parseRecordHit(form({ isFirstLanding: 'yes' }), NOW)).toMatchObject({ ok: false, error: { details: { field: 'isFirstLanding' } } });
    expect(parseRecordHit(form({}, 'purchase'), NOW)).toMatchObject({ ok: false, error: { details: { field: 'event' } } });
    expect(parseRecordHit({ ...form(), event: ['view', 'view'] }, NOW)).toMatchObject({ ok: false });
    expect(parseRecordHit(form({ pageKind: 'home' }), NOW)).toMatchObject({ ok: false, error: { details: { field: 'pageKind' } } });
  });

  it('never splits a surrogate pair when cutting', () => {
    expect(cut(`${'a'.repeat(4999)}😀`)).toBe('a'.repeat(4999));
  });

  it('builds the page view event', () => {
    const parsed = parseRecordHit(form({ referrer: 'https://Other.example/x', queryString: 'utm_source=mail&x=1', viewportInnerWidth: 1300 }), NOW);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const event = hitEventOf(parsed.value, { hitId: 'h', at: 'now', visitorId: 'v', visitId: 'vi' }, { siteHosts: ['shop.example'], language: 'en' });
    expect(event).toMatchObject({ type: 'PageViewed', data: { referrerHost: 'other.example', utmSource: 'mail', device: 'desktop', newVisit: true, newVisitor: true, language: 'en' } });
  });
});

describe('performance records and error reports', () => {
  const record = { app: 'storefront', event: 'web-vitals', pageLoadId: 'p', ts: T, data: { websiteId: 'w', pagePath: '/', pageType: 1, lcp: 1200 } };
  it('takes 1 to 100 records with numeric metrics', () => {
    expect(parsePerformanceRecords([record]).ok).toBe(true);
    expect(parsePerformanceRecords([]).ok).toBe(false);
    expect(parsePerformanceRecords(Array(101).fill(record)).ok).toBe(false);
    expect(parsePerformanceRecords([{ ...record, data: { ...record.data, cls: -1 } }]).ok).toBe(false);
    expect(parsePerformanceRecords([{ ...record, app: 'other' }]).ok).toBe(false);
  });
  it('takes 1 to 20 error reports, stacks cut to 5000', () => {
    const report = (n: number) => ({ websiteId: 'w', pagePath: '/', pageLoadId: 'p', errors: Array.from({ length: n }, () => ({ message: 'm', stack: 's'.repeat(7000), ts: T })) });
    const parsed = parseJavascriptErrorReport(report(20));
    expect(parsed.ok && parsed.value.errors[0]!.stack.length).toBe(5000);
    expect(parseJavascriptErrorReport(report(21)).ok).toBe(false);
    expect(parseJavascriptErrorReport(report(0)).ok).toBe(false);
  });
});

describe('who is counted, and how', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', false],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1', false],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', false],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', true],
    ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', true],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.0)', true],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', true],
    ['curl/8.5.0', true],
    ['python-requests/2.31.0', true],
    ['', true],
  ])('%s → bot %s', (ua, bot) => {
    expect(isKnownBot(ua)).toBe(bot);
  });

  it('counts headless browsers when told to (browser tests)', () => {
    expect(isKnownBot('Mozilla/5.0 HeadlessChrome/131.0.0.0', { countHeadless: true })).toBe(false);
  });

  it('classes devices by SPEC 9’s breakpoints', () => {
    expect([0, 432, 433, 1024, 1025].map(deviceClassOf)).toEqual(['mobile', 'mobile', 'tablet', 'tablet', 'desktop']);
  });

  it('reduces referrers to another site’s host', () => {
    expect(referrerHostOf('https://www.example.com/a?b', ['shop.example'])).toBe('www.example.com');
    expect(referrerHostOf('https://www.shop.example/a', ['shop.example:3000'])).toBeNull();
    expect(referrerHostOf('', ['shop.example'])).toBeNull();
    expect(referrerHostOf('android-app://com.google', ['shop.example'])).toBeNull();
    expect(referrerHostOf('not a url', ['shop.example'])).toBeNull();
  });

  it('reads utm_source and the first language', () => {
    expect(utmSourceOf('?utm_source=news%20letter&utm_medium=email')).toBe('news letter');
    expect(utmSourceOf('a=1')).toBeNull();
    expect(languageOf('fr-CA,fr;q=0.9')).toBe('fr-CA');
    expect(languageOf('*')).toBeNull();
    expect(languageOf(undefined)).toBeNull();
  });
});

describe('texts PostgreSQL can store', () => {
  it('replaces lone surrogates, keeps pairs', () => {
    const parsed = parseRecordHit(
      { event: 'view', data: JSON.stringify({ websiteId: 'w', url: 'u', title: 'a\ud800b\udc00c😀', pagePath: '/', pageType: 1, viewportInnerWidth: 1, isFirstLanding: true, sessionId: 's\udfff' }), ss_cvr: `abc|${T}|${T}|${T}|1` },
      NOW,
    );
    expect(parsed.ok && [parsed.value.data.title, parsed.value.data.sessionId]).toEqual(['a\ufffdb\ufffdc😀', 's\ufffd']);
  });
});

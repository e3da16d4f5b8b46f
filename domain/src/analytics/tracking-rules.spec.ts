import { allowsPerformanceCookies, countsAsVisitor, trackingDecision, type TrackingInput } from './tracking-rules';

const visitor: TrackingInput = {
  pageType: 2, path: '/', roles: [], disabled: false, cookiePolicy: 'permissive', performanceCookiesAllowed: false, globalPrivacyControl: false,
};

describe('tracking rules (SPEC 2, 6; Global Privacy Control)', () => {
  it.each<[string, Partial<TrackingInput>, ReturnType<typeof trackingDecision>]>([
    ['a visitor on a page', {}, { track: true, skipped: null, clearPerformanceCookies: false }],
    ['a product page (content item)', { pageType: 50, path: '/shop/p/mug' }, { track: true, skipped: null, clearPerformanceCookies: false }],
    ['the cart', { pageType: 200, path: '/cart' }, { track: true, skipped: null, clearPerformanceCookies: false }],
    ['not found (100)', { pageType: 100, path: '/nope' }, { track: false, skipped: 'page-type', clearPerformanceCookies: false }],
    ['a lock screen (103)', { pageType: 103, path: '/private' }, { track: false, skipped: 'page-type', clearPerformanceCookies: false }],
    ['member area access denied (106)', { pageType: 106, path: '/members' }, { track: false, skipped: 'page-type', clearPerformanceCookies: false }],
    ['the search page (102)', { pageType: 102, path: '/search' }, { track: false, skipped: 'page-type', clearPerformanceCookies: false }],
    ['/search whatever its page type', { pageType: 2, path: '/search' }, { track: false, skipped: 'search', clearPerformanceCookies: false }],
    ['below /search', { path: '/search/more' }, { track: false, skipped: 'search', clearPerformanceCookies: false }],
    ['a page that only starts like /search', { path: '/searching' }, { track: true, skipped: null, clearPerformanceCookies: false }],
    ['a signed-in admin', { roles: ['admin'] }, { track: false, skipped: 'signed-in', clearPerformanceCookies: false }],
    ['a signed-in editor', { roles: ['editor'] }, { track: false, skipped: 'signed-in', clearPerformanceCookies: false }],
    ['a viewer outside /config', { roles: ['viewer'], path: '/shop' }, { track: true, skipped: null, clearPerformanceCookies: false }],
    ['a viewer in /config', { roles: ['viewer'], path: '/config/pages' }, { track: false, skipped: 'signed-in', clearPerformanceCookies: false }],
    ['a viewer at /config itself', { roles: ['viewer'], path: '/config' }, { track: false, skipped: 'signed-in', clearPerformanceCookies: false }],
    ['a viewer who also has another role', { roles: ['viewer', 'reporting'] }, { track: false, skipped: 'signed-in', clearPerformanceCookies: false }],
    ['the disabling flag', { disabled: true }, { track: false, skipped: 'disabled', clearPerformanceCookies: false }],
    ['the restrictive policy without consent', { cookiePolicy: 'restrictive' }, { track: false, skipped: 'cookie-policy', clearPerformanceCookies: true }],
    ['the restrictive policy with performance cookies allowed', { cookiePolicy: 'restrictive', performanceCookiesAllowed: true }, { track: true, skipped: null, clearPerformanceCookies: false }],
    ['the restrictive policy without consent, even on a 404', { cookiePolicy: 'restrictive', pageType: 100 }, { track: false, skipped: 'cookie-policy', clearPerformanceCookies: true }],
    ['the disabling flag under the restrictive policy still clears the cookies', { disabled: true, cookiePolicy: 'restrictive' }, { track: false, skipped: 'disabled', clearPerformanceCookies: true }],
    ['Global Privacy Control', { globalPrivacyControl: true }, { track: false, skipped: 'global-privacy-control', clearPerformanceCookies: false }],
    ['Global Privacy Control with consent under the restrictive policy', { globalPrivacyControl: true, cookiePolicy: 'restrictive', performanceCookiesAllowed: true }, { track: false, skipped: 'global-privacy-control', clearPerformanceCookies: false }],
  ])('%s', (_why, change, expected) => {
    expect(trackingDecision({ ...visitor, ...change })).toEqual(expected);
  });

  it.each<[readonly string[], string, boolean]>([
    [[], '/', true], [[], '/config', true], [['viewer'], '/', true], [['viewer'], '/configure', true], [['viewer'], '/config/x', false], [['admin'], '/', false], [['viewer', 'viewer2'], '/', false],
  ])('roles %j at %s count as a visitor: %s', (roles, path, expected) => expect(countsAsVisitor(roles, path)).toBe(expected));

  it.each<[string | undefined, boolean]>([
    [undefined, false], ['', false], ['necessary', false], ['performance', true], ['necessary, performance', true], ['performance-ish', false],
  ])('consent %j allows performance cookies: %s', (consent, expected) => expect(allowsPerformanceCookies(consent)).toBe(expected));
});

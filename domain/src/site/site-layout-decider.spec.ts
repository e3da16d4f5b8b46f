import type { CollectionKind } from './collection';
import type { SiteLayoutEvent } from './events';
import { collectionLink, externalLink, type LayoutLink } from './navigation';
import { parseRequest } from '../shared/requests';
import { UpdateNavigationRequest } from './requests';

const parseUpdateNavigation = (raw: unknown) => parseRequest(UpdateNavigationRequest, raw);
import { siteLayoutDecider, type SiteLayoutCommand } from './site-layout-decider';

const NOW = '2026-11-23T10:00:00.000Z';
const registered = (collectionId: string, urlId: string, kind: CollectionKind = 'page'): SiteLayoutEvent => ({
  type: 'CollectionRegistered', data: { collectionId, kind, urlId, registeredAt: NOW },
});
const given = (events: SiteLayoutEvent[]) => events.reduce(siteLayoutDecider.evolve, siteLayoutDecider.initialState());
const decide = (events: SiteLayoutEvent[], command: SiteLayoutCommand) => siteLayoutDecider.decide(command, given(events));
const run = (events: SiteLayoutEvent[], command: SiteLayoutCommand): SiteLayoutEvent[] => {
  const d = decide(events, command);
  if (!d.ok) throw new Error(d.error.message);
  return [...events, ...d.events];
};
const errorCode = (events: SiteLayoutEvent[], command: SiteLayoutCommand) => {
  const d = decide(events, command);
  return d.ok ? 'accepted' : d.error.code;
};
const register = (collectionId: string, wantedUrlId: string, kind: CollectionKind = 'page'): SiteLayoutCommand => ({
  type: 'RegisterCollection', data: { collectionId, kind, wantedUrlId, now: NOW },
});
const nav = (items: LayoutLink[], fieldName = 'mainNav'): SiteLayoutCommand => ({ type: 'UpdateNavigation', data: { fieldName, templateId: 't1', items, now: NOW } });
const site: SiteLayoutEvent[] = [
  registered('home', 'home'), { type: 'HomePageSet', data: { collectionId: 'home', setAt: NOW } },
  registered('about', 'about'), registered('journal', 'journal', 'blog'), registered('more', 'more', 'folder'),
];

describe('site layout: URL ids, home page and navigation', () => {
  it('grants URL ids unique across the site: -1, -2 for duplicates (SPEC 5)', () => {
    let events = run([], register('a', 'about'));
    events = run(events, register('b', 'about'));
    events = run(events, register('c', 'about'));
    expect(Object.values(given(events).collections).map((c) => c.urlId)).toEqual(['about', 'about-1', 'about-2']);
  });

  it('keeps system routes free (/cart, /search, /config, /api …)', () => {
    const events = run(run([], register('a', 'search')), register('b', 'cart'));
    expect(Object.values(given(events).collections).map((c) => c.urlId)).toEqual(['search-1', 'cart-1']);
  });

  it('registering the same collection again changes nothing; another kind under its id is refused', () => {
    expect(decide(site, register('about', 'about'))).toEqual({ ok: true, events: [] });
    expect(errorCode(site, register('about', 'about', 'blog'))).toBe('COLLECTION_ALREADY_EXISTS');
    expect(errorCode(site, register('x', 'Not A Slug'))).toBe('INVALID_URL_ID');
  });

  it('makes the first page the home page; the earliest remaining one takes over when it goes', () => {
    expect(decide([], register('first', 'first')).ok && given(run([], register('first', 'first'))).homePageId).toBe('first');
    expect(given(run([], register('f', 'f', 'folder'))).homePageId).toBeNull();
    const after = run(site, { type: 'UnregisterCollection', data: { collectionId: 'home', now: NOW } });
    expect(given(after).homePageId).toBe('about');
    expect(errorCode(site, { type: 'SetHomePage', data: { collectionId: 'more', now: NOW } })).toBe('INVALID_HOME_PAGE');
    expect(errorCode(site, { type: 'SetHomePage', data: { collectionId: 'nope', now: NOW } })).toBe('COLLECTION_NOT_FOUND');
  });

  it('changes a URL id to a free one and frees the old one', () => {
    const events = run(site, { type: 'ChangeCollectionUrlId', data: { collectionId: 'about', wantedUrlId: 'journal', now: NOW } });
    expect(given(events).collections.about!.urlId).toBe('journal-1');
    expect(decide(site, { type: 'ChangeCollectionUrlId', data: { collectionId: 'about', wantedUrlId: 'about', now: NOW } })).toEqual({ ok: true, events: [] });
  });

  it('accepts page links, folders with children and external links', () => {
    const items = [
      collectionLink('home'), collectionLink('journal'), collectionLink('more', [collectionLink('about')]),
      externalLink('https://instagram.com/clayandco', 'Instagram'),
    ];
    const events = run(site, nav(items));
    expect(given(events).navigations.mainNav).toEqual(items);
    expect(decide(events, nav(items))).toEqual({ ok: true, events: [] });
  });

  it.each<[string, LayoutLink[], string]>([
    ['a link to a missing page', [collectionLink('gone')], 'INVALID_NAVIGATION'],
    ['children under a page', [collectionLink('about', [collectionLink('journal')])], 'INVALID_NAVIGATION'],
    ['a page twice', [collectionLink('about'), collectionLink('more', [collectionLink('about')])], 'INVALID_NAVIGATION'],
    ['an external link without a title', [{ ...externalLink('https://x.example', 'x'), title: null }], 'INVALID_NAVIGATION'],
    ['a javascript: link', [externalLink('javascript:alert(1)', 'x')], 'INVALID_LINK'],
    ['neither page nor link', [{ ...collectionLink('about'), collectionId: null }], 'INVALID_NAVIGATION'],
  ])('refuses %s', (_, items, code) => {
    expect(errorCode(site, nav(items))).toBe(code);
  });

  it("refuses an unknown navigation: 'Unable to find site main navigation'", () => {
    const d = decide(site, nav([], ''));
    expect(!d.ok && d.error).toMatchObject({ code: 'NAVIGATION_NOT_FOUND', message: 'Unable to find site main navigation' });
    expect(errorCode(site, nav([], 'footerNav'))).toBe('NAVIGATION_NOT_FOUND');
    expect(errorCode(site, nav([collectionLink('about')], 'secondaryNav'))).toBe('accepted');
  });

  it('removes links to a collection that goes; a folder’s children take its place', () => {
    let events = run(site, nav([collectionLink('home'), collectionLink('more', [collectionLink('about'), collectionLink('journal')])]));
    events = run(events, { type: 'UnregisterCollection', data: { collectionId: 'about', now: NOW } });
    expect(given(events).navigations.mainNav).toEqual([collectionLink('home'), collectionLink('more', [collectionLink('journal')])]);
    events = run(events, { type: 'UnregisterCollection', data: { collectionId: 'more', now: NOW } });
    expect(given(events).navigations.mainNav).toEqual([collectionLink('home'), collectionLink('journal')]);
  });

  it('reads UpdateNavigation bodies (SPEC 7: fieldName, templateId, navigation.items)', () => {
    const parsed = parseUpdateNavigation({
      fieldName: 'mainNav', templateId: 'tpl',
      navigation: { items: [{ collectionId: 'more', children: [{ collectionId: 'about' }] }, { externalLink: { url: 'https://x.example', title: 'X' } }] },
    });
    expect(parsed).toEqual({
      ok: true,
      value: {
        fieldName: 'mainNav', templateId: 'tpl',
        items: [collectionLink('more', [collectionLink('about')]), { ...externalLink('https://x.example', 'X'), newWindow: false }],
      },
    });
    expect(parseUpdateNavigation({ fieldName: 'mainNav' })).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    expect(parseUpdateNavigation({ fieldName: 'mainNav', navigation: { items: 'x' } })).toMatchObject({ ok: false, error: { code: 'INVALID_NAVIGATION' } });
  });
});

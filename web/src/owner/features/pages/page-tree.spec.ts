import { collectionLink, externalLink, type LayoutLink } from '@storefront/domain/site/navigation';
import {
  addLink, describePlace, destinationsFor, findLink, linkKey, moveLink, removeLink, renameLink, shiftLink, unlinkedCollections, type Navs,
} from './page-tree';
import type { Collection } from './pages-api';

const page = (id: string, over: Partial<Collection> = {}): Collection => ({
  id, title: id[0]!.toUpperCase() + id.slice(1), navigationTitle: id[0]!.toUpperCase() + id.slice(1), description: '', urlId: id, fullUrl: `/${id}`,
  type: 10, typeName: 'page', folder: false, folderBehavior: null, itemCount: 0, passwordProtected: false, membersOnly: false, published: true,
  workflowState: 'Published', publishOn: 0, seoTitle: '', seoDescription: '', isHome: false, pageSize: 20, updatedOn: 0, ...over,
});
const COLLECTIONS = [
  page('home'), page('shop'), page('studio', { folder: true, typeName: 'folder', folderBehavior: 1, title: 'The Studio', navigationTitle: 'The Studio' }),
  page('about'), page('wholesale'), page('care'),
];
const BY_ID = new Map(COLLECTIONS.map((c) => [c.id, c]));
const ids = (links: LayoutLink[]): unknown[] => links.map((l) => (l.children.length ? [l.collectionId, ids(l.children)] : (l.collectionId ?? l.title)));

const navs = (): Navs => ({
  mainNav: [collectionLink('home'), collectionLink('shop'), collectionLink('studio', [collectionLink('about'), collectionLink('wholesale')])],
  secondaryNav: [collectionLink('about'), externalLink('https://www.instagram.com/clay', 'Instagram')],
});

describe('the page tree', () => {
  it('moves a link within its list, counting the index before the move', () => {
    expect(ids(moveLink(navs(), { nav: 'mainNav', path: [0] }, { nav: 'mainNav', parent: null, index: 2 })!.mainNav)).toEqual(['shop', 'home', ['studio', ['about', 'wholesale']]]);
    expect(ids(moveLink(navs(), { nav: 'mainNav', path: [2] }, { nav: 'mainNav', parent: null, index: 0 })!.mainNav)).toEqual([['studio', ['about', 'wholesale']], 'home', 'shop']);
    expect(moveLink(navs(), { nav: 'mainNav', path: [1] }, { nav: 'mainNav', parent: null, index: 1 })).toBeNull();
    expect(moveLink(navs(), { nav: 'mainNav', path: [1] }, { nav: 'mainNav', parent: null, index: 2 })).toBeNull();
  });

  it('moves a page into a folder, out of it, and to the other navigation', () => {
    const intoFolder = moveLink(navs(), { nav: 'mainNav', path: [1] }, { nav: 'mainNav', parent: 2, index: 0 })!;
    expect(ids(intoFolder.mainNav)).toEqual(['home', ['studio', ['shop', 'about', 'wholesale']]]);
    const outOfFolder = moveLink(navs(), { nav: 'mainNav', path: [2, 1] }, { nav: 'mainNav', parent: null, index: 0 })!;
    expect(ids(outOfFolder.mainNav)).toEqual(['wholesale', 'home', 'shop', ['studio', ['about']]]);
    const across = moveLink(navs(), { nav: 'mainNav', path: [1] }, { nav: 'secondaryNav', parent: null, index: 2 })!;
    expect([ids(across.mainNav), ids(across.secondaryNav)]).toEqual([['home', ['studio', ['about', 'wholesale']]], ['about', 'Instagram', 'shop']]);
  });

  it('unlinks a page, and a folder leaves its pages in its place', () => {
    expect(ids(moveLink(navs(), { nav: 'mainNav', path: [1] }, { nav: 'unlinked' })!.mainNav)).toEqual(['home', ['studio', ['about', 'wholesale']]]);
    expect(ids(removeLink(navs(), { nav: 'mainNav', path: [2] }).mainNav)).toEqual(['home', 'shop', 'about', 'wholesale']);
  });

  it('shifts by one with the keyboard, inside folders too, and stops at the ends', () => {
    const down = shiftLink(navs(), { nav: 'mainNav', path: [0] }, 1)!;
    expect([ids(down.navs.mainNav), down.at]).toEqual([['shop', 'home', ['studio', ['about', 'wholesale']]], { nav: 'mainNav', path: [1] }]);
    const up = shiftLink(navs(), { nav: 'mainNav', path: [2, 1] }, -1)!;
    expect([ids(up.navs.mainNav)[2], up.at]).toEqual([['studio', ['wholesale', 'about']], { nav: 'mainNav', path: [2, 0] }]);
    expect(shiftLink(navs(), { nav: 'mainNav', path: [0] }, -1)).toBeNull();
    expect(shiftLink(navs(), { nav: 'mainNav', path: [2, 1] }, 1)).toBeNull();
  });

  it('adds and renames links; finds a row again by its key after a move', () => {
    const added = addLink(navs(), { nav: 'mainNav', parent: 2, index: 2 }, collectionLink('care'));
    expect(ids(added.mainNav)[2]).toEqual(['studio', ['about', 'wholesale', 'care']]);
    const renamed = renameLink(navs(), { nav: 'secondaryNav', path: [1] }, 'Instagram ↗');
    expect(renamed.secondaryNav[1]!.title).toBe('Instagram ↗');
    const key = linkKey('mainNav', collectionLink('home'));
    expect(findLink(shiftLink(navs(), { nav: 'mainNav', path: [0] }, 1)!.navs, key)).toEqual({ nav: 'mainNav', path: [1] });
    expect(findLink(navs(), linkKey('secondaryNav', renamed.secondaryNav[1]!))).toBeNull();
  });

  it('lists the pages in neither navigation as not linked', () => {
    expect(unlinkedCollections(COLLECTIONS, navs()).map((c) => c.id)).toEqual(['care']);
  });

  it('offers the places a link may go: no folder in a folder, a page once per navigation', () => {
    const forCare = destinationsFor(navs(), BY_ID, { collectionId: 'care', folder: false, from: null });
    expect(forCare.map((d) => d.label)).toEqual([
      'Main navigation (at the end)', 'Inside “The Studio” in main navigation', 'Secondary navigation (at the end)',
    ]);
    const forAbout = destinationsFor(navs(), BY_ID, { collectionId: 'about', folder: false, from: { nav: 'secondaryNav', path: [0] } });
    expect(forAbout.map((d) => d.key)).toEqual(['secondaryNav:top', 'unlinked']);
    const forFolder = destinationsFor(navs(), BY_ID, { collectionId: 'studio', folder: true, from: { nav: 'mainNav', path: [2] } });
    expect(forFolder.map((d) => d.key)).toEqual(['mainNav:top', 'secondaryNav:top', 'unlinked']);
  });

  it('refuses a 101st link in a navigation', () => {
    const full: Navs = { mainNav: Array.from({ length: 100 }, (_, i) => externalLink(`https://example.com/${i}`, `L${i}`)), secondaryNav: [] };
    expect(destinationsFor(full, BY_ID, { collectionId: 'care', folder: false, from: null }).map((d) => d.key)).toEqual(['secondaryNav:top']);
  });

  it('says where a link is in words', () => {
    expect(describePlace(navs(), { nav: 'mainNav', path: [2, 1] }, BY_ID)).toBe('position 2 of 2 in “The Studio” in main navigation');
    expect(describePlace(navs(), { nav: 'secondaryNav', path: [0] }, BY_ID)).toBe('position 1 of 2 in secondary navigation');
  });
});

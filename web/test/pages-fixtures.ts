import type { LayoutLink } from '@storefront/domain/site/navigation';
import type { Collection, ContentItem, SiteLayout } from '../src/owner/features/pages/pages-api';
import { ADMIN_SESSION, SITE_SUMMARY, type FakeAnswer, type FakeServer } from './owner-app';

/** The demo site's pages and navigations, as the owner APIs answer them, for the Pages screens' tests. */
export function collection(id: string, over: Partial<Collection> = {}): Collection {
  const title = over.title ?? id[0]!.toUpperCase() + id.slice(1);
  return {
    id, title, navigationTitle: title, description: '', urlId: id, fullUrl: `/${id}`, type: 10, typeName: 'page', folder: false, folderBehavior: null,
    itemCount: 0, passwordProtected: false, membersOnly: false, published: true, workflowState: 'Published', publishOn: 1_700_000_000_000,
    seoTitle: '', seoDescription: '', isHome: false, pageSize: 20, updatedOn: 1_700_000_000_000, ...over,
  };
}

const link = (collectionId: string, children: LayoutLink[] = []): LayoutLink => ({ collectionId, externalLink: null, title: null, newWindow: false, memberAreaId: null, children });
const external = (url: string, title: string): LayoutLink => ({ collectionId: null, externalLink: url, title, newWindow: true, memberAreaId: null, children: [] });

export function demoCollections(): Collection[] {
  return [
    collection('home', { isHome: true, fullUrl: '/' }),
    collection('shop', { typeName: 'products', type: 13 }),
    collection('journal', { typeName: 'blog', type: 1, itemCount: 2 }),
    collection('gallery', { typeName: 'gallery', type: 15, itemCount: 3 }),
    collection('studio', { title: 'The Studio', navigationTitle: 'The Studio', typeName: 'folder', type: 1, folder: true, folderBehavior: 1 }),
    collection('about'),
    collection('wholesale', { passwordProtected: true }),
    collection('care', { title: 'Care Guide', navigationTitle: 'Care Guide', urlId: 'care-guide', fullUrl: '/care-guide', workflowState: 'Draft', publishOn: null, published: false }),
  ];
}

export function demoLayout(): SiteLayout {
  return {
    homePageId: 'home',
    navigations: [
      { name: 'mainNav', templateId: null, links: [link('home'), link('shop'), link('journal'), link('gallery'), link('studio', [link('about'), link('wholesale')])] },
      { name: 'secondaryNav', templateId: null, links: [link('about'), external('https://www.instagram.com/clayandco', 'Instagram')] },
    ],
  };
}

export function item(id: string, over: Partial<ContentItem> = {}): ContentItem {
  return {
    id, collectionId: 'journal', recordType: 1, title: id, urlId: id, fullUrl: `/journal/${id}`, workflowState: 'Published', publishOn: 1_700_000_000_000,
    addedOn: 1_700_000_000_000, updatedOn: 1_700_000_000_000, mainImageId: null, ...over,
  };
}

/**
 * A fake site owner API with state: navigations change with UpdateNavigation, pages with their
 * PUT, POST and DELETE; `refuse` makes the next request of a key answer with an error.
 */
export function fakeSite(extra: FakeServer = {}) {
  const state = { collections: demoCollections(), layout: demoLayout(), items: { journal: [item('first-firing'), item('glaze-notes', { workflowState: 'Draft', publishOn: null })] } as Record<string, ContentItem[]> };
  const refusals = new Map<string, FakeAnswer>();
  const refuse = (key: string, answer: FakeAnswer) => refusals.set(key, answer);
  const answer = (key: string, ok: (body: unknown) => FakeAnswer) => (body: unknown): FakeAnswer => {
    const refused = refusals.get(key);
    if (refused) {
      refusals.delete(key);
      return refused;
    }
    return ok(body);
  };
  const byId = (id: string) => state.collections.find((c) => c.id === id)!;
  const server: FakeServer = {
    'GET /api/config/session': { body: ADMIN_SESSION },
    'GET /api/site/settings': { body: { ...SITE_SUMMARY, website: { ...SITE_SUMMARY.website, socialAccounts: [], announcementBar: { enabled: false, text: '', url: null } } } },
    'GET /api/site/collections': answer('GET /api/site/collections', () => ({ body: { collections: state.collections } })),
    'GET /api/commondata/GetSiteLayout': answer('GET /api/commondata/GetSiteLayout', () => ({ body: { layout: state.layout } })),
    'POST /api/widget/UpdateNavigation': answer('POST /api/widget/UpdateNavigation', (raw) => {
      const body = raw as { fieldName: string; navigation: { items: LayoutLink[] } };
      const nav = state.layout.navigations.find((n) => n.name === body.fieldName)!;
      nav.links = body.navigation.items.map(fullLink);
      return { body: { layout: state.layout } };
    }),
    'POST /api/site/collections': answer('POST /api/site/collections', (raw) => {
      const body = raw as { kind: Collection['typeName']; title: string; workflowState?: Collection['workflowState'] };
      const urlId = body.title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      const created = collection(`new-${urlId}`, {
        title: body.title, navigationTitle: body.title, urlId, fullUrl: `/${urlId}`, typeName: body.kind, folder: body.kind === 'folder',
        workflowState: body.workflowState ?? 'Published', published: body.workflowState === undefined || body.workflowState === 'Published',
      });
      state.collections.push(created);
      return { status: 201, body: { collection: created } };
    }),
    'GET /api/site/collections/journal/items': answer('GET /api/site/collections/journal/items', () => ({ body: { items: state.items.journal } })),
    'GET /api/site/collections/gallery/items': { body: { items: [item('img-1', { collectionId: 'gallery', title: 'Kiln', recordType: 2 }), item('img-2', { collectionId: 'gallery', title: 'Wheel', recordType: 2 }), item('img-3', { collectionId: 'gallery', title: '', recordType: 2 })] } },
    ...extra,
  };
  for (const c of state.collections) {
    server[`GET /api/site/collections/${c.id}`] = answer(`GET /api/site/collections/${c.id}`, () => ({ body: { collection: byId(c.id) } }));
    server[`PUT /api/site/collections/${c.id}`] = answer(`PUT /api/site/collections/${c.id}`, (raw) => {
      const changes = raw as Partial<Collection>;
      const next = { ...byId(c.id), ...changes };
      if (changes.workflowState) next.published = changes.workflowState === 'Published';
      if (changes.navigationTitle !== undefined) next.navigationTitle = changes.navigationTitle || next.title;
      state.collections = state.collections.map((x) => (x.id === c.id ? next : x));
      return { body: { collection: next } };
    });
    server[`DELETE /api/site/collections/${c.id}`] = answer(`DELETE /api/site/collections/${c.id}`, () => {
      state.collections = state.collections.filter((x) => x.id !== c.id);
      return { status: 204 };
    });
  }
  return { state, server, refuse };
}

function fullLink(l: Partial<LayoutLink>): LayoutLink {
  return { collectionId: l.collectionId ?? null, externalLink: l.externalLink ?? null, title: l.title ?? null, newWindow: l.newWindow ?? false, memberAreaId: l.memberAreaId ?? null, children: (l.children ?? []).map(fullLink) };
}

import { BLOCK, type Block } from './blocks';
import type { CollectionDetails } from './collection';
import { collectionDecider, type CollectionCommand } from './collection-decider';
import type { CollectionEvent } from './events';
import { parseRequest } from '../shared/requests';
import { blocksWithIds, collectionFromRequest, CreateCollectionRequest, LayoutRequest } from './requests';

// The request schemas with what the API adds (ids, the time).
const parseLayout = (raw: unknown, newBlockId: () => string) => {
  const parsed = parseRequest(LayoutRequest, raw);
  return parsed.ok ? { ok: true as const, value: blocksWithIds(parsed.value, newBlockId) } : parsed;
};
const parseNewCollection = (raw: unknown, ctx: Parameters<typeof collectionFromRequest>[1]) => {
  const parsed = parseRequest(CreateCollectionRequest, raw);
  return parsed.ok ? { ok: true as const, value: collectionFromRequest(parsed.value, ctx) } : parsed;
};
import { collectionRecord } from './site-records';

const NOW = '2026-11-23T10:00:00.000Z';
const details = (over: Partial<CollectionDetails> = {}): CollectionDetails => ({
  id: 'c1', websiteId: 'w1', kind: 'page', title: 'About', navigationTitle: '', description: '', urlId: 'about', folderBehavior: null,
  membersOnly: false, published: true, pageSize: 20, storeCollectionId: null, passwordHash: null, layout: [], galleryOptions: {}, createdAt: NOW,
  ...over,
});
const created = (over: Partial<CollectionDetails> = {}): CollectionEvent => ({ type: 'CollectionCreated', data: { collection: details(over) } });
const given = (events: CollectionEvent[]) => events.reduce(collectionDecider.evolve, collectionDecider.initialState());
const decide = (events: CollectionEvent[], command: CollectionCommand) => collectionDecider.decide(command, given(events));
const errorCode = (events: CollectionEvent[], command: CollectionCommand) => {
  const d = decide(events, command);
  return d.ok ? 'accepted' : d.error.code;
};
const html = (id: string): Block => ({ id, type: BLOCK.html, value: { html: `<p>${id}</p>` } });
const layout = (blocks: Block[]): CollectionCommand => ({ type: 'SetCollectionLayout', data: { collectionId: 'c1', blocks, now: NOW } });
const list = (itemId: string, wantedUrlId: string): CollectionCommand => ({ type: 'ListCollectionItem', data: { collectionId: 'c1', itemId, wantedUrlId } });
const listed = (itemId: string, urlId = itemId): CollectionEvent => ({ type: 'CollectionItemListed', data: { collectionId: 'c1', itemId, urlId } });

describe('collections: given events, when a command, then', () => {
  it('creates each kind with its SPEC collection type', () => {
    const kinds = [
      details({ kind: 'page' }), details({ kind: 'blog' }), details({ kind: 'events' }), details({ kind: 'gallery' }),
      details({ kind: 'products', storeCollectionId: 'shop' }), details({ kind: 'folder', folderBehavior: 2 }),
    ];
    expect(kinds.map((c) => collectionRecord(c, { itemCount: 0, isHome: false, updatedAt: NOW })).map((r) => [r.type, r.typeName, r.folder, r.folderBehavior])).toEqual([
      [10, 'page', false, null], [1, 'blog', false, null], [1, 'events', false, null], [15, 'gallery', false, null], [13, 'products', false, null],
      [1, 'folder', true, 2],
    ]);
    for (const c of kinds) expect(errorCode([], { type: 'CreateCollection', data: { collection: c } })).toBe('accepted');
  });

  it.each<[string, Partial<CollectionDetails>, string]>([
    ['no title', { title: '' }, 'INVALID_TITLE'],
    ['a bad URL id', { urlId: 'About Us' }, 'INVALID_URL_ID'],
    ['a folder without a behaviour', { kind: 'folder' }, 'NOT_AN_EXPECTED_OPTION'],
    ['a folder behaviour of 4', { kind: 'folder', folderBehavior: 4 as 1 }, 'NOT_AN_EXPECTED_OPTION'],
    ['a page with a folder behaviour', { folderBehavior: 1 }, 'WRONG_COLLECTION_KIND'],
    ['products without a store', { kind: 'products' }, 'STORE_NOT_FOUND'],
    ['a blog with blocks', { kind: 'blog', layout: [html('a')] }, 'WRONG_COLLECTION_KIND'],
    ['a page with gallery options', { galleryOptions: { design: 'grid' } }, 'WRONG_COLLECTION_KIND'],
    ['a page size of 0', { pageSize: 0 }, 'INVALID_REQUEST'],
  ])('refuses to create %s', (_, over, code) => {
    expect(errorCode([], { type: 'CreateCollection', data: { collection: details(over) } })).toBe(code);
  });

  it('refuses to create twice and to change a missing or deleted collection', () => {
    expect(errorCode([created()], { type: 'CreateCollection', data: { collection: details() } })).toBe('COLLECTION_ALREADY_EXISTS');
    expect(errorCode([], layout([]))).toBe('COLLECTION_NOT_FOUND');
    expect(errorCode([created(), { type: 'CollectionDeleted', data: { collectionId: 'c1', deletedAt: NOW } }], layout([]))).toBe('COLLECTION_NOT_FOUND');
  });

  it('holds at most 60 blocks in a layout (SPEC 9): the 61st is refused with a clear error', () => {
    const sixty = Array.from({ length: 60 }, (_, i) => html(`b${i}`));
    expect(errorCode([created()], layout(sixty))).toBe('accepted');
    const d = decide([created()], layout([...sixty, html('b60')]));
    expect(!d.ok && d.error).toMatchObject({ code: 'TOO_MANY_BLOCKS', message: 'A layout can hold at most 60 blocks.', details: { limit: 60, count: 61 } });
  });

  it.each<[string, Block, string]>([
    ['an unknown type', { id: 'x', type: 15, value: {} }, 'INVALID_BLOCK'],
    ['an html block without html', { id: 'x', type: BLOCK.html, value: {} }, 'INVALID_BLOCK'],
    ['a button with a javascript: link', { id: 'x', type: BLOCK.button, value: { label: 'Go', url: 'javascript:alert(1)' } }, 'INVALID_BLOCK'],
    ['a map off the globe', { id: 'x', type: BLOCK.map, value: { location: { mapLat: 91, mapLng: 0 } } }, 'INVALID_BLOCK'],
    ['an accordion without items', { id: 'x', type: BLOCK.accordion, value: {} }, 'INVALID_BLOCK'],
    ['no id', { id: '', type: BLOCK.spacer, value: {} }, 'INVALID_BLOCK'],
  ])('refuses a block with %s', (_, block, code) => {
    expect(errorCode([created()], layout([block]))).toBe(code);
  });

  it('accepts every block type the product renders, and any SPEC block type', () => {
    const blocks: Block[] = [
      html('h'),
      { id: 'i', type: BLOCK.image, value: { imageId: 'hero-studio', altText: 'The studio' } },
      { id: 'g', type: BLOCK.gallery, value: { imageIds: ['a', 'b'] } },
      { id: 'f', type: BLOCK.form, value: { formId: 'contact' } },
      { id: 'q', type: BLOCK.quote, value: { text: 'Clay remembers.', source: 'Ana' } },
      { id: 'b', type: BLOCK.button, value: { label: 'Shop', url: '/shop' } },
      { id: 's', type: BLOCK.spacer, value: { height: 40 } },
      { id: 'r', type: BLOCK.horizontalRule, value: {} },
      { id: 'm', type: BLOCK.map, value: { location: { mapLat: 40.7, mapLng: -73.9 }, zoom: 12 } },
      { id: 'v', type: BLOCK.video, value: { url: 'https://www.youtube.com/watch?v=x' } },
      { id: 'md', type: BLOCK.markdown, value: { markdown: '# Hi' } },
      { id: 'c', type: BLOCK.code, value: { code: '<b>x</b>' } },
      { id: 'su', type: BLOCK.summary, value: { collectionId: 'journal' } },
      { id: 'p', type: BLOCK.product, value: { productId: 'p-stoneware-mug' } },
      { id: 'n', type: BLOCK.newsletter, value: { title: 'News' } },
      { id: 'sl', type: BLOCK.socialLinks, value: {} },
      { id: 'a', type: BLOCK.accordion, value: { items: [{ title: 'Q', body: '<p>A</p>' }] } },
      { id: 'tc', type: 14, value: { anything: true } },
    ];
    expect(errorCode([created()], layout(blocks))).toBe('accepted');
    expect(errorCode([created()], layout([html('same'), html('same')]))).toBe('INVALID_BLOCK');
    expect(errorCode([created({ kind: 'blog' })], layout([html('a')]))).toBe('WRONG_COLLECTION_KIND');
  });

  it('holds at most 250 items in a user-orderable collection (SPEC 9): the 251st is refused', () => {
    const full = [created({ kind: 'gallery' }), ...Array.from({ length: 250 }, (_, i) => listed(`i${i}`))];
    const d = decide(full, list('i250', 'i250'));
    expect(!d.ok && d.error).toMatchObject({ code: 'COLLECTION_ITEM_LIMIT', message: 'A collection can hold at most 250 items.' });
    expect(errorCode(full.slice(0, 250), list('i250', 'i250'))).toBe('accepted');
    // Blogs are ordered by date: the 251st post is fine.
    expect(errorCode([created({ kind: 'blog' }), ...full.slice(1)], list('i250', 'i250'))).toBe('accepted');
  });

  it('grants item URL ids unique in the collection: -1, -2 (SPEC 5)', () => {
    const blog = [created({ kind: 'blog' })];
    const events: CollectionEvent[] = [...blog];
    for (const id of ['p1', 'p2', 'p3']) {
      const d = decide(events, list(id, 'first-firing'));
      if (!d.ok) throw new Error(d.error.message);
      events.push(...d.events);
    }
    const state = given(events);
    expect(state.status === 'active' && Object.values(state.items)).toEqual(['first-firing', 'first-firing-1', 'first-firing-2']);
    expect(decide(events, list('p1', 'other'))).toEqual({ ok: true, events: [] });
    expect(errorCode([created()], list('x', 'x'))).toBe('WRONG_COLLECTION_KIND');
    expect(errorCode([created({ kind: 'folder', folderBehavior: 1 })], list('x', 'x'))).toBe('WRONG_COLLECTION_KIND');
  });

  it('reorders gallery items by a full permutation only', () => {
    const gallery = [created({ kind: 'gallery' }), listed('a'), listed('b'), listed('c')];
    const reorder = (itemIds: string[]): CollectionCommand => ({ type: 'ReorderCollectionItems', data: { collectionId: 'c1', itemIds, now: NOW } });
    const d = decide(gallery, reorder(['c', 'a', 'b']));
    expect(d.ok && given([...gallery, ...d.events])).toMatchObject({ order: ['c', 'a', 'b'] });
    expect(errorCode(gallery, reorder(['a', 'b']))).toBe('INVALID_ITEM_ORDER');
    expect(errorCode(gallery, reorder(['a', 'b', 'b']))).toBe('INVALID_ITEM_ORDER');
    expect(errorCode(gallery, reorder(['a', 'b', 'z']))).toBe('INVALID_ITEM_ORDER');
    expect(decide(gallery, reorder(['a', 'b', 'c']))).toEqual({ ok: true, events: [] });
    expect(errorCode([created({ kind: 'blog' }), listed('a')], reorder(['a']))).toBe('WRONG_COLLECTION_KIND');
  });

  it('locks a page with a password hash and unlocks it; folders cannot be locked', () => {
    const setPassword = (passwordHash: string | null): CollectionCommand => ({ type: 'SetCollectionPassword', data: { collectionId: 'c1', passwordHash, now: NOW } });
    const d = decide([created()], setPassword('$scrypt$hash'));
    expect(d).toEqual({ ok: true, events: [{ type: 'CollectionPasswordChanged', data: { collectionId: 'c1', passwordHash: '$scrypt$hash', changedAt: NOW } }] });
    const locked = [created(), ...(d.ok ? d.events : [])];
    const state = given(locked);
    expect(state.status === 'active' && collectionRecord(state.collection, { itemCount: 0, isHome: false, updatedAt: NOW }).passwordProtected).toBe(true);
    expect(errorCode(locked, setPassword(null))).toBe('accepted');
    expect(errorCode([created({ kind: 'folder', folderBehavior: 1 })], setPassword('$scrypt$hash'))).toBe('WRONG_COLLECTION_KIND');
  });

  it('stores gallery options as set; unknown option names are refused in the SPEC wording', () => {
    const set = (options: Record<string, unknown>): CollectionCommand => ({ type: 'SetGalleryOptions', data: { collectionId: 'c1', options, now: NOW } });
    const gallery = [created({ kind: 'gallery' })];
    const d = decide(gallery, set({ design: 'slideshow', padding: 99 }));
    expect(d.ok && d.events[0]).toMatchObject({ data: { options: { design: 'slideshow', padding: 99 } } });
    const state = given([...gallery, ...(d.ok ? d.events : [])]);
    expect(state.status === 'active' && collectionRecord(state.collection, { itemCount: 0, isHome: false, updatedAt: NOW }).galleryOptions).toMatchObject({ design: 'slideshow', padding: 20 });
    const bad = decide(gallery, set({ sparkle: true }));
    expect(!bad.ok && bad.error).toMatchObject({ code: 'NOT_AN_EXPECTED_OPTION', message: 'sparkle is not one of the expected options' });
    expect(errorCode(gallery, set({ design: { nested: true } }))).toBe('INVALID_REQUEST');
    expect(errorCode([created()], set({ design: 'grid' }))).toBe('WRONG_COLLECTION_KIND');
  });

  it('changes settings, recording only what differs', () => {
    const change = (changes: object): CollectionCommand => ({ type: 'ChangeCollectionDetails', data: { collectionId: 'c1', changes, now: NOW } });
    expect(decide([created()], change({ title: 'About', membersOnly: true }))).toEqual({
      ok: true, events: [{ type: 'CollectionDetailsChanged', data: { collectionId: 'c1', changes: { membersOnly: true }, changedAt: NOW } }],
    });
    expect(errorCode([created()], change({ title: '' }))).toBe('INVALID_TITLE');
  });
});

describe('collection input', () => {
  const ctx = { collectionId: 'new', websiteId: 'w1', now: NOW, newBlockId: () => 'generated' };
  it('derives the URL id from the title with a fallback per kind (SPEC 5)', () => {
    const urlIdOf = (body: object) => {
      const p = parseNewCollection(body, ctx);
      return p.ok ? p.value.wantedUrlId : p.error.code;
    };
    expect(urlIdOf({ kind: 'page', title: 'About Us!' })).toBe('about-us');
    expect(urlIdOf({ kind: 'page', title: 'Hi' })).toBe('page');
    expect(urlIdOf({ kind: 'gallery', title: '!' })).toBe('gallery');
    expect(urlIdOf({ kind: 'page', title: 'Anything', urlId: 'Our Story' })).toBe('our-story');
    expect(urlIdOf({ kind: 'shelf', title: 'x' })).toBe('NOT_AN_EXPECTED_OPTION');
    expect(urlIdOf({ kind: 'page' })).toBe('INVALID_TEXT_FIELD');
  });

  it('gives a products collection its store’s id and URL id', () => {
    const p = parseNewCollection({ kind: 'products', title: 'Our Shop', storeCollectionId: 'shop' }, { ...ctx, storeUrlId: () => 'shop' });
    expect(p.ok && [p.value.collection.id, p.value.wantedUrlId, p.value.collection.storeCollectionId]).toEqual(['shop', 'shop', 'shop']);
  });

  it('reads blocks by type number or name and gives missing ids', () => {
    expect(parseLayout({ blocks: [{ type: 'html', value: { html: '<p>x</p>' } }, { id: 'q', type: 31, value: { text: 't' } }] }, () => 'gen')).toEqual({
      ok: true, value: [{ id: 'gen', type: 2, value: { html: '<p>x</p>' } }, { id: 'q', type: 31, value: { text: 't' } }],
    });
    expect(parseLayout({ blocks: [{ type: 'sparkles' }] }, () => 'gen')).toMatchObject({ ok: false, error: { code: 'INVALID_BLOCK' } });
    expect(parseLayout({ blocks: 'none' }, () => 'gen')).toMatchObject({ ok: false, error: { code: 'INVALID_BLOCK' } });
  });
});

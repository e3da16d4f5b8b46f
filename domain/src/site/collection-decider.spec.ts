import { BLOCK, type Block } from './blocks';
import type { CollectionDetails } from './collection';
import { collectionDecider, type CollectionCommand } from './collection-decider';
import type { CollectionEvent } from './events';
import { parseRequest } from '../shared/requests';
import { blocksWithIds, collectionFromRequest, collectionWorkflowTarget, CreateCollectionRequest, EditCollectionRequest, LayoutRequest } from './requests';
import { isCollectionVisible } from './collection';
import { EVENT_UPCASTERS } from '../event-upcasters';

// The request schemas with what the API adds (ids, the time).
const parseLayout = (raw: unknown, newBlockId: () => string) => {
  const parsed = parseRequest(LayoutRequest, raw);
  return parsed.ok ? { ok: true as const, value: blocksWithIds(parsed.value, newBlockId) } : parsed;
};
const parseNewCollection = (raw: unknown, ctx: Parameters<typeof collectionFromRequest>[1]) => {
  const parsed = parseRequest(CreateCollectionRequest, raw);
  return parsed.ok ? { ok: true as const, value: collectionFromRequest(parsed.value, ctx) } : parsed;
};
import { collectionAt, collectionRecord } from './site-records';

const NOW = '2026-11-23T10:00:00.000Z';
const details = (over: Partial<CollectionDetails> = {}): CollectionDetails => ({
  id: 'c1', websiteId: 'w1', kind: 'page', title: 'About', navigationTitle: '', description: '', urlId: 'about', folderBehavior: null,
  membersOnly: false, workflowState: 'Published', publishOn: Date.parse(NOW), seoTitle: '', seoDescription: '', pageSize: 20, storeCollectionId: null, passwordHash: null, layout: [], galleryOptions: {}, createdAt: NOW,
  ...over,
});
const created = (over: Partial<CollectionDetails> = {}): CollectionEvent => ({ type: 'CollectionCreated', data: { collection: details(over) }, schemaVersion: 2 });
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
      ok: true, events: [{ type: 'CollectionDetailsChanged', data: { collectionId: 'c1', changes: { membersOnly: true }, changedAt: NOW }, schemaVersion: 2 }],
    });
    expect(errorCode([created()], change({ title: '' }))).toBe('INVALID_TITLE');
    expect(errorCode([created()], change({ seoTitle: 'x'.repeat(201) }))).toBe('INVALID_TEXT_FIELD');
    expect(errorCode([created()], change({ seoDescription: 'x'.repeat(1001) }))).toBe('INVALID_TEXT_FIELD');
    expect(errorCode([created()], change({ seoTitle: 'About the studio | Clay & Co.', seoDescription: 'Who we are.' }))).toBe('accepted');
  });

  it('gives a page the SPEC 4 content statuses: visible when Published, or Scheduled once due; Draft, Needs Review and Private never', () => {
    const change = (changes: object): CollectionCommand => ({ type: 'ChangeCollectionDetails', data: { collectionId: 'c1', changes, now: NOW } });
    const nowMs = Date.parse(NOW);
    const stateAfter = (changes: object) => {
      const d = decide([created()], change(changes));
      if (!d.ok) throw new Error(d.error.message);
      const state = given([created(), ...d.events]);
      if (state.status !== 'active') throw new Error('not active');
      return state.collection;
    };
    for (const workflowState of ['Draft', 'Needs Review', 'Private'] as const) {
      const page = stateAfter({ workflowState, publishOn: null });
      expect([page.workflowState, isCollectionVisible(page, nowMs + 365 * 86_400_000)]).toEqual([workflowState, false]);
    }
    const scheduled = stateAfter({ workflowState: 'Scheduled', publishOn: nowMs + 3_600_000 });
    expect([isCollectionVisible(scheduled, nowMs), isCollectionVisible(scheduled, nowMs + 3_600_000)]).toEqual([false, true]);
    const record = collectionRecord(scheduled, { itemCount: 0, isHome: false, updatedAt: NOW });
    expect(record).toMatchObject({ workflowState: 'Scheduled', publishOn: nowMs + 3_600_000, published: false });
    expect(collectionAt(record, nowMs + 3_600_000).published).toBe(true);
    // A schedule in the past, a schedule without a date and a publish date in the future are refused.
    expect(errorCode([created()], change({ workflowState: 'Scheduled', publishOn: nowMs - 1 }))).toBe('SCHEDULE_IN_PAST');
    expect(errorCode([created()], change({ workflowState: 'Scheduled', publishOn: null }))).toBe('SCHEDULE_IN_PAST');
    expect(errorCode([created()], change({ workflowState: 'Published', publishOn: nowMs + 1 }))).toBe('SCHEDULE_IN_PAST');
    expect(errorCode([created()], change({ workflowState: 'Live', publishOn: null }))).toBe('INVALID_WORKFLOW_STATE');
  });
});

describe('page publish states in an edit', () => {
  const nowMs = Date.parse(NOW);
  const published = { workflowState: 'Published' as const, publishOn: nowMs - 1000 };
  const draft = { workflowState: 'Draft' as const, publishOn: null };
  it('publishes now, keeps the first publish time when published again, schedules, and unpublishes to Draft', () => {
    expect(collectionWorkflowTarget({ mode: 'set', workflowState: 'Published', publishOn: null }, draft, NOW)).toEqual({ workflowState: 'Published', publishOn: nowMs });
    expect(collectionWorkflowTarget({ mode: 'set', workflowState: 'Published', publishOn: null }, published, NOW)).toBeNull();
    expect(collectionWorkflowTarget({ mode: 'set', workflowState: 'Published', publishOn: nowMs + 5000 }, draft, NOW)).toEqual({ workflowState: 'Scheduled', publishOn: nowMs + 5000 });
    expect(collectionWorkflowTarget({ mode: 'set', workflowState: 'Needs Review', publishOn: null }, published, NOW)).toEqual({ workflowState: 'Needs Review', publishOn: null });
    expect(collectionWorkflowTarget({ mode: 'published', published: false }, published, NOW)).toEqual(draft);
    expect(collectionWorkflowTarget({ mode: 'published', published: false }, { workflowState: 'Private', publishOn: null }, NOW)).toBeNull();
    expect(collectionWorkflowTarget({ mode: 'published', published: true }, draft, NOW)).toEqual({ workflowState: 'Published', publishOn: nowMs });
  });

  it('reads the status by its label, the SEO fields, and refuses a publish date without a status', () => {
    const edit = (body: object) => parseRequest(EditCollectionRequest, body);
    expect(edit({ workflowState: 'needs-review', seoTitle: 'T', seoDescription: 'D' })).toEqual({
      ok: true, value: { changes: { seoTitle: 'T', seoDescription: 'D' }, workflow: { mode: 'set', workflowState: 'Needs Review', publishOn: null } },
    });
    expect(edit({ workflowState: 'Scheduled', publishOn: '2026-12-01T09:00:00Z' })).toMatchObject({
      ok: true, value: { workflow: { workflowState: 'Scheduled', publishOn: Date.parse('2026-12-01T09:00:00Z') } },
    });
    expect(edit({ published: false })).toMatchObject({ ok: true, value: { workflow: { mode: 'published', published: false } } });
    expect(edit({ publishOn: nowMs })).toMatchObject({ ok: false, error: { code: 'INVALID_WORKFLOW_STATE' } });
    expect(edit({ workflowState: 'Live' })).toMatchObject({ ok: false, error: { code: 'INVALID_WORKFLOW_STATE' } });
  });
});

describe('collection events of version 1 (published: boolean)', () => {
  const upcast = (event: { type: string; data: unknown }) =>
    EVENT_UPCASTERS.filter((u) => u.type === event.type && u.fromVersion === 1).reduce((e, u) => u.upcast(e), { ...event, schemaVersion: 1 });
  const v1 = (published: boolean) => {
    const { workflowState: _w, publishOn: _p, seoTitle: _t, seoDescription: _d, ...rest } = details();
    return { ...rest, published };
  };
  it('reads a published page as Published since its creation and an unpublished one as a Draft, with empty SEO fields', () => {
    expect(upcast({ type: 'CollectionCreated', data: { collection: v1(true) } })).toEqual({
      type: 'CollectionCreated', schemaVersion: 2, data: { collection: details({ workflowState: 'Published', publishOn: Date.parse(NOW) }) },
    });
    expect(upcast({ type: 'CollectionCreated', data: { collection: v1(false) } })).toMatchObject({
      schemaVersion: 2, data: { collection: { workflowState: 'Draft', publishOn: null, seoTitle: '', seoDescription: '' } },
    });
  });

  it('reads a change of published as a change of publish state at the change time', () => {
    const later = '2026-11-24T08:00:00.000Z';
    expect(upcast({ type: 'CollectionDetailsChanged', data: { collectionId: 'c1', changes: { published: false, title: 'X' }, changedAt: later } })).toEqual({
      type: 'CollectionDetailsChanged', schemaVersion: 2, data: { collectionId: 'c1', changes: { title: 'X', workflowState: 'Draft', publishOn: null }, changedAt: later },
    });
    expect(upcast({ type: 'CollectionDetailsChanged', data: { collectionId: 'c1', changes: { published: true }, changedAt: later } })).toMatchObject({
      data: { changes: { workflowState: 'Published', publishOn: Date.parse(later) } },
    });
    const unchanged = { collectionId: 'c1', changes: { title: 'Y' }, changedAt: later };
    expect(upcast({ type: 'CollectionDetailsChanged', data: unchanged })).toEqual({ type: 'CollectionDetailsChanged', schemaVersion: 2, data: unchanged });
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

  it('creates a page Published now by default, or in the publish state asked for', () => {
    const workflowOf = (body: object) => {
      const p = parseNewCollection({ kind: 'page', title: 'Care guide', ...body }, ctx);
      return p.ok ? [p.value.collection.workflowState, p.value.collection.publishOn] : p.error.code;
    };
    expect(workflowOf({})).toEqual(['Published', Date.parse(NOW)]);
    expect(workflowOf({ published: false })).toEqual(['Draft', null]);
    expect(workflowOf({ workflowState: 'Draft' })).toEqual(['Draft', null]);
    expect(workflowOf({ workflowState: 'Scheduled', publishOn: Date.parse(NOW) + 1000 })).toEqual(['Scheduled', Date.parse(NOW) + 1000]);
    const p = parseNewCollection({ kind: 'page', title: 'Care guide', seoTitle: 'Care', seoDescription: 'How to' }, ctx);
    expect(p.ok && [p.value.collection.seoTitle, p.value.collection.seoDescription]).toEqual(['Care', 'How to']);
    const past = parseNewCollection({ kind: 'page', title: 'Old', workflowState: 'Scheduled', publishOn: Date.parse(NOW) - 1000 }, ctx);
    expect(past.ok && errorCode([], { type: 'CreateCollection', data: { collection: past.value.collection } })).toBe('SCHEDULE_IN_PAST');
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

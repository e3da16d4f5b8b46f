import {
  BLOCK, catalogStreamId, COLLECTION_STREAM_TYPE, collectionDecider, collectionLink, collectionStreamId, CONTENT_ITEM_STREAM_TYPE, contentItemDecider,
  contentItemStreamId, DEFAULT_MERCHANDISING, SITE_LAYOUT_STREAM_ID, SITE_LAYOUT_STREAM_TYPE, siteLayoutDecider, WEBSITE_STREAM_ID,
  WEBSITE_STREAM_TYPE, websiteDecider, type CollectionCommand, type CollectionDetails, type CollectionKind, type CollectionRecord,
  type ContentItemCommand, type ContentItemDetails, type ContentItemRecord, type Decider, type DomainError, type DomainEvent, type ProductDetails,
  type ProductEvent, type SiteLayoutCommand, type WebsiteCommand,
} from '@storefront/domain';
import { handleCommand } from '@storefront/eventstore';
import { describeEachDriver, testCommandContext } from '@storefront/eventstore/testing';
import { allProjections } from '../registry';
import { useProjectionHarness } from '../../testing/projection-harness';

const NOW = '2026-11-23T10:00:00.000Z';
const NOW_MS = Date.parse(NOW);
const DAY = 86_400_000;

const collection = (id: string, kind: CollectionKind, urlId: string, over: Partial<CollectionDetails> = {}): CollectionDetails => ({
  id, websiteId: 'w1', kind, title: id[0]!.toUpperCase() + id.slice(1), navigationTitle: '', description: '', urlId,
  folderBehavior: kind === 'folder' ? 1 : null, membersOnly: false, workflowState: 'Published', publishOn: NOW_MS, seoTitle: '', seoDescription: '', pageSize: 20,
  storeCollectionId: kind === 'products' ? id : null,
  passwordHash: null, layout: [], galleryOptions: {}, createdAt: NOW, ...over,
});
const item = (id: string, collectionId: string, over: Partial<ContentItemDetails> = {}): ContentItemDetails => ({
  id, collectionId, kind: 'post', title: id, urlId: id, excerpt: '', body: '', mainImageId: null, tags: [], categories: [], author: null, commentState: 1,
  sourceUrl: null, startDate: null, endDate: null, location: null, workflowState: 'Published', publishOn: NOW_MS - DAY, addedOn: NOW_MS, updatedOn: NOW_MS,
  ...over,
});
const product = (id: string, over: Partial<ProductDetails> = {}): ProductDetails => ({
  id, websiteId: 'w1', collectionId: 'shop', productType: 'PHYSICAL', title: 'Speckled Mug', navigationTitle: 'Speckled Mug',
  description: '<p>A wheel-thrown mug with an iron speckle.</p>', urlId: `mug-${id}`, currency: 'USD',
  variants: [{ id: `${id}-v`, sku: `${id}-SKU`, attributes: {}, priceMinor: 2800, salePriceMinor: 0, onSale: false }], variantOptionOrdering: [],
  subscriptionPlan: null, additionalFieldsFormId: null, useCustomAddButtonText: false, customAddButtonText: '', tags: ['mugs'], categories: ['Drinkware'],
  merchandising: DEFAULT_MERCHANDISING, enabled: true, createdAt: NOW, ...over,
});

describeEachDriver('site projection: given site and catalog events, then rows', (driver) => {
  const h = useProjectionHarness(driver, () => allProjections());

  async function exec<C, S, E extends DomainEvent>(streamId: string, streamType: string, decider: Decider<C, S, E, DomainError>, command: C) {
    const result = await handleCommand(h.store, { streamId, streamType, decider, command, context: testCommandContext() });
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    return result.state;
  }
  const layout = (command: SiteLayoutCommand) => exec(SITE_LAYOUT_STREAM_ID, SITE_LAYOUT_STREAM_TYPE, siteLayoutDecider, command);
  const inCollection = (id: string, command: CollectionCommand) => exec(collectionStreamId(id), COLLECTION_STREAM_TYPE, collectionDecider, command);
  const onItem = (id: string, command: ContentItemCommand) => exec(contentItemStreamId(id), CONTENT_ITEM_STREAM_TYPE, contentItemDecider, command);
  const website = (command: WebsiteCommand) => exec(WEBSITE_STREAM_ID, WEBSITE_STREAM_TYPE, websiteDecider, command);

  async function addCollection(c: CollectionDetails) {
    await layout({ type: 'RegisterCollection', data: { collectionId: c.id, kind: c.kind, wantedUrlId: c.urlId, now: NOW } });
    await inCollection(c.id, { type: 'CreateCollection', data: { collection: c } });
  }
  async function addItem(i: ContentItemDetails) {
    await inCollection(i.collectionId, { type: 'ListCollectionItem', data: { collectionId: i.collectionId, itemId: i.id, wantedUrlId: i.urlId } });
    await onItem(i.id, { type: 'CreateContentItem', data: { item: i, now: NOW } });
  }
  const appendProduct = async (id: string, events: ProductEvent[]) => {
    const version = await h.store.streamVersion(catalogStreamId(id));
    await h.store.append(catalogStreamId(id), events, { streamType: 'product', expectedVersion: version === 0 ? 'no_stream' : version, command: testCommandContext() });
  };
  const collectionRow = async (id: string) =>
    (await h.db.query<{ record: CollectionRecord; url_path: string; is_home: boolean; password_hash: string | null }>(
      'SELECT record, url_path, is_home, password_hash FROM site_collections WHERE id = $1', [id],
    )).rows[0];
  const itemRows = async (collectionId: string) =>
    (await h.db.query<{ id: string; record: ContentItemRecord; position: number; publish_on: string | null }>(
      'SELECT id, record, position, publish_on::text FROM site_items WHERE collection_id = $1 ORDER BY id', [collectionId],
    )).rows;
  const searchIds = async (query: string) =>
    (await h.db.query<{ id: string }>(
      "SELECT id FROM site_search WHERE search @@ websearch_to_tsquery('english', $1) ORDER BY ts_rank(search, websearch_to_tsquery('english', $1)) DESC, id",
      [query],
    )).rows.map((r) => r.id);

  it('builds the website record, its settings and the header/footer', async () => {
    await h.store.append(WEBSITE_STREAM_ID, [{ type: 'WebsiteCreated', data: { websiteId: 'w1', title: 'Clay & Co.', currency: 'USD', timeZone: 'America/New_York', createdAt: NOW } }], {
      streamType: WEBSITE_STREAM_TYPE, expectedVersion: 'no_stream', command: testCommandContext(),
    });
    await website({ type: 'ChangeWebsiteSettings', data: { changes: { siteTagLine: 'Small-batch stoneware', simpleLikingEnabled: false, socialAccounts: [{ serviceName: 'instagram', userName: 'clayandco', profileUrl: 'https://instagram.com/clayandco' }] }, now: NOW } });
    await website({ type: 'SetSiteHeaderFooter', data: { header: '<p>Free shipping over $75</p>', footer: '<p>© Clay & Co.</p>', now: NOW } });
    await h.runner.catchUp();
    const { rows } = await h.db.query<{ website: Record<string, unknown>; website_settings: Record<string, unknown> }>('SELECT website, website_settings FROM site_website');
    expect(rows[0]!.website).toMatchObject({
      id: 'w1', siteTitle: 'Clay & Co.', siteTagLine: 'Small-batch stoneware', timeZone: 'America/New_York', useCLDRMoneyFormat: true,
      simpleLikingEnabled: false, commentsEnabled: true, socialAccounts: [{ serviceName: 'instagram', userName: 'clayandco' }], siteStatus: { value: 2 },
    });
    expect(rows[0]!.website_settings).toEqual({
      storeSettings: { selectedCurrency: 'USD', expressCheckout: false, multipleQuantityAllowedForServices: null }, commentsEnabled: true, simpleLikingEnabled: false, disqusShortname: null,
    });
    const hf = await h.db.query<{ header: string; footer: string }>('SELECT header, footer FROM site_header_footer');
    expect(hf.rows).toEqual([{ header: '<p>Free shipping over $75</p>', footer: '<p>© Clay & Co.</p>' }]);
  });

  it('builds collection records (home at /, layout blocks, normalised gallery options, lock flag without the hash)', async () => {
    await addCollection(collection('home', 'page', 'home', { layout: [{ id: 'b1', type: BLOCK.html, value: { html: '<h1>Handmade in Hudson</h1>' } }] }));
    await addCollection(collection('journal', 'blog', 'journal', { description: '<p>Notes from the studio</p>' }));
    await addCollection(collection('gallery', 'gallery', 'gallery', { galleryOptions: { design: 'slideshow', padding: 500 } }));
    await addCollection(collection('wholesale', 'page', 'wholesale', { passwordHash: '$scrypt$secret-hash' }));
    await addCollection(collection('more', 'folder', 'more'));
    await layout({ type: 'UpdateNavigation', data: { fieldName: 'mainNav', templateId: null, items: [collectionLink('home'), collectionLink('more', [collectionLink('journal')])], now: NOW } });
    await h.runner.catchUp();

    const home = await collectionRow('home');
    expect(home).toMatchObject({ url_path: '/home', is_home: true, password_hash: null });
    expect(home!.record).toMatchObject({
      id: 'home', fullUrl: '/', type: 10, typeName: 'page', folder: false, isHome: true, passwordProtected: false,
      layout: { blocks: [{ id: 'b1', type: 2, typeName: 'html', value: { html: '<h1>Handmade in Hudson</h1>' } }] },
    });
    expect((await collectionRow('journal'))!.record).toMatchObject({ fullUrl: '/journal', type: 1, typeName: 'blog', itemCount: 0 });
    expect((await collectionRow('journal'))!.record).not.toHaveProperty('layout');
    expect((await collectionRow('gallery'))!.record.galleryOptions).toMatchObject({ design: 'slideshow', padding: 20, 'aspect-ratio': 'square' });
    const wholesale = await collectionRow('wholesale');
    expect([wholesale!.record.passwordProtected, wholesale!.password_hash, JSON.stringify(wholesale!.record).includes('secret')]).toEqual([true, '$scrypt$secret-hash', false]);
    expect((await collectionRow('more'))!.record).toMatchObject({ folder: true, folderBehavior: 1, typeName: 'folder' });
    const nav = await h.db.query<{ name: string; links: unknown }>('SELECT name, links FROM site_navigation ORDER BY name');
    expect(nav.rows).toEqual([
      { name: 'mainNav', links: [collectionLink('home'), collectionLink('more', [collectionLink('journal')])] },
      { name: 'secondaryNav', links: [] },
    ]);
  });

  it('builds content item records in every publish state, follows URL changes, positions and deletions', async () => {
    await addItem(item('first-firing', 'journal', { title: 'The first firing of the new kiln', tags: ['kiln'], body: '<p>Cone 6 oxidation, slow cool.</p>' }));
    await addItem(item('draft-post', 'journal', { workflowState: 'Draft', publishOn: null }));
    await addItem(item('later', 'journal', { workflowState: 'Scheduled', publishOn: NOW_MS + DAY }));
    for (const id of ['g1', 'g2', 'g3']) await addItem(item(id, 'gallery', { kind: 'image', title: '', mainImageId: `img-${id}`, publishOn: NOW_MS }));
    await inCollection('gallery', { type: 'ReorderCollectionItems', data: { collectionId: 'gallery', itemIds: ['g3', 'g1', 'g2'], now: NOW } });
    await h.runner.catchUp();

    const journal = await itemRows('journal');
    expect(journal.map((r) => [r.id, r.record.workflowState, r.record.fullUrl, r.publish_on])).toEqual([
      ['draft-post', 'Draft', '/journal/draft-post', null],
      ['first-firing', 'Published', '/journal/first-firing', String(NOW_MS - DAY)],
      ['later', 'Scheduled', '/journal/later', String(NOW_MS + DAY)],
    ]);
    expect(journal[1]!.record).toMatchObject({ recordType: 1, tags: ['kiln'], likeCount: 0, publicCommentCount: 0, commentState: 1, collectionId: 'journal' });
    expect((await collectionRow('journal'))!.record.itemCount).toBe(3);
    expect((await itemRows('gallery')).map((r) => [r.id, r.position, r.record.recordType, r.record.mainImageId])).toEqual([
      ['g1', 1, 2, 'img-g1'], ['g2', 2, 2, 'img-g2'], ['g3', 0, 2, 'img-g3'],
    ]);

    // A new URL id for the blog reaches its items and their search entries in the same batch.
    await layout({ type: 'ChangeCollectionUrlId', data: { collectionId: 'journal', wantedUrlId: 'notes', now: NOW } });
    await inCollection('journal', { type: 'ChangeCollectionDetails', data: { collectionId: 'journal', changes: { urlId: 'notes' }, now: NOW } });
    await onItem('first-firing', { type: 'EditContentItem', data: { itemId: 'first-firing', changes: { title: 'The first firing' }, now: NOW } });
    await h.runner.catchUp();
    expect((await itemRows('journal')).map((r) => r.record.fullUrl)).toEqual(['/notes/draft-post', '/notes/first-firing', '/notes/later']);
    const entry = await h.db.query<{ url: string; title: string }>("SELECT url, title FROM site_search WHERE id = 'item:first-firing'");
    expect(entry.rows).toEqual([{ url: '/notes/first-firing', title: 'The first firing' }]);

    await onItem('draft-post', { type: 'DeleteContentItem', data: { itemId: 'draft-post', now: NOW } });
    await inCollection('journal', { type: 'UnlistCollectionItem', data: { collectionId: 'journal', itemId: 'draft-post' } });
    await h.runner.catchUp();
    expect((await itemRows('journal')).map((r) => r.id)).toEqual(['first-firing', 'later']);
  });

  it('indexes pages, items and catalog products for full-text search, ranked by where the words are', async () => {
    await appendProduct('pm', [{ type: 'ProductCreated', schemaVersion: 2, data: { product: product('pm') } }]);
    await appendProduct('pk', [{ type: 'ProductCreated', schemaVersion: 2, data: { product: product('pk', { title: 'Kiln Gloves', description: '<p>For unloading a hot kiln.</p>', tags: [] }) } }]);
    await h.runner.catchUp();
    expect(await searchIds('kiln')).toEqual(['product:pk', 'item:first-firing']);
    expect(await searchIds('handmade')).toEqual(['page:home']);
    expect(await searchIds('speckle')).toEqual(['product:pm']);

    await appendProduct('pm', [
      { type: 'ProductDetailsEdited', data: { productId: 'pm', changes: { title: 'Kiln Mug' }, editedAt: NOW } },
    ]);
    await appendProduct('pk', [{ type: 'ProductDeleted', data: { productId: 'pk', collectionId: 'shop', urlId: 'mug-pk', deletedAt: NOW } }]);
    await h.runner.catchUp();
    expect(await searchIds('kiln')).toEqual(['product:pm', 'item:first-firing']);
  });

  it('moves the home page and removes a deleted collection with its items, links and search entries', async () => {
    await layout({ type: 'SetHomePage', data: { collectionId: 'journal', now: NOW } });
    await h.runner.catchUp();
    expect([(await collectionRow('home'))!.record.fullUrl, (await collectionRow('journal'))!.record.fullUrl]).toEqual(['/home', '/']);

    await inCollection('gallery', { type: 'DeleteCollection', data: { collectionId: 'gallery', now: NOW } });
    await layout({ type: 'UnregisterCollection', data: { collectionId: 'gallery', now: NOW } });
    await inCollection('more', { type: 'DeleteCollection', data: { collectionId: 'more', now: NOW } });
    await layout({ type: 'UnregisterCollection', data: { collectionId: 'more', now: NOW } });
    await h.runner.catchUp();
    expect(await collectionRow('gallery')).toBeUndefined();
    expect(await itemRows('gallery')).toEqual([]);
    expect((await h.db.query("SELECT id FROM site_search WHERE collection_id = 'gallery'")).rows).toEqual([]);
    const nav = await h.db.query<{ links: unknown }>("SELECT links FROM site_navigation WHERE name = 'mainNav'");
    expect(nav.rows[0]!.links).toEqual([collectionLink('home'), collectionLink('journal')]);
  });

  it('keeps an item deleted when its collection moves in the same batch', async () => {
    await addItem(item('short-lived', 'journal'));
    await h.runner.catchUp();
    await onItem('short-lived', { type: 'DeleteContentItem', data: { itemId: 'short-lived', now: NOW } });
    await inCollection('journal', { type: 'UnlistCollectionItem', data: { collectionId: 'journal', itemId: 'short-lived' } });
    await layout({ type: 'ChangeCollectionUrlId', data: { collectionId: 'journal', wantedUrlId: 'journal', now: NOW } });
    await inCollection('journal', { type: 'ChangeCollectionDetails', data: { collectionId: 'journal', changes: { urlId: 'journal' }, now: NOW } });
    await h.runner.catchUp();
    expect((await itemRows('journal')).map((r) => [r.id, r.record.fullUrl])).toEqual([['first-firing', '/journal/first-firing'], ['later', '/journal/later']]);
    expect((await h.db.query("SELECT id FROM site_search WHERE id = 'item:short-lived'")).rows).toEqual([]);
  });

  it('rebuilds identical rows from the log (verify) after the mixed history', async () => {
    const results = await h.runner.verify(['site']);
    expect(results.map((r) => [r.name, r.ok, r.mismatches, r.error])).toEqual([['site', true, 0, undefined]]);
  });
});

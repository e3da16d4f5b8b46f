import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import { FormStore } from '../forms';
import type { ProjectionRunner } from '@storefront/projections';
import { startTestApp, type TestApp } from '../../test/test-app';
import { EVENT_STORE, PROJECTION_RUNNER } from '../infrastructure/database/tokens';
import { DEMO_SITE_IMAGE_IDS, DEMO_WHOLESALE_PASSWORD } from './demo-site';
import { DemoSiteSeeder, DEMO_SITE_STREAM_ID } from './demo-site.seeder';
import { SiteReadModel, SiteSearch, SiteLoader, SiteWriter } from '../content';
import type { EventStore } from '@storefront/eventstore';
import { ContentAccess } from '../security/content-access';
import { PASSWORD_HASHER, type PasswordHasher } from '../security/password-hasher';
import { CommandExecutor } from '../infrastructure/command-executor';

const DAY = 86_400_000;

describeOnHttpDriver('demo site and the published-site query services', (driver) => {
  let t: TestApp;
  let site: SiteReadModel;
  let search: SiteSearch;
  const eventCount = async () => Number((await t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM events')).rows[0]!.n);

  beforeAll(async () => {
    t = await startTestApp(driver);
    site = t.app.get(SiteReadModel);
    search = t.app.get(SiteSearch);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('seeding', () => {
    it('seeds once: a second run (a restart) appends nothing', async () => {
      const before = await eventCount();
      expect(await t.app.get(DemoSiteSeeder).seed()).toBe(false);
      expect(await eventCount()).toBe(before);
      const marker = await t.app.get<EventStore>(EVENT_STORE).readStream(DEMO_SITE_STREAM_ID);
      expect(marker.map((e) => e.type)).toEqual(['DemoSiteSeeded']);
    });

    it('finishes a seed that stopped half-way without doubling anything', async () => {
      const before = await eventCount();
      // As if the process had died before the last step: the steps already done are answered as duplicates.
      expect(await t.app.get(DemoSiteSeeder).runSteps()).toBe(17);
      expect(await eventCount()).toBe(before);
      await t.app.get<ProjectionRunner>(PROJECTION_RUNNER).catchUp();
      expect((await site.ownerCollections()).map((c) => c.urlId)).toEqual([
        'home', 'shop', 'journal', 'events', 'gallery', 'studio', 'about', 'contact', 'wholesale', 'studio-members',
      ]);
    });
  });

  describe('SiteReadModel over the demo site', () => {
    it('serves the website with its settings, social links and header/footer', async () => {
      const w = await site.website();
      expect(w!.website).toMatchObject({
        siteTitle: 'Clay & Co.', siteTagLine: expect.stringContaining('Hudson'), timeZone: 'America/New_York', logoImageId: null,
        shareButtonOptions: { facebook: true, pinterest: true }, expired: false,
      });
      expect(w!.website.socialAccounts.map((a) => a.serviceName)).toEqual(['instagram', 'pinterest', 'facebook', 'email']);
      expect(w!.websiteSettings.storeSettings.selectedCurrency).toBe('USD');
      expect((await site.headerFooter()).footer).toContain('Kiln Lane');
    });

    it('resolves paths: / is the home page, pages by URL id, items under their collection', async () => {
      const home = await site.collectionByPath('/');
      expect(home).toMatchObject({ id: 'home', fullUrl: '/', typeName: 'page' });
      expect(home!.layout!.blocks.map((b) => b.typeName)).toEqual([
        'html', 'image', 'button', 'spacer', 'html', 'product', 'product', 'product', 'html', 'summary-v2', 'newsletter',
      ]);
      const about = await site.collectionByPath('/about/');
      expect(new Set(about!.layout!.blocks.map((b) => b.typeName))).toEqual(new Set(['html', 'image', 'quote', 'gallery', 'horizontal-rule', 'accordion', 'spacer', 'map', 'social-account-links-v2', 'button']));
      expect(await site.collectionByPath('/shop')).toMatchObject({ id: 'shop', type: 13, storeCollectionId: 'shop' });
      expect(await site.collectionByPath('/gallery')).toMatchObject({ type: 15, itemCount: 8, galleryOptions: { design: 'grid', lightbox: true, 'aspect-ratio': '4:3' } });
      expect(await site.collectionByPath('/wholesale')).toMatchObject({ passwordProtected: true, membersOnly: false });
      expect(JSON.stringify(await site.collectionByPath('/wholesale'))).not.toContain('scrypt');
      expect(await site.collectionByPath('/studio-members')).toMatchObject({ membersOnly: true });
      expect(await site.collectionByPath('/nothing-here')).toBeNull();
      const resolved = await site.resolvePath('/journal/why-we-mix-our-own-glazes');
      expect(resolved).toMatchObject({ collection: { id: 'journal' }, item: { title: 'Why we mix our own glazes', recordType: 1 } });
      expect(await site.resolvePath('/journal/new-speckled-clay-body')).toBeNull();
      expect(await site.resolvePath('/journal/a/b')).toBeNull();
    });

    it('stores the wholesale password as a hash that checks', async () => {
      const access = t.app.get(ContentAccess);
      const hasher = t.app.get<PasswordHasher>(PASSWORD_HASHER);
      const hash = await access.passwordHashOf('wholesale');
      expect(hash).toEqual(expect.any(String));
      expect(hash).not.toContain(DEMO_WHOLESALE_PASSWORD);
      expect(await hasher.verify(DEMO_WHOLESALE_PASSWORD, hash!)).toBe(true);
      expect(await hasher.verify('clay-retail', hash!)).toBe(false);
      expect(await access.passwordHashOf('about')).toBeNull();
    });

    it('lists published posts newest first; the scheduled post appears once due; the draft never', async () => {
      const now = Date.now();
      const titles = async (at: number) => (await site.publishedItems('journal', { now: at })).items.map((i) => i.title);
      expect(await titles(now)).toEqual([
        'A week of mugs: throwing, trimming, handles', 'Why we mix our own glazes', 'Opening the kiln after our first cone 6 firing',
      ]);
      expect(await titles(now + 11 * DAY)).toEqual([
        'Notes from the winter market', 'A week of mugs: throwing, trimming, handles', 'Why we mix our own glazes', 'Opening the kiln after our first cone 6 firing',
      ]);
      expect(await site.itemByPath('journal', 'notes-from-the-winter-market', { now })).toBeNull();
      expect(await site.itemByPath('journal', 'notes-from-the-winter-market', { now: now + 11 * DAY })).toMatchObject({ workflowState: 'Scheduled' });
      const page = await site.publishedItems('journal', { now, page: 2, pageSize: 2 });
      expect([page.items.length, page.pagination]).toEqual([1, { page: 2, pageSize: 2, total: 3, nextPage: false, nextPageUrl: null, prevPage: true, prevPageUrl: '/journal' }]);
      expect((await site.publishedItems('journal', { now, tag: 'glaze' })).items.map((i) => i.urlId)).toEqual(['why-we-mix-our-own-glazes']);
      expect((await site.publishedItems('journal', { now, category: 'Process' })).items).toHaveLength(2);
    });

    it('lists events by date: upcoming, past, one spanning days and same-day ones', async () => {
      const now = Date.now();
      const all = (await site.publishedItems('events', { now })).items;
      expect(all).toHaveLength(4);
      expect(all.every((e, i) => i === 0 || e.startDate! >= all[i - 1]!.startDate!)).toBe(true);
      const upcoming = (await site.publishedItems('events', { now, when: 'upcoming' })).items.map((e) => e.urlId);
      expect(upcoming).toEqual(['hudson-winter-market', 'glaze-mixing-afternoon', 'open-studio-saturday']);
      expect((await site.publishedItems('events', { now, when: 'past' })).items.map((e) => e.urlId)).toEqual(['beginner-wheel-workshop']);
      const market = all.find((e) => e.urlId === 'hudson-winter-market')!;
      expect(new Date(market.endDate!).getUTCDate()).not.toBe(new Date(market.startDate!).getUTCDate());
      expect(market.location).toMatchObject({ addressTitle: 'Riverfront Hall', mapLat: expect.any(Number) });
    });

    it('lists gallery images in the owner’s order, referencing the media library’s image ids', async () => {
      const images = (await site.publishedItems('gallery')).items;
      expect(images).toHaveLength(8);
      expect(images[0]).toMatchObject({ recordType: 2, mainImageId: DEMO_SITE_IMAGE_IDS['studio-shelves'], title: 'The finished-work shelves' });
      for (const id of images.map((i) => i.mainImageId)) expect(Object.values(DEMO_SITE_IMAGE_IDS)).toContain(id);
    });

    it('resolves the navigation with titles, URLs, a folder and the active link', async () => {
      const nav = await site.navigation('mainNav', { activePath: '/about' });
      expect(nav.items.map((i) => [i.title, i.fullUrl, i.active])).toEqual([
        ['Home', '/', false], ['Shop', '/shop', false], ['Journal', '/journal', false], ['Events', '/events', false], ['Gallery', '/gallery', false],
        ['The Studio', '/studio', true], ['Contact us', '/contact', false],
      ]);
      expect(nav.items[5]!.items.map((i) => [i.title, i.active, i.passwordProtected, i.membersOnly])).toEqual([
        ['About', true, false, false], ['Wholesale', false, true, false], ['Studio Members', false, false, true],
      ]);
      expect((await site.navigation('mainNav', { activePath: '/journal/a-week-of-mugs' })).items[2]!.active).toBe(true);
      expect((await site.navigation('secondaryNav')).items.map((i) => [i.title, i.externalLink])).toEqual([
        ['About', null], ['Instagram', 'https://www.instagram.com/clayandco.studio'],
      ]);
      expect((await site.folderChildren('the-studio')).map((i) => i.fullUrl)).toEqual(['/about', '/wholesale', '/studio-members']);
    });

    it('lists every path a visitor can open for the sitemap, without locked, members-only or unpublished things', async () => {
      const paths = (await site.allPublishedPaths()).map((p) => p.path);
      expect(paths.slice(0, 1)).toEqual(['/']);
      expect(paths).toEqual(expect.arrayContaining([
        '/about', '/shop', '/journal', '/events', '/gallery', '/studio', '/journal/a-week-of-mugs', '/events/open-studio-saturday',
        '/gallery/mug-sand', '/shop/p/stoneware-mug',
      ]));
      for (const hidden of ['/wholesale', '/studio-members', '/journal/new-speckled-clay-body', '/journal/notes-from-the-winter-market']) {
        expect(paths).not.toContain(hidden);
      }
      expect(new Set(paths).size).toBe(paths.length);
    });
  });

  describe('SiteSearch over the demo site', () => {
    it('finds pages, posts, events and products, ranked', async () => {
      const kiln = await search.search('kiln');
      expect(kiln.results.length).toBeGreaterThan(1);
      expect(kiln.results[0]).toMatchObject({ kind: 'post', title: 'Opening the kiln after our first cone 6 firing', fullUrl: '/journal/first-cone-6-firing' });
      expect(kiln.results.every((r, i) => i === 0 || r.score <= kiln.results[i - 1]!.score)).toBe(true);
      expect((await search.search('mug')).results.map((r) => r.kind)).toEqual(expect.arrayContaining(['product', 'post']));
      const mug = (await search.search('stoneware mug')).results[0]!;
      expect(mug).toMatchObject({ kind: 'product', id: 'p-stoneware-mug', fullUrl: '/shop/p/stoneware-mug', record: { recordType: 11, structuredContent: expect.any(Object) } });
      expect((await search.search('dishwasher')).results.map((r) => r.fullUrl)).toEqual(expect.arrayContaining(['/about']));
      expect((await search.search('glaze mixing')).results.map((r) => r.kind)).toContain('event');
      expect((await search.search('wheel workshop')).results[0]).toMatchObject({ kind: 'event', snippet: expect.any(String) });
    });

    it('never finds drafts, not-yet-due scheduled posts, locked or members-only pages', async () => {
      expect((await search.search('speckled clay body shrinkage')).results.map((r) => r.id)).not.toContain('post-new-speckled-clay-body');
      expect((await search.search('winter market dishwashers')).results.map((r) => r.id)).not.toContain('post-notes-from-the-winter-market');
      expect((await search.search('winter market', { now: Date.now() + 11 * DAY })).results.map((r) => r.id)).toContain('post-notes-from-the-winter-market');
      expect((await search.search('wholesale line sheet')).results.map((r) => r.fullUrl)).not.toContain('/wholesale');
      expect((await search.search('firing fees shelf')).results.map((r) => r.fullUrl)).not.toContain('/studio-members');
    });

    it.each([
      ['', 0], ['   ', 0], ['"', null], ["'; DROP TABLE site_search; --", null], ['mug OR -bowl', null], ['"cone 6"', null], ['((kiln', null],
      ['!!! & | :*', null], ['\u0000kiln\u0001', null], ['k'.repeat(10_000), null], ['the', 0], ['🏺 kiln', null], ['\ud800kiln', null],
    ])('answers odd input %p without failing', async (query, expected) => {
      const res = await search.search(query);
      expect(Array.isArray(res.results)).toBe(true);
      expect(res.query.length).toBeLessThanOrEqual(256);
      if (expected !== null) expect(res.results).toHaveLength(expected);
    });
  });
});

describeOnHttpDriver('demo site seeding from two processes at once', (driver) => {
  let t: TestApp;

  beforeAll(async () => {
    // SEED_DEMO=false: the website and an empty store exist, the demo site does not.
    t = await startTestApp(driver, { SEED_DEMO: 'false' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('ends with one copy of every page and item, whoever wins each step', async () => {
    const seeder = t.app.get(DemoSiteSeeder);
    // Seeders with their own command executors, as in separate processes (one executor queues commands per stream).
    const store = t.app.get<EventStore>(EVENT_STORE);
    const otherProcess = () => new DemoSiteSeeder(
      t.config, store, t.app.get(PROJECTION_RUNNER), t.app.get(PASSWORD_HASHER), new SiteWriter(new CommandExecutor(store)), t.app.get(SiteLoader),
      new FormStore(new CommandExecutor(store), store),
    );
    expect(await Promise.all([seeder.runSteps(), otherProcess().runSteps(), otherProcess().runSteps()])).toEqual([17, 17, 17]);
    await t.app.get<ProjectionRunner>(PROJECTION_RUNNER).catchUp();
    const site = t.app.get(SiteReadModel);
    const collections = await site.ownerCollections();
    expect(collections.map((c) => c.urlId)).toEqual(['home', 'shop', 'journal', 'events', 'gallery', 'studio', 'about', 'contact', 'wholesale', 'studio-members']);
    expect(collections.map((c) => [c.urlId, c.itemCount]).filter(([, n]) => n)).toEqual([['journal', 5], ['events', 4], ['gallery', 8]]);
    const items = [...(await site.ownerItems('journal')), ...(await site.ownerItems('events')), ...(await site.ownerItems('gallery'))];
    expect(items.filter((i) => /-\d+$/.test(i.urlId))).toEqual([]);
    const marker = await t.app.get<EventStore>(EVENT_STORE).readStream(DEMO_SITE_STREAM_ID);
    expect(marker).toHaveLength(1);
    expect(await seeder.seed()).toBe(false);
  });
});

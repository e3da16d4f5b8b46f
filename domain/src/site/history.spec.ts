import { buildHistory, stateAtVersion, type HistoryEventInput } from '../shared/history';
import { BLOCK, type Block } from './blocks';
import type { CollectionDetails } from './collection';
import { collectionDecider, type CollectionState } from './collection-decider';
import type { ContentItemDetails } from './content-item';
import { contentItemDecider, type ContentItemState } from './content-item-decider';
import type { CollectionEvent, ContentItemEvent, SiteLayoutEvent, WebsiteEvent } from './events';
import { collectionHistory, contentItemHistory, siteLayoutHistory, websiteHistory } from './history';
import { EMPTY_LOCATION } from './content-item';
import { websiteDecider, type WebsiteState } from './website-decider';

const NOW = '2026-11-23T10:00:00.000Z';
const OWNER = { kind: 'owner' as const, id: 'o1', email: 'owner@example.com' };
const inputs = <E extends { type: string; data: unknown }>(events: E[]): HistoryEventInput[] =>
  events.map((e, i) => ({ type: e.type, data: e.data, version: i + 1, recordedAt: NOW, actor: OWNER }));
const lines = (changes: { field: string; before: string | null; after: string | null }[]) => changes.map((c) => `${c.field}: ${c.before} → ${c.after}`);

const page = (over: Partial<CollectionDetails> = {}): CollectionDetails => ({
  id: 'c1', websiteId: 'w1', kind: 'page', title: 'About', navigationTitle: '', description: '', urlId: 'about', folderBehavior: null,
  membersOnly: false, workflowState: 'Published', publishOn: null, seoTitle: '', seoDescription: '', pageSize: 20, storeCollectionId: null, passwordHash: null, layout: [], galleryOptions: {}, createdAt: NOW,
  ...over,
});
const html = (id: string, text: string): Block => ({ id, type: BLOCK.html, value: { html: `<p>${text}</p>` } });
const image = (id: string): Block => ({ id, type: BLOCK.image, value: { imageId: 'img-1', altText: 'A mug' } });
const laidOut = (blocks: Block[]): CollectionEvent => ({ type: 'CollectionLayoutChanged', data: { collectionId: 'c1', blocks, changedAt: NOW } });
const fold = (events: CollectionEvent[]): CollectionState => events.reduce(collectionDecider.evolve, collectionDecider.initialState());

describe('a page history', () => {
  const events: CollectionEvent[] = [
    { type: 'CollectionCreated', data: { collection: page() }, schemaVersion: 2 },
    { type: 'CollectionDetailsChanged', data: { collectionId: 'c1', changes: { title: 'About us', workflowState: 'Draft' }, changedAt: NOW }, schemaVersion: 2 },
    laidOut([html('b1', 'Hello'), image('b2')]),
    laidOut([image('b2'), html('b1', 'Hello there')]),
    { type: 'CollectionPasswordChanged', data: { collectionId: 'c1', passwordHash: 'scrypt$…', changedAt: NOW } },
    { type: 'CollectionDeleted', data: { collectionId: 'c1', deletedAt: NOW } },
  ];

  it('reads as what changed, field by field and block by block', () => {
    const history = buildHistory(collectionHistory, inputs(events));
    expect(history.map((e) => [e.label, lines(e.changes)])).toEqual([
      ['Page created', ['Title: null → About', 'URL: null → /about', 'Publish state: null → Published', 'Members only: null → No', 'Locked with a password: null → No']],
      ['Page settings changed', ['Title: About → About us', 'Publish state: Published → Draft']],
      // Blocks only added: no order change to tell.
      ['Blocks changed', ['Block 1 (html): null → Hello', 'Block 2 (image): null → A mug · img-1']],
      ['Blocks changed', ['Block 2 (html): Hello → Hello there', 'Block order: html, image → image, html']],
      ['Page lock changed', ['Locked with a password: No → Yes']],
      ['Page deleted', []],
    ]);
    // The password hash itself is never shown.
    expect(JSON.stringify(history)).not.toContain('scrypt');
  });

  it('a restore is a new event that brings back the content, not the lock or visibility', () => {
    const target = stateAtVersion(collectionHistory, inputs(events), 3);
    const current = fold(events.slice(0, 5));
    const decision = collectionDecider.decide({ type: 'RestoreCollection', data: { collectionId: 'c1', restoredVersion: 3, target, now: NOW } }, current);
    expect(decision).toEqual({
      ok: true,
      events: [{ type: 'CollectionRestored', data: { collectionId: 'c1', restoredVersion: 3, changes: { layout: [html('b1', 'Hello'), image('b2')] }, restoredAt: NOW } }],
    });
    const restored = fold([...events.slice(0, 5), ...(decision.ok ? (decision.events as CollectionEvent[]) : [])]);
    expect(restored).toMatchObject({ status: 'active', collection: { title: 'About us', workflowState: 'Draft', passwordHash: 'scrypt$…', layout: [html('b1', 'Hello'), image('b2')] } });
    const history = buildHistory(collectionHistory, inputs([...events.slice(0, 5), ...(decision.ok ? decision.events : [])]));
    expect(history.at(-1)).toMatchObject({ version: 6, label: 'Page restored', restoredVersion: 3 });
    expect(lines(history.at(-1)!.changes)).toEqual(['Block 1 (html): Hello there → Hello', 'Block order: image, html → html, image']);
  });

  it('restores the title an older version had, and nothing when nothing differs', () => {
    const target = stateAtVersion(collectionHistory, inputs(events), 1);
    const current = fold(events.slice(0, 2));
    expect(collectionDecider.decide({ type: 'RestoreCollection', data: { collectionId: 'c1', restoredVersion: 1, target, now: NOW } }, current)).toMatchObject({
      ok: true, events: [{ data: { changes: { title: 'About' } } }],
    });
    expect(collectionDecider.decide({ type: 'RestoreCollection', data: { collectionId: 'c1', restoredVersion: 2, target: current, now: NOW } }, current)).toEqual({ ok: true, events: [] });
  });

  it('refuses a version where the page did not exist, and a page that is gone', () => {
    const current = fold(events.slice(0, 2));
    expect(collectionDecider.decide({ type: 'RestoreCollection', data: { collectionId: 'c1', restoredVersion: 0, target: { status: 'none' }, now: NOW } }, current)).toMatchObject({
      ok: false, error: { code: 'VERSION_NOT_FOUND', message: 'There is no version 0 of this to restore.' },
    });
    expect(collectionDecider.decide({ type: 'RestoreCollection', data: { collectionId: 'c1', restoredVersion: 1, target: current, now: NOW } }, fold(events))).toMatchObject({
      ok: false, error: { code: 'COLLECTION_NOT_FOUND' },
    });
  });

  it('galleries show their options and the order of their images', () => {
    const gallery = page({ kind: 'gallery', urlId: 'gallery' });
    const history = buildHistory(collectionHistory, inputs<CollectionEvent>([
      { type: 'CollectionCreated', data: { collection: gallery }, schemaVersion: 2 },
      { type: 'GalleryOptionsChanged', data: { collectionId: 'c1', options: { design: 'slider' }, changedAt: NOW } },
      { type: 'CollectionItemListed', data: { collectionId: 'c1', itemId: 'i1', urlId: 'one' } },
      { type: 'CollectionItemListed', data: { collectionId: 'c1', itemId: 'i2', urlId: 'two' } },
      { type: 'CollectionItemsReordered', data: { collectionId: 'c1', itemIds: ['i2', 'i1'], changedAt: NOW } },
    ]));
    expect(history.slice(1).map((e) => lines(e.changes))).toEqual([
      ['Gallery option: design: null → slider'], ['Number of items: 0 → 1'], ['Number of items: 1 → 2'], ['Item order: null → null'],
    ]);
  });
});

const post = (over: Partial<ContentItemDetails> = {}): ContentItemDetails => ({
  id: 'i1', collectionId: 'blog', kind: 'post', title: 'Kiln day', urlId: 'kiln-day', excerpt: '', body: '<p>We fired the kiln.</p>', mainImageId: null,
  tags: ['kiln'], categories: [], author: null, commentState: 1, sourceUrl: null, startDate: null, endDate: null, location: null,
  workflowState: 'Draft', publishOn: null, addedOn: 1, updatedOn: 1, ...over,
});

describe('a content item history', () => {
  const events: ContentItemEvent[] = [
    { type: 'ContentItemCreated', data: { item: post() } },
    { type: 'ContentItemEdited', data: { itemId: 'i1', changes: { title: 'Kiln day!', tags: ['kiln', 'glaze'] }, editedAt: NOW } },
    { type: 'ContentItemWorkflowChanged', data: { itemId: 'i1', workflowState: 'Published', publishOn: Date.parse(NOW), changedAt: NOW } },
  ];

  it('shows edits and publishing', () => {
    expect(buildHistory(contentItemHistory, inputs(events)).slice(1).map((e) => [e.label, lines(e.changes)])).toEqual([
      ['Item edited', ['Title: Kiln day → Kiln day!', 'Tag list: kiln → kiln, glaze']],
      ['Publish state changed', ['Publish state: Draft → Published', `Publish date: null → ${NOW}`]],
    ]);
  });

  it('a restore brings back the text, never the publish state', () => {
    const current: ContentItemState = events.reduce(contentItemDecider.evolve, contentItemDecider.initialState());
    const target = stateAtVersion(contentItemHistory, inputs(events), 1);
    const decision = contentItemDecider.decide({ type: 'RestoreContentItem', data: { itemId: 'i1', restoredVersion: 1, target, now: NOW } }, current);
    expect(decision).toEqual({ ok: true, events: [{ type: 'ContentItemRestored', data: { itemId: 'i1', restoredVersion: 1, changes: { title: 'Kiln day', tags: ['kiln'] }, restoredAt: NOW } }] });
    const after = [...events, ...(decision.ok ? decision.events : [])].reduce(contentItemDecider.evolve, contentItemDecider.initialState());
    expect(after).toMatchObject({ status: 'active', item: { title: 'Kiln day', workflowState: 'Published', updatedOn: Date.parse(NOW) } });
  });

  it('events show their dates and place', () => {
    const event = post({ kind: 'event', startDate: Date.UTC(2026, 5, 1), endDate: Date.UTC(2026, 5, 2), location: { ...EMPTY_LOCATION, addressTitle: 'Studio', addressLine1: '1 Clay St' } });
    const [created] = buildHistory(contentItemHistory, inputs<ContentItemEvent>([{ type: 'ContentItemCreated', data: { item: event } }]));
    expect(lines(created!.changes)).toEqual(expect.arrayContaining(['Starts: null → 2026-06-01T00:00:00.000Z', 'Location: null → Studio, 1 Clay St']));
  });
});

describe('the settings history', () => {
  const created: WebsiteEvent = { type: 'WebsiteCreated', data: { websiteId: 'w1', title: 'My Site', currency: 'USD', timeZone: 'America/New_York', createdAt: NOW } };
  const events: WebsiteEvent[] = [
    created,
    { type: 'WebsiteSettingsChanged', data: { changes: { siteTitle: 'Clay & Co.', shareButtonOptions: { email: true } }, changedAt: NOW } },
    { type: 'SiteHeaderFooterChanged', data: { header: '<p>Free shipping</p>', footer: '', changedAt: NOW } },
    { type: 'WebsiteSettingsChanged', data: { changes: { siteStatus: 'trial', expiration: Date.UTC(2027, 0, 1) }, changedAt: NOW } },
  ];
  const fold = (list: WebsiteEvent[]): WebsiteState => list.reduce(websiteDecider.evolve, websiteDecider.initialState());

  it('shows each setting, share button and the header', () => {
    expect(buildHistory(websiteHistory, inputs(events)).slice(1).map((e) => lines(e.changes))).toEqual([
      ['Site title: My Site → Clay & Co.', 'Share button: email: No → Yes'],
      ['Header: null → Free shipping'],
      ['Site status: paid → trial', 'Expires: null → 2027-01-01T00:00:00.000Z'],
    ]);
  });

  it('a restore brings back settings, header and footer, but not the subscription', () => {
    const target = stateAtVersion(websiteHistory, inputs(events), 1);
    const decision = websiteDecider.decide({ type: 'RestoreWebsite', data: { restoredVersion: 1, target, now: NOW } }, fold(events));
    expect(decision).toEqual({
      ok: true,
      events: [{ type: 'WebsiteRestored', data: { restoredVersion: 1, changes: { siteTitle: 'My Site', shareButtonOptions: target.status === 'created' ? target.settings.shareButtonOptions : {} }, header: '', restoredAt: NOW } }],
    });
    const after = fold([...events, ...(decision.ok ? decision.events : [])]);
    expect(after).toMatchObject({ status: 'created', header: '', settings: { siteTitle: 'My Site', siteStatus: 'trial', shareButtonOptions: { email: false } } });
    expect(websiteDecider.decide({ type: 'RestoreWebsite', data: { restoredVersion: 9, target: { status: 'none' }, now: NOW } }, fold(events))).toMatchObject({ ok: false, error: { code: 'VERSION_NOT_FOUND' } });
  });
});

describe('the site layout history', () => {
  it('shows pages, the home page and the navigations by their URLs', () => {
    const events: SiteLayoutEvent[] = [
      { type: 'CollectionRegistered', data: { collectionId: 'c1', kind: 'page', urlId: 'about', registeredAt: NOW } },
      { type: 'HomePageSet', data: { collectionId: 'c1', setAt: NOW } },
      { type: 'CollectionRegistered', data: { collectionId: 'f1', kind: 'folder', urlId: 'more', registeredAt: NOW } },
      {
        type: 'NavigationUpdated',
        data: {
          fieldName: 'mainNav', templateId: null, updatedAt: NOW,
          items: [
            { collectionId: 'c1', externalLink: null, title: null, newWindow: false, memberAreaId: null, children: [] },
            { collectionId: 'f1', externalLink: null, title: 'More', newWindow: false, memberAreaId: null, children: [{ collectionId: null, externalLink: 'https://example.com', title: 'Elsewhere', newWindow: true, memberAreaId: null, children: [] }] },
          ],
        },
      },
      { type: 'CollectionUrlIdChanged', data: { collectionId: 'c1', urlId: 'about-us', changedAt: NOW } },
    ];
    expect(buildHistory(siteLayoutHistory, inputs(events)).map((e) => lines(e.changes))).toEqual([
      ['Page /about: null → /about (page)'],
      ['Home page: null → /about'],
      ['Page /more: null → /more (folder)'],
      ['Main navigation: null → /about, More (Elsewhere)'],
      // The links point at the same page: only its URL changed.
      ['Page /about-us: /about (page) → /about-us (page)'],
    ]);
  });
});

import { isItemVisible, isSameDayEvent, publishTarget, type ContentItemDetails } from './content-item';
import { contentItemDecider, type ContentItemCommand } from './content-item-decider';
import type { ContentItemEvent } from './events';
import { parseRequest } from '../shared/requests';
import type { ItemKind } from './content-item';
import {
  contentItemFromRequest, editContentItemRequest, newContentItemRequest, PublishRequest, publishTargetAt, WorkflowChangeRequest,
} from './requests';

// The request schemas with what the API adds (ids, the time, the collection's item kind).
const parseNewContentItem = (raw: unknown, ctx: Parameters<typeof contentItemFromRequest>[1]) => {
  const parsed = parseRequest(newContentItemRequest(ctx.kind), raw);
  return parsed.ok ? { ok: true as const, value: contentItemFromRequest(parsed.value, ctx) } : parsed;
};
const parseContentItemChanges = (raw: unknown, kind: ItemKind) => parseRequest(editContentItemRequest(kind), raw);
const parsePublish = (raw: unknown, now: string) => {
  const parsed = parseRequest(PublishRequest, raw);
  return parsed.ok ? { ok: true as const, value: publishTargetAt(parsed.value, now) } : parsed;
};
const parseWorkflowChange = (raw: unknown) => parseRequest(WorkflowChangeRequest, raw);
import { contentItemRecord } from './site-records';

const NOW = '2026-11-23T10:00:00.000Z';
const NOW_MS = Date.parse(NOW);
const HOUR = 3_600_000;
const post = (over: Partial<ContentItemDetails> = {}): ContentItemDetails => ({
  id: 'i1', collectionId: 'journal', kind: 'post', title: 'First firing', urlId: 'first-firing', excerpt: '<p>Hot.</p>', body: '<p>Very hot.</p>',
  mainImageId: null, tags: [], categories: [], author: { displayName: 'Ana' }, commentState: 1, sourceUrl: null, startDate: null, endDate: null,
  location: null, workflowState: 'Draft', publishOn: null, addedOn: NOW_MS, updatedOn: NOW_MS, ...over,
});
const event = (over: Partial<ContentItemDetails> = {}) =>
  post({ kind: 'event', collectionId: 'events', startDate: NOW_MS + 24 * HOUR, endDate: NOW_MS + 26 * HOUR, ...over });
const created = (item: ContentItemDetails): ContentItemEvent => ({ type: 'ContentItemCreated', data: { item } });
const create = (item: ContentItemDetails): ContentItemCommand => ({ type: 'CreateContentItem', data: { item, now: NOW } });
const given = (events: ContentItemEvent[]) => events.reduce(contentItemDecider.evolve, contentItemDecider.initialState());
const decide = (events: ContentItemEvent[], command: ContentItemCommand) => contentItemDecider.decide(command, given(events));
const errorCode = (events: ContentItemEvent[], command: ContentItemCommand) => {
  const d = decide(events, command);
  return d.ok ? 'accepted' : d.error.code;
};
const workflow = (workflowState: ContentItemDetails['workflowState'], publishOn: number | null): ContentItemCommand => ({
  type: 'ChangeContentItemWorkflow', data: { itemId: 'i1', workflowState, publishOn, now: NOW },
});

describe('content items: given events, when a command, then', () => {
  it('creates posts, events and gallery images', () => {
    expect(decide([], create(post()))).toEqual({ ok: true, events: [created(post())] });
    expect(errorCode([], create(event()))).toBe('accepted');
    expect(errorCode([], create(post({ kind: 'image', title: '', mainImageId: 'mug-sand' })))).toBe('accepted');
    expect(errorCode([created(post())], create(post()))).toBe('ITEM_ALREADY_EXISTS');
  });

  it.each<[string, ContentItemDetails, string]>([
    ['an untitled post', post({ title: '' }), 'INVALID_TITLE'],
    ['a tag over 50 characters', post({ tags: ['x'.repeat(51)] }), 'TAG_TOO_LONG'],
    ['a category over 25 characters', post({ categories: ['y'.repeat(26)] }), 'CATEGORY_TOO_LONG'],
    ['an event ending before it starts', event({ endDate: NOW_MS }), 'INVALID_EVENT_DATES'],
    ['an event without a start', event({ startDate: null }), 'INVALID_DATE'],
    ['an event date that is not epoch ms', event({ startDate: 1.5 }), 'INVALID_DATE'],
    ['an event off the map', event({ location: { addressTitle: '', addressLine1: '', addressLine2: '', addressCountry: '', mapLat: 10, mapLng: 200, mapZoom: null } }), 'INVALID_LOCATION'],
    ['a post with event dates', post({ startDate: NOW_MS, endDate: NOW_MS }), 'WRONG_COLLECTION_KIND'],
    ['an image without an image', post({ kind: 'image', mainImageId: null }), 'IMAGE_REQUIRED'],
    ['a scheduled post without a time', post({ workflowState: 'Scheduled', publishOn: null }), 'SCHEDULE_IN_PAST'],
    ['a scheduled post in the past', post({ workflowState: 'Scheduled', publishOn: NOW_MS - 1 }), 'SCHEDULE_IN_PAST'],
    ['a javascript: source link', post({ sourceUrl: 'javascript:alert(1)' }), 'INVALID_LINK'],
  ])('refuses %s', (_, item, code) => {
    expect(errorCode([], create(item))).toBe(code);
  });

  it('accepts tags of exactly 50 and categories of exactly 25 characters, and an event ending as it starts', () => {
    expect(errorCode([], create(post({ tags: ['x'.repeat(50)], categories: ['y'.repeat(25)] })))).toBe('accepted');
    expect(errorCode([], create(event({ endDate: NOW_MS + 24 * HOUR })))).toBe('accepted');
  });

  it('edits, checking the item as it would be', () => {
    const edit = (changes: object): ContentItemCommand => ({ type: 'EditContentItem', data: { itemId: 'i1', changes, now: NOW } });
    expect(decide([created(post())], edit({ title: 'Second firing', excerpt: '<p>Hot.</p>' }))).toEqual({
      ok: true, events: [{ type: 'ContentItemEdited', data: { itemId: 'i1', changes: { title: 'Second firing' }, editedAt: NOW } }],
    });
    expect(errorCode([created(event())], edit({ endDate: NOW_MS }))).toBe('INVALID_EVENT_DATES');
    expect(errorCode([], edit({ title: 'x' }))).toBe('ITEM_NOT_FOUND');
  });

  it('moves between publish states; Scheduled needs a future time, Published a past or present one', () => {
    const draft = [created(post())];
    expect(errorCode(draft, workflow('Scheduled', NOW_MS + HOUR))).toBe('accepted');
    expect(errorCode(draft, workflow('Scheduled', NOW_MS))).toBe('SCHEDULE_IN_PAST');
    expect(errorCode(draft, workflow('Published', NOW_MS - HOUR))).toBe('accepted');
    expect(errorCode(draft, workflow('Published', NOW_MS + HOUR))).toBe('SCHEDULE_IN_PAST');
    expect(errorCode(draft, workflow('Needs Review', null))).toBe('accepted');
    expect(errorCode(draft, workflow('Private', null))).toBe('accepted');
    expect(decide(draft, workflow('Draft', null))).toEqual({ ok: true, events: [] });
    expect(errorCode(draft, workflow('Archived' as 'Draft', null))).toBe('INVALID_WORKFLOW_STATE');
  });

  it('deletes and then refuses changes', () => {
    const d = decide([created(post())], { type: 'DeleteContentItem', data: { itemId: 'i1', now: NOW } });
    expect(d).toEqual({ ok: true, events: [{ type: 'ContentItemDeleted', data: { itemId: 'i1', collectionId: 'journal', deletedAt: NOW } }] });
    expect(errorCode([created(post()), ...(d.ok ? d.events : [])], workflow('Published', null))).toBe('ITEM_NOT_FOUND');
  });
});

describe('visibility of publish states', () => {
  it.each<[ContentItemDetails['workflowState'], number | null, number, boolean]>([
    ['Published', NOW_MS - HOUR, NOW_MS, true],
    ['Published', null, NOW_MS, true],
    ['Scheduled', NOW_MS + HOUR, NOW_MS, false],
    ['Scheduled', NOW_MS + HOUR, NOW_MS + HOUR, true],
    ['Scheduled', NOW_MS + HOUR, NOW_MS + 2 * HOUR, true],
    ['Draft', NOW_MS - HOUR, NOW_MS, false],
    ['Needs Review', NOW_MS - HOUR, NOW_MS, false],
    ['Private', NOW_MS - HOUR, NOW_MS, false],
  ])('%s (publishOn %p) at %p is visible: %p', (workflowState, publishOn, at, visible) => {
    expect(isItemVisible({ workflowState, publishOn }, at)).toBe(visible);
  });

  it('publishing now, backdated or for later', () => {
    expect(publishTarget(null, NOW_MS)).toEqual({ workflowState: 'Published', publishOn: NOW_MS });
    expect(publishTarget(NOW_MS - HOUR, NOW_MS)).toEqual({ workflowState: 'Published', publishOn: NOW_MS - HOUR });
    expect(publishTarget(NOW_MS + HOUR, NOW_MS)).toEqual({ workflowState: 'Scheduled', publishOn: NOW_MS + HOUR });
    expect(parsePublish({ publishOn: '2027-01-01T00:00:00Z' }, NOW)).toEqual({ ok: true, value: { workflowState: 'Scheduled', publishOn: Date.parse('2027-01-01T00:00:00Z') } });
    expect(parsePublish(undefined, NOW)).toEqual({ ok: true, value: { workflowState: 'Published', publishOn: NOW_MS } });
    expect(parseWorkflowChange({ workflowState: 'needs-review' })).toEqual({ ok: true, value: { workflowState: 'Needs Review', publishOn: null } });
    expect(parseWorkflowChange({ workflowState: 'gone' })).toMatchObject({ ok: false, error: { code: 'INVALID_WORKFLOW_STATE' } });
  });
});

describe('content item records and input', () => {
  it('builds the SPEC Content item / Event record', () => {
    const item = event({ location: { addressTitle: 'Studio', addressLine1: '12 Kiln Lane', addressLine2: 'Hudson, NY', addressCountry: 'US', mapLat: 42.25, mapLng: -73.79, mapZoom: 14 } });
    expect(contentItemRecord(item, '/events')).toMatchObject({
      id: 'i1', collectionId: 'events', recordType: 12, fullUrl: '/events/first-firing', urlId: 'first-firing', likeCount: 0, publicCommentCount: 0,
      commentState: 1, workflowState: 'Draft', startDate: NOW_MS + 24 * HOUR, endDate: NOW_MS + 26 * HOUR, location: { mapLat: 42.25, mapLng: -73.79 },
      author: { displayName: 'Ana' },
    });
    expect(contentItemRecord(post(), '/journal')).not.toHaveProperty('startDate');
    expect(isSameDayEvent(item)).toBe(true);
    expect(isSameDayEvent(event({ endDate: NOW_MS + 50 * HOUR }))).toBe(false);
  });

  it('reads new items: kind from the collection, Draft by default, ISO or epoch dates, image descriptions as body', () => {
    const ctx = (kind: 'post' | 'event' | 'image') => ({ itemId: 'n1', collectionId: 'c', kind, now: NOW });
    const p = parseNewContentItem({ title: 'Glaze day', tags: ['glaze'], author: 'Ana', workflowState: 'Published' }, ctx('post'));
    expect(p.ok && p.value).toMatchObject({ wantedUrlId: 'glaze-day', item: { kind: 'post', workflowState: 'Published', publishOn: NOW_MS, author: { displayName: 'Ana' } } });
    const e = parseNewContentItem({ title: 'Market', startDate: '2026-12-05T15:00:00Z', endDate: Date.parse('2026-12-05T20:00:00Z') }, ctx('event'));
    expect(e.ok && e.value.item).toMatchObject({ startDate: Date.parse('2026-12-05T15:00:00Z'), endDate: Date.parse('2026-12-05T20:00:00Z'), workflowState: 'Draft' });
    const i = parseNewContentItem({ imageId: 'mug-sand', description: '<p>Sand glaze</p>' }, ctx('image'));
    expect(i.ok && i.value).toMatchObject({ wantedUrlId: 'mug-sand', item: { mainImageId: 'mug-sand', body: '<p>Sand glaze</p>', title: '' } });
    expect(parseNewContentItem({ title: 'x', startDate: 'tomorrow' }, ctx('event'))).toMatchObject({ ok: false, error: { code: 'INVALID_DATE' } });
    expect(parseNewContentItem({ title: 'x', tags: 'a,b' }, ctx('post'))).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    expect(parseContentItemChanges({ urlId: 'New Name', title: 'T' }, 'post')).toEqual({ ok: true, value: { changes: { title: 'T' }, wantedUrlId: 'new-name' } });
  });
});

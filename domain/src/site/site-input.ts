import type { DomainError } from '../shared/decider';
import { domainError, type ErrorCode } from '../shared/error-catalogue';
import type { Parsed } from '../catalog/product-input';
import { BLOCK_TYPES, type Block } from './blocks';
import {
  COLLECTION_KINDS, DEFAULT_PAGE_SIZE, FOLDER_BEHAVIORS, isCollectionKind, type CollectionDetails, type CollectionDetailsChanges,
  type CollectionKind, type FolderBehavior, type ItemKind,
} from './collection';
import {
  isWorkflowState, publishTarget, WORKFLOW_STATES, type CommentState, type ContentItemChanges, type ContentItemDetails, type EventLocation,
  type WorkflowState,
} from './content-item';
import type { GalleryOptionsInput } from './gallery-options';
import type { LayoutLink } from './navigation';
import { epochMs, notAnOption, urlIdFor } from './site-limits';
import {
  SHARE_BUTTONS, SITE_STATUS_VALUES, WEBSITE_TYPES, type ShareButtonOptions, type SiteStatusName, type SocialAccount, type WebsiteSettingsChanges,
  type WebsiteTypeName,
} from './website-settings';

/**
 * Owner API input (untrusted JSON) for the site turned into typed command data, or the first
 * problem found as a domain error. Shape problems are reported here; business rules (limits,
 * uniqueness, date order, time zones) are checked by `decide` on the typed data. Unknown fields are
 * ignored, so a client may send back a record it read.
 */

class InputError extends Error {
  constructor(readonly error: DomainError) {
    super(error.message);
  }
}

function fail(error: DomainError): never;
function fail(code: ErrorCode, details?: Record<string, unknown>, message?: string): never;
function fail(codeOrError: ErrorCode | DomainError, details?: Record<string, unknown>, message?: string): never {
  throw new InputError(typeof codeOrError === 'string' ? domainError(codeOrError, details, message) : codeOrError);
}

function parse<T>(fn: () => T): Parsed<T> {
  try {
    return { ok: true, value: fn() };
  } catch (error) {
    if (error instanceof InputError) return { ok: false, error: error.error };
    throw error;
  }
}

type Json = Record<string, unknown>;
const has = (o: Json, key: string) => Object.prototype.hasOwnProperty.call(o, key) && o[key] !== undefined;

function object(raw: unknown, field = 'body'): Json {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    fail('INVALID_REQUEST', { field }, field === 'body' ? 'The request body must be a JSON object.' : `${field} must be an object.`);
  }
  return raw as Json;
}

function str(raw: unknown, field: string): string {
  if (typeof raw !== 'string') fail('INVALID_TEXT_FIELD', { field }, `${field} must be text.`);
  return raw;
}

function optStr(raw: unknown, field: string): string | undefined {
  return raw === undefined ? undefined : str(raw, field);
}

/** Text, or null for "none" (an empty string counts as none). */
function nullableStr(raw: unknown, field: string): string | null | undefined {
  if (raw === undefined) return undefined;
  if (raw === null || raw === '') return null;
  return str(raw, field);
}

function bool(raw: unknown, field: string): boolean {
  if (typeof raw !== 'boolean') fail('INVALID_REQUEST', { field }, `${field} must be true or false.`);
  return raw;
}

function optBool(raw: unknown, field: string): boolean | undefined {
  return raw === undefined ? undefined : bool(raw, field);
}

function integer(raw: unknown, field: string): number {
  if (typeof raw !== 'number' || !Number.isSafeInteger(raw)) fail('INVALID_REQUEST', { field }, `${field} must be a whole number.`);
  return raw;
}

function stringList(raw: unknown, field: string): string[] {
  if (!Array.isArray(raw) || raw.some((t) => typeof t !== 'string')) fail('INVALID_REQUEST', { field }, `${field} must be a list of text.`);
  return raw as string[];
}

/** Epoch milliseconds from a number or an ISO-8601 string; 'Invalid date.' otherwise. */
function date(raw: unknown, field: string): number {
  if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0) return raw;
  if (typeof raw === 'string' && raw.length <= 40 && /^\d{4}-\d{2}-\d{2}/.test(raw)) {
    const ms = Date.parse(raw);
    if (Number.isFinite(ms) && ms >= 0) return ms;
  }
  return fail('INVALID_DATE', { field });
}

function nullableDate(raw: unknown, field: string): number | null | undefined {
  if (raw === undefined) return undefined;
  return raw === null ? null : date(raw, field);
}

// Website

function siteStatus(raw: unknown): SiteStatusName {
  const value = typeof raw === 'object' && raw !== null ? (raw as Json).value ?? (raw as Json).name : raw;
  if (typeof value === 'string' && Object.prototype.hasOwnProperty.call(SITE_STATUS_VALUES, value)) return value as SiteStatusName;
  const byNumber = (Object.keys(SITE_STATUS_VALUES) as SiteStatusName[]).find((k) => SITE_STATUS_VALUES[k] === value);
  return byNumber ?? fail(notAnOption(String(value), 'siteStatus'));
}

function websiteType(raw: unknown): WebsiteTypeName {
  if (typeof raw === 'string' && Object.prototype.hasOwnProperty.call(WEBSITE_TYPES, raw)) return raw as WebsiteTypeName;
  const byNumber = (Object.keys(WEBSITE_TYPES) as WebsiteTypeName[]).find((k) => WEBSITE_TYPES[k] === raw);
  return byNumber ?? fail(notAnOption(String(raw), 'websiteType'));
}

function shareButtons(raw: unknown): Partial<ShareButtonOptions> {
  const obj = object(raw, 'shareButtonOptions');
  const out: Partial<ShareButtonOptions> = {};
  for (const [name, value] of Object.entries(obj)) {
    if (!(SHARE_BUTTONS as readonly string[]).includes(name)) fail(notAnOption(name, 'shareButtonOptions'));
    out[name as keyof ShareButtonOptions] = bool(value, `shareButtonOptions.${name}`);
  }
  return out;
}

function socialAccounts(raw: unknown): SocialAccount[] {
  if (!Array.isArray(raw)) fail('INVALID_SOCIAL_ACCOUNT', { field: 'socialAccounts' });
  return raw.map((entry, i) => {
    const a = object(entry, `socialAccounts[${i}]`);
    return {
      serviceName: str(a.serviceName, `socialAccounts[${i}].serviceName`).trim().toLowerCase(),
      userName: a.userName === undefined ? '' : str(a.userName, `socialAccounts[${i}].userName`),
      profileUrl: str(a.profileUrl, `socialAccounts[${i}].profileUrl`).trim(),
    };
  });
}

/** PUT /api/site/settings: any subset of the settings. */
export function parseWebsiteSettingsChanges(raw: unknown): Parsed<WebsiteSettingsChanges> {
  return parse(() => {
    const b = object(raw);
    const captcha = has(b, 'captchaSettings') ? object(b.captchaSettings, 'captchaSettings').siteKey : b.captchaSiteKey;
    const changes: WebsiteSettingsChanges = {
      siteTitle: optStr(b.siteTitle ?? b.title, 'siteTitle'),
      siteTagLine: optStr(b.siteTagLine, 'siteTagLine'),
      timeZone: optStr(b.timeZone, 'timeZone'),
      language: optStr(b.language, 'language'),
      currency: b.currency === undefined ? undefined : str(b.currency, 'currency').toUpperCase(),
      useCLDRMoneyFormat: optBool(b.useCLDRMoneyFormat, 'useCLDRMoneyFormat'),
      siteStatus: has(b, 'siteStatus') ? siteStatus(b.siteStatus) : undefined,
      expiration: nullableDate(b.expiration, 'expiration'),
      websiteType: has(b, 'websiteType') ? websiteType(b.websiteType) : undefined,
      commentsEnabled: optBool(b.commentsEnabled, 'commentsEnabled'),
      simpleLikingEnabled: optBool(b.simpleLikingEnabled, 'simpleLikingEnabled'),
      disqusShortname: nullableStr(b.disqusShortname, 'disqusShortname'),
      shareButtonOptions: has(b, 'shareButtonOptions') ? shareButtons(b.shareButtonOptions) : undefined,
      socialAccounts: has(b, 'socialAccounts') ? socialAccounts(b.socialAccounts) : undefined,
      logoImageId: nullableStr(b.logoImageId, 'logoImageId'),
      captchaSiteKey: nullableStr(captcha, 'captchaSettings.siteKey'),
    };
    return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as WebsiteSettingsChanges;
  });
}

/** SPEC 7 PUT /api/site-header-footer { header, footer }: a part left out stays as it is. */
export function parseHeaderFooter(raw: unknown): Parsed<{ header?: string; footer?: string }> {
  return parse(() => {
    const b = object(raw);
    const header = b.header === null ? '' : optStr(b.header, 'header');
    const footer = b.footer === null ? '' : optStr(b.footer, 'footer');
    return { ...(header !== undefined ? { header } : {}), ...(footer !== undefined ? { footer } : {}) };
  });
}

// Collections

function folderBehavior(raw: unknown): FolderBehavior {
  if (typeof raw === 'string' && Object.prototype.hasOwnProperty.call(FOLDER_BEHAVIORS, raw)) return FOLDER_BEHAVIORS[raw as keyof typeof FOLDER_BEHAVIORS];
  if (raw === 1 || raw === 2 || raw === 3) return raw;
  return fail(notAnOption(String(raw), 'folderBehavior'));
}

/** A block type by number or name ('html', 'summary-v2', …). */
function blockType(raw: unknown, index: number): number {
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'string') {
    const entry = Object.entries(BLOCK_TYPES).find(([, name]) => name === raw);
    if (entry) return Number(entry[0]);
    if (/^\d+$/.test(raw)) return Number(raw);
  }
  return fail('INVALID_BLOCK', { index, reason: 'unknown block type' }, `Block ${index + 1}: ${String(raw).slice(0, 50)} is not a block type.`);
}

/** `{ blocks: [...] }` or a list of blocks; a block without an id gets `newBlockId()`. */
export function parseLayout(raw: unknown, newBlockId: () => string): Parsed<Block[]> {
  return parse(() => layoutBlocks(raw, newBlockId));
}

function layoutBlocks(raw: unknown, newBlockId: () => string): Block[] {
  const list = Array.isArray(raw) ? raw : object(raw, 'layout').blocks;
  if (!Array.isArray(list)) fail('INVALID_BLOCK', { field: 'blocks' }, 'blocks must be a list.');
  return list.map((entry, index) => {
    const b = object(entry, `blocks[${index}]`);
    const value = b.value === undefined ? {} : b.value;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      fail('INVALID_BLOCK', { index, reason: 'value must be an object' }, `Block ${index + 1}: its value must be an object.`);
    }
    const id = b.id === undefined ? newBlockId() : b.id;
    if (typeof id !== 'string') fail('INVALID_BLOCK', { index, reason: 'id must be text' }, `Block ${index + 1}: its id must be text.`);
    return { id, type: blockType(b.type, index), value: value as Json };
  });
}

/** PUT /api/site/collections/{id}/gallery-options: `{ options: {...} }` or the options themselves. */
export function parseGalleryOptions(raw: unknown): Parsed<GalleryOptionsInput> {
  return parse(() => {
    const b = object(raw);
    return (has(b, 'options') && typeof b.options === 'object' && !Array.isArray(b.options) ? object(b.options, 'options') : b) as GalleryOptionsInput;
  });
}

/** The URL id fallback per kind when a title slugs to under 3 characters (SPEC 5). */
const URL_ID_FALLBACKS: Record<CollectionKind, string> = {
  page: 'page', blog: 'blog', events: 'events', gallery: 'gallery', products: 'shop', folder: 'folder',
};

export type NewCollectionInput = { collection: CollectionDetails; wantedUrlId: string; password: string | null };

/**
 * POST /api/site/collections: kind, title and the optional rest. A products collection's id is its
 * store's collection id (`storeCollectionId`), so product records and the page agree on it.
 */
export function parseNewCollection(
  raw: unknown,
  ctx: { collectionId: string; websiteId: string; now: string; newBlockId: () => string; storeUrlId?: (storeCollectionId: string) => string | undefined },
): Parsed<NewCollectionInput> {
  return parse(() => {
    const b = object(raw);
    if (!isCollectionKind(b.kind)) fail(notAnOption(String(b.kind ?? ''), 'kind'));
    const kind = b.kind as CollectionKind;
    const title = str(b.title, 'title');
    const storeCollectionId = kind === 'products' ? str(b.storeCollectionId, 'storeCollectionId') : null;
    if (kind !== 'products' && has(b, 'storeCollectionId')) fail('WRONG_COLLECTION_KIND', { field: 'storeCollectionId' }, 'Only products collections show a store.');
    const requestedUrlId = optStr(b.urlId, 'urlId');
    const defaultUrlId = storeCollectionId !== null ? ctx.storeUrlId?.(storeCollectionId) : undefined;
    const wantedUrlId = urlIdFor(requestedUrlId ?? defaultUrlId ?? title, URL_ID_FALLBACKS[kind]);
    const password = b.password === undefined || b.password === null ? null : str(b.password, 'password');
    const collection: CollectionDetails = {
      id: storeCollectionId ?? ctx.collectionId,
      websiteId: ctx.websiteId,
      kind,
      title,
      navigationTitle: optStr(b.navigationTitle, 'navigationTitle') ?? '',
      description: optStr(b.description, 'description') ?? '',
      urlId: wantedUrlId,
      folderBehavior: COLLECTION_KINDS[kind].folder ? (has(b, 'folderBehavior') ? folderBehavior(b.folderBehavior) : FOLDER_BEHAVIORS.index) : has(b, 'folderBehavior') ? folderBehavior(b.folderBehavior) : null,
      membersOnly: optBool(b.membersOnly, 'membersOnly') ?? false,
      published: optBool(b.published, 'published') ?? true,
      pageSize: has(b, 'pageSize') ? integer(b.pageSize, 'pageSize') : DEFAULT_PAGE_SIZE,
      storeCollectionId,
      passwordHash: null,
      layout: has(b, 'layout') || has(b, 'blocks') ? layoutBlocks(b.layout ?? b.blocks, ctx.newBlockId) : [],
      galleryOptions: has(b, 'galleryOptions') ? (object(b.galleryOptions, 'galleryOptions') as GalleryOptionsInput) : {},
      createdAt: ctx.now,
    };
    return { collection, wantedUrlId, password };
  });
}

/** PUT /api/site/collections/{id}: settings changes; a new `urlId` is granted by the site layout. */
export function parseCollectionChanges(raw: unknown): Parsed<{ changes: CollectionDetailsChanges; wantedUrlId?: string }> {
  return parse(() => {
    const b = object(raw);
    const changes: CollectionDetailsChanges = {
      title: optStr(b.title, 'title'),
      navigationTitle: optStr(b.navigationTitle, 'navigationTitle'),
      description: optStr(b.description, 'description'),
      folderBehavior: has(b, 'folderBehavior') ? folderBehavior(b.folderBehavior) : undefined,
      membersOnly: optBool(b.membersOnly, 'membersOnly'),
      published: optBool(b.published, 'published'),
      pageSize: has(b, 'pageSize') ? integer(b.pageSize, 'pageSize') : undefined,
    };
    const urlId = optStr(b.urlId, 'urlId');
    return {
      changes: Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as CollectionDetailsChanges,
      ...(urlId !== undefined ? { wantedUrlId: urlIdFor(urlId, 'page') } : {}),
    };
  });
}

/** PUT /api/site/collections/{id}/password { password }: text locks the page, null unlocks it. */
export function parsePagePassword(raw: unknown): Parsed<string | null> {
  return parse(() => {
    const b = object(raw);
    if (!Object.prototype.hasOwnProperty.call(b, 'password')) fail('PAGE_PASSWORD_INVALID');
    return b.password === null ? null : str(b.password, 'password');
  });
}

export function parseItemOrder(raw: unknown): Parsed<string[]> {
  return parse(() => stringList(object(raw).itemIds, 'itemIds'));
}

export function parseHomePage(raw: unknown): Parsed<string> {
  return parse(() => str(object(raw).collectionId, 'collectionId'));
}

// Navigation

function layoutLink(raw: unknown, path: string, depth: number): LayoutLink {
  const l = object(raw, path);
  const ext = l.externalLink;
  const externalObj = typeof ext === 'object' && ext !== null && !Array.isArray(ext) ? (ext as Json) : null;
  const children = l.children === undefined || l.children === null ? [] : l.children;
  if (!Array.isArray(children)) fail('INVALID_NAVIGATION', { link: path }, `${path}.children must be a list.`);
  if (depth > 2 && children.length > 0) fail('INVALID_NAVIGATION', { link: path }, 'Folders hold links one level deep.');
  return {
    collectionId: nullableStr(l.collectionId, `${path}.collectionId`) ?? null,
    externalLink: externalObj ? str(externalObj.url, `${path}.externalLink.url`) : nullableStr(ext, `${path}.externalLink`) ?? null,
    title: nullableStr(l.title ?? externalObj?.title, `${path}.title`) ?? null,
    newWindow: optBool(l.newWindow ?? externalObj?.newWindow, `${path}.newWindow`) ?? false,
    memberAreaId: nullableStr(l.memberAreaId, `${path}.memberAreaId`) ?? null,
    children: children.map((c, i) => layoutLink(c, `${path}.children[${i}]`, depth + 1)),
  };
}

export function parseLayoutLinks(raw: unknown, field = 'items'): Parsed<LayoutLink[]> {
  return parse(() => {
    if (!Array.isArray(raw)) fail('INVALID_NAVIGATION', { field }, `${field} must be a list of links.`);
    return raw.map((l, i) => layoutLink(l, `${field}[${i}]`, 1));
  });
}

/** SPEC 7 POST /api/widget/UpdateNavigation { fieldName, templateId, navigation: { items } }. */
export function parseUpdateNavigation(raw: unknown): Parsed<{ fieldName: string; templateId: string | null; items: LayoutLink[] }> {
  return parse(() => {
    const b = object(raw);
    const fieldName = b.fieldName === undefined || b.fieldName === null ? '' : str(b.fieldName, 'fieldName');
    const templateId = nullableStr(b.templateId, 'templateId') ?? null;
    if (templateId !== null && templateId.length > 200) fail('INVALID_TEXT_FIELD', { field: 'templateId' }, 'templateId is too long.');
    const navigation = object(b.navigation, 'navigation');
    const links = parseLayoutLinks(navigation.items, 'navigation.items');
    if (!links.ok) fail(links.error);
    return { fieldName, templateId, items: links.value };
  });
}

// Content items

function location(raw: unknown): EventLocation | null {
  if (raw === null) return null;
  const l = object(raw, 'location');
  const coordinate = (v: unknown, field: string): number | null => {
    if (v === undefined || v === null) return null;
    if (typeof v !== 'number' || !Number.isFinite(v)) fail('INVALID_LOCATION', { field });
    return v;
  };
  return {
    addressTitle: optStr(l.addressTitle, 'location.addressTitle') ?? '',
    addressLine1: optStr(l.addressLine1, 'location.addressLine1') ?? '',
    addressLine2: optStr(l.addressLine2, 'location.addressLine2') ?? '',
    addressCountry: optStr(l.addressCountry, 'location.addressCountry') ?? '',
    mapLat: coordinate(l.mapLat, 'location.mapLat'),
    mapLng: coordinate(l.mapLng, 'location.mapLng'),
    mapZoom: l.mapZoom === undefined || l.mapZoom === null ? null : integer(l.mapZoom, 'location.mapZoom'),
  };
}

function author(raw: unknown): { displayName: string } | null {
  if (raw === null || raw === '') return null;
  if (typeof raw === 'string') return { displayName: raw };
  return { displayName: str(object(raw, 'author').displayName, 'author.displayName') };
}

function commentState(raw: unknown): CommentState {
  if (raw === true || raw === 1) return 1;
  if (raw === false || raw === 0) return 0;
  return fail('INVALID_REQUEST', { field: 'commentState' }, 'commentState must be 1 (open) or 0 (closed).');
}

/** A publish state by its label ('Needs Review') or in kebab/upper case ('needs-review', 'NEEDS_REVIEW'). */
export function parseWorkflowState(raw: unknown): WorkflowState {
  if (isWorkflowState(raw)) return raw;
  if (typeof raw === 'string') {
    const key = raw.toLowerCase().replace(/[-_ ]+/g, ' ');
    const found = WORKFLOW_STATES.find((s) => s.toLowerCase() === key);
    if (found) return found;
  }
  return fail('INVALID_WORKFLOW_STATE', { workflowState: String(raw).slice(0, 50) });
}

/** The item fields both create and edit read; undefined where the input leaves a field out. */
function itemFields(b: Json, kind: ItemKind): ContentItemChanges {
  const body = kind === 'image' && b.body === undefined ? b.description : b.body;
  const imageId = b.mainImageId !== undefined ? b.mainImageId : b.imageId;
  return {
    title: optStr(b.title, 'title'),
    excerpt: optStr(b.excerpt, 'excerpt'),
    body: optStr(body, kind === 'image' ? 'description' : 'body'),
    mainImageId: nullableStr(imageId, 'mainImageId'),
    tags: has(b, 'tags') ? stringList(b.tags, 'tags') : undefined,
    categories: has(b, 'categories') ? stringList(b.categories, 'categories') : undefined,
    author: has(b, 'author') ? author(b.author) : undefined,
    commentState: has(b, 'commentState') ? commentState(b.commentState) : undefined,
    sourceUrl: nullableStr(b.sourceUrl, 'sourceUrl'),
    startDate: has(b, 'startDate') ? date(b.startDate, 'startDate') : undefined,
    endDate: has(b, 'endDate') ? date(b.endDate, 'endDate') : undefined,
    location: has(b, 'location') ? location(b.location) : undefined,
  };
}

const ITEM_URL_ID_FALLBACKS: Record<ItemKind, string> = { post: 'post', event: 'event', image: 'image' };

/**
 * POST /api/site/collections/{id}/items. The item's kind follows from its collection. Publish state
 * defaults to Draft; Published without a time is published now.
 */
export function parseNewContentItem(
  raw: unknown,
  ctx: { itemId: string; collectionId: string; kind: ItemKind; now: string },
): Parsed<{ item: ContentItemDetails; wantedUrlId: string }> {
  return parse(() => {
    const b = object(raw);
    const f = itemFields(b, ctx.kind);
    const title = f.title ?? (ctx.kind === 'image' ? '' : str(b.title, 'title'));
    const nowMs = epochMs(ctx.now);
    const requested = has(b, 'workflowState') ? parseWorkflowState(b.workflowState) : 'Draft';
    const publishOn = nullableDate(b.publishOn, 'publishOn') ?? null;
    const workflow = requested === 'Published' ? publishTarget(publishOn, nowMs) : { workflowState: requested, publishOn };
    const requestedUrlId = optStr(b.urlId, 'urlId');
    const wantedUrlId = urlIdFor(requestedUrlId ?? (title || (f.mainImageId ?? '')), ITEM_URL_ID_FALLBACKS[ctx.kind]);
    const item: ContentItemDetails = {
      id: ctx.itemId,
      collectionId: ctx.collectionId,
      kind: ctx.kind,
      title,
      urlId: wantedUrlId,
      excerpt: f.excerpt ?? '',
      body: f.body ?? '',
      mainImageId: f.mainImageId ?? null,
      tags: f.tags ?? [],
      categories: f.categories ?? [],
      author: f.author ?? null,
      commentState: f.commentState ?? 1,
      sourceUrl: f.sourceUrl ?? null,
      startDate: f.startDate ?? null,
      endDate: f.endDate ?? (ctx.kind === 'event' ? f.startDate ?? null : null),
      location: f.location ?? null,
      workflowState: workflow.workflowState,
      publishOn: workflow.publishOn,
      addedOn: nowMs,
      updatedOn: nowMs,
    };
    return { item, wantedUrlId };
  });
}

/** PUT /api/site/items/{id}: any subset of the item's fields; a new `urlId` is granted by its collection. */
export function parseContentItemChanges(raw: unknown, kind: ItemKind): Parsed<{ changes: ContentItemChanges; wantedUrlId?: string }> {
  return parse(() => {
    const b = object(raw);
    const changes = Object.fromEntries(Object.entries(itemFields(b, kind)).filter(([, v]) => v !== undefined)) as ContentItemChanges;
    const urlId = optStr(b.urlId, 'urlId');
    return { changes, ...(urlId !== undefined ? { wantedUrlId: urlIdFor(urlId, ITEM_URL_ID_FALLBACKS[kind]) } : {}) };
  });
}

/** PUT /api/site/items/{id}/workflow { workflowState, publishOn }. */
export function parseWorkflowChange(raw: unknown): Parsed<{ workflowState: WorkflowState; publishOn: number | null }> {
  return parse(() => {
    const b = object(raw);
    return { workflowState: parseWorkflowState(b.workflowState), publishOn: nullableDate(b.publishOn, 'publishOn') ?? null };
  });
}

/** POST /api/site/items/{id}/publish { publishOn? }: Published now or at a past time, Scheduled for a future one. */
export function parsePublish(raw: unknown, now: string): Parsed<{ workflowState: WorkflowState; publishOn: number }> {
  return parse(() => {
    const b = raw === undefined || raw === null ? {} : object(raw);
    return publishTarget(nullableDate(b.publishOn, 'publishOn') ?? null, epochMs(now));
  });
}


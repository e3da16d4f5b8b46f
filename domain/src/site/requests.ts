import * as z from 'zod/mini';
import { domainError } from '../shared/error-catalogue';
import {
  anyObject, bool, mustBe, codeProblem, definedOnly, fieldName, integer, isPlainObject, lenient, nullableText, object, problem, readAs, reportProblem, text, textList,
} from '../shared/requests';
import { BLOCK_TYPES, type Block } from './blocks';
import {
  COLLECTION_KINDS, DEFAULT_PAGE_SIZE, FOLDER_BEHAVIORS, isCollectionKind, type CollectionDetails, type CollectionDetailsChanges,
  type CollectionKind, type FolderBehavior,
} from './collection';
import {
  isWorkflowState, publishTarget, WORKFLOW_STATES, type CommentState, type ContentItemChanges, type ContentItemDetails, type EventLocation,
  type ItemKind, type WorkflowState,
} from './content-item';
import type { GalleryOptionsInput } from './gallery-options';
import type { LayoutLink } from './navigation';
import { epochMs, notAnOption, urlIdFor } from './site-limits';
import {
  SHARE_BUTTONS, SITE_STATUS_VALUES, WEBSITE_TYPES, type ShareButtonOptions, type SiteStatusName, type SocialAccount, type WebsiteSettingsChanges,
  type WebsiteTypeName,
} from './website-settings';

/**
 * The site owner API's request bodies (pages, collections, items, navigation, settings) as zod
 * schemas. Unknown fields are ignored, so a client may send back a record it read. Business rules
 * (limits, uniqueness, date order, time zones) are checked by `decide` on the typed values; the
 * functions at the end add what a request cannot know (ids, the time, the collection's kind).
 */

type Json = Record<string, unknown>;
const has = (o: Json, key: string) => Object.prototype.hasOwnProperty.call(o, key) && o[key] !== undefined;
/** Applies `fn` to a JSON object (aliases, defaults that depend on several fields); anything else is left for the object check. */
const preprocess = (fn: (b: Json) => Json) => z.transform((raw: unknown) => (isPlainObject(raw) ? fn(raw) : raw));

/** Epoch milliseconds from a number or an ISO-8601 string; 'Invalid date.' otherwise. */
function dateValue(raw: unknown): number | undefined {
  if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0) return raw;
  if (typeof raw === 'string' && raw.length <= 40 && /^\d{4}-\d{2}-\d{2}/.test(raw)) {
    const ms = Date.parse(raw);
    if (Number.isFinite(ms) && ms >= 0) return ms;
  }
  return undefined;
}
const date = (field: string) => readAs(dateValue, codeProblem('INVALID_DATE', () => ({ field })));
/** A date, or null for none. */
const nullableDate = (field: string) => readAs((raw) => (raw === null ? null : dateValue(raw)), codeProblem('INVALID_DATE', () => ({ field })));

// Website

function siteStatusValue(raw: unknown): unknown {
  return typeof raw === 'object' && raw !== null ? (raw as Json).value ?? (raw as Json).name : raw;
}
function siteStatus(raw: unknown): SiteStatusName | undefined {
  const value = siteStatusValue(raw);
  if (typeof value === 'string' && Object.prototype.hasOwnProperty.call(SITE_STATUS_VALUES, value)) return value as SiteStatusName;
  return (Object.keys(SITE_STATUS_VALUES) as SiteStatusName[]).find((k) => SITE_STATUS_VALUES[k] === value);
}
function websiteType(raw: unknown): WebsiteTypeName | undefined {
  if (typeof raw === 'string' && Object.prototype.hasOwnProperty.call(WEBSITE_TYPES, raw)) return raw as WebsiteTypeName;
  return (Object.keys(WEBSITE_TYPES) as WebsiteTypeName[]).find((k) => WEBSITE_TYPES[k] === raw);
}

const ShareButtonsRequest = z.pipe(
  anyObject(mustBe('must be an object.', 'shareButtonOptions')),
  z.transform((_b, ctx): Partial<ShareButtonOptions> => {
    const out: Partial<ShareButtonOptions> = {};
    for (const [name, value] of Object.entries(ctx.value as Json)) {
      if (!(SHARE_BUTTONS as readonly string[]).includes(name)) return reportProblem(ctx, notAnOption(name, 'shareButtonOptions'));
      if (typeof value !== 'boolean') {
        return reportProblem(ctx, domainError('INVALID_REQUEST', { field: `shareButtonOptions.${name}` }, `shareButtonOptions.${name} must be true or false.`));
      }
      out[name as keyof ShareButtonOptions] = value;
    }
    return out;
  }),
);

const SocialAccountRequest = z.pipe(
  object({ serviceName: text(), userName: z.optional(text()), profileUrl: text() }),
  z.transform((a): SocialAccount => ({ serviceName: a.serviceName.trim().toLowerCase(), userName: a.userName ?? '', profileUrl: a.profileUrl.trim() })),
);

/**
 * PUT /api/site/settings: any subset of the settings (`title` for `siteTitle`, `captchaSettings.siteKey`
 * for `captchaSiteKey`), the store's among them (`expressCheckout`, `multipleQuantityAllowedForServices`,
 * `checkoutMinimumSubtotalCents` in minor units of the store currency; null gives a setting back to
 * the environment).
 */
export const WebsiteSettingsRequest = z.pipe(
  preprocess((b) => ({
    ...b,
    siteTitle: b.siteTitle ?? b.title,
    captchaSiteKey: has(b, 'captchaSettings') ? (isPlainObject(b.captchaSettings) ? b.captchaSettings.siteKey : undefined) : b.captchaSiteKey,
  })),
  z.pipe(
    object({
      captchaSettings: z.optional(object({})),
      siteTitle: z.optional(text()),
      siteTagLine: z.optional(text()),
      timeZone: z.optional(text()),
      language: z.optional(text()),
      currency: z.optional(text()),
      useCLDRMoneyFormat: z.optional(bool()),
      siteStatus: z.optional(readAs(siteStatus, problem((_f, input) => notAnOption(String(siteStatusValue(input)), 'siteStatus')))),
      expiration: z.optional(nullableDate('expiration')),
      websiteType: z.optional(readAs(websiteType, problem((_f, input) => notAnOption(String(input), 'websiteType')))),
      commentsEnabled: z.optional(bool()),
      simpleLikingEnabled: z.optional(bool()),
      disqusShortname: z.optional(nullableText()),
      shareButtonOptions: z.optional(ShareButtonsRequest),
      socialAccounts: z.optional(z.array(SocialAccountRequest, codeProblem('INVALID_SOCIAL_ACCOUNT', () => ({ field: 'socialAccounts' })))),
      logoImageId: z.optional(nullableText()),
      captchaSiteKey: z.optional(nullableText('captchaSettings.siteKey')),
      announcementBar: z.optional(z.pipe(
        object({ enabled: z.optional(bool()), text: z.optional(text()), url: z.optional(nullableText()) }, 'announcementBar'),
        // An empty link is no link.
        z.transform((bar) => definedOnly({ ...bar, url: bar.url === '' ? null : bar.url })),
      )),
      expressCheckout: z.optional(bool()),
      // null hands the setting back to the environment (MULTIPLE_QUANTITY_ALLOWED_FOR_SERVICES, CHECKOUT_MINIMUM_SUBTOTAL_CENTS).
      multipleQuantityAllowedForServices: z.optional(z.nullable(bool())),
      checkoutMinimumSubtotalCents: z.optional(z.nullable(integer())),
    }),
    z.transform(({ captchaSettings: _c, currency, ...changes }): WebsiteSettingsChanges =>
      definedOnly({ ...changes, currency: currency?.toUpperCase() })),
  ),
);
export type WebsiteSettingsRequest = z.output<typeof WebsiteSettingsRequest>;

/**
 * SPEC 7 PUT /api/site-header-footer { header, footer } and our `newsletterFormId` (the footer's
 * newsletter form, issue 14 part 8): a part left out stays as it is; null empties it ('' or null:
 * no newsletter in the footer).
 */
export const HeaderFooterRequest = z.pipe(
  object({ header: z.optional(z.nullable(text())), footer: z.optional(z.nullable(text())), newsletterFormId: z.optional(nullableText('newsletterFormId')) }),
  z.transform(({ header, footer, newsletterFormId }): { header?: string; footer?: string; newsletterFormId?: string | null } => definedOnly({
    header: header === null ? '' : header,
    footer: footer === null ? '' : footer,
    newsletterFormId,
  })),
);

// Publish states

/** A publish state by its label ('Needs Review') or in kebab/upper case ('needs-review', 'NEEDS_REVIEW'). */
export function workflowStateFrom(raw: unknown): WorkflowState | undefined {
  if (isWorkflowState(raw)) return raw;
  if (typeof raw !== 'string') return undefined;
  const key = raw.toLowerCase().replace(/[-_ ]+/g, ' ');
  return WORKFLOW_STATES.find((s) => s.toLowerCase() === key);
}
const workflowStateProblem = problem((_f, input) => domainError('INVALID_WORKFLOW_STATE', { workflowState: String(input).slice(0, 50) }));
const WorkflowStateRequest = readAs(workflowStateFrom, workflowStateProblem);

// Collections

function folderBehavior(raw: unknown): FolderBehavior | undefined {
  if (typeof raw === 'string' && Object.prototype.hasOwnProperty.call(FOLDER_BEHAVIORS, raw)) return FOLDER_BEHAVIORS[raw as keyof typeof FOLDER_BEHAVIORS];
  return raw === 1 || raw === 2 || raw === 3 ? raw : undefined;
}
const FolderBehaviorRequest = readAs(folderBehavior, problem((_f, input) => notAnOption(String(input), 'folderBehavior')));

/** A block type by number or name ('html', 'summary-v2', …). */
function blockType(raw: unknown): number | undefined {
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'string') {
    const entry = Object.entries(BLOCK_TYPES).find(([, name]) => name === raw);
    if (entry) return Number(entry[0]);
    if (/^\d+$/.test(raw)) return Number(raw);
  }
  return undefined;
}

/** The block a problem belongs to: the last index on its path. */
const blockIndex = (path: readonly PropertyKey[]) => Number([...path].reverse().find((k) => typeof k === 'number') ?? 0);
const blockProblem = (reason: string, says: (input: unknown) => string) =>
  problem((_f, input, path) => {
    const index = blockIndex(path);
    return domainError('INVALID_BLOCK', { index, reason }, `Block ${index + 1}: ${says(input)}`);
  });

/** A block as sent: `{ id?, type, value? }`; the API gives a block without an id a new one. */
export const BlockRequest = z.pipe(
  z.unknown().check(z.refine(isPlainObject, problem((_f, _input, path) => {
    const name = `blocks[${blockIndex(path)}]`;
    return domainError('INVALID_REQUEST', { field: name }, `${name} must be an object.`);
  }))),
  z.pipe(
    object({
      value: z.optional(anyObject(blockProblem('value must be an object', () => 'its value must be an object.'))),
      id: z.optional(z.string(blockProblem('id must be text', () => 'its id must be text.'))),
      type: readAs(blockType, blockProblem('unknown block type', (input) => `${String(input).slice(0, 50)} is not a block type.`)),
    }),
    z.transform((b) => ({ id: b.id, type: b.type as number, value: b.value ?? {} })),
  ),
);
export type BlockRequest = z.output<typeof BlockRequest>;

/** PUT …/layout: `{ blocks: [...] }` or a list of blocks. */
export const LayoutRequest = z.pipe(
  z.transform((raw: unknown) => (Array.isArray(raw) ? { blocks: raw } : raw)),
  z.pipe(
    object({ blocks: z.array(BlockRequest, problem(() => domainError('INVALID_BLOCK', { field: 'blocks' }, 'blocks must be a list.'))) }, 'layout'),
    z.transform((b) => b.blocks),
  ),
);

/** Blocks with ids: a block sent without one gets `newBlockId()`. */
export function blocksWithIds(blocks: readonly BlockRequest[], newBlockId: () => string): Block[] {
  return blocks.map((b) => ({ id: b.id ?? newBlockId(), type: b.type, value: b.value }));
}

/** PUT …/gallery-options: `{ options: {...} }` or the options themselves (checked by the gallery's rules). */
export const GalleryOptionsRequest = z.pipe(
  anyObject(mustBe('must be an object.')),
  z.transform((b, ctx): GalleryOptionsInput => {
    if (!(has(b, 'options') && typeof b.options === 'object' && !Array.isArray(b.options))) return b as GalleryOptionsInput;
    if (b.options === null) return reportProblem(ctx, domainError('INVALID_REQUEST', { field: 'options' }, 'options must be an object.'));
    return b.options as GalleryOptionsInput;
  }),
);

/** POST /api/site/collections: kind, title and the optional rest (`blocks` for `layout`). */
export const CreateCollectionRequest = z.pipe(
  preprocess((b) => ({
    ...b,
    layout: has(b, 'layout') || has(b, 'blocks') ? b.layout ?? b.blocks ?? null : undefined,
  })),
  z.pipe(
    object({
      kind: z.unknown().check(z.refine(isCollectionKind, problem((_f, input) => notAnOption(String(input ?? ''), 'kind')))),
      title: text(),
      storeCollectionId: z.optional(z.unknown()),
      urlId: z.optional(text()),
      password: z.optional(z.nullable(text())),
      navigationTitle: z.optional(text()),
      description: z.optional(text()),
      seoTitle: z.optional(text()),
      seoDescription: z.optional(text()),
      folderBehavior: z.optional(FolderBehaviorRequest),
      membersOnly: z.optional(bool()),
      published: z.optional(bool()),
      workflowState: z.optional(WorkflowStateRequest),
      publishOn: z.optional(nullableDate('publishOn')),
      pageSize: z.optional(integer()),
      layout: z.optional(LayoutRequest),
      galleryOptions: z.optional(anyObject(problem(() => domainError('INVALID_REQUEST', { field: 'galleryOptions' }, 'galleryOptions must be an object.')))),
    }),
    z.transform((b, ctx) => {
      const kind = b.kind as CollectionKind;
      if (kind === 'products' && typeof b.storeCollectionId !== 'string') {
        return reportProblem(ctx, domainError('INVALID_TEXT_FIELD', { field: 'storeCollectionId' }, 'storeCollectionId must be text.'));
      }
      if (kind !== 'products' && b.storeCollectionId !== undefined) {
        return reportProblem(ctx, domainError('WRONG_COLLECTION_KIND', { field: 'storeCollectionId' }, 'Only products collections show a store.'));
      }
      return { ...b, kind, storeCollectionId: kind === 'products' ? (b.storeCollectionId as string) : null, password: b.password ?? null };
    }),
  ),
);
export type CreateCollectionRequest = z.output<typeof CreateCollectionRequest>;

/** The URL id fallback per kind when a title slugs to under 3 characters (SPEC 5). */
const URL_ID_FALLBACKS: Record<CollectionKind, string> = {
  page: 'page', blog: 'blog', events: 'events', gallery: 'gallery', products: 'shop', folder: 'folder',
};

export type NewCollection = { collection: CollectionDetails; wantedUrlId: string; password: string | null };

/** A products collection's id is its store's collection id, so product records and the page agree on it. */
export function collectionFromRequest(
  b: CreateCollectionRequest,
  ctx: { collectionId: string; websiteId: string; now: string; newBlockId: () => string; storeUrlId?: (storeCollectionId: string) => string | undefined },
): NewCollection {
  const { kind, title, storeCollectionId } = b;
  // A publish state as asked (Published: now or at the time given, Scheduled for a future one); else `published`, true by default.
  const requested: WorkflowState = b.workflowState ?? (b.published === false ? 'Draft' : 'Published');
  const workflow = requested === 'Published' ? publishTarget(b.publishOn ?? null, epochMs(ctx.now)) : { workflowState: requested, publishOn: b.publishOn ?? null };
  const defaultUrlId = storeCollectionId !== null ? ctx.storeUrlId?.(storeCollectionId) : undefined;
  const wantedUrlId = urlIdFor(b.urlId ?? defaultUrlId ?? title, URL_ID_FALLBACKS[kind]);
  const collection: CollectionDetails = {
    id: storeCollectionId ?? ctx.collectionId,
    websiteId: ctx.websiteId,
    kind,
    title,
    navigationTitle: b.navigationTitle ?? '',
    description: b.description ?? '',
    seoTitle: b.seoTitle ?? '',
    seoDescription: b.seoDescription ?? '',
    urlId: wantedUrlId,
    folderBehavior: b.folderBehavior ?? (COLLECTION_KINDS[kind].folder ? FOLDER_BEHAVIORS.index : null),
    membersOnly: b.membersOnly ?? false,
    workflowState: workflow.workflowState,
    publishOn: workflow.publishOn,
    pageSize: b.pageSize ?? DEFAULT_PAGE_SIZE,
    storeCollectionId,
    passwordHash: null,
    layout: b.layout === undefined ? [] : blocksWithIds(b.layout, ctx.newBlockId),
    galleryOptions: (b.galleryOptions ?? {}) as GalleryOptionsInput,
    createdAt: ctx.now,
  };
  return { collection, wantedUrlId, password: b.password };
}

/**
 * A page's publish state as an edit asks for it: `set` a state (Published without a time is
 * published now), or the older `published` flag (true publishes a page that is not, false makes a
 * visible or scheduled page a Draft).
 */
export type CollectionWorkflowRequest =
  | { mode: 'set'; workflowState: WorkflowState; publishOn: number | null }
  | { mode: 'published'; published: boolean };

/** PUT /api/site/collections/{id}: settings changes; a new `urlId` is granted by the site layout. */
export const EditCollectionRequest = z.pipe(
  object({
    title: z.optional(text()),
    navigationTitle: z.optional(text()),
    description: z.optional(text()),
    seoTitle: z.optional(text()),
    seoDescription: z.optional(text()),
    folderBehavior: z.optional(FolderBehaviorRequest),
    membersOnly: z.optional(bool()),
    published: z.optional(bool()),
    workflowState: z.optional(WorkflowStateRequest),
    publishOn: z.optional(nullableDate('publishOn')),
    pageSize: z.optional(integer()),
    urlId: z.optional(text()),
  }),
  z.transform(({ urlId, published, workflowState, publishOn, ...changes }, ctx): {
    changes: CollectionDetailsChanges; wantedUrlId?: string; workflow?: CollectionWorkflowRequest;
  } => {
    if (workflowState === undefined && publishOn !== undefined) {
      return reportProblem(ctx, domainError('INVALID_WORKFLOW_STATE', { field: 'workflowState' }, 'Send the publish state (workflowState) with its publish date.'));
    }
    const workflow: CollectionWorkflowRequest | undefined =
      workflowState !== undefined ? { mode: 'set', workflowState, publishOn: publishOn ?? null }
      : published !== undefined ? { mode: 'published', published }
      : undefined;
    return {
      changes: definedOnly(changes),
      ...(urlId !== undefined ? { wantedUrlId: urlIdFor(urlId, 'page') } : {}),
      ...(workflow ? { workflow } : {}),
    };
  }),
);

/** The publish state an edit leads to at `now`, or none when the page stays as it is. */
export function collectionWorkflowTarget(
  request: CollectionWorkflowRequest,
  current: { workflowState: WorkflowState; publishOn: number | null },
  now: string,
): { workflowState: WorkflowState; publishOn: number | null } | null {
  const nowMs = epochMs(now);
  if (request.mode === 'set') {
    if (request.workflowState !== 'Published') return { workflowState: request.workflowState, publishOn: request.publishOn };
    // Published again without a time keeps the time it first went out.
    if (request.publishOn === null && current.workflowState === 'Published') return null;
    return publishTarget(request.publishOn, nowMs);
  }
  if (request.published) return current.workflowState === 'Published' ? null : publishTarget(null, nowMs);
  return current.workflowState === 'Published' || current.workflowState === 'Scheduled' ? { workflowState: 'Draft', publishOn: null } : null;
}
export type EditCollectionRequest = z.output<typeof EditCollectionRequest>;

/** PUT …/password { password }: text locks the page, null unlocks it. */
export const PagePasswordRequest = z.pipe(
  object({
    password: z.nullable(z.string(problem((f, input) => (input === undefined ? domainError('PAGE_PASSWORD_INVALID') : domainError('INVALID_TEXT_FIELD', { field: f }, `${f} must be text.`))))),
  }),
  z.transform((b) => b.password),
);

/**
 * POST <a lock screen's path> { password } (the lock screen's form, form-encoded or JSON): the
 * password, or '' for anything else, a body that is not an object included. Never refused: a
 * value of the wrong type gets the same answer as a wrong password ('That password is not right.').
 */
export const UnlockPageRequest = lenient((body): string => {
  const password = isPlainObject(body) ? body.password : undefined;
  return typeof password === 'string' ? password : '';
});

/** PUT …/order { itemIds }. */
export const ItemOrderRequest = z.pipe(object({ itemIds: textList() }), z.transform((b) => b.itemIds));

/** PUT /api/site/home-page { collectionId }. */
export const HomePageRequest = z.pipe(object({ collectionId: text() }), z.transform((b) => b.collectionId));

// Navigation

/** The link a problem at `path` belongs to: `navigation.items[0].children[1]`. */
const linkOf = (path: readonly PropertyKey[]) => fieldName(path.slice(0, -1));

/** A link at `depth` (1 for the top level; folders hold links one level deep). */
function linkRequest(depth: number): z.ZodMiniType<LayoutLink> {
  const children = depth >= 3
    ? z.array(z.unknown()).check(z.refine((c) => c.length === 0, problem((_f, _i, path) => domainError('INVALID_NAVIGATION', { link: linkOf(path) }, 'Folders hold links one level deep.'))))
    : z.array(linkRequest(depth + 1));
  const notAList = problem((_f, _i, path) => domainError('INVALID_NAVIGATION', { link: linkOf(path) }, `${fieldName(path)} must be a list.`));
  const childList = z.array(z.unknown(), notAList);
  return z.pipe(
    // An external link may be `{ url, title, newWindow }`: its title and newWindow stand in for the link's own.
    preprocess((l) => (isPlainObject(l.externalLink)
      ? { ...l, externalLink: undefined, externalLinkObject: l.externalLink, title: l.title ?? l.externalLink.title, newWindow: l.newWindow ?? l.externalLink.newWindow }
      : l)),
    z.pipe(
      object({
        children: z.optional(z.nullable(z.pipe(childList, children as unknown as z.ZodMiniType<LayoutLink[], unknown[]>))),
        collectionId: z.optional(nullableText()),
        externalLink: z.optional(nullableText()),
        externalLinkObject: z.optional(object({
          url: z.string(problem((_f, _i, path) => {
            const field = `${fieldName(path.slice(0, -2))}.externalLink.url`;
            return domainError('INVALID_TEXT_FIELD', { field }, `${field} must be text.`);
          })),
        })),
        title: z.optional(nullableText()),
        newWindow: z.optional(bool()),
        memberAreaId: z.optional(nullableText()),
      }),
      z.transform((l): LayoutLink => ({
        collectionId: l.collectionId ?? null,
        externalLink: l.externalLinkObject?.url ?? l.externalLink ?? null,
        title: l.title ?? null,
        newWindow: l.newWindow ?? false,
        memberAreaId: l.memberAreaId ?? null,
        children: (l.children ?? []) as LayoutLink[],
      })),
    ),
  ) as unknown as z.ZodMiniType<LayoutLink>;
}

/** SPEC 7 POST /api/widget/UpdateNavigation { fieldName, templateId, navigation: { items } }. */
export const UpdateNavigationRequest = z.pipe(
  object({
    fieldName: z.optional(z.nullable(text())),
    templateId: z.optional(nullableText().check(z.refine((t) => t === null || t.length <= 200,
      problem(() => domainError('INVALID_TEXT_FIELD', { field: 'templateId' }, 'templateId is too long.'))))),
    navigation: object({
      items: z.array(linkRequest(1), problem((f) => domainError('INVALID_NAVIGATION', { field: f }, `${f} must be a list of links.`))),
    }),
  }),
  z.transform((b) => ({ fieldName: b.fieldName ?? '', templateId: b.templateId ?? null, items: b.navigation.items })),
);
export type UpdateNavigationRequest = z.output<typeof UpdateNavigationRequest>;

// Content items

const coordinate = z.optional(z.nullable(z.number(codeProblem('INVALID_LOCATION', (field) => ({ field })))));
const LocationRequest = z.nullable(z.pipe(
  object({
    addressTitle: z.optional(text()),
    addressLine1: z.optional(text()),
    addressLine2: z.optional(text()),
    addressCountry: z.optional(text()),
    mapLat: coordinate,
    mapLng: coordinate,
    mapZoom: z.optional(z.nullable(integer())),
  }),
  z.transform((l): EventLocation => ({
    addressTitle: l.addressTitle ?? '',
    addressLine1: l.addressLine1 ?? '',
    addressLine2: l.addressLine2 ?? '',
    addressCountry: l.addressCountry ?? '',
    mapLat: l.mapLat ?? null,
    mapLng: l.mapLng ?? null,
    mapZoom: l.mapZoom ?? null,
  })),
));

/** An author by name, `{ displayName }`, or null / '' for none. */
const AuthorRequest = z.pipe(
  z.transform((raw: unknown) => (raw === null || raw === '' ? null : typeof raw === 'string' ? { displayName: raw } : raw)),
  z.nullable(object({ displayName: text() })),
);

const CommentStateRequest = readAs(
  (raw): CommentState | undefined => (raw === true || raw === 1 ? 1 : raw === false || raw === 0 ? 0 : undefined),
  problem(() => domainError('INVALID_REQUEST', { field: 'commentState' }, 'commentState must be 1 (open) or 0 (closed).')),
);


/**
 * The item fields create and edit read, for an item of `kind`: an image's text is its
 * `description` (or `body`), `imageId` stands for `mainImageId`.
 */
function itemShape(kind: ItemKind) {
  return {
    title: z.optional(text()),
    excerpt: z.optional(text()),
    body: z.optional(text(kind === 'image' ? 'description' : 'body')),
    mainImageId: z.optional(nullableText('mainImageId')),
    tags: z.optional(textList()),
    categories: z.optional(textList()),
    author: z.optional(AuthorRequest),
    commentState: z.optional(CommentStateRequest),
    sourceUrl: z.optional(nullableText()),
    startDate: z.optional(date('startDate')),
    endDate: z.optional(date('endDate')),
    location: z.optional(LocationRequest),
  };
}
/** A post's or an event's title is required, and checked after its other fields. */
const requiredTitle = (kind: ItemKind) => (kind === 'image' ? z.optional(z.unknown()) : text('title'));
const itemAliases = (kind: ItemKind) => preprocess((b) => ({
  ...b,
  body: kind === 'image' && b.body === undefined ? b.description : b.body,
  mainImageId: b.mainImageId !== undefined ? b.mainImageId : b.imageId,
}));
const ITEM_URL_ID_FALLBACKS: Record<ItemKind, string> = { post: 'post', event: 'event', image: 'image' };

/** POST …/items for a collection whose items are of `kind`: a title (an image may go without), the item fields, publish state, urlId. */
export function newContentItemRequest(kind: ItemKind) {
  return z.pipe(z.pipe(itemAliases(kind), preprocess((b) => ({ ...b, requiredTitle: b.title }))), object({
    ...itemShape(kind),
    requiredTitle: requiredTitle(kind),
    workflowState: z.optional(WorkflowStateRequest),
    publishOn: z.optional(nullableDate('publishOn')),
    urlId: z.optional(text()),
  }));
}
export type NewContentItemRequest = z.output<ReturnType<typeof newContentItemRequest>>;

/** Publish state defaults to Draft; Published without a time is published now. */
export function contentItemFromRequest(
  b: NewContentItemRequest,
  ctx: { itemId: string; collectionId: string; kind: ItemKind; now: string },
): { item: ContentItemDetails; wantedUrlId: string } {
  const title = b.title ?? '';
  const nowMs = epochMs(ctx.now);
  const requested = b.workflowState ?? 'Draft';
  const publishOn = b.publishOn ?? null;
  const workflow = requested === 'Published' ? publishTarget(publishOn, nowMs) : { workflowState: requested, publishOn };
  const wantedUrlId = urlIdFor(b.urlId ?? (title || (b.mainImageId ?? '')), ITEM_URL_ID_FALLBACKS[ctx.kind]);
  const item: ContentItemDetails = {
    id: ctx.itemId,
    collectionId: ctx.collectionId,
    kind: ctx.kind,
    title,
    urlId: wantedUrlId,
    excerpt: b.excerpt ?? '',
    body: b.body ?? '',
    mainImageId: b.mainImageId ?? null,
    tags: b.tags ?? [],
    categories: b.categories ?? [],
    author: b.author ?? null,
    commentState: b.commentState ?? 1,
    sourceUrl: b.sourceUrl ?? null,
    startDate: b.startDate ?? null,
    endDate: b.endDate ?? (ctx.kind === 'event' ? b.startDate ?? null : null),
    location: b.location ?? null,
    workflowState: workflow.workflowState,
    publishOn: workflow.publishOn,
    addedOn: nowMs,
    updatedOn: nowMs,
  };
  return { item, wantedUrlId };
}

/** PUT /api/site/items/{id} for an item of `kind`: any subset of its fields; a new `urlId` is granted by its collection. */
export function editContentItemRequest(kind: ItemKind) {
  return z.pipe(
    z.pipe(itemAliases(kind), object({ ...itemShape(kind), urlId: z.optional(text()) })),
    z.transform(({ urlId, ...fields }): { changes: ContentItemChanges; wantedUrlId?: string } => ({
      changes: definedOnly(fields) as ContentItemChanges,
      ...(urlId !== undefined ? { wantedUrlId: urlIdFor(urlId, ITEM_URL_ID_FALLBACKS[kind]) } : {}),
    })),
  );
}

/** PUT /api/site/items/{id}/workflow { workflowState, publishOn }. */
export const WorkflowChangeRequest = z.pipe(
  object({
    workflowState: z.unknown().check(z.refine((raw) => workflowStateFrom(raw) !== undefined, workflowStateProblem)),
    publishOn: z.optional(nullableDate('publishOn')),
  }),
  z.transform((b): { workflowState: WorkflowState; publishOn: number | null } => ({ workflowState: workflowStateFrom(b.workflowState)!, publishOn: b.publishOn ?? null })),
);

/** POST /api/site/items/{id}/publish { publishOn? } (no body is fine). */
export const PublishRequest = z.pipe(
  z.transform((raw: unknown) => (raw === undefined || raw === null ? {} : raw)),
  z.pipe(object({ publishOn: z.optional(nullableDate('publishOn')) }), z.transform((b) => b.publishOn ?? null)),
);

/** Published now or at a past time, Scheduled for a future one. */
export function publishTargetAt(publishOn: number | null, now: string): { workflowState: WorkflowState; publishOn: number } {
  return publishTarget(publishOn, epochMs(now));
}

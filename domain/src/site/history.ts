import { htmlToText } from '../shared/html-text';
import {
  fieldLabel, fill, plainField, richTextField, sequenceField, shown, timeField, type HistoryField, type HistoryModel, type HistorySnapshot,
} from '../shared/history';
import { STRINGS } from '../shared/strings';
import { BLOCK, blockTypeName, type Block } from './blocks';
import { COLLECTION_KINDS, FOLDER_BEHAVIORS, type FolderBehavior } from './collection';
import { evolveCollection, initialCollectionState, type CollectionState } from './collection-decider';
import { evolveContentItem, initialContentItemState, type ContentItemState } from './content-item-decider';
import type { CollectionEvent, ContentItemEvent, SiteLayoutEvent, WebsiteEvent } from './events';
import { NAVIGATION_NAMES, type LayoutLink } from './navigation';
import { evolveSiteLayout, initialSiteLayoutState, type SiteLayoutState } from './site-layout-decider';
import { evolveWebsite, initialWebsiteState, type WebsiteState } from './website-decider';
import { SHARE_BUTTONS } from './website-settings';

/**
 * What an owner sees of each site aggregate in its history (issue 12): the fields of a page or
 * collection, a content item, the website's settings and the site layout, as `shared/history.ts`
 * diffs them from one version to the next.
 */

/** A block as one line: its text (html as text), else its main value. */
export function blockSummary(block: Block): string | null {
  const v = block.value;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  switch (block.type) {
    case BLOCK.html:
      return htmlToText(text(v.html)) || null;
    case BLOCK.quote:
      return [text(v.text), text(v.source)].filter(Boolean).join(' — ') || null;
    case BLOCK.markdown:
      return text(v.markdown) || null;
    case BLOCK.code:
      return text(v.code) || null;
    case BLOCK.button:
      return [text(v.label), text(v.url)].filter(Boolean).join(' → ') || null;
    case BLOCK.image:
      return [text(v.altText), htmlToText(text(v.caption)), text(v.imageId)].filter(Boolean).join(' · ') || null;
    default:
      return shown(v);
  }
}

function blockField(block: Block, index: number): HistoryField {
  const display = blockSummary(block);
  return {
    key: `layout.${block.id}`,
    label: fill(STRINGS.history.block, { n: index + 1, type: blockTypeName(block.type) ?? String(block.type) }),
    value: { type: block.type, value: block.value },
    display,
    long: display !== null && display.length > 80,
    slot: `layout.${index}.${block.type}`,
  };
}

function folderBehaviorName(value: FolderBehavior | null): string | null {
  return (Object.keys(FOLDER_BEHAVIORS) as (keyof typeof FOLDER_BEHAVIORS)[]).find((name) => FOLDER_BEHAVIORS[name] === value) ?? null;
}

/** A page or collection: settings, blocks (pages), gallery options (galleries), how many items and their order. */
export function collectionSnapshot(state: CollectionState): HistorySnapshot {
  if (state.status !== 'active') return [];
  const c = state.collection;
  const kind = COLLECTION_KINDS[c.kind];
  const fields: HistoryField[] = [
    plainField('title', fieldLabel('title'), c.title),
    plainField('navigationTitle', fieldLabel('navigationTitle'), c.navigationTitle),
    richTextField('description', fieldLabel('description'), c.description),
    plainField('urlId', fieldLabel('urlId'), c.urlId, `/${c.urlId}`),
    plainField('seoTitle', fieldLabel('seoTitle'), c.seoTitle),
    plainField('seoDescription', fieldLabel('seoDescription'), c.seoDescription),
    plainField('workflowState', fieldLabel('workflowState'), c.workflowState),
    timeField('publishOn', fieldLabel('publishOn'), c.publishOn),
    plainField('membersOnly', fieldLabel('membersOnly'), c.membersOnly),
    plainField('locked', fieldLabel('locked'), c.passwordHash !== null),
  ];
  if (kind.folder) fields.push(plainField('folderBehavior', fieldLabel('folderBehavior'), c.folderBehavior, folderBehaviorName(c.folderBehavior)));
  if (kind.itemKind !== null || c.kind === 'products') fields.push(plainField('pageSize', fieldLabel('pageSize'), c.pageSize));
  if (c.kind === 'page') {
    c.layout.forEach((block, i) => fields.push(blockField(block, i)));
    const order = c.layout.map((b) => blockTypeName(b.type) ?? String(b.type)).join(', ');
    fields.push(sequenceField('layout.order', fieldLabel('blockOrder'), c.layout.map((b) => b.id), order || null));
  }
  if (c.kind === 'gallery') {
    for (const [name, value] of Object.entries(c.galleryOptions)) fields.push(plainField(`galleryOptions.${name}`, `${fieldLabel('galleryOptions')}: ${name}`, value));
  }
  if (kind.itemKind !== null) {
    fields.push(plainField('itemCount', fieldLabel('itemCount'), Object.keys(state.items).length));
    if (kind.userOrderable) fields.push(sequenceField('itemOrder', fieldLabel('itemOrder'), state.order, null));
  }
  return fields;
}

/** A blog post, event or gallery image: everything an owner edits, and its publish state. */
export function contentItemSnapshot(state: ContentItemState): HistorySnapshot {
  if (state.status !== 'active') return [];
  const i = state.item;
  const location = i.location
    ? [i.location.addressTitle, i.location.addressLine1, i.location.addressLine2, i.location.addressCountry].filter(Boolean).join(', ') || null
    : null;
  const fields: HistoryField[] = [
    plainField('title', fieldLabel('title'), i.title),
    plainField('urlId', fieldLabel('urlId'), i.urlId),
    richTextField('excerpt', fieldLabel('excerpt'), i.excerpt),
    richTextField('body', fieldLabel('body'), i.body),
    plainField('mainImageId', fieldLabel('mainImageId'), i.mainImageId),
    plainField('tags', fieldLabel('tags'), i.tags),
    plainField('categories', fieldLabel('categories'), i.categories),
    plainField('author', fieldLabel('author'), i.author?.displayName ?? null),
    plainField('commentsOpen', fieldLabel('commentsOpen'), i.commentState === 1),
    plainField('sourceUrl', fieldLabel('sourceUrl'), i.sourceUrl),
  ];
  if (i.kind === 'event') {
    fields.push(timeField('startDate', fieldLabel('startDate'), i.startDate), timeField('endDate', fieldLabel('endDate'), i.endDate));
    fields.push(plainField('location', fieldLabel('location'), i.location, location));
  }
  fields.push(plainField('workflowState', fieldLabel('workflowState'), i.workflowState), timeField('publishOn', fieldLabel('publishOn'), i.publishOn));
  return fields;
}

/** The website's settings, one field per setting (share buttons one each), and the header and footer. */
export function websiteSnapshot(state: WebsiteState): HistorySnapshot {
  if (state.status !== 'created') return [];
  const s = state.settings;
  const accounts = s.socialAccounts.map((a) => `${a.serviceName}: ${a.userName || a.profileUrl}`);
  return [
    plainField('siteTitle', fieldLabel('siteTitle'), s.siteTitle),
    plainField('siteTagLine', fieldLabel('siteTagLine'), s.siteTagLine),
    plainField('timeZone', fieldLabel('timeZone'), s.timeZone),
    plainField('language', fieldLabel('language'), s.language),
    plainField('currency', fieldLabel('currency'), s.currency),
    plainField('useCLDRMoneyFormat', fieldLabel('useCLDRMoneyFormat'), s.useCLDRMoneyFormat),
    plainField('siteStatus', fieldLabel('siteStatus'), s.siteStatus),
    timeField('expiration', fieldLabel('expiration'), s.expiration),
    plainField('websiteType', fieldLabel('websiteType'), s.websiteType),
    plainField('commentsEnabled', fieldLabel('commentsEnabled'), s.commentsEnabled),
    plainField('simpleLikingEnabled', fieldLabel('simpleLikingEnabled'), s.simpleLikingEnabled),
    plainField('disqusShortname', fieldLabel('disqusShortname'), s.disqusShortname),
    ...SHARE_BUTTONS.map((name) => plainField(`shareButtonOptions.${name}`, `${fieldLabel('shareButtonOptions')}: ${name}`, s.shareButtonOptions[name] ?? false)),
    plainField('socialAccounts', fieldLabel('socialAccounts'), s.socialAccounts, shown(accounts)),
    plainField('logoImageId', fieldLabel('logoImageId'), s.logoImageId),
    plainField('captchaSiteKey', fieldLabel('captchaSiteKey'), s.captchaSiteKey),
    plainField('announcementBar.enabled', `${fieldLabel('announcementBar')}: on`, s.announcementBar?.enabled ?? false),
    plainField('announcementBar.text', `${fieldLabel('announcementBar')}: text`, s.announcementBar?.text ?? ''),
    plainField('announcementBar.url', `${fieldLabel('announcementBar')}: link`, s.announcementBar?.url ?? null),
    plainField('expressCheckout', fieldLabel('expressCheckout'), s.expressCheckout ?? false),
    plainField('multipleQuantityAllowedForServices', fieldLabel('multipleQuantityAllowedForServices'), s.multipleQuantityAllowedForServices ?? null),
    plainField('checkoutMinimumSubtotalCents', fieldLabel('checkoutMinimumSubtotalCents'), s.checkoutMinimumSubtotalCents ?? null),
    richTextField('header', fieldLabel('header'), state.header),
    richTextField('footer', fieldLabel('footer'), state.footer),
    plainField('newsletterFormId', fieldLabel('newsletterFormId'), state.newsletterFormId ?? null),
  ];
}

/** The site layout: its pages and their URLs, the home page, and each navigation's links. */
export function siteLayoutSnapshot(state: SiteLayoutState): HistorySnapshot {
  const path = (id: string | null) => (id === null ? null : state.collections[id] ? `/${state.collections[id]!.urlId}` : null);
  const linkText = (link: LayoutLink): string => {
    const own = link.title ?? path(link.collectionId) ?? link.externalLink ?? '';
    return link.children.length > 0 ? `${own} (${link.children.map(linkText).join(', ')})` : own;
  };
  const fields: HistoryField[] = state.order.map((id) => {
    const c = state.collections[id]!;
    return plainField(`pages.${id}`, fill(STRINGS.history.page, { path: `/${c.urlId}` }), c, `/${c.urlId} (${c.kind})`);
  });
  fields.push(plainField('homePage', fieldLabel('homePage'), state.homePageId, path(state.homePageId)));
  for (const name of NAVIGATION_NAMES) {
    const links = state.navigations[name];
    fields.push(plainField(name, fieldLabel(name), { links, templateId: state.templateIds[name] ?? null }, links.map(linkText).join(', ') || null));
  }
  return fields;
}

export const collectionHistory: HistoryModel<CollectionState, CollectionEvent> = {
  initialState: initialCollectionState, evolve: evolveCollection, snapshot: collectionSnapshot,
};
export const contentItemHistory: HistoryModel<ContentItemState, ContentItemEvent> = {
  initialState: initialContentItemState, evolve: evolveContentItem, snapshot: contentItemSnapshot,
};
export const websiteHistory: HistoryModel<WebsiteState, WebsiteEvent> = {
  initialState: initialWebsiteState, evolve: evolveWebsite, snapshot: websiteSnapshot,
};
export const siteLayoutHistory: HistoryModel<SiteLayoutState, SiteLayoutEvent> = {
  initialState: initialSiteLayoutState, evolve: evolveSiteLayout, snapshot: siteLayoutSnapshot,
};

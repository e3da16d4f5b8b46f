import { accept, reject, type Decider, type Decision, type DomainError } from '../shared/decider';
import { domainError } from '../shared/error-catalogue';
import { differingFields, versionNotFound } from '../shared/history';
import { uniqueUrlId } from '../catalog/url-id';
import type { Block } from './blocks';
import {
  applyCollectionChanges, COLLECTION_KINDS, COLLECTION_RESTORED_FIELDS, itemLimit, validateCollection, type CollectionDetails, type CollectionDetailsChanges,
} from './collection';
import type { CollectionEvent } from './events';
import type { GalleryOptionsInput } from './gallery-options';
import { checkWorkflowAt } from './content-item-decider';
import { checkUrlId, templatedError } from './site-limits';

/**
 * A page or collection (stream `collection-<id>`): its settings, and the URL ids and order of its
 * items (so an item's URL id is unique within the collection and the item limit is counted here).
 */
export type CollectionState =
  | { status: 'none' }
  | { status: 'active'; collection: CollectionDetails; items: Record<string, string>; order: string[] }
  | { status: 'deleted'; collectionId: string };

export const initialCollectionState = (): CollectionState => ({ status: 'none' });

export type CreateCollection = { type: 'CreateCollection'; data: { collection: CollectionDetails } };
export type ChangeCollectionDetails = { type: 'ChangeCollectionDetails'; data: { collectionId: string; changes: CollectionDetailsChanges; now: string } };
export type SetCollectionPassword = { type: 'SetCollectionPassword'; data: { collectionId: string; passwordHash: string | null; now: string } };
export type SetCollectionLayout = { type: 'SetCollectionLayout'; data: { collectionId: string; blocks: Block[]; now: string } };
export type SetGalleryOptions = { type: 'SetGalleryOptions'; data: { collectionId: string; options: GalleryOptionsInput; now: string } };
/** Reserves a unique URL id for a new item: `wantedUrlId`, or `wantedUrlId-1`, `-2`, … */
export type ListCollectionItem = { type: 'ListCollectionItem'; data: { collectionId: string; itemId: string; wantedUrlId: string } };
export type ChangeCollectionItemUrlId = { type: 'ChangeCollectionItemUrlId'; data: { collectionId: string; itemId: string; wantedUrlId: string } };
export type UnlistCollectionItem = { type: 'UnlistCollectionItem'; data: { collectionId: string; itemId: string } };
export type ReorderCollectionItems = { type: 'ReorderCollectionItems'; data: { collectionId: string; itemIds: string[]; now: string } };
export type DeleteCollection = { type: 'DeleteCollection'; data: { collectionId: string; now: string } };
/**
 * Brings back an earlier version (issue 12): `target` is the stream's state at `restoredVersion`,
 * its URL id the one the site layout granted. Appends CollectionRestored with what differs.
 */
export type RestoreCollection = { type: 'RestoreCollection'; data: { collectionId: string; restoredVersion: number; target: CollectionState; now: string } };

export type CollectionCommand =
  | CreateCollection
  | ChangeCollectionDetails
  | SetCollectionPassword
  | SetCollectionLayout
  | SetGalleryOptions
  | ListCollectionItem
  | ChangeCollectionItemUrlId
  | UnlistCollectionItem
  | ReorderCollectionItems
  | DeleteCollection
  | RestoreCollection;

export function evolveCollection(state: CollectionState, event: CollectionEvent): CollectionState {
  if (event.type === 'CollectionCreated') {
    return state.status === 'none' ? { status: 'active', collection: event.data.collection, items: {}, order: [] } : state;
  }
  if (state.status !== 'active') return state;
  const withCollection = (collection: CollectionDetails): CollectionState => ({ ...state, collection });
  switch (event.type) {
    case 'CollectionDetailsChanged':
      return withCollection(applyCollectionChanges(state.collection, event.data.changes));
    case 'CollectionPasswordChanged':
      return withCollection({ ...state.collection, passwordHash: event.data.passwordHash });
    case 'CollectionLayoutChanged':
      return withCollection({ ...state.collection, layout: event.data.blocks });
    case 'GalleryOptionsChanged':
      return withCollection({ ...state.collection, galleryOptions: event.data.options });
    case 'CollectionItemListed': {
      const { itemId, urlId } = event.data;
      if (state.items[itemId] !== undefined) return state;
      return { ...state, items: { ...state.items, [itemId]: urlId }, order: [...state.order, itemId] };
    }
    case 'CollectionItemUrlIdChanged':
      if (state.items[event.data.itemId] === undefined) return state;
      return { ...state, items: { ...state.items, [event.data.itemId]: event.data.urlId } };
    case 'CollectionItemUnlisted': {
      const { [event.data.itemId]: _gone, ...items } = state.items;
      return { ...state, items, order: state.order.filter((id) => id !== event.data.itemId) };
    }
    case 'CollectionItemsReordered':
      return { ...state, order: event.data.itemIds.filter((id) => state.items[id] !== undefined) };
    case 'CollectionDeleted':
      return { status: 'deleted', collectionId: state.collection.id };
    case 'CollectionRestored':
      return withCollection({ ...state.collection, ...event.data.changes });
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

type CollectionDecision = Decision<CollectionEvent, DomainError>;
type Active = Extract<CollectionState, { status: 'active' }>;

function takenItemUrlIds(state: Active, except?: string): Set<string> {
  return new Set(Object.entries(state.items).filter(([id]) => id !== except).map(([, urlId]) => urlId));
}

/** Only the fields whose values differ from the collection's. */
function changedOnly(collection: CollectionDetails, changes: CollectionDetailsChanges): CollectionDetailsChanges {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (value !== undefined && JSON.stringify((collection as Record<string, unknown>)[key]) !== JSON.stringify(value)) out[key] = value;
  }
  return out as CollectionDetailsChanges;
}

function wrongKind(what: string): DomainError {
  return domainError('WRONG_COLLECTION_KIND', { what }, what);
}

export function decideCollection(command: CollectionCommand, state: CollectionState): CollectionDecision {
  if (command.type === 'CreateCollection') {
    if (state.status !== 'none') return reject(domainError('COLLECTION_ALREADY_EXISTS', { collectionId: command.data.collection.id }));
    const { collection } = command.data;
    const invalid = validateCollection(collection) || checkWorkflowAt(collection.workflowState, collection.publishOn, collection.createdAt);
    return invalid ? reject(invalid) : accept({ type: 'CollectionCreated', data: { collection }, schemaVersion: 2 });
  }
  if (state.status !== 'active') return reject(domainError('COLLECTION_NOT_FOUND', { collectionId: command.data.collectionId }));
  const collection = state.collection;
  const kind = COLLECTION_KINDS[collection.kind];
  const { collectionId } = command.data;
  switch (command.type) {
    case 'ChangeCollectionDetails': {
      const changes = changedOnly(collection, command.data.changes);
      const next = applyCollectionChanges(collection, command.data.changes);
      // A new publish state is checked against the clock: Scheduled only for a future time, Published for now or a past one.
      const movesWorkflow = changes.workflowState !== undefined || changes.publishOn !== undefined;
      const invalid = validateCollection(next) || (movesWorkflow ? checkWorkflowAt(next.workflowState, next.publishOn, command.data.now) : null);
      if (invalid) return reject(invalid);
      if (Object.keys(changes).length === 0) return accept();
      return accept({ type: 'CollectionDetailsChanged', data: { collectionId, changes, changedAt: command.data.now }, schemaVersion: 2 });
    }
    case 'SetCollectionPassword': {
      const { passwordHash, now } = command.data;
      if (kind.folder) return reject(wrongKind('Folders cannot be locked; lock the pages inside them.'));
      const invalid = validateCollection({ ...collection, passwordHash });
      if (invalid) return reject(invalid);
      if (passwordHash === collection.passwordHash) return accept();
      return accept({ type: 'CollectionPasswordChanged', data: { collectionId, passwordHash, changedAt: now } });
    }
    case 'SetCollectionLayout': {
      const { blocks, now } = command.data;
      if (collection.kind !== 'page') return reject(wrongKind('Only pages have a layout of blocks.'));
      const invalid = validateCollection({ ...collection, layout: blocks });
      if (invalid) return reject(invalid);
      if (JSON.stringify(blocks) === JSON.stringify(collection.layout)) return accept();
      return accept({ type: 'CollectionLayoutChanged', data: { collectionId, blocks, changedAt: now } });
    }
    case 'SetGalleryOptions': {
      const { options, now } = command.data;
      if (collection.kind !== 'gallery') return reject(wrongKind('Only galleries have gallery options.'));
      const invalid = validateCollection({ ...collection, galleryOptions: options });
      if (invalid) return reject(invalid);
      if (JSON.stringify(options) === JSON.stringify(collection.galleryOptions)) return accept();
      return accept({ type: 'GalleryOptionsChanged', data: { collectionId, options, changedAt: now } });
    }
    case 'ListCollectionItem': {
      const { itemId, wantedUrlId } = command.data;
      if (kind.itemKind === null) return reject(wrongKind(`A ${kind.typeName} holds no content items.`));
      if (state.items[itemId] !== undefined) return accept();
      const badUrlId = checkUrlId(wantedUrlId);
      if (badUrlId) return reject(badUrlId);
      const limit = itemLimit(collection.kind);
      if (Object.keys(state.items).length >= limit) return reject(templatedError('COLLECTION_ITEM_LIMIT', { limit }));
      const urlId = uniqueUrlId(wantedUrlId, takenItemUrlIds(state));
      return accept({ type: 'CollectionItemListed', data: { collectionId, itemId, urlId } });
    }
    case 'ChangeCollectionItemUrlId': {
      const { itemId, wantedUrlId } = command.data;
      const current = state.items[itemId];
      if (current === undefined) return reject(domainError('ITEM_NOT_FOUND', { itemId }));
      const badUrlId = checkUrlId(wantedUrlId);
      if (badUrlId) return reject(badUrlId);
      if (current === wantedUrlId) return accept();
      const urlId = uniqueUrlId(wantedUrlId, takenItemUrlIds(state, itemId));
      return urlId === current ? accept() : accept({ type: 'CollectionItemUrlIdChanged', data: { collectionId, itemId, urlId } });
    }
    case 'UnlistCollectionItem':
      if (state.items[command.data.itemId] === undefined) return accept();
      return accept({ type: 'CollectionItemUnlisted', data: { collectionId, itemId: command.data.itemId } });
    case 'ReorderCollectionItems': {
      const { itemIds, now } = command.data;
      if (!kind.userOrderable) return reject(wrongKind(`The items of a ${kind.typeName} are ordered by date.`));
      const current = new Set(state.order);
      const permutation = itemIds.length === current.size && new Set(itemIds).size === itemIds.length && itemIds.every((id) => current.has(id));
      if (!permutation) return reject(domainError('INVALID_ITEM_ORDER'));
      if (itemIds.every((id, i) => state.order[i] === id)) return accept();
      return accept({ type: 'CollectionItemsReordered', data: { collectionId, itemIds, changedAt: now } });
    }
    case 'DeleteCollection':
      return accept({ type: 'CollectionDeleted', data: { collectionId, deletedAt: command.data.now } });
    case 'RestoreCollection': {
      const { restoredVersion, target, now } = command.data;
      if (target.status !== 'active' || target.collection.kind !== collection.kind) return reject(versionNotFound(restoredVersion));
      const changes = differingFields(collection, target.collection, COLLECTION_RESTORED_FIELDS);
      const invalid = validateCollection({ ...collection, ...changes });
      if (invalid) return reject(invalid);
      if (Object.keys(changes).length === 0) return accept();
      return accept({ type: 'CollectionRestored', data: { collectionId, restoredVersion, changes, restoredAt: now } });
    }
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled collection command ${JSON.stringify(unhandled)}`);
    }
  }
}

export const collectionDecider: Decider<CollectionCommand, CollectionState, CollectionEvent, DomainError> = {
  initialState: initialCollectionState,
  evolve: evolveCollection,
  decide: decideCollection,
};

/** The URL id the collection granted an item (after ListCollectionItem / ChangeCollectionItemUrlId). */
export function itemUrlId(state: CollectionState, itemId: string): string | undefined {
  return state.status === 'active' ? state.items[itemId] : undefined;
}

import { accept, reject, type Decider, type Decision, type DomainError } from '../shared/decider';
import { domainError } from '../shared/error-catalogue';
import { PRODUCTS_COLLECTION_TYPE, type StoreEvent } from './events';
import { CATALOG_LIMITS } from './product-validation';
import { isValidUrlId, uniqueUrlId } from './url-id';

/**
 * A store: one products collection (CollectionType 13). Its stream is where URL ids are handed
 * out, so two concurrent creates of one title cannot get the same URL id (the second append
 * conflicts, reloads and decides again), and where the 200-products limit is counted.
 */
export type StoreState =
  | { status: 'none' }
  | { status: 'open'; collectionId: string; websiteId: string; title: string; urlId: string; products: Record<string, string> };

export const initialStoreState = (): StoreState => ({ status: 'none' });

/**
 * The store made on first start beside the website (its products collection's id). Owner API calls
 * that create a product without naming a collection create it here.
 */
export const DEFAULT_STORE_COLLECTION_ID = 'shop';

export type CreateStore = { type: 'CreateStore'; data: { collectionId: string; websiteId: string; title: string; urlId: string; now: string } };
/** Reserves a unique URL id for a new product: `wantedUrlId`, or `wantedUrlId-1`, `-2`, … */
export type ListProduct = { type: 'ListProduct'; data: { collectionId: string; productId: string; wantedUrlId: string } };
export type ChangeProductUrlId = { type: 'ChangeProductUrlId'; data: { collectionId: string; productId: string; wantedUrlId: string } };
export type UnlistProduct = { type: 'UnlistProduct'; data: { collectionId: string; productId: string } };
export type StoreCommand = CreateStore | ListProduct | ChangeProductUrlId | UnlistProduct;

export function evolveStore(state: StoreState, event: StoreEvent): StoreState {
  switch (event.type) {
    case 'StoreCreated': {
      if (state.status !== 'none') return state;
      const { collectionId, websiteId, title, urlId } = event.data;
      return { status: 'open', collectionId, websiteId, title, urlId, products: {} };
    }
    case 'StoreProductListed':
    case 'StoreProductUrlIdChanged':
      if (state.status !== 'open') return state;
      return { ...state, products: { ...state.products, [event.data.productId]: event.data.urlId } };
    case 'StoreProductUnlisted': {
      if (state.status !== 'open') return state;
      const { [event.data.productId]: _gone, ...products } = state.products;
      return { ...state, products };
    }
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

function takenUrlIds(state: { products: Record<string, string> }, except?: string): Set<string> {
  return new Set(Object.entries(state.products).filter(([id]) => id !== except).map(([, urlId]) => urlId));
}

export function decideStore(command: StoreCommand, state: StoreState): Decision<StoreEvent, DomainError> {
  if (command.type === 'CreateStore') {
    if (state.status !== 'none') return reject(domainError('STORE_ALREADY_EXISTS'));
    const { collectionId, websiteId, title, urlId, now } = command.data;
    if (!isValidUrlId(urlId)) return reject(domainError('INVALID_URL_ID'));
    return accept({ type: 'StoreCreated', data: { collectionId, websiteId, title, urlId, collectionType: PRODUCTS_COLLECTION_TYPE, createdAt: now } });
  }
  if (state.status !== 'open') return reject(domainError('STORE_NOT_FOUND'));
  const { collectionId, productId } = command.data;
  switch (command.type) {
    case 'ListProduct': {
      if (state.products[productId] !== undefined) return accept();
      if (!isValidUrlId(command.data.wantedUrlId)) return reject(domainError('INVALID_URL_ID'));
      if (Object.keys(state.products).length >= CATALOG_LIMITS.productsPerCollection) {
        return reject(domainError('STORE_PRODUCT_LIMIT', { limit: CATALOG_LIMITS.productsPerCollection }));
      }
      const urlId = uniqueUrlId(command.data.wantedUrlId, takenUrlIds(state));
      return accept({ type: 'StoreProductListed', data: { collectionId, productId, urlId } });
    }
    case 'ChangeProductUrlId': {
      if (state.products[productId] === undefined) return reject(domainError('PRODUCT_NOT_FOUND'));
      if (!isValidUrlId(command.data.wantedUrlId)) return reject(domainError('INVALID_URL_ID'));
      if (state.products[productId] === command.data.wantedUrlId) return accept();
      const urlId = uniqueUrlId(command.data.wantedUrlId, takenUrlIds(state, productId));
      return accept({ type: 'StoreProductUrlIdChanged', data: { collectionId, productId, urlId } });
    }
    case 'UnlistProduct':
      if (state.products[productId] === undefined) return accept();
      return accept({ type: 'StoreProductUnlisted', data: { collectionId, productId } });
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled store command ${JSON.stringify(unhandled)}`);
    }
  }
}

export const storeDecider: Decider<StoreCommand, StoreState, StoreEvent, DomainError> = {
  initialState: initialStoreState,
  evolve: evolveStore,
  decide: decideStore,
};

/** The URL id the store granted a product (after ListProduct / ChangeProductUrlId). */
export function productUrlId(state: StoreState, productId: string): string | undefined {
  return state.status === 'open' ? state.products[productId] : undefined;
}

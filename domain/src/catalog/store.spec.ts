import type { StoreEvent } from './events';
import { storeDecider, type StoreCommand } from './store';
import { slugify, uniqueUrlId, urlIdFromTitle } from './url-id';

const opened: StoreEvent = { type: 'StoreCreated', data: { collectionId: 'shop', websiteId: 'w', title: 'Shop', urlId: 'shop', collectionType: 13, createdAt: 't' } };
const listed = (productId: string, urlId: string): StoreEvent => ({ type: 'StoreProductListed', data: { collectionId: 'shop', productId, urlId } });
const given = (events: StoreEvent[]) => events.reduce(storeDecider.evolve, storeDecider.initialState());
const list = (productId: string, wantedUrlId: string): StoreCommand => ({ type: 'ListProduct', data: { collectionId: 'shop', productId, wantedUrlId } });

describe('store URL ids (SPEC 5)', () => {
  it.each([
    ['Stoneware Mug', 'stoneware-mug'],
    ['  Crème brûlée Ramekin!  ', 'creme-brulee-ramekin'],
    ['Salt & Pepper', 'salt-and-pepper'],
    ['Mug #2 -- (blue)', 'mug-2-blue'],
  ])('slug of %p is %p', (title, slug) => {
    expect(slugify(title)).toBe(slug);
    expect(urlIdFromTitle(title)).toBe(slug);
  });

  it.each(['A', 'ab', '!!', '茶碗'])('falls back for %p (under 3 characters)', (title) => {
    expect(urlIdFromTitle(title)).toBe('product');
  });

  it('appends -1, -2, … to taken ids', () => {
    expect(uniqueUrlId('mug', new Set())).toBe('mug');
    expect(uniqueUrlId('mug', new Set(['mug']))).toBe('mug-1');
    expect(uniqueUrlId('mug', new Set(['mug', 'mug-1', 'mug-3']))).toBe('mug-2');
  });
});

describe('store decide: given events, when a command, then', () => {
  it('lists products under unique URL ids', () => {
    expect(storeDecider.decide(list('p1', 'mug'), given([opened]))).toEqual({ ok: true, events: [listed('p1', 'mug')] });
    expect(storeDecider.decide(list('p2', 'mug'), given([opened, listed('p1', 'mug')]))).toEqual({ ok: true, events: [listed('p2', 'mug-1')] });
    // Listing the same product again is a no-op (a retried create).
    expect(storeDecider.decide(list('p1', 'mug'), given([opened, listed('p1', 'mug')]))).toEqual({ ok: true, events: [] });
  });

  it('frees the URL id of an unlisted product', () => {
    const unlisted: StoreEvent = { type: 'StoreProductUnlisted', data: { collectionId: 'shop', productId: 'p1' } };
    expect(storeDecider.decide(list('p2', 'mug'), given([opened, listed('p1', 'mug'), unlisted]))).toEqual({ ok: true, events: [listed('p2', 'mug')] });
  });

  it('changes a URL id, keeping it unique and letting a product keep its own', () => {
    const change = (productId: string, wantedUrlId: string): StoreCommand => ({ type: 'ChangeProductUrlId', data: { collectionId: 'shop', productId, wantedUrlId } });
    const state = given([opened, listed('p1', 'mug'), listed('p2', 'bowl')]);
    expect(storeDecider.decide(change('p2', 'mug'), state)).toEqual({
      ok: true, events: [{ type: 'StoreProductUrlIdChanged', data: { collectionId: 'shop', productId: 'p2', urlId: 'mug-1' } }],
    });
    expect(storeDecider.decide(change('p2', 'bowl'), state)).toEqual({ ok: true, events: [] });
  });

  it('refuses the 201st product of a collection (SPEC 9: 200 per collection)', () => {
    const full = given([opened, ...Array.from({ length: 200 }, (_, i) => listed(`p${i}`, `item-${i}`))]);
    const decision = storeDecider.decide(list('p-new', 'new'), full);
    expect(decision).toEqual({ ok: false, error: expect.objectContaining({ code: 'STORE_PRODUCT_LIMIT', message: 'A store can hold at most 200 products.' }) });
    const almost = given([opened, ...Array.from({ length: 199 }, (_, i) => listed(`p${i}`, `item-${i}`))]);
    expect(storeDecider.decide(list('p-new', 'new'), almost).ok).toBe(true);
  });

  it('refuses products in a store that does not exist, and creating a store twice', () => {
    expect(storeDecider.decide(list('p1', 'mug'), given([]))).toEqual({ ok: false, error: expect.objectContaining({ code: 'STORE_NOT_FOUND' }) });
    const create: StoreCommand = { type: 'CreateStore', data: { collectionId: 'shop', websiteId: 'w', title: 'Shop', urlId: 'shop', now: 't' } };
    expect(storeDecider.decide(create, given([]))).toEqual({ ok: true, events: [opened] });
    expect(storeDecider.decide(create, given([opened]))).toEqual({ ok: false, error: expect.objectContaining({ code: 'STORE_ALREADY_EXISTS' }) });
  });
});

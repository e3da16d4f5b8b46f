import { PRODUCT_TYPES, storeStreamId, type ProductRecord, type StoreEvent } from '@storefront/domain';
import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import type { EventStore } from '@storefront/eventstore';
import type { ProjectionRunner } from '@storefront/projections';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import request from 'supertest';
import { signIn as signInOwner } from '../../test/store-fixtures';
import { startTestApp, type TestApp } from '../../test/test-app';
import { EVENT_STORE, PROJECTION_RUNNER } from '../infrastructure/database/tokens';
import { DEMO_IMAGE_LIST, DEMO_IMAGES, demoCatalog } from '../demo';
import { WebsiteDirectory } from './website-directory';

const ADMIN = { email: 'owner@example.com', password: 'correct horse battery staple' };
const MANAGER = { email: 'manager@example.com', password: 'a long enough password', roles: ['store manager'] };
const EDITOR = { email: 'editor@example.com', password: 'a long enough password', roles: ['editor'] };

type Session = { cookie: string; xsrf: string };

describeOnHttpDriver('catalog over HTTP', (driver) => {
  let t: TestApp;
  let websiteId: string;
  let admin: Session;
  let manager: Session;
  let editor: Session;
  let products: string;

  const signIn = (credentials: { email: string; password: string }) => signInOwner(t.server, credentials);
  const as = (who: Session, method: 'get' | 'post' | 'put' | 'delete', path: string) =>
    request(t.server)[method](path).set('Cookie', who.cookie).set('X-XSRF-Token', who.xsrf);
  const eventCount = async () => Number((await t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM events')).rows[0].n);
  const catchUp = () => t.app.get<ProjectionRunner>(PROJECTION_RUNNER).catchUp();
  const create = (body: object, who: Session = manager) => as(who, 'post', products).send(body);

  beforeAll(async () => {
    t = await startTestApp(driver);
    websiteId = (await t.app.get(WebsiteDirectory).current()).websiteId;
    products = `/api/content-service/product/1.1/websites/${websiteId}/products`;
    admin = await signIn(ADMIN);
    for (const owner of [MANAGER, EDITOR]) expect((await as(admin, 'post', '/api/config/owners').send({ ...owner, currentPassword: ADMIN.password })).status).toBe(201);
    manager = await signIn(MANAGER);
    editor = await signIn(EDITOR);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function expectRejected(send: () => request.Test, status: number, error: string, message?: string) {
    const before = await eventCount();
    const res = await send();
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ error, ...(message ? { message } : {}) });
    expect(typeof res.body.message).toBe('string');
    expect(await eventCount()).toBe(before);
    return res;
  }

  const mug = { title: 'Speckled Tumbler', productType: 'PHYSICAL', variants: [{ sku: 'TUMBLER-1', priceCents: 2200, qtyInStock: 4 }] };

  describe('security', () => {
    it('answers 401 to anonymous requests, 403 without the XSRF header or the store manager role, and appends nothing', async () => {
      await expectRejected(() => request(t.server).post(products).send(mug), 401, 'UNAUTHENTICATED');
      await expectRejected(() => request(t.server).post(products).set('Cookie', manager.cookie).send(mug), 403, 'XSRF_TOKEN_INVALID');
      await expectRejected(() => create(mug, editor), 403, 'FORBIDDEN');
      await expectRejected(() => request(t.server).get(products), 401, 'UNAUTHENTICATED');
    });

    it('lets admins in as well', async () => {
      const res = await create({ ...mug, title: 'Admin Tumbler', variants: [{ sku: 'ADMIN-1', priceCents: 100 }] }, admin);
      expect(res.status).toBe(201);
    });

    it('answers 404 for another website id', async () => {
      await expectRejected(() => as(manager, 'post', `/api/content-service/product/1.1/websites/${randomUUID()}/products`).send(mug), 404, 'NOT_FOUND');
    });
  });

  describe('products', () => {
    it('creates a product (SPEC 7 payload plus variants) and returns its Product record, computed from the streams', async () => {
      const res = await create({
        title: 'Crème Brûlée Ramekin', navigationTitle: 'Ramekin', description: 'Oven safe.', enabled: true, productType: 'PHYSICAL',
        variantOptionOrdering: ['Glaze', 'Size'], tags: ['bakeware'], merchandising: { scarcityEnabled: true, scarcityText: 'Only {qtyInStock} left!' },
        variants: [
          { sku: 'RAM-SAND-S', attributes: { Glaze: 'Sand', Size: 'S' }, priceCents: 1600, qtyInStock: 2 },
          { sku: 'RAM-SAND-L', attributes: { Glaze: 'Sand', Size: 'L' }, priceCents: 1900, salePriceCents: 1500, onSale: true, unlimited: true },
        ],
      });
      expect(res.status).toBe(201);
      const { record, merchandising } = res.body as { record: ProductRecord; merchandising: { scarcityTemplateViews: unknown[] } };
      expect(record).toMatchObject({
        title: 'Crème Brûlée Ramekin', navigationTitle: 'Ramekin', urlId: 'creme-brulee-ramekin', fullUrl: '/shop/p/creme-brulee-ramekin',
        collectionId: 'shop', recordType: 11, tags: ['bakeware'],
        structuredContent: { productType: 1, onSale: true, isSubscribable: false, variantOptionOrdering: ['Glaze', 'Size'] },
      });
      expect(record.structuredContent.variants.map((v) => [v.sku, v.priceMoney, v.salePriceMoney.value, v.onSale, v.qtyInStock, v.unlimited])).toEqual([
        ['RAM-SAND-S', { value: '1600', currency: 'USD', decimalValue: '16.00' }, '0', false, 2, false],
        ['RAM-SAND-L', { value: '1900', currency: 'USD', decimalValue: '19.00' }, '1500', true, 0, true],
      ]);
      expect(merchandising.scarcityTemplateViews).toEqual([{ qtyInStock: 2, attributes: { Glaze: 'Sand', Size: 'S' } }]);

      await catchUp();
      const pub = await request(t.server).get(`/api/commerce/products/${record.id}`);
      expect(pub.status).toBe(200);
      expect(pub.body).toEqual(record);
    });

    it('derives URL ids from the title with a fallback under 3 characters, and keeps them unique', async () => {
      const urlIdOf = async (title: string, urlId?: string) =>
        ((await create({ title, ...(urlId ? { urlId } : {}), variants: [{ sku: `S-${randomUUID().slice(0, 8)}`, priceCents: 500 }] })).body.record as ProductRecord).urlId;
      expect(await urlIdOf('Yo')).toBe('product');
      expect(await urlIdOf('!')).toBe('product-1');
      expect(await urlIdOf('Moon Jar')).toBe('moon-jar');
      expect(await urlIdOf('Moon  Jar!')).toBe('moon-jar-1');
      expect(await urlIdOf('Anything', 'Moon Jar')).toBe('moon-jar-2');
    });

    it('gives concurrent creates of one title distinct URL ids', async () => {
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => create({ title: 'Tea Bowl', variants: [{ sku: `TEA-${i}`, priceCents: 3000 }] })),
      );
      expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
      const urlIds = results.map((r) => (r.body.record as ProductRecord).urlId).sort();
      expect(urlIds).toEqual(['tea-bowl', 'tea-bowl-1', 'tea-bowl-2', 'tea-bowl-3', 'tea-bowl-4', 'tea-bowl-5']);
    });

    it('replays a retried create (same Idempotency-Key) without appending', async () => {
      const key = randomUUID();
      const first = await create({ title: 'Retry Cup', variants: [{ sku: 'RETRY', priceCents: 900, qtyInStock: 1 }] }).set('Idempotency-Key', key);
      expect(first.status).toBe(201);
      const before = await eventCount();
      const again = await create({ title: 'Retry Cup', variants: [{ sku: 'RETRY', priceCents: 900, qtyInStock: 1 }] }).set('Idempotency-Key', key);
      expect(again.status).toBe(201);
      expect(again.body.record).toEqual(first.body.record);
      expect(await eventCount()).toBe(before);
    });

    it.each<[string, unknown, number, string, string | null]>([
      ['a body that is not an object', [1, 2], 400, 'INVALID_REQUEST', 'The request body must be a JSON object.'],
      ['no title', { variants: [{ sku: 'A', priceCents: 1 }] }, 400, 'INVALID_TITLE', null],
      ['a blank title', { title: '   ', variants: [{ sku: 'A', priceCents: 1 }] }, 400, 'INVALID_TITLE', null],
      ['an unknown product type', { title: 'X1', productType: 'SPACESHIP' }, 400, 'INVALID_PRODUCT_TYPE', null],
      ['product type 6', { title: 'X1', productType: 6 }, 400, 'INVALID_PRODUCT_TYPE', null],
      ['an unsupported currency', { title: 'X1', currency: 'XTS', variants: [{ sku: 'A', priceCents: 1 }] }, 400, 'UNSUPPORTED_CURRENCY', null],
      ['a currency other than the store\'s', { title: 'X1', currency: 'EUR', variants: [{ sku: 'A', priceCents: 1 }] }, 400, 'UNSUPPORTED_CURRENCY', 'Products must be priced in the store\'s currency, USD.'],
      ['a decimal price', { title: 'X1', variants: [{ sku: 'A', priceCents: 12.5 }] }, 400, 'INVALID_PRICE', 'Prices must be whole numbers of minor units, 0 or more.'],
      ['a price as text', { title: 'X1', variants: [{ sku: 'A', priceCents: '12' }] }, 400, 'INVALID_PRICE', null],
      ['a negative price', { title: 'X1', variants: [{ sku: 'A', priceCents: -1 }] }, 400, 'INVALID_PRICE', null],
      ['a sale price above the price', { title: 'X1', variants: [{ sku: 'A', priceCents: 100, salePriceCents: 200, onSale: true }] }, 400, 'INVALID_SALE_PRICE', null],
      ['duplicate skus', { title: 'X1', variants: [{ sku: 'A', priceCents: 1, attributes: { S: '1' } }, { sku: 'A', priceCents: 1, attributes: { S: '2' } }] }, 409, 'DUPLICATE_SKU', null],
      ['variants missing an option', { title: 'X1', variants: [{ sku: 'A', priceCents: 1, attributes: { S: '1' } }, { sku: 'B', priceCents: 1 }] }, 400, 'INVALID_VARIANT_OPTIONS', null],
      ['two digital variants', { title: 'X1', productType: 'DIGITAL', variants: [{ sku: 'A', priceCents: 1, attributes: { F: 'pdf' } }, { sku: 'B', priceCents: 1, attributes: { F: 'epub' } }] }, 409, 'SINGLE_VARIANT_ONLY', null],
      ['negative stock', { title: 'X1', variants: [{ sku: 'A', priceCents: 1, qtyInStock: -2 }] }, 400, 'INVALID_STOCK', null],
      ['a tag over 50 characters', { title: 'X1', tags: ['t'.repeat(51)] }, 400, 'TAG_TOO_LONG', 'Tags can be at most 50 characters long.'],
      ['a category over 25 characters', { title: 'X1', categories: ['c'.repeat(26)] }, 400, 'CATEGORY_TOO_LONG', 'Categories can be at most 25 characters long.'],
      ['a daily subscription', { title: 'X1', subscriptionPlan: { billingPeriod: { value: 1, unit: 'DAY' }, numBillingCycles: 0 } }, 400, 'INVALID_SUBSCRIPTION_PLAN', null],
      ['a gift card subscription', { title: 'X1', productType: 'GIFT_CARD', subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 } }, 400, 'SUBSCRIPTION_NOT_ALLOWED', null],
      ['an unknown store', { title: 'X1', collectionId: 'no-such-store' }, 404, 'STORE_NOT_FOUND', null],
    ])('refuses %s with %i %s and appends nothing', async (_, body, status, error, message) => {
      await expectRejected(() => create(body as object), status, error, message ?? undefined);
    });

    it('refuses malformed JSON with 400', async () => {
      await expectRejected(() => create({}).set('Content-Type', 'application/json').send('{"title": '), 400, 'MALFORMED_JSON');
    });

    it('refuses the 201st product of a collection (SPEC 9)', async () => {
      const store = t.app.get<EventStore>(EVENT_STORE);
      const crowded: StoreEvent[] = [
        { type: 'StoreCreated', data: { collectionId: 'crowded', websiteId, title: 'Crowded', urlId: 'crowded', collectionType: 13, createdAt: 't' } },
        ...Array.from({ length: 199 }, (_, i): StoreEvent => ({ type: 'StoreProductListed', data: { collectionId: 'crowded', productId: `filler-${i}`, urlId: `filler-${i}` } })),
      ];
      const command = { commandId: randomUUID(), correlationId: 'test', causationId: null, actor: { kind: 'system' as const, id: 'test' } };
      await store.append(storeStreamId('crowded'), crowded, { streamType: 'store', expectedVersion: 'no_stream', command });
      expect((await create({ ...mug, title: 'Two Hundredth', collectionId: 'crowded' })).status).toBe(201);
      await expectRejected(() => create({ ...mug, title: 'Two Hundred And First', collectionId: 'crowded' }), 409, 'STORE_PRODUCT_LIMIT', 'A store can hold at most 200 products.');
    });
  });

  describe('editing', () => {
    let id: string;
    let path: string;
    beforeAll(async () => {
      const res = await create({
        title: 'Nesting Bowls', variantOptionOrdering: ['Size'],
        variants: [{ sku: 'NEST-S', attributes: { Size: 'S' }, priceCents: 2000, qtyInStock: 5 }, { sku: 'NEST-M', attributes: { Size: 'M' }, priceCents: 2600, qtyInStock: 1 }],
      });
      id = res.body.record.id;
      path = `${products}/${id}`;
    });

    it('edits details, including a URL id made unique in the store', async () => {
      const res = await as(manager, 'put', path).send({ title: 'Nesting Bowl Set', urlId: 'moon jar', useCustomAddButtonText: true, customAddButtonText: 'Add the Set', merchandising: { customSoldOutText: 'All gone' } });
      expect(res.status).toBe(200);
      expect(res.body.record).toMatchObject({ title: 'Nesting Bowl Set', urlId: 'moon-jar-3', structuredContent: { useCustomAddButtonText: true, customAddButtonText: 'Add the Set' } });
      expect(res.body.merchandising.customSoldOutText).toBe('All gone');
      await expectRejected(() => as(manager, 'put', path).send({ title: '' }), 400, 'INVALID_TITLE');
      await expectRejected(() => as(manager, 'put', path).send({ currency: 'EUR' }), 400, 'INVALID_REQUEST');
      await expectRejected(() => as(manager, 'put', `${products}/no-such-product`).send({ title: 'Nope' }), 404, 'PRODUCT_NOT_FOUND');
    });

    it('adds, edits and removes variants', async () => {
      const added = await as(manager, 'post', `${path}/variants`).send({ sku: 'NEST-L', attributes: { Size: 'L' }, priceCents: 3200, qtyInStock: 2 });
      expect(added.status).toBe(201);
      expect(added.body.record.structuredContent.variants.map((v: { sku: string; qtyInStock: number }) => [v.sku, v.qtyInStock])).toEqual([['NEST-S', 5], ['NEST-M', 1], ['NEST-L', 2]]);
      await expectRejected(() => as(manager, 'post', `${path}/variants`).send({ sku: 'NEST-L', attributes: { Size: 'XL' }, priceCents: 1 }), 409, 'DUPLICATE_SKU');
      await expectRejected(() => as(manager, 'post', `${path}/variants`).send({ sku: 'NEST-XL', attributes: { Size: 'S' }, priceCents: 1 }), 409, 'DUPLICATE_VARIANT_OPTIONS');

      const edited = await as(manager, 'put', `${path}/variants/NEST-L`).send({ priceCents: 3400 });
      expect(edited.status).toBe(200);
      expect(edited.body.record.structuredContent.variants[2].priceMoney.value).toBe('3400');
      await expectRejected(() => as(manager, 'put', `${path}/variants/NEST-L`).send({ sku: 'OTHER' }), 400, 'INVALID_REQUEST');
      await expectRejected(() => as(manager, 'put', `${path}/variants/NOPE`).send({ priceCents: 1 }), 404, 'VARIANT_NOT_FOUND');

      const removed = await as(manager, 'delete', `${path}/variants/NEST-L`);
      expect(removed.status).toBe(200);
      expect(removed.body.record.structuredContent.variants).toHaveLength(2);
    });

    it('sets, adjusts and unlimits stock on the inventory streams, never below zero', async () => {
      const stock = (sku: string, body: object) => as(manager, 'put', `${path}/variants/${sku}/stock`).send(body);
      const qty = (res: request.Response, sku: string) => res.body.record.structuredContent.variants.find((v: { sku: string }) => v.sku === sku);
      expect(qty(await stock('NEST-S', { qtyInStock: 9 }), 'NEST-S')).toMatchObject({ qtyInStock: 9, unlimited: false });
      expect(qty(await stock('NEST-S', { adjustBy: -4 }), 'NEST-S')).toMatchObject({ qtyInStock: 5 });
      expect(qty(await stock('NEST-M', { unlimited: true }), 'NEST-M')).toMatchObject({ qtyInStock: 1, unlimited: true });
      await expectRejected(() => stock('NEST-S', { adjustBy: -6 }), 409, 'STOCK_BELOW_ZERO', 'Stock cannot go below zero.');
      await expectRejected(() => stock('NEST-S', { qtyInStock: -1 }), 400, 'INVALID_STOCK');
      await expectRejected(() => stock('NEST-S', { qtyInStock: 1.5 }), 400, 'INVALID_STOCK');
      await expectRejected(() => stock('NEST-S', {}), 400, 'INVALID_REQUEST');
      await expectRejected(() => stock('NEST-S', { adjustBy: 1, qtyInStock: 1 }), 400, 'INVALID_REQUEST');
      await expectRejected(() => stock('NOPE', { qtyInStock: 1 }), 404, 'VARIANT_NOT_FOUND');

      await catchUp();
      const pub = await request(t.server).get(`/api/commerce/products/${id}`);
      expect(pub.body.structuredContent.variants.map((v: { qtyInStock: number; unlimited: boolean }) => [v.qtyInStock, v.unlimited])).toEqual([[5, false], [1, true]]);
    });

    it("names who changed each variant's stock last, from the inventory events' metadata", async () => {
      const view = await as(manager, 'get', path);
      const managerId = (await as(manager, 'get', '/api/config/session')).body.owner.id;
      expect(view.body.stock['NEST-S']).toEqual({
        qtyInStock: 5, unlimited: false,
        lastChange: { kind: 'adjusted', adjustBy: -4, at: expect.any(String), by: { kind: 'owner', id: managerId, email: MANAGER.email } },
      });
      expect(view.body.stock['NEST-M']).toMatchObject({ qtyInStock: 1, unlimited: true, lastChange: { kind: 'set', by: { email: MANAGER.email } } });
      const byAdmin = await as(admin, 'put', `${path}/variants/NEST-S/stock`).send({ qtyInStock: 5 + 1 });
      expect(byAdmin.body.stock['NEST-S']).toMatchObject({ qtyInStock: 6, lastChange: { kind: 'set', by: { kind: 'owner', email: ADMIN.email } } });
      expect(Date.parse(byAdmin.body.stock['NEST-S'].lastChange.at)).toBeGreaterThanOrEqual(Date.parse(view.body.stock['NEST-S'].lastChange.at));
      await as(manager, 'put', `${path}/variants/NEST-S/stock`).send({ qtyInStock: 5 });
    });

    it('puts variants on sale and ends the sale', async () => {
      const sale = (body: object) => as(manager, 'put', `${path}/sale`).send(body);
      const on = await sale({ onSale: true, skus: ['NEST-M'], salePriceCents: 2100 });
      expect(on.status).toBe(200);
      expect(on.body.record.structuredContent.onSale).toBe(true);
      expect(on.body.record.structuredContent.variants.map((v: { onSale: boolean; salePrice: number }) => [v.onSale, v.salePrice])).toEqual([[false, 0], [true, 2100]]);
      await expectRejected(() => sale({ onSale: true, salePriceCents: 2000 }), 400, 'INVALID_SALE_PRICE'); // NEST-S costs 2000
      await expectRejected(() => sale({ onSale: 'yes' }), 400, 'INVALID_REQUEST');
      const off = await sale({ onSale: false });
      expect(off.body.record.structuredContent.onSale).toBe(false);
    });

    it('sets the options and every variant at once: renames an option, adds, edits and removes variants, with stock for new ones', async () => {
      const put = (body: object) => as(manager, 'put', `${path}/variants`).send(body);
      const before = (await as(manager, 'get', path)).body;
      const res = await put({
        variantOptionOrdering: ['Diameter'],
        variants: [
          { sku: 'NEST-S', attributes: { Diameter: '12 cm' }, priceCents: 2000, qtyInStock: 999, weightGrams: 400 },
          { sku: 'NEST-XL', attributes: { Diameter: '30 cm' }, priceCents: 4800, salePriceCents: 3900, onSale: true, qtyInStock: 3, weightGrams: 1250 },
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body.product.variantOptionOrdering).toEqual(['Diameter']);
      expect(res.body.product.variants.map((v: { sku: string; id: string; weightGrams?: number }) => [v.sku, v.weightGrams])).toEqual([['NEST-S', 400], ['NEST-XL', 1250]]);
      expect(res.body.product.variants[0].id).toBe(before.product.variants[0].id);
      // An existing variant keeps its stock; a new one starts with what was sent.
      expect(res.body.record.structuredContent.variants.map((v: { sku: string; qtyInStock: number; onSale: boolean }) => [v.sku, v.qtyInStock, v.onSale]))
        .toEqual([['NEST-S', 5, false], ['NEST-XL', 3, true]]);
      expect(res.body.record.structuredContent.variants[1].optionValues).toEqual([{ optionName: 'Diameter', value: '30 cm' }]);

      await expectRejected(() => put({ variantOptionOrdering: ['Diameter'], variants: [] }), 409, 'NO_VARIANTS');
      await expectRejected(() => put({ variantOptionOrdering: ['Size'], variants: [{ sku: 'NEST-S', attributes: { Diameter: '12 cm' }, priceCents: 1 }] }), 400, 'INVALID_VARIANT_OPTIONS');
      await expectRejected(() => put({ variantOptionOrdering: [], variants: [{ sku: 'A', priceCents: 1 }, { sku: 'A', priceCents: 2 }] }), 409, 'DUPLICATE_SKU');
      await expectRejected(() => put({ variantOptionOrdering: [], variants: [{ sku: 'A', priceCents: 1, weightGrams: -1 }] }), 400, 'INVALID_WEIGHT');
      await expectRejected(() => put({ variantOptionOrdering: [], variants: [{ sku: 'A', priceCents: 1.5 }] }), 400, 'INVALID_PRICE');
      await expectRejected(() => put({ variants: [] }), 400, 'INVALID_REQUEST');
      await expectRejected(() => as(editor, 'put', `${path}/variants`).send({ variantOptionOrdering: [], variants: [{ sku: 'A', priceCents: 1 }] }), 403, 'FORBIDDEN');
      await expectRejected(() => as(manager, 'put', `${products}/no-such-product/variants`).send({ variantOptionOrdering: [], variants: [{ sku: 'A', priceCents: 1 }] }), 404, 'PRODUCT_NOT_FOUND');

      // Sending the same again changes nothing.
      const events = await eventCount();
      await put({
        variantOptionOrdering: ['Diameter'],
        variants: [
          { sku: 'NEST-S', attributes: { Diameter: '12 cm' }, priceCents: 2000, weightGrams: 400 },
          { sku: 'NEST-XL', attributes: { Diameter: '30 cm' }, priceCents: 4800, salePriceCents: 3900, onSale: true, weightGrams: 1250 },
        ],
      });
      expect(await eventCount()).toBe(events);
      await catchUp();
      const pub = await request(t.server).get(`/api/commerce/products/${id}`);
      expect(pub.body.structuredContent.variants.map((v: { sku: string }) => v.sku)).toEqual(['NEST-S', 'NEST-XL']);
    });

    it('refuses a weight on a product that is not physical', async () => {
      await expectRejected(() => create({ title: 'Lesson', productType: 'SERVICE', variants: [{ sku: 'L-1', priceCents: 100, weightGrams: 5 }] }), 400, 'INVALID_WEIGHT');
    });

    it('hides a disabled product from the public but not from owners, and deletes it for good', async () => {
      const disabled = await as(manager, 'put', `${path}/enabled`).send({ enabled: false });
      expect(disabled.status).toBe(200);
      await catchUp();
      expect((await request(t.server).get(`/api/commerce/products/${id}`)).status).toBe(404);
      expect((await as(manager, 'get', path)).body.product.enabled).toBe(false);
      const listed = await as(manager, 'get', products);
      expect(listed.body.products.find((p: ProductRecord) => p.id === id)).toMatchObject({ id, enabled: false });
      expect((await request(t.server).get('/')).text).not.toContain(id);

      await as(manager, 'put', `${path}/enabled`).send({ enabled: true });
      await catchUp();
      expect((await request(t.server).get(`/api/commerce/products/${id}`)).status).toBe(200);

      expect((await as(manager, 'delete', path)).status).toBe(204);
      await catchUp();
      expect((await request(t.server).get(`/api/commerce/products/${id}`)).status).toBe(404);
      await expectRejected(() => as(manager, 'get', path), 404, 'PRODUCT_NOT_FOUND');
      await expectRejected(() => as(manager, 'delete', path), 404, 'PRODUCT_NOT_FOUND');
      // Its URL id is free again.
      expect((await create({ title: 'Moon Jar', urlId: 'moon-jar-3', variants: [{ sku: 'MJ', priceCents: 1 }] })).body.record.urlId).toBe('moon-jar-3');
    });
  });

  describe('images', () => {
    let id: string;
    let path: string;
    let uploaded: string;
    const setImages = (body: unknown, who: Session = manager) => as(who, 'put', `${path}/images`).send(body as object);
    const twentyOne = () => Array.from({ length: 21 }, (_, i) => `img-${i}`);

    beforeAll(async () => {
      const res = await create({ title: 'Kiln Shelf Bowl', variants: [{ sku: 'KILN-BOWL', priceCents: 4100, qtyInStock: 3 }] });
      id = res.body.record.id;
      path = `${products}/${id}`;
      const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#a0522d' } }).png().toBuffer();
      const upload = await as(admin, 'post', '/api/media/images?filename=kiln-shelf-bowl.png').set('Content-Type', 'application/octet-stream').send(png);
      expect(upload.status).toBe(201);
      uploaded = upload.body.id;
    });

    it('sets the images in order, the first as main image, including an image uploaded a moment ago', async () => {
      // No catch-up first: an image the read model may not hold yet counts once its stream says it exists.
      const res = await setImages({ imageIds: [uploaded, DEMO_IMAGES.budVase] });
      expect(res.status).toBe(200);
      expect(res.body.product.imageIds).toEqual([uploaded, DEMO_IMAGES.budVase]);
      expect(res.body.record).toMatchObject({ imageIds: [uploaded, DEMO_IMAGES.budVase], mainImageId: uploaded });

      await catchUp();
      const pub = await request(t.server).get(`/api/commerce/products/${id}`);
      expect(pub.status).toBe(200);
      expect(pub.body).toEqual(res.body.record);
      expect((await as(manager, 'get', path)).body.record).toMatchObject({ mainImageId: uploaded });

      // The product page shows every image, main image first, in the SPEC widths; the store grid's card shows the main image.
      const page = await request(t.server).get(`/shop/p/${res.body.record.urlId}`);
      expect(page.status).toBe(200);
      const main = page.text.search(new RegExp(`srcset="/static/images/${uploaded}/kiln-shelf-bowl\\.png\\?format=100w 100w`));
      const second = page.text.search(new RegExp(`srcset="/static/images/${DEMO_IMAGES.budVase}/[^"]*\\?format=100w 100w`));
      expect(main).toBeGreaterThan(-1);
      expect(second).toBeGreaterThan(main);
      expect(page.text).not.toContain('class="product__placeholder"');
      expect(page.text).toContain(`<meta property="og:image" content="http://127.0.0.1`);
      const grid = await request(t.server).get('/shop');
      expect(grid.text).toContain(`/static/images/${uploaded}/kiln-shelf-bowl.png?format=`);
    });

    it('appends nothing when the images do not change, and removes them all with an empty list', async () => {
      const before = await eventCount();
      expect((await setImages({ imageIds: [uploaded, DEMO_IMAGES.budVase] })).status).toBe(200);
      expect(await eventCount()).toBe(before);

      const cleared = await setImages({ imageIds: [] });
      expect(cleared.status).toBe(200);
      expect(cleared.body.product.imageIds).toEqual([]);
      expect('imageIds' in cleared.body.record || 'mainImageId' in cleared.body.record).toBe(false);
      await catchUp();
      expect('mainImageId' in (await request(t.server).get(`/api/commerce/products/${id}`)).body).toBe(false);
      // Without images the page shows the placeholder.
      const page = await request(t.server).get(`/shop/p/${cleared.body.record.urlId}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('class="product__placeholder"');
      expect(page.text).not.toContain(`/static/images/${uploaded}/`);
      expect((await setImages({ imageIds: [DEMO_IMAGES.kiln, uploaded] })).body.record.mainImageId).toBe(DEMO_IMAGES.kiln);
    });

    it('answers 401 to anonymous requests and 403 without the XSRF header or the store manager role, appending nothing', async () => {
      const body = { imageIds: [DEMO_IMAGES.kiln] };
      await expectRejected(() => request(t.server).put(`${path}/images`).send(body), 401, 'UNAUTHENTICATED');
      await expectRejected(() => request(t.server).put(`${path}/images`).set('Cookie', manager.cookie).send(body), 403, 'XSRF_TOKEN_INVALID');
      await expectRejected(() => setImages(body, editor), 403, 'FORBIDDEN');
    });

    it.each<[string, unknown, string]>([
      ['a body that is not an object', [DEMO_IMAGES.kiln], 'The request body must be a JSON object.'],
      ['no imageIds', {}, 'imageIds must be a list of text.'],
      ['imageIds that are not a list', { imageIds: DEMO_IMAGES.kiln }, 'imageIds must be a list of text.'],
      ['ids that are not text', { imageIds: [DEMO_IMAGES.kiln, 7] }, 'imageIds must be a list of text.'],
      ['more than 20 images', { imageIds: twentyOne() }, 'A product can have at most 20 images.'],
      ['the same image twice', { imageIds: [DEMO_IMAGES.kiln, DEMO_IMAGES.budVase, DEMO_IMAGES.kiln] }, 'A product lists each of its images once.'],
      ['an empty id', { imageIds: [DEMO_IMAGES.kiln, ''] }, 'An image id must be text of 1 to 100 characters without spaces at either end.'],
    ])('refuses %s with 400 and appends nothing', async (_, body, message) => {
      await expectRejected(() => setImages(body), 400, 'INVALID_REQUEST', message);
    });

    it('refuses an id that names no image, and images of an unknown product, with 404', async () => {
      const res = await expectRejected(() => setImages({ imageIds: [DEMO_IMAGES.kiln, 'img-no-such-image'] }), 404, 'IMAGE_NOT_FOUND');
      expect(res.body.message).toBe('There is no image with the id img-no-such-image.');
      await expectRejected(() => as(manager, 'put', `${products}/no-such-product/images`).send({ imageIds: [DEMO_IMAGES.kiln] }), 404, 'PRODUCT_NOT_FOUND');
    });

    it('gives variants one of the product\'s images with PUT variants (If-Match honoured), refuses any other, and drops it with the image', async () => {
      const made = await create({
        title: 'Glazed Cup', imageIds: [DEMO_IMAGES.stonewareMug, DEMO_IMAGES.mossMug], variantOptionOrdering: ['Glaze'],
        variants: [{ sku: 'GC-SAND', attributes: { Glaze: 'Sand' }, priceCents: 2400 }, { sku: 'GC-MOSS', attributes: { Glaze: 'Moss' }, priceCents: 2400, imageId: DEMO_IMAGES.mossMug }],
      });
      expect(made.status).toBe(201);
      expect(made.body.record.structuredContent.variants.map((v: { imageId?: string }) => v.imageId ?? null)).toEqual([null, DEMO_IMAGES.mossMug]);
      const cup = `${products}/${made.body.record.id}`;
      const variants = (sand: string | null, moss: string | null) => ({
        variantOptionOrdering: ['Glaze'],
        variants: [{ sku: 'GC-SAND', attributes: { Glaze: 'Sand' }, priceCents: 2400, imageId: sand }, { sku: 'GC-MOSS', attributes: { Glaze: 'Moss' }, priceCents: 2400, imageId: moss }],
      });
      const put = (body: object, version?: number) => {
        const req = as(manager, 'put', `${cup}/variants`);
        return (version === undefined ? req : req.set('If-Match', `"${version}"`)).send(body);
      };
      const version = made.body.version as number;
      const swapped = await put(variants(DEMO_IMAGES.stonewareMug, null), version);
      expect(swapped.status).toBe(200);
      expect(swapped.body.product.variants.map((v: { imageId?: string | null }) => v.imageId ?? null)).toEqual([DEMO_IMAGES.stonewareMug, null]);
      expect(swapped.body.record.structuredContent.variants.map((v: { imageId?: string }) => v.imageId ?? null)).toEqual([DEMO_IMAGES.stonewareMug, null]);
      // Based on the version before that save: refused, nothing written.
      await expectRejected(() => put(variants(null, DEMO_IMAGES.mossMug), version), 409, 'EDIT_CONFLICT');
      // An image of the library that is not the product's, and one that does not exist.
      await expectRejected(() => put(variants(DEMO_IMAGES.kiln, null)), 400, 'INVALID_VARIANT_IMAGE', "A variant's image must be one of the product's own images.");
      await expectRejected(() => put(variants('img-no-such-image', null)), 400, 'INVALID_VARIANT_IMAGE');
      await expectRejected(() => put(variants(null, 42 as unknown as string)), 400, 'INVALID_TEXT_FIELD');
      await expectRejected(() => as(manager, 'put', `${cup}/variants/GC-MOSS`).send({ imageId: DEMO_IMAGES.kiln }), 400, 'INVALID_VARIANT_IMAGE');
      const edited = await as(manager, 'put', `${cup}/variants/GC-MOSS`).send({ imageId: DEMO_IMAGES.mossMug });
      expect(edited.body.record.structuredContent.variants[1].imageId).toBe(DEMO_IMAGES.mossMug);
      // The product loses the sand image: the variant that showed it shows the main image again.
      const fewer = await as(manager, 'put', `${cup}/images`).send({ imageIds: [DEMO_IMAGES.mossMug] });
      expect(fewer.status).toBe(200);
      expect(fewer.body.record.structuredContent.variants.map((v: { imageId?: string }) => v.imageId ?? null)).toEqual([null, DEMO_IMAGES.mossMug]);
    });

    it('takes optional imageIds on creation under the same rules, and not in "edit details"', async () => {
      const res = await create({ title: 'Moss Cup', imageIds: [DEMO_IMAGES.mossMug], variants: [{ sku: 'MOSS-CUP', priceCents: 2400 }] });
      expect(res.status).toBe(201);
      expect(res.body.record).toMatchObject({ imageIds: [DEMO_IMAGES.mossMug], mainImageId: DEMO_IMAGES.mossMug });
      const cup = { title: 'Other Cup', variants: [{ sku: 'OTHER-CUP', priceCents: 2400 }] };
      await expectRejected(() => create({ ...cup, imageIds: ['img-no-such-image'] }), 404, 'IMAGE_NOT_FOUND');
      await expectRejected(() => create({ ...cup, imageIds: twentyOne() }), 400, 'INVALID_REQUEST', 'A product can have at most 20 images.');
      await expectRejected(() => create({ ...cup, imageIds: 'img-kiln' }), 400, 'INVALID_REQUEST', 'imageIds must be a list of text.');
      await expectRejected(() => as(manager, 'put', path).send({ imageIds: [DEMO_IMAGES.kiln] }), 400, 'INVALID_REQUEST', 'imageIds cannot be changed here.');
    });
  });

  describe('demo store and replay', () => {
    it('serves the seeded demo products with every product type', async () => {
      const types = new Set<number>();
      for (const id of ['p-stoneware-mug', 'p-linen-apron', 'p-glaze-recipes', 'p-serving-bowl', 'p-throwing-class', 'p-studio-gift-card', 'p-studio-notes', 'p-tea-club']) {
        const res = await request(t.server).get(`/api/commerce/products/${id}`);
        expect(res.status).toBe(200);
        types.add(res.body.structuredContent.productType);
      }
      expect([...types].sort()).toEqual(Object.values(PRODUCT_TYPES));
      const apron = (await request(t.server).get('/api/commerce/products/p-linen-apron')).body as ProductRecord;
      expect(apron.structuredContent.variants.find((v) => v.sku === 'APRON-RUST-S')).toMatchObject({ onSale: true, salePrice: 3600 });
      const mugRecord = (await request(t.server).get('/api/commerce/products/p-stoneware-mug')).body as ProductRecord;
      expect(mugRecord.structuredContent.variants.find((v) => v.sku === 'MUG-MOSS')).toMatchObject({ qtyInStock: 3 });
      const bowl = (await request(t.server).get('/api/commerce/products/p-serving-bowl')).body as ProductRecord;
      expect(bowl.structuredContent.variants[0]).toMatchObject({ sku: 'BOWL-L', qtyInStock: 0, unlimited: false });
      expect((await request(t.server).get('/api/commerce/products/no-such-product')).body).toEqual({ error: 'PRODUCT_NOT_FOUND', message: 'There is no product with this id.' });
    });

    it('gives every demo product its drawn demo images through SetProductImages', async () => {
      const drawn = new Set(DEMO_IMAGE_LIST.map((i) => i.id));
      for (const { product, imageIds } of demoCatalog(websiteId, '')) {
        const record = (await request(t.server).get(`/api/commerce/products/${product.id}`)).body as ProductRecord;
        expect([product.id, record.imageIds, record.mainImageId]).toEqual([product.id, imageIds, imageIds[0]]);
        for (const imageId of imageIds) expect(drawn).toContain(imageId);
      }
      const mug = (await request(t.server).get('/api/commerce/products/p-stoneware-mug')).body as ProductRecord;
      expect(mug.imageIds).toEqual([DEMO_IMAGES.stonewareMug, DEMO_IMAGES.mossMug]);
      // Each glaze shows its own image (issue 13).
      expect(mug.structuredContent.variants.map((v) => [v.sku, v.imageId])).toEqual([['MUG-SAND', DEMO_IMAGES.stonewareMug], ['MUG-MOSS', DEMO_IMAGES.mossMug]]);
    });

    it('rebuilds identical read models from the log after the mixed history (verify)', async () => {
      await catchUp();
      const results = await t.app.get<ProjectionRunner>(PROJECTION_RUNNER).verify(['catalog']);
      expect(results.map((r) => [r.name, r.ok])).toEqual([['catalog', true]]);
    });
  });
});

import { ERROR_MESSAGES, inventoryStreamId, productStreamId, storeDecider, storeStreamId, type HistoryEntry, type StoreEvent, type StoreState } from '@storefront/domain';
import { foldEvents, type EventStore } from '@storefront/eventstore';
import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import type { ProjectionRunner } from '@storefront/projections';
import request from 'supertest';
import { ownerProductsPath, signIn as signInOwner, TEST_ADMIN, type OwnerSession } from '../../test/store-fixtures';
import { startTestApp, type TestApp } from '../../test/test-app';
import { EVENT_STORE, PROJECTION_RUNNER } from '../infrastructure/database/tokens';
import { ProductCatalog } from './product-catalog';

const MANAGER = { email: 'manager@example.com', password: 'a long enough password', roles: ['store manager'] };
const SECOND_MANAGER = { email: 'second.manager@example.com', password: 'a long enough password', roles: ['store manager'] };
const EDITOR = { email: 'editor@example.com', password: 'a long enough password', roles: ['editor'] };

/**
 * Issue 12, items 8 and 9 for products: a product's history from the log, restoring a version with a
 * new event, and saves based on an older version refused with 409 instead of overwriting.
 */
describeOnHttpDriver('product history, restore and concurrent editing', (driver) => {
  let t: TestApp;
  let products: string;
  let manager: OwnerSession;
  let second: OwnerSession;
  let editor: OwnerSession;

  const as = (who: OwnerSession, method: 'get' | 'post' | 'put' | 'delete', path: string) =>
    request(t.server)[method](path).set('Cookie', who.cookie).set('X-XSRF-Token', who.xsrf);
  const basedOn = (test: request.Test, version: number) => test.set('If-Match', `"${version}"`);
  const eventCount = async () => Number((await t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM events')).rows[0]!.n);
  const catchUp = () => t.app.get<ProjectionRunner>(PROJECTION_RUNNER).catchUp();
  const store = () => t.app.get<EventStore>(EVENT_STORE);
  const newProduct = async (title: string, sku: string) => {
    const res = await as(manager, 'post', products).send({ title, productType: 'PHYSICAL', variants: [{ sku, priceCents: 2400, qtyInStock: 5 }] });
    expect({ status: res.status, version: res.body.version }).toEqual({ status: 201, version: 1 });
    return res.body.record.id as string;
  };

  beforeAll(async () => {
    t = await startTestApp(driver);
    products = await ownerProductsPath(t);
    const admin = await signInOwner(t.server, TEST_ADMIN);
    for (const owner of [MANAGER, SECOND_MANAGER, EDITOR]) {
      expect((await as(admin, 'post', '/api/config/owners').send({ ...owner, currentPassword: TEST_ADMIN.password })).status).toBe(201);
    }
    manager = await signInOwner(t.server, MANAGER);
    second = await signInOwner(t.server, SECOND_MANAGER);
    editor = await signInOwner(t.server, EDITOR);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('edit twice, restore version 1: the read model and the product page show version 1, the history shows the restore', async () => {
    const id = await newProduct('Ash Glaze Bowl', 'BOWL-ASH');
    expect((await basedOn(as(manager, 'put', `${products}/${id}`), 1).send({ title: 'Ash Bowl', description: '<p>Wood-fired.</p>' })).body.version).toBe(2);
    const price = await basedOn(as(second, 'put', `${products}/${id}/variants/BOWL-ASH`), 2).send({ priceCents: 2900 });
    expect({ status: price.status, version: price.body.version, etag: price.headers.etag }).toEqual({ status: 200, version: 3, etag: '"3"' });
    expect((await as(second, 'put', `${products}/${id}/enabled`).send({ enabled: false })).body.version).toBe(4);

    const restored = await basedOn(as(second, 'post', `${products}/${id}/restore`), 4).send({ version: 1 });
    expect({ status: restored.status, body: restored.body }).toMatchObject({
      status: 200, body: { version: 5, product: { title: 'Ash Glaze Bowl', description: '', enabled: false, variants: [{ sku: 'BOWL-ASH', priceMinor: 2400 }] } },
    });
    // Stock is not part of a version: it stays as the inventory stream says.
    expect(restored.body.record.structuredContent.variants[0].qtyInStock).toBe(5);

    expect((await as(second, 'put', `${products}/${id}/enabled`).send({ enabled: true })).status).toBe(200);
    await catchUp();
    const record = await t.app.get(ProductCatalog).findProduct(id);
    expect(record).toMatchObject({ title: 'Ash Glaze Bowl' });
    const page = await request(t.server).get(record!.fullUrl);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Ash Glaze Bowl');
    expect(page.text).not.toContain('Wood-fired');

    const history = (await as(manager, 'get', `${products}/${id}/history`)).body as { version: number; entries: HistoryEntry[] };
    expect(history.version).toBe(6);
    expect(history.entries.map((e) => [e.version, e.label, e.actor.email, e.restoredVersion])).toEqual([
      [6, 'Product enabled', SECOND_MANAGER.email, null],
      [5, 'Product restored', SECOND_MANAGER.email, 1],
      [4, 'Product disabled', SECOND_MANAGER.email, null],
      [3, 'Variant edited', SECOND_MANAGER.email, null],
      [2, 'Product details edited', MANAGER.email, null],
      [1, 'Product created', MANAGER.email, null],
    ]);
    expect(history.entries[1]!.changes.map((c) => `${c.field}: ${c.before} → ${c.after}`)).toEqual([
      'Title: Ash Bowl → Ash Glaze Bowl', 'Description text: Wood-fired. → null', 'Variant BOWL-ASH: Price: 29.00 USD → 24.00 USD',
    ]);
    expect(history.entries[3]!.changes.map((c) => `${c.field}: ${c.before} → ${c.after}`)).toEqual(['Variant BOWL-ASH: Price: 24.00 USD → 29.00 USD']);
  });

  it('refuses a version that does not exist, writing nothing', async () => {
    const id = await newProduct('Tea Bowl', 'TEA-1');
    const before = await eventCount();
    const res = await as(manager, 'post', `${products}/${id}/restore`).send({ version: 2 });
    expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: { error: 'VERSION_NOT_FOUND', message: 'There is no version 2 of this to restore.', version: 2 } });
    expect((await as(manager, 'post', `${products}/no-such-product/restore`).send({ version: 1 })).body.error).toBe('PRODUCT_NOT_FOUND');
    expect((await as(manager, 'get', `${products}/no-such-product/history`)).status).toBe(404);
    expect(await eventCount()).toBe(before);
  });

  it('two saves based on the same version: one wins, the other gets 409 and writes nothing', async () => {
    const id = await newProduct('Salt Cellar', 'SALT-1');
    expect((await basedOn(as(manager, 'put', `${products}/${id}`), 1).send({ title: 'Salt Pig' })).status).toBe(200);
    const before = await eventCount();
    for (const stale of [
      basedOn(as(second, 'put', `${products}/${id}`), 1).send({ title: 'Salt Box', urlId: 'salt-box' }),
      basedOn(as(second, 'put', `${products}/${id}/variants/SALT-1`), 1).send({ priceCents: 100 }),
      basedOn(as(second, 'post', `${products}/${id}/variants`), 1).send({ sku: 'SALT-2', priceCents: 100, qtyInStock: 1 }),
      basedOn(as(second, 'put', `${products}/${id}/sale`), 1).send({ onSale: true, salePriceCents: 50 }),
      basedOn(as(second, 'put', `${products}/${id}/images`), 1).send({ imageIds: [] }),
      basedOn(as(second, 'delete', `${products}/${id}`), 1),
      basedOn(as(second, 'post', `${products}/${id}/restore`), 1).send({ version: 1 }),
    ]) {
      const res = await stale;
      expect({ status: res.status, body: res.body }).toMatchObject({ status: 409, body: { error: 'EDIT_CONFLICT', expectedVersion: 1, currentVersion: 2 } });
    }
    expect(await eventCount()).toBe(before);
    // The store did not keep the URL id the refused edit asked for.
    const storeState = foldEvents<StoreState, StoreEvent>(storeDecider, storeDecider.initialState(), await store().readStream(storeStreamId('shop')));
    expect(JSON.stringify(storeState)).not.toContain('salt-box');
    expect((await as(second, 'get', `${products}/${id}`)).body.product.title).toBe('Salt Pig');
  });

  it('PUT variants (every variant at once) honours If-Match: a stale one is refused and writes nothing, a fresh one lands', async () => {
    const id = await newProduct('Pitcher', 'PITCHER-1');
    const variants = (priceCents: number) => ({
      variantOptionOrdering: ['Size'],
      variants: [
        { sku: 'PITCHER-1', attributes: { Size: 'Small' }, priceCents },
        { sku: 'PITCHER-2', attributes: { Size: 'Large' }, priceCents: priceCents + 1000, qtyInStock: 4 },
      ],
    });
    // Someone else saves the product meanwhile: it is at version 2.
    expect((await basedOn(as(manager, 'put', `${products}/${id}`), 1).send({ title: 'Cream Pitcher' })).body.version).toBe(2);
    const before = await eventCount();

    const stale = await basedOn(as(second, 'put', `${products}/${id}/variants`), 1).send(variants(3200));
    expect({ status: stale.status, body: stale.body }).toMatchObject({
      status: 409, body: { error: 'EDIT_CONFLICT', message: ERROR_MESSAGES.EDIT_CONFLICT, expectedVersion: 1, currentVersion: 2 },
    });
    // Nothing written: no product event, and the new variant got no stock stream.
    expect(await eventCount()).toBe(before);
    const unchanged = await as(second, 'get', `${products}/${id}`);
    expect(unchanged.body).toMatchObject({ version: 2, product: { title: 'Cream Pitcher', variantOptionOrdering: [], variants: [{ sku: 'PITCHER-1', priceMinor: 2400 }] } });
    expect(Object.keys(unchanged.body.stock)).toEqual(['PITCHER-1']);
    expect(await store().readStream(inventoryStreamId(id, 'PITCHER-2'))).toEqual([]);

    // Applied on top: the same request based on the version the conflict named.
    const fresh = await basedOn(as(second, 'put', `${products}/${id}/variants`), stale.body.currentVersion).send(variants(3200));
    expect({ status: fresh.status, etag: fresh.headers.etag }).toEqual({ status: 200, etag: `"${fresh.body.version}"` });
    // One event per change of the options and the variants (each moves the version).
    expect(fresh.body.version).toBeGreaterThan(2);
    expect(fresh.body.product).toMatchObject({
      title: 'Cream Pitcher', variantOptionOrdering: ['Size'], variants: [{ sku: 'PITCHER-1', priceMinor: 3200 }, { sku: 'PITCHER-2', priceMinor: 4200 }],
    });
    expect(fresh.body.stock['PITCHER-2']).toMatchObject({ qtyInStock: 4 });
    // Without If-Match it is not checked, as before.
    expect((await as(second, 'put', `${products}/${id}/variants`).send(variants(3300))).body.version).toBeGreaterThan(fresh.body.version);
  });

  it('real parallel saves based on one version: exactly one lands', async () => {
    const id = await newProduct('Bud Vase', 'VASE-1');
    const saves = await Promise.all(
      [2600, 2700, 2800, 2900, 3000].map((priceCents, i) => basedOn(as(i % 2 === 0 ? manager : second, 'put', `${products}/${id}/variants/VASE-1`), 1).send({ priceCents })),
    );
    expect(saves.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const events = await store().readStream(productStreamId(id));
    expect(events.map((e) => e.type)).toEqual(['ProductCreated', 'ProductVariantEdited']);
    const winner = saves.find((r) => r.status === 200)!;
    expect((await as(manager, 'get', `${products}/${id}`)).body.product.variants[0].priceMinor).toBe(winner.body.product.variants[0].priceMinor);

    const renames = await Promise.all(['vase-a', 'vase-b', 'vase-c'].map((urlId) => basedOn(as(manager, 'put', `${products}/${id}`), 2).send({ urlId })));
    expect(renames.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const urlId = renames.find((r) => r.status === 200)!.body.product.urlId;
    // Nothing half-written: the store holds the URL id the product has (the losers gave theirs back).
    const storeState = foldEvents<StoreState, StoreEvent>(storeDecider, storeDecider.initialState(), await store().readStream(storeStreamId('shop')));
    expect(storeState.status === 'open' ? storeState.products[id] : undefined).toBe(urlId);
  });

  it('only store managers (and admins) read a product history or restore it', async () => {
    const id = await newProduct('Spoon Rest', 'SPOON-1');
    expect((await request(t.server).get(`${products}/${id}/history`)).status).toBe(401);
    expect((await as(editor, 'get', `${products}/${id}/history`)).status).toBe(403);
    expect((await as(editor, 'post', `${products}/${id}/restore`).send({ version: 1 })).status).toBe(403);
  });
});

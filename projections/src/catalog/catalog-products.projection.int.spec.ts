import {
  buildProductRecord, catalogStreamId, DEFAULT_MERCHANDISING, inventoryStreamId, type InventoryEvent, type ProductDetails, type ProductEvent,
  type ProductMerchandisingContext, type ProductRecord,
} from '@storefront/domain';
import { describeEachDriver, testCommandContext } from '@storefront/eventstore/testing';
import { allProjections } from '../registry';
import { useProjectionHarness } from '../../testing/projection-harness';

const NOW = '2026-11-23T10:00:00.000Z';

const details = (id: string, over: Partial<ProductDetails> = {}): ProductDetails => ({
  id, websiteId: 'w1', collectionId: 'shop', productType: 'PHYSICAL', title: 'Tea Bowl', navigationTitle: 'Tea Bowl', description: 'Wheel thrown.',
  urlId: `tea-bowl-${id}`, currency: 'USD', variantOptionOrdering: ['Glaze', 'Size'],
  variants: [
    { id: `${id}-a`, sku: `${id}-A`, attributes: { Glaze: 'Ash', Size: 'S' }, priceMinor: 3400, salePriceMinor: 0, onSale: false },
    { id: `${id}-b`, sku: `${id}-B`, attributes: { Glaze: 'Ash', Size: 'L' }, priceMinor: 3900, salePriceMinor: 0, onSale: false },
  ],
  subscriptionPlan: null, additionalFieldsFormId: null, useCustomAddButtonText: false, customAddButtonText: '', tags: ['bowls'], categories: [],
  merchandising: { ...DEFAULT_MERCHANDISING, scarcityEnabled: true, scarcityText: 'Only {qtyInStock} left!', restockNotificationsEnabled: true, customSoldOutText: 'Back soon' },
  enabled: true, createdAt: NOW, ...over,
});
const stockSet = (productId: string, sku: string, qtyInStock: number, unlimited = false): InventoryEvent => ({
  type: 'StockSet', data: { productId, sku, qtyInStock, unlimited, at: NOW },
});

describeEachDriver('catalog projection: given catalog and inventory events, then rows', (driver) => {
  const h = useProjectionHarness(driver, () => allProjections());

  const appendProduct = async (id: string, events: ProductEvent[]) => {
    const version = await h.store.streamVersion(catalogStreamId(id));
    await h.store.append(catalogStreamId(id), events, { streamType: 'product', expectedVersion: version === 0 ? 'no_stream' : version, command: testCommandContext() });
  };
  const appendStock = async (id: string, sku: string, events: InventoryEvent[]) => {
    const version = await h.store.streamVersion(inventoryStreamId(id, sku));
    await h.store.append(inventoryStreamId(id, sku), events, { streamType: 'inventory', expectedVersion: version === 0 ? 'no_stream' : version, command: testCommandContext() });
  };
  const row = async (id: string) => {
    const { rows } = await h.db.query<{ record: ProductRecord; enabled: boolean; version: number; merchandising: ProductMerchandisingContext; url_id: string }>(
      'SELECT record, enabled, version, merchandising, url_id FROM catalog_products WHERE id = $1',
      [id],
    );
    return rows[0];
  };

  it('builds the SPEC Product record with stock from the inventory streams', async () => {
    await appendStock('p1', 'p1-A', [stockSet('p1', 'p1-A', 5)]); // stock may arrive before the product
    await appendProduct('p1', [{ type: 'ProductCreated', schemaVersion: 2, data: { product: details('p1') } }]);
    await appendStock('p1', 'p1-B', [stockSet('p1', 'p1-B', 0), { type: 'StockAdjusted', data: { productId: 'p1', sku: 'p1-B', by: 2, qtyInStock: 2, at: NOW } }]);
    await h.runner.catchUp();

    const { record, enabled, version, merchandising, url_id } = await row('p1');
    expect([enabled, version, url_id]).toEqual([true, 1, 'tea-bowl-p1']);
    expect(record).toMatchObject({
      id: 'p1', name: 'Tea Bowl', title: 'Tea Bowl', urlId: 'tea-bowl-p1', fullUrl: '/shop/p/tea-bowl-p1', collectionId: 'shop', recordType: 11,
      description: 'Wheel thrown.', tags: ['bowls'],
      structuredContent: {
        productType: 1, isSubscribable: false, subscriptionPlan: null, onSale: false, variantOptionOrdering: ['Glaze', 'Size'],
        priceMoney: { value: '3400', currency: 'USD', decimalValue: '34.00' },
        salePriceMoney: { value: '0', currency: 'USD', decimalValue: '0.00' },
        additionalFieldsFormId: null, useCustomAddButtonText: false, customAddButtonText: '',
      },
    });
    expect(record.structuredContent.variants[1]).toEqual({
      id: 'p1-b', sku: 'p1-B', attributes: { Glaze: 'Ash', Size: 'L' },
      optionValues: [{ optionName: 'Glaze', value: 'Ash' }, { optionName: 'Size', value: 'L' }],
      priceMoney: { value: '3900', currency: 'USD', decimalValue: '39.00' }, salePriceMoney: { value: '0', currency: 'USD', decimalValue: '0.00' },
      price: 3900, salePrice: 0, onSale: false, qtyInStock: 2, unlimited: false,
    });
    expect(record.structuredContent.variants[0].qtyInStock).toBe(5);
    expect(merchandising).toEqual({
      scarcityEnabled: true,
      scarcityTemplateViews: [{ qtyInStock: 5, attributes: { Glaze: 'Ash', Size: 'S' } }, { qtyInStock: 2, attributes: { Glaze: 'Ash', Size: 'L' } }],
      scarcityText: 'Only {qtyInStock} left!',
      scarcityShownByDefault: false,
      customSoldOutText: 'Back soon',
      restockNotificationViews: [{ variantId: 'p1-a', hiddenByDefault: true }, { variantId: 'p1-b', hiddenByDefault: true }],
      restockNotificationMessages: expect.objectContaining({ buttonText: 'Sign Up' }),
      mailingListSignUpEnabled: false,
      mailingListOptInByDefault: false,
    });
  });

  it('follows edits, variants, sales, stock, disabling and deletion', async () => {
    await appendProduct('p2', [{ type: 'ProductCreated', schemaVersion: 2, data: { product: details('p2') } }]);
    await appendProduct('p2', [
      { type: 'ProductDetailsEdited', data: { productId: 'p2', changes: { title: 'Ash Tea Bowl', useCustomAddButtonText: true, customAddButtonText: 'Reserve' }, editedAt: NOW } },
      { type: 'ProductVariantAdded', data: { productId: 'p2', variant: { id: 'p2-c', sku: 'p2-C', attributes: { Glaze: 'Iron', Size: 'S' }, priceMinor: 3600, salePriceMinor: 0, onSale: false }, addedAt: NOW } },
      { type: 'ProductVariantRemoved', data: { productId: 'p2', sku: 'p2-A', removedAt: NOW } },
      { type: 'ProductSaleChanged', data: { productId: 'p2', variants: [{ sku: 'p2-B', onSale: true, salePriceMinor: 2900 }], changedAt: NOW } },
      { type: 'ProductDisabled', data: { productId: 'p2', at: NOW } },
    ]);
    await appendStock('p2', 'p2-C', [stockSet('p2', 'p2-C', 0, true)]);
    await h.runner.catchUp();

    const { record, enabled, version } = await row('p2');
    expect([enabled, version, record.title]).toEqual([false, 6, 'Ash Tea Bowl']);
    expect(record.structuredContent).toMatchObject({ onSale: true, useCustomAddButtonText: true, customAddButtonText: 'Reserve' });
    expect(record.structuredContent.variants.map((v) => [v.sku, v.onSale, v.salePriceMoney.value, v.unlimited])).toEqual([
      ['p2-B', true, '2900', false],
      ['p2-C', false, '0', true],
    ]);

    await appendProduct('p2', [{ type: 'ProductEnabled', data: { productId: 'p2', at: NOW } }]);
    await h.runner.catchUp();
    expect((await row('p2')).enabled).toBe(true);

    await appendProduct('p2', [{ type: 'ProductDeleted', data: { productId: 'p2', collectionId: 'shop', urlId: 'tea-bowl-p2', deletedAt: NOW } }]);
    await appendStock('p2', 'p2-B', [stockSet('p2', 'p2-B', 9)]); // stock of a deleted product changes nothing readable
    await h.runner.catchUp();
    expect(await row('p2')).toBeUndefined();
  });

  it('reads version-1 ProductCreated records with their stock until inventory says otherwise', async () => {
    const product = buildProductRecord({
      id: 'p3', title: 'Old Vase', urlId: 'old-vase', collectionId: 'shop', productType: 'PHYSICAL', currency: 'JPY',
      variants: [{ id: 'v3', sku: 'VASE', priceCents: 4500, qtyInStock: 4 }],
    });
    // Stored as version 1 wrote it (the whole record, stock inside): the store upcasts it on read.
    await appendProduct('p3', [{ type: 'ProductCreated', data: { product } } as unknown as ProductEvent]);
    await h.runner.catchUp();
    expect((await row('p3')).record.structuredContent.variants[0]).toMatchObject({ qtyInStock: 4, priceMoney: { value: '4500', currency: 'JPY', decimalValue: '4500' } });

    await appendStock('p3', 'VASE', [{ type: 'StockReserved', data: { productId: 'p3', sku: 'VASE', orderId: 'o1', quantity: 3, qtyInStock: 1, at: NOW } }]);
    await h.runner.catchUp();
    expect((await row('p3')).record.structuredContent.variants[0].qtyInStock).toBe(1);
  });

  it('keeps the images of a product in order, main image first, and drops the fields when none are left', async () => {
    const imagesSet = (imageIds: string[]): ProductEvent => ({ type: 'ProductImagesSet', data: { productId: 'p4', imageIds, setAt: NOW } });
    await appendProduct('p4', [{ type: 'ProductCreated', schemaVersion: 2, data: { product: details('p4') } }]);
    await h.runner.catchUp();
    const before = (await row('p4')).record;
    expect('imageIds' in before || 'mainImageId' in before).toBe(false);

    await appendProduct('p4', [imagesSet(['img-kiln', 'img-bud-vase'])]);
    await h.runner.catchUp();
    expect((await row('p4')).record).toMatchObject({ imageIds: ['img-kiln', 'img-bud-vase'], mainImageId: 'img-kiln' });

    await appendProduct('p4', [{ type: 'ProductDetailsEdited', data: { productId: 'p4', changes: { title: 'Kiln Bowl' }, editedAt: NOW } }, imagesSet(['img-bud-vase', 'img-kiln'])]);
    await h.runner.catchUp();
    expect((await row('p4')).record).toMatchObject({ title: 'Kiln Bowl', imageIds: ['img-bud-vase', 'img-kiln'], mainImageId: 'img-bud-vase' });

    await appendProduct('p4', [imagesSet([])]);
    await h.runner.catchUp();
    const after = (await row('p4')).record;
    expect('imageIds' in after || 'mainImageId' in after).toBe(false);

    // Created with images (the owner API's optional imageIds).
    await appendProduct('p5', [{ type: 'ProductCreated', schemaVersion: 2, data: { product: details('p5', { imageIds: ['img-kiln'] }) } }]);
    await h.runner.catchUp();
    expect((await row('p5')).record).toMatchObject({ imageIds: ['img-kiln'], mainImageId: 'img-kiln' });
  });

  it('rebuilds identical rows from the log (verify) after the mixed history', async () => {
    const results = await h.runner.verify(['catalog']);
    expect(results.map((r) => [r.name, r.ok])).toEqual([['catalog', true]]);
  });
});

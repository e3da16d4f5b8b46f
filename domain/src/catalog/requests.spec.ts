import { parseRequest } from '../shared/requests';
import {
  ChangeStockRequest, CreateProductRequest, EditProductDetailsRequest, EditVariantRequest, newVariant, productFromRequest, PutOnSaleRequest,
  SetProductEnabledRequest, SetProductVariantsRequest, VariantRequest, variantsFromRequest,
} from './requests';

const NOW = '2026-01-01T00:00:00.000Z';
const ctx = { productId: 'p-1', websiteId: 'w', collectionId: 'c', defaultCurrency: 'USD', now: NOW, newVariantId: () => 'v-1' };
const create = (raw: unknown) => {
  const parsed = parseRequest(CreateProductRequest, raw);
  return parsed.ok ? productFromRequest(parsed.value, ctx) : parsed;
};

describe('catalog request schemas', () => {
  it('turns a create request into typed product details, with the defaults the API adds', () => {
    const made = create({ title: 'Glaze Mug', productType: 'digital', variants: [{ sku: 'M-1', priceCents: 1200, attributes: { size: 'L' }, qtyInStock: 4 }], tags: ['mugs'] });
    expect(made).toMatchObject({
      ok: true,
      value: {
        product: {
          id: 'p-1', title: 'Glaze Mug', navigationTitle: 'Glaze Mug', urlId: 'glaze-mug', productType: 'DIGITAL', currency: 'USD',
          variants: [{ id: 'v-1', sku: 'M-1', priceMinor: 1200, salePriceMinor: 0, onSale: false, attributes: { size: 'L' } }],
          variantOptionOrdering: ['size'], tags: ['mugs'], enabled: true, createdAt: NOW,
        },
        initialStock: { 'M-1': { qtyInStock: 4, unlimited: false } },
      },
    });
    expect(create({ title: 'Cup', productType: 3 })).toMatchObject({ ok: true, value: { product: { productType: 'SERVICE' } } });
  });

  it.each([
    [[], 'INVALID_REQUEST', 'The request body must be a JSON object.', { field: 'body' }],
    [{}, 'INVALID_TITLE', undefined, { field: 'title' }],
    [{ title: 'T', collectionId: 5 }, 'INVALID_REQUEST', 'collectionId must be text.', { field: 'collectionId' }],
    [{ title: 'T', currency: 5 }, 'UNSUPPORTED_CURRENCY', undefined, { field: 'currency' }],
    [{ title: 'T', currency: 'XYZ' }, 'UNSUPPORTED_CURRENCY', undefined, { currency: 'XYZ' }],
    [{ title: 'T', currency: 'EUR' }, 'UNSUPPORTED_CURRENCY', "Products must be priced in the store's currency, USD.", { currency: 'EUR', storeCurrency: 'USD' }],
    [{ title: 'T', urlId: '!!!' }, 'INVALID_URL_ID', undefined, undefined],
    [{ title: 'T', variants: {} }, 'INVALID_REQUEST', 'variants must be a list.', { field: 'variants' }],
    [{ title: 'T', variants: [5] }, 'INVALID_REQUEST', 'variant must be an object.', { field: 'variant' }],
    [{ title: 'T', variants: [{ sku: 1, priceCents: 1 }] }, 'INVALID_SKU', undefined, { field: 'sku' }],
    [{ title: 'T', variants: [{ sku: 'a', priceCents: -1 }] }, 'INVALID_PRICE', undefined, { field: 'priceCents' }],
    [{ title: 'T', variants: [{ sku: 'a', priceCents: 1.5 }] }, 'INVALID_PRICE', undefined, { field: 'priceCents' }],
    [{ title: 'T', variants: [{ sku: 'a', priceCents: 1, attributes: { size: 3 } }] }, 'INVALID_VARIANT_OPTIONS', undefined, { option: 'size' }],
    [{ title: 'T', variants: [{ sku: 'a', priceCents: 1, qtyInStock: '3' }] }, 'INVALID_STOCK', undefined, undefined],
    [{ title: 'T', tags: ['a', 1] }, 'INVALID_REQUEST', 'tags must be a list of text.', { field: 'tags' }],
    [{ title: 'T', merchandising: { scarcityText: 5 } }, 'INVALID_TEXT_FIELD', 'merchandising.scarcityText must be text.', { field: 'merchandising.scarcityText' }],
    [{ title: 'T', subscriptionPlan: {} }, 'INVALID_REQUEST', 'subscriptionPlan.billingPeriod must be an object.', { field: 'subscriptionPlan.billingPeriod' }],
    [{ title: 'T', subscriptionPlan: { billingPeriod: { value: 'x', unit: 'MONTH' } } }, 'INVALID_SUBSCRIPTION_PLAN', undefined, undefined],
    [{ title: 'T', productType: 'boat' }, 'INVALID_PRODUCT_TYPE', undefined, undefined],
    [{ title: 'T', enabled: 'yes' }, 'INVALID_REQUEST', 'enabled must be true or false.', { field: 'enabled' }],
  ])('refuses %j with %s', (body, code, message, details) => {
    const made = create(body);
    expect(made.ok).toBe(false);
    if (made.ok) return;
    expect(made.error.code).toBe(code);
    if (message) expect(made.error.message).toBe(message);
    expect(made.error.details).toEqual(details);
  });

  it('reports the first problem in the order the fields are read', () => {
    expect(create({ title: 5, tags: 5 })).toMatchObject({ ok: false, error: { code: 'INVALID_TITLE' } });
  });

  it('edits: only the fields sent, urlId slugified; fixed fields and empty edits are refused', () => {
    expect(parseRequest(EditProductDetailsRequest, { title: 'New', urlId: 'New Name!', subscriptionPlan: null })).toEqual({
      ok: true, value: { title: 'New', urlId: 'new-name', subscriptionPlan: null },
    });
    expect(parseRequest(EditProductDetailsRequest, { currency: 'EUR' })).toMatchObject({ ok: false, error: { message: 'currency cannot be changed here.' } });
    expect(parseRequest(EditProductDetailsRequest, {})).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST', message: 'Nothing to change.' } });
    expect(parseRequest(EditVariantRequest, { priceCents: 5, attributes: null })).toEqual({ ok: true, value: { priceMinor: 5, attributes: {} } });
    expect(parseRequest(EditVariantRequest, { sku: 'x' })).toMatchObject({ ok: false, error: { details: { field: 'sku' } } });
  });

  it('variants, sale, stock and enabled', () => {
    const v = parseRequest(VariantRequest, { sku: 'S', priceCents: 100, unlimited: true });
    expect(v.ok && newVariant(v.value, 'v9')).toEqual({
      variant: { id: 'v9', sku: 'S', attributes: {}, priceMinor: 100, salePriceMinor: 0, onSale: false }, initialStock: { qtyInStock: 0, unlimited: true },
    });
    expect(parseRequest(PutOnSaleRequest, { onSale: true })).toEqual({ ok: true, value: { onSale: true, skus: null, salePriceMinor: null } });
    expect(parseRequest(ChangeStockRequest, { adjustBy: -2 })).toEqual({ ok: true, value: { kind: 'adjust', by: -2 } });
    expect(parseRequest(ChangeStockRequest, { qtyInStock: 3 })).toEqual({ ok: true, value: { kind: 'set', qtyInStock: 3 } });
    expect(parseRequest(ChangeStockRequest, { adjustBy: 1, unlimited: true })).toMatchObject({ ok: false, error: { message: 'Send either adjustBy, or qtyInStock and/or unlimited.' } });
    expect(parseRequest(ChangeStockRequest, {})).toMatchObject({ ok: false, error: { message: 'Send qtyInStock, unlimited or adjustBy.' } });
    expect(parseRequest(ChangeStockRequest, { qtyInStock: -1 })).toMatchObject({ ok: false, error: { code: 'INVALID_STOCK' } });
    expect(parseRequest(SetProductEnabledRequest, { enabled: false })).toEqual({ ok: true, value: false });
  });
});

describe('the set-variants request', () => {
  const current = [{ id: 'v-old', sku: 'OLD', attributes: {}, priceMinor: 100, salePriceMinor: 0, onSale: false, weightGrams: 200 }];
  const parse = (raw: unknown) => parseRequest(SetProductVariantsRequest, raw);

  it('keeps the ids of SKUs the product has, gives new ones an id and their initial stock, and reads weights', () => {
    const parsed = parse({
      variantOptionOrdering: ['Size'],
      variants: [
        { sku: 'OLD', attributes: { Size: 'S' }, priceCents: 100, qtyInStock: 99 },
        { sku: 'NEW', attributes: { Size: 'M' }, priceCents: 150, salePriceCents: 120, onSale: true, qtyInStock: 3, weightGrams: 350 },
      ],
    });
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(variantsFromRequest(parsed.value, current, () => 'v-new')).toEqual({
      variantOptionOrdering: ['Size'],
      variants: [
        { id: 'v-old', sku: 'OLD', attributes: { Size: 'S' }, priceMinor: 100, salePriceMinor: 0, onSale: false },
        { id: 'v-new', sku: 'NEW', attributes: { Size: 'M' }, priceMinor: 150, salePriceMinor: 120, onSale: true, weightGrams: 350 },
      ],
      // An existing variant's stock is the stock route's business.
      initialStock: { NEW: { qtyInStock: 3, unlimited: false } },
    });
  });

  it.each<[unknown, string]>([
    [{ variants: [] }, 'INVALID_REQUEST'],
    [{ variantOptionOrdering: [], variants: 'x' }, 'INVALID_REQUEST'],
    [{ variantOptionOrdering: [], variants: [{ sku: 'A', priceCents: 1.5 }] }, 'INVALID_PRICE'],
    [{ variantOptionOrdering: [], variants: [{ sku: 'A', priceCents: 1, weightGrams: 0.5 }] }, 'INVALID_WEIGHT'],
    [{ variantOptionOrdering: [], variants: [{ sku: 'A', priceCents: 1, weightGrams: '5' }] }, 'INVALID_WEIGHT'],
  ])('refuses %j (%s)', (raw, code) => {
    const parsed = parse(raw);
    expect(parsed.ok ? 'accepted' : parsed.error.code).toBe(code);
  });

  it('reads a variant\'s image id; null or \'\' is none', () => {
    const parsed = parse({
      variantOptionOrdering: [],
      variants: [{ sku: 'OLD', priceCents: 100, imageId: 'img-a' }, { sku: 'B', priceCents: 1, imageId: null }, { sku: 'C', priceCents: 1, imageId: '' }],
    });
    if (!parsed.ok) throw new Error(parsed.error.message);
    const { variants } = variantsFromRequest(parsed.value, current, () => 'v-new');
    expect(variants.map((v) => v.imageId ?? null)).toEqual(['img-a', null, null]);
    expect(variants.map((v) => 'imageId' in v)).toEqual([true, false, false]);
    expect(parse({ variantOptionOrdering: [], variants: [{ sku: 'A', priceCents: 1, imageId: 5 }] })).toMatchObject({ ok: false, error: { code: 'INVALID_TEXT_FIELD', details: { field: 'imageId' } } });
    expect(parseRequest(EditVariantRequest, { imageId: 'img-b' })).toEqual({ ok: true, value: { imageId: 'img-b' } });
    expect(parseRequest(EditVariantRequest, { imageId: null })).toEqual({ ok: true, value: { imageId: null } });
    expect(parseRequest(EditVariantRequest, { imageId: [] })).toMatchObject({ ok: false, error: { code: 'INVALID_TEXT_FIELD' } });
  });

  it('lets an edit set or clear a weight', () => {
    expect(parseRequest(EditVariantRequest, { weightGrams: 120 })).toEqual({ ok: true, value: { weightGrams: 120 } });
    expect(parseRequest(EditVariantRequest, { weightGrams: null })).toEqual({ ok: true, value: { weightGrams: null } });
  });
});

/**
 * JSON schemas of the cart routes' answers, from which Fastify compiles each route's serializer
 * (fast-json-stringify) instead of calling JSON.stringify on every response. They mirror
 * ShoppingCartView and CartEntryView in the domain; cart-response-schemas.spec.ts checks that a
 * cart with every kind of field serializes exactly as JSON.stringify would, so a field added to
 * the view without its schema fails there rather than vanishing from the API.
 */
const anything = {};
const nullableString = { type: ['string', 'null'] };

const money = {
  type: 'object',
  required: ['value', 'currency', 'decimalValue'],
  properties: { value: { type: 'string' }, currency: { type: 'string' }, decimalValue: { type: 'string' } },
} as const;

export const CART_ENTRY_SCHEMA = {
  type: 'object',
  required: ['id', 'itemId', 'chosenVariant', 'quantity', 'title', 'productType', 'subTotal', 'purchasePriceCents', 'additionalFields'],
  properties: {
    id: { type: 'string' },
    itemId: { type: 'string' },
    chosenVariant: {
      type: 'object',
      required: ['sku', 'attributes'],
      properties: { sku: { type: 'string' }, attributes: { type: 'object', additionalProperties: { type: 'string' } } },
    },
    quantity: { type: 'integer' },
    title: { type: 'string' },
    productType: { type: 'string' },
    subTotal: { type: 'integer' },
    purchasePriceCents: { type: 'integer' },
    additionalFields: { anyOf: [{ type: 'null' }, { type: 'object', additionalProperties: true }] },
  },
} as const;

export const SHOPPING_CART_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    websiteId: { type: 'string' },
    orderId: nullableString,
    created: { type: 'string' },
    isPurchased: { type: 'boolean' },
    currency: { type: 'string' },
    entries: { type: 'array', items: CART_ENTRY_SCHEMA },
    shippingOptions: { type: 'array', items: anything },
    selectedShippingOption: anything,
    shippingLocation: anything,
    applicableTaxRules: { type: 'array', items: anything },
    coupons: { type: 'array', items: anything },
    validCoupons: { type: 'array', items: anything },
    invalidCoupons: { type: 'array', items: anything },
    subtotalCents: { type: 'integer' },
    taxCents: { type: 'integer' },
    shippingCostCents: { type: 'integer' },
    discountCents: { type: 'integer' },
    grandTotalCents: { type: 'integer' },
    totalQuantity: { type: 'integer' },
    hasDigital: { type: 'boolean' },
    purelyDigital: { type: 'boolean' },
    requiresShipping: { type: 'boolean' },
    subtotal: money,
    grandTotal: money,
  },
} as const;

const nullableEntry = { anyOf: [{ type: 'null' }, CART_ENTRY_SCHEMA] };

/** Route schemas: only the 200 answer has a schema; errors go through the error filter as before. */
export const CART_ROUTE_SCHEMAS = {
  addEntry: { response: { 200: { type: 'object', properties: { shoppingCart: SHOPPING_CART_SCHEMA, newlyAdded: CART_ENTRY_SCHEMA } } } },
  changeQuantity: { response: { 200: { type: 'object', properties: { shoppingCart: SHOPPING_CART_SCHEMA, updatedEntry: nullableEntry } } } },
  removeEntry: { response: { 200: { type: 'object', properties: { shoppingCart: SHOPPING_CART_SCHEMA } } } },
  updateAdditionalFields: { response: { 200: { type: 'object', properties: { shoppingCart: SHOPPING_CART_SCHEMA, updatedEntry: CART_ENTRY_SCHEMA } } } },
  getCart: { response: { 200: SHOPPING_CART_SCHEMA } },
};

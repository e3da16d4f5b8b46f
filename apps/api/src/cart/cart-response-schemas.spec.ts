import { shoppingCartView, type CartEntryState, type CartState, type ShoppingCartView } from '@storefront/domain';
import fastify from 'fastify';
import { CART_ENTRY_SCHEMA, CART_ROUTE_SCHEMAS, SHOPPING_CART_SCHEMA } from './cart-response-schemas';

const entries: CartEntryState[] = [
  {
    id: 'e1', itemId: 'p-mug', sku: 'MUG-SAND', attributes: { Color: 'Sand', Size: '12 oz' }, title: 'Stoneware "Mug" <b>',
    productType: 'PHYSICAL', quantity: 3, unitPriceCents: 2800,
    additionalFields: { engraving: 'For Ana ✓', nested: { list: [1, 'two', null, { three: true }] } },
  },
  { id: 'e2', itemId: 'p-gift', sku: 'GIFT-25', attributes: {}, title: 'Gift card', productType: 'GIFT_CARD', quantity: 1, unitPriceCents: 2500, additionalFields: null },
];
const body = {
  cartId: 'c0a80101-0000-4000-8000-000000000001',
  websiteId: 'site-1',
  currency: 'USD',
  created: '2026-11-24T10:00:00.000Z',
  entries,
};
const open: CartState = { status: 'open', ...body };
const purchased: CartState = { status: 'purchased', orderId: 'order-1', purchasedAt: '2026-11-24T11:00:00.000Z', ...body };

/** What a route with the schema sends, through Fastify's own serializer compiler. */
async function serialized(schema: object, payload: unknown): Promise<string> {
  const app = fastify();
  app.get('/', { schema: { response: { 200: schema } } }, async () => payload);
  const res = await app.inject({ url: '/' });
  await app.close();
  return res.body;
}

describe('cart response schemas', () => {
  it.each([['an open cart', open], ['a purchased cart', purchased]])('serialize %s exactly as JSON.stringify does', async (_name, state) => {
    const cart = shoppingCartView(state)!;
    const entry = cart.entries[0]!;
    expect(await serialized(CART_ROUTE_SCHEMAS.getCart.response[200], cart)).toBe(JSON.stringify(cart));
    const added = { shoppingCart: cart, newlyAdded: entry };
    expect(await serialized(CART_ROUTE_SCHEMAS.addEntry.response[200], added)).toBe(JSON.stringify(added));
    const changed = { shoppingCart: cart, updatedEntry: null };
    expect(await serialized(CART_ROUTE_SCHEMAS.changeQuantity.response[200], changed)).toBe(JSON.stringify(changed));
    const removed = { shoppingCart: cart };
    expect(await serialized(CART_ROUTE_SCHEMAS.removeEntry.response[200], removed)).toBe(JSON.stringify(removed));
  });

  it('name every field of the cart and entry views (a new field needs its schema)', () => {
    const cart: ShoppingCartView = shoppingCartView(open)!;
    expect(Object.keys(SHOPPING_CART_SCHEMA.properties).sort()).toEqual(Object.keys(cart).sort());
    expect(Object.keys(CART_ENTRY_SCHEMA.properties).sort()).toEqual(Object.keys(cart.entries[0]!).sort());
  });
});

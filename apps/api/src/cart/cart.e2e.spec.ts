import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { addCartTestProducts } from '../../test/cart-test-products';

const ADD = '/api/commerce/shopping-cart/entries';
const CART = '/api/commerce/shopping-cart';

describeOnHttpDriver('cart over HTTP', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
    await addCartTestProducts(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const eventCount = async () => Number((await t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM events')).rows[0].n);
  const cookieOf = (res: request.Response) => {
    const raw = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    return raw.map((c) => c.split(';')[0]).find((c) => c.startsWith('ss_cart='));
  };

  async function expectRejected(body: unknown, status: number, error: string, message: string, raw = false) {
    const before = await eventCount();
    const req = request(t.server).post(ADD);
    const res = raw ? await req.set('Content-Type', 'application/json').send(body as string) : await req.send(body as object);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ error, message });
    expect(await eventCount()).toBe(before);
  }

  it('adds an entry, sets the cart cookie and returns the cart with newlyAdded', async () => {
    const res = await request(t.server).post(ADD).send({ itemId: 'p-stoneware-mug', sku: 'MUG-SAND', quantity: 2, additionalFields: null });
    expect(res.status).toBe(200);
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).join(';');
    expect(setCookie).toMatch(/ss_cart=[0-9a-f-]{36}/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(res.body.shoppingCart).toMatchObject({ totalQuantity: 2, subtotalCents: 5600, grandTotalCents: 5600, currency: 'USD' });
    expect(res.body.newlyAdded).toMatchObject({ itemId: 'p-stoneware-mug', quantity: 2, chosenVariant: { sku: 'MUG-SAND', attributes: { Glaze: 'Sand' } } });

    const cookie = cookieOf(res)!;
    const again = await request(t.server).post(ADD).set('Cookie', cookie).send({ itemId: 'p-linen-apron', sku: 'APRON-RUST-S', quantity: '1' });
    expect(again.status).toBe(200);
    // Sale price applies: 2 × 28.00 + 36.00.
    expect(again.body.shoppingCart).toMatchObject({ totalQuantity: 3, subtotalCents: 9200 });
    expect(again.body.newlyAdded).toMatchObject({ itemId: 'p-linen-apron', purchasePriceCents: 3600 });

    const cart = await request(t.server).get(CART).set('Cookie', cookie);
    expect(cart.status).toBe(200);
    expect(cart.body).toMatchObject({ totalQuantity: 3, subtotalCents: 9200 });
    expect(cart.body.entries).toHaveLength(2);
  });

  it('answers GET without a cart cookie with a fresh empty cart, whose id the new cookie names and keeps', async () => {
    const before = await eventCount();
    const res = await request(t.server).get(CART);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ entries: [], totalQuantity: 0, subtotalCents: 0, isPurchased: false, currency: 'USD' });
    const cookie = cookieOf(res)!;
    expect(cookie.slice('ss_cart='.length).split('.')[0]).toBe(res.body.id);
    // Nothing is stored for it, and reading it again is the same cart with no new cookie.
    expect(await eventCount()).toBe(before);
    const again = await request(t.server).get(CART).set('Cookie', cookie);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(res.body.id);
    expect(cookieOf(again)).toBeUndefined();
    // The first add fills that very cart.
    const add = await request(t.server).post(ADD).set('Cookie', cookie).send({ itemId: 'p-stoneware-mug', sku: 'MUG-SAND', quantity: 1 });
    expect(add.status).toBe(200);
    expect(add.body.shoppingCart.id).toBe(res.body.id);
  });

  it('refuses malformed JSON with 400 and appends nothing', async () => {
    await expectRejected('{"itemId": "p-stoneware-mug",', 400, 'MALFORMED_JSON', 'The request body is not valid JSON.', true);
  });

  it.each([
    [{ itemId: 'p-stoneware-mug', sku: 'MUG-SAND' }, 'QUANTITY_NOT_A_NUMBER', 'Quantity must be a number.'],
    [{ itemId: 'p-stoneware-mug', sku: 'MUG-SAND', quantity: 'two' }, 'QUANTITY_NOT_A_NUMBER', 'Quantity must be a number.'],
    [{ itemId: 'p-stoneware-mug', sku: 'MUG-SAND', quantity: 1.5 }, 'QUANTITY_NOT_WHOLE', 'Quantity must be a whole number'],
    [{ itemId: 'p-stoneware-mug', sku: 'MUG-SAND', quantity: 0 }, 'QUANTITY_OUT_OF_RANGE', 'Quantity must be between 1 and 9999.'],
    [{ itemId: 'p-stoneware-mug', sku: 'MUG-SAND', quantity: 10000 }, 'QUANTITY_OUT_OF_RANGE', 'Quantity must be between 1 and 9999.'],
  ])('refuses %j with 400 %s', async (body, error, message) => {
    await expectRejected(body, 400, error, message);
  });

  it('refuses an unknown item and an unknown sku with 404 and the SPEC message', async () => {
    const message = 'Sorry, that item variant is unavailable. Please select another variant.';
    await expectRejected({ itemId: 'no-such-item', sku: 'MUG-SAND', quantity: 1 }, 404, 'VARIANT_UNAVAILABLE', message);
    await expectRejected({ itemId: 'p-stoneware-mug', sku: 'NO-SUCH-SKU', quantity: 1 }, 404, 'VARIANT_UNAVAILABLE', message);
    await expectRejected({ itemId: 'p-serving-bowl', sku: 42, quantity: 1 }, 404, 'VARIANT_UNAVAILABLE', message);
  });

  it('refuses more than the stock, counting what is already in the cart', async () => {
    const first = await request(t.server).post(ADD).send({ itemId: 'p-stoneware-mug', sku: 'MUG-MOSS', quantity: 2 });
    expect(first.status).toBe(200);
    const cookie = cookieOf(first)!;
    const before = await eventCount();
    const res = await request(t.server).post(ADD).set('Cookie', cookie).send({ itemId: 'p-stoneware-mug', sku: 'MUG-MOSS', quantity: 2 });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'INSUFFICIENT_STOCK', message: 'Sorry, we do not have enough of that item available.' });
    expect(await eventCount()).toBe(before);
    await expectRejected({ itemId: 'p-serving-bowl', sku: 'BOWL-L', quantity: 1 }, 409, 'INSUFFICIENT_STOCK', 'Sorry, we do not have enough of that item available.');
  });

  it('refuses a body that is not an object', async () => {
    await expectRejected('[1,2]', 400, 'INVALID_REQUEST', 'The request body must be a JSON object.', true);
  });

  it('returns the original result for a retried request with the same Idempotency-Key', async () => {
    const key = '0b9f7a4e-8c1d-4e2a-9f3b-5d6c7e8f9a0b';
    const first = await request(t.server).post(ADD).set('Idempotency-Key', key).send({ itemId: 'p-glaze-recipes', sku: 'BOOK-PDF', quantity: 1 });
    const cookie = cookieOf(first)!;
    const before = await eventCount();
    const retry = await request(t.server).post(ADD).set('Cookie', cookie).set('Idempotency-Key', key).send({ itemId: 'p-glaze-recipes', sku: 'BOOK-PDF', quantity: 1 });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await eventCount()).toBe(before);
  });

  it('lands every one of 20 concurrent adds to one cart, totals equal to the sum of entries', async () => {
    const first = await request(t.server).post(ADD).send({ itemId: 'p-glaze-recipes', sku: 'BOOK-PDF', quantity: 1 });
    const cookie = cookieOf(first)!;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request(t.server).post(ADD).set('Cookie', cookie).send({ itemId: i % 2 ? 'p-glaze-recipes' : 'p-stoneware-mug', sku: i % 2 ? 'BOOK-PDF' : 'MUG-SAND', quantity: 1 }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const cart = await request(t.server).get(CART).set('Cookie', cookie);
    expect(cart.body.totalQuantity).toBe(21);
    const sumOfEntries = cart.body.entries.reduce((n: number, e: { subTotal: number }) => n + e.subTotal, 0);
    expect(cart.body.subtotalCents).toBe(sumOfEntries);
    expect(cart.body.subtotalCents).toBe(11 * 1200 + 10 * 2800);
  });
  it.each<[string, object, string]>([
    ['one option', { itemId: 'p-stoneware-mug' }, 'Please select the Glaze option.'],
    ['two options', { itemId: 'p-linen-apron', sku: '' }, 'Please select the Color and Size options.'],
    ['three options', { itemId: 't-three-options', sku: null }, 'Please select the Color, Size and Material options.'],
  ])('refuses an add without a sku for a product with %s, naming them in order', async (_, body, message) => {
    await expectRejected({ ...body, quantity: 1 }, 400, 'OPTIONS_NOT_CHOSEN', message);
  });

  it('refuses a gift card without a denomination, and adds one with it', async () => {
    await expectRejected({ itemId: 't-gift-card', quantity: 1 }, 400, 'GIFT_CARD_DENOMINATION_REQUIRED', 'Select a denomination for the Gift Card');
    const res = await request(t.server).post(ADD).send({ itemId: 't-gift-card', sku: 'GC-50', quantity: 2 });
    expect(res.status).toBe(200);
    expect(res.body.shoppingCart).toMatchObject({ subtotalCents: 10000, hasDigital: true, purelyDigital: true, requiresShipping: false });
  });

  it('treats disabled, deleted and other-currency products as unavailable', async () => {
    const message = 'Sorry, that item variant is unavailable. Please select another variant.';
    await expectRejected({ itemId: 't-disabled', sku: 'OFF', quantity: 1 }, 404, 'VARIANT_UNAVAILABLE', message);
    await expectRejected({ itemId: 't-deleted', sku: 'GONE', quantity: 1 }, 404, 'VARIANT_UNAVAILABLE', message);
    await expectRejected({ itemId: 't-yen', sku: 'YEN', quantity: 1 }, 404, 'VARIANT_UNAVAILABLE', message);
  });

  it('refuses additionalFields that are not an object, and a total past 9999 in one entry', async () => {
    await expectRejected({ itemId: 'p-glaze-recipes', sku: 'BOOK-PDF', quantity: 1, additionalFields: 'engrave' }, 400, 'INVALID_REQUEST', 'additionalFields must be an object.');
    const first = await request(t.server).post(ADD).send({ itemId: 'p-glaze-recipes', sku: 'BOOK-PDF', quantity: 9999 });
    expect(first.status).toBe(200);
    const before = await eventCount();
    const res = await request(t.server).post(ADD).set('Cookie', cookieOf(first)!).send({ itemId: 'p-glaze-recipes', sku: 'BOOK-PDF', quantity: 1 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'QUANTITY_OUT_OF_RANGE' });
    expect(await eventCount()).toBe(before);
  });

  it('totals in integer minor units: 0.10 + 0.20 dollars is 0.30, 19.99 × 3 is 59.97', async () => {
    const dime = await request(t.server).post(ADD).send({ itemId: 't-dime', sku: 'DIME', quantity: 1 });
    const cookie = cookieOf(dime)!;
    const both = await request(t.server).post(ADD).set('Cookie', cookie).send({ itemId: 't-twenty', sku: 'TWENTY', quantity: 1 });
    expect(both.body.shoppingCart).toMatchObject({ subtotalCents: 30, grandTotalCents: 30, grandTotal: { value: '30', currency: 'USD', decimalValue: '0.30' } });
    const more = await request(t.server).post(ADD).set('Cookie', cookie).send({ itemId: 't-1999', sku: 'P-1999', quantity: 3 });
    expect(more.body.newlyAdded).toMatchObject({ subTotal: 5997, purchasePriceCents: 1999, quantity: 3 });
    expect(more.body.shoppingCart).toMatchObject({ subtotalCents: 6027, grandTotal: { decimalValue: '60.27' }, totalQuantity: 5 });
  });

  it('carries every field of the SPEC Shopping cart and Cart entry', async () => {
    const res = await request(t.server).post(ADD).send({ itemId: 'p-linen-apron', sku: 'APRON-RUST-L', quantity: 1 });
    const cart = res.body.shoppingCart;
    for (const field of [
      'id', 'websiteId', 'orderId', 'created', 'isPurchased', 'entries', 'shippingOptions', 'selectedShippingOption', 'shippingLocation',
      'applicableTaxRules', 'coupons', 'validCoupons', 'invalidCoupons', 'subtotalCents', 'taxCents', 'shippingCostCents', 'discountCents',
      'grandTotalCents', 'totalQuantity', 'hasDigital', 'purelyDigital', 'requiresShipping',
    ]) {
      expect(cart).toHaveProperty(field);
    }
    expect(cart).toMatchObject({ orderId: null, isPurchased: false, taxCents: 0, shippingCostCents: 0, discountCents: 0, coupons: [] });
    expect(Object.keys(cart.entries[0])).toEqual(expect.arrayContaining(['id', 'itemId', 'chosenVariant', 'quantity', 'title', 'subTotal', 'purchasePriceCents']));
    expect(cart.entries[0].chosenVariant).toEqual({ sku: 'APRON-RUST-L', attributes: { Color: 'Rust', Size: 'L' } });
  });

  it('accepts the SPEC query parameters of GET harmlessly', async () => {
    const first = await request(t.server).post(ADD).send({ itemId: 'p-stoneware-mug', sku: 'MUG-SAND', quantity: 1 });
    const cookie = cookieOf(first)!;
    const plain = await request(t.server).get(CART).set('Cookie', cookie);
    const withParams = await request(t.server).get(`${CART}?mock=true&timecode=1700000000&calculateSubtotal=false`).set('Cookie', cookie);
    expect(withParams.status).toBe(200);
    expect(withParams.body).toEqual(plain.body);
    const none = await request(t.server).get(`${CART}?mock=true`);
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ entries: [], totalQuantity: 0 });
  });
});

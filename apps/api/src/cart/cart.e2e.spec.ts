import { describeEachDriver } from '@storefront/eventstore/testing';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../test/test-app';

const ADD = '/api/commerce/shopping-cart/entries';
const CART = '/api/commerce/shopping-cart';

describeEachDriver('cart over HTTP', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
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

  it('answers 404 for GET without a cart cookie', async () => {
    const res = await request(t.server).get(CART);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'CART_NOT_FOUND' });
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
});

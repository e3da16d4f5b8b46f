import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import type { ProjectionRunner } from '@storefront/projections';
import request from 'supertest';
import { TEST_SHIPPING_ADDRESS } from '../../test/shipping-address';
import { ADD_TO_CART, cartCookie, signIn, type OwnerSession } from '../../test/store-fixtures';
import { startTestApp, type TestApp } from '../../test/test-app';
import { PROJECTION_RUNNER } from '../infrastructure/database/tokens';

const BUYER = { email: 'ada@example.com', paymentToken: 'tok_visa', shippingAddress: TEST_SHIPPING_ADDRESS };

/**
 * The purchase path's pages through HTTP (issue 13): the cart (200), checkout (201), order
 * confirmed (202) and order status (211) pages, rendered through the theme from the visitor's own
 * cart and orders; 'Customers also bought' from real orders (the also_bought read model).
 */
describeOnHttpDriver('cart, checkout and order pages', (driver) => {
  let t: TestApp;
  let admin: OwnerSession;

  const catchUp = () => t.app.get<ProjectionRunner>(PROJECTION_RUNNER).catchUp();
  const page = (path: string, cookie?: string) => (cookie ? request(t.server).get(path).set('Cookie', cookie) : request(t.server).get(path));
  const siteContextOf = (html: string) => JSON.parse(/<script id="site-context" type="application\/json"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!);
  const islandDataOf = (html: string, attribute: string) =>
    JSON.parse(new RegExp(`${attribute}="([^"]*)"`).exec(html)![1]!.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
  const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));

  async function cartWith(...lines: [string, string, number][]): Promise<string> {
    let cookie: string | undefined;
    for (const [itemId, sku, quantity] of lines) {
      const res = await (cookie ? request(t.server).post(ADD_TO_CART).set('Cookie', cookie) : request(t.server).post(ADD_TO_CART)).send({ itemId, sku, quantity });
      expect(res.status).toBe(200);
      cookie ??= cartCookie(res);
    }
    return cookie!;
  }
  const checkOut = (cookie: string, body: object = BUYER) => request(t.server).post('/api/commerce/checkout').set('Cookie', cookie).send(body);

  beforeAll(async () => {
    t = await startTestApp(driver);
    admin = await signIn(t.server);
    await catchUp();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('the cart page without a cart: page type 200, the SPEC empty message, Continue Shopping to the store, never cached', async () => {
    const res = await page('/cart');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(siteContextOf(res.text)).toMatchObject({ pageType: 200 });
    expect(main(res.text)).toContain('You have nothing in your shopping cart.');
    expect(main(res.text)).toContain('<a class="button" href="/shop">Continue Shopping</a>');
    expect(res.text).toContain('<title>Shopping Cart — Clay &amp; Co.</title>');
    expect(main(res.text)).not.toContain('Customers also bought');
  });

  it('lists the visitor\'s entries with options, unit price, line total and subtotal, and hands the island the same cart', async () => {
    const cookie = await cartWith(['p-stoneware-mug', 'MUG-MOSS', 2], ['p-linen-apron', 'APRON-RUST-S', 1]);
    const res = await page('/cart', cookie);
    const html = main(res.text);
    expect(html).toContain('<a href="/shop/p/stoneware-mug">Stoneware Mug</a>');
    expect(html).toContain('<span class="cart-line__option">Glaze: Moss</span>');
    expect(html).toContain('<span class="cart-line__option">Color: Rust</span><span class="cart-line__option">Size: S</span>');
    expect(html).toContain('$28.00 each');
    expect(html).toContain('<p class="cart-line__total">$56.00</p>');
    expect(html).toContain('<dd>$92.00</dd>');
    expect(html).toContain('<a class="button button--block cart-summary__checkout" href="/checkout">Checkout</a>');
    // Without JavaScript the page reads the same; its controls wait for the island.
    expect(html).toMatch(/<input class="quantity-stepper__input"[^>]*value="2"[^>]*disabled>/);
    const island = islandDataOf(res.text, 'data-cart-page');
    expect(island.cart).toMatchObject({ totalQuantity: 3, subtotalCents: 9200 });
    expect(island.meta['p-stoneware-mug']).toMatchObject({ url: '/shop/p/stoneware-mug', image: { sizes: '96px' } });
    expect(island.urls).toEqual({ checkout: '/checkout', cart: '/cart', continue: '/shop' });
  });

  it("'Customers also bought' comes from real orders: what was bought with the cart's products, never a cancelled order", async () => {
    const bought = await cartWith(['p-glaze-recipes', 'BOOK-PDF', 1], ['p-linen-apron', 'APRON-RUST-L', 1]);
    const order = (await checkOut(bought)).body.order;
    await catchUp();
    const visitor = await cartWith(['p-glaze-recipes', 'BOOK-PDF', 1]);
    let html = main((await page('/cart', visitor)).text);
    expect(html).toContain('Customers also bought');
    const section = html.slice(html.indexOf('class="also-bought"'));
    expect(section).toContain('href="/shop/p/linen-apron"');
    expect(section).not.toContain('href="/shop/p/glaze-recipe-book"');
    // Its cards are product cards with their own add-to-cart island.
    expect(section).toContain('data-island="add-to-cart"');

    const as = (method: 'post', path: string) => request(t.server)[method](path).set('Cookie', admin.cookie).set('X-XSRF-Token', admin.xsrf);
    expect((await as('post', `/api/commerce/orders/${order.id}/cancellation`).send({})).status).toBe(200);
    await catchUp();
    html = main((await page('/cart', visitor)).text);
    expect(html).not.toContain('Customers also bought');
  });

  it("below the store's checkout minimum, says so and offers no checkout link", async () => {
    const as = (method: 'put', path: string) => request(t.server)[method](path).set('Cookie', admin.cookie).set('X-XSRF-Token', admin.xsrf);
    expect((await as('put', '/api/site/settings').send({ checkoutMinimumSubtotalCents: 5000 })).status).toBe(200);
    try {
      const cookie = await cartWith(['p-small-bud-vase', 'BUD-VASE', 1]);
      const html = main((await page('/cart', cookie)).text);
      expect(html).toContain('<p class="cart-summary__minimum">To check out, your order subtotal must be $50.00 or more.</p>');
      expect(html).toContain('<button class="button button--block cart-summary__checkout" type="button" disabled>Checkout</button>');
      expect(html).not.toContain('href="/checkout"');
    } finally {
      await as('put', '/api/site/settings').send({ checkoutMinimumSubtotalCents: 0 });
    }
  });

  it('the checkout page (201): contact, a shipping address only for carts that ship, the test cards, the summary; nothing without a cart', async () => {
    const cookie = await cartWith(['p-stoneware-mug', 'MUG-SAND', 1]);
    const res = await page('/checkout', cookie);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(siteContextOf(res.text)).toMatchObject({ pageType: 201 });
    const html = main(res.text);
    expect(html).toContain('This is a test store');
    expect(html).toContain('<input class="input" id="checkout-email" name="email" type="email" autocomplete="email"');
    expect(html).toContain('<legend class="checkout-form__legend">Shipping address</legend>');
    expect(html).toContain('value="tok_visa" checked');
    expect(html).toContain('value="tok_chargeDeclined"');
    expect(html).toContain('<dd>$28.00</dd>');
    expect(html).toContain('Placing an order needs JavaScript');
    expect(islandDataOf(res.text, 'data-checkout').cart).toMatchObject({ requiresShipping: true, entries: [{ chosenVariant: { sku: 'MUG-SAND' } }] });

    const digital = main((await page('/checkout', await cartWith(['p-glaze-recipes', 'BOOK-PDF', 1]))).text);
    expect(digital).not.toContain('Shipping address');
    expect(digital).toContain('Nothing in this order is shipped, so no address is needed.');

    const none = main((await page('/checkout')).text);
    expect(none).toContain('You have nothing in your shopping cart.');
    expect(none).not.toContain('<form');
  });

  it('a checkout page loaded with the cookie of a cart already bought says so (the island asks again with its key)', async () => {
    const cookie = await cartWith(['p-stoneware-mug', 'MUG-SAND', 1]);
    expect((await checkOut(cookie)).status).toBe(200);
    const res = await page('/checkout', cookie);
    expect(main(res.text)).toContain('This cart has already been checked out.');
    expect(islandDataOf(res.text, 'data-checkout')).toMatchObject({ cart: null, purchasedCartId: expect.any(String) });
    // The cart page shows no bought cart.
    expect(main((await page('/cart', cookie)).text)).toContain('You have nothing in your shopping cart.');
  });

  it('the checkout answer leaves a receipt: checkout without an open cart then goes to that order\'s confirmed page (a reload that lost the answer, coming back)', async () => {
    const cookie = await cartWith(['p-stoneware-mug', 'MUG-SAND', 1]);
    const placed = await checkOut(cookie);
    expect(placed.status).toBe(200);
    const setCookies = ([] as string[]).concat(placed.headers['set-cookie'] ?? []);
    const receiptCookie = setCookies.find((c) => c.startsWith('ss_checkout='));
    expect(receiptCookie).toMatch(/^ss_checkout=[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]{43}; Max-Age=1800; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(setCookies.some((c) => /^ss_cart=;/.test(c))).toBe(true);
    const receipt = receiptCookie!.split(';')[0]!;

    // The browser forgot the cart with the answer; the page still finds the order.
    const back = await page('/checkout', receipt);
    expect(back.status).toBe(302);
    expect(back.headers.location).toBe(placed.body.orderConfirmedUrl);
    expect(back.headers['cache-control']).toBe('private, no-store');
    // Or it still held the bought cart's cookie (the answer never came): the same.
    expect((await page('/checkout', `${cookie}; ${receipt}`)).headers.location).toBe(placed.body.orderConfirmedUrl);
    const confirmed = await page(back.headers.location!);
    expect(confirmed.status).toBe(200);
    expect(main(confirmed.text)).toContain('Thank you for your order');

    // An open cart comes first: the buyer shopping again checks out the new cart.
    const next = await cartWith(['p-linen-apron', 'APRON-RUST-S', 1]);
    const open = await page('/checkout', `${next}; ${receipt}`);
    expect(open.status).toBe(200);
    expect(islandDataOf(open.text, 'data-checkout').cart).toMatchObject({ entries: [{ chosenVariant: { sku: 'APRON-RUST-S' } }] });
    // The cart page is not redirected.
    expect((await page('/cart', receipt)).status).toBe(200);

    // A receipt this server did not make, or one changed to name another order or to last longer, is nothing.
    const [, orderId, expiresAt, mac] = /^ss_checkout=([^.]+)\.(\d+)\.(.+)$/.exec(receipt)!;
    const forged = [
      `ss_checkout=${orderId}.${expiresAt}.${'A'.repeat(43)}`,
      `ss_checkout=${orderId}.${Number(expiresAt) + 3600}.${mac}`,
      `ss_checkout=00000000-0000-4000-8000-000000000000.${expiresAt}.${mac}`,
      'ss_checkout=nonsense',
    ];
    for (const bad of forged) {
      const res = await page('/checkout', bad);
      expect(res.status).toBe(200);
      expect(main(res.text)).toContain('You have nothing in your shopping cart.');
    }
  });

  it('order confirmed (202) and order status (211) pages for whoever holds the link; nobody else, whatever they try', async () => {
    const cookie = await cartWith(['p-stoneware-mug', 'MUG-SAND', 2], ['p-linen-apron', 'APRON-RUST-S', 1]);
    const answer = (await checkOut(cookie)).body;
    expect(answer.orderConfirmedUrl).toBe(`/commerce/orders/${answer.order.id}/confirmed?token=${answer.orderToken}`);

    const confirmed = await page(answer.orderConfirmedUrl);
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers['cache-control']).toBe('private, no-store');
    expect(siteContextOf(confirmed.text)).toMatchObject({ pageType: 202 });
    let html = main(confirmed.text);
    expect(html).toContain('Thank you for your order');
    expect(html).toContain('Test order: no real payment was taken and nothing will be shipped.');
    expect(html).toContain('<p class="summary-line__quantity">Qty 2 · $28.00 each</p>');
    expect(html).toContain('<dd>$92.00</dd>');
    expect(html).toContain('Hudson, NY 12534');
    expect(html).toContain(`href="${answer.orderStatusUrl}"`);
    expect(confirmed.text).not.toContain('rel="canonical"');

    await catchUp();
    const status = await page(answer.orderStatusUrl);
    expect(siteContextOf(status.text)).toMatchObject({ pageType: 211 });
    html = main(status.text);
    expect(html).toMatch(/<h2 class="order-card__title" id="order-card-title">Order #10\d\d<\/h2>/);
    expect(html).toContain('<p class="order-status-badge order-status-badge--placed">Order placed</p>');

    const as = (path: string) => request(t.server).post(path).set('Cookie', admin.cookie).set('X-XSRF-Token', admin.xsrf);
    expect((await as(`/api/commerce/orders/${answer.order.id}/fulfilment`)).status).toBe(200);
    expect(main((await page(answer.orderStatusUrl)).text)).toContain('Order fulfilled');

    // Another order's token, no token, a made-up id, the JSON form: all as if there were no order.
    const other = (await checkOut(await cartWith(['p-stoneware-mug', 'MUG-SAND', 1]))).body;
    for (const path of [
      `/commerce/orders/${answer.order.id}?token=${other.orderToken}`,
      `/commerce/orders/${answer.order.id}/confirmed`,
      `/commerce/orders/${answer.order.id}?token=`,
      `/commerce/orders/00000000-0000-4000-8000-000000000000?token=${answer.orderToken}`,
      `/commerce/orders/not-an-order?token=${answer.orderToken}`,
      `/commerce/orders/${answer.order.id}?format=json&token=${other.orderToken}`,
    ]) {
      const res = await page(path);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('ada@example.com');
    }
  });

  it('robots.txt keeps the purchase path out of search engines', async () => {
    const robots = (await page('/robots.txt')).text;
    for (const path of ['/cart', '/checkout', '/commerce/']) expect(robots).toContain(`Disallow: ${path}`);
  });
});

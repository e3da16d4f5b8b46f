import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import type { ProjectionRunner } from '@storefront/projections';
import request from 'supertest';
import { addCartTestProducts } from '../../test/cart-test-products';
import { ADD_TO_CART, cartCookie, ownerProductsPath, signIn, TEST_ADMIN, type OwnerSession } from '../../test/store-fixtures';
import { startTestApp, type TestApp } from '../../test/test-app';
import { PROJECTION_RUNNER } from '../infrastructure/database/tokens';
import { TEST_SHIPPING_ADDRESS } from '../../test/shipping-address';

const MANAGER = { email: 'shop@example.com', password: 'a long enough password', roles: ['store manager'] };
const BUYER = { email: 'ada@example.com', paymentToken: 'tok_visa', shippingAddress: TEST_SHIPPING_ADDRESS };
/** The environment's defaults for the store settings an owner has not set. */
const ENV = { CHECKOUT_MINIMUM_SUBTOTAL_CENTS: '100', MULTIPLE_QUANTITY_ALLOWED_FOR_SERVICES: 'true' };

/**
 * The website settings Settings edits, and the store obeying them: PUT /api/site/settings appends
 * WebsiteSettingsChanged; the cart, checkout and the published site read the settings in force
 * from the website's stream and read model, where the owner's stored value wins over the
 * environment's default.
 */
describeOnHttpDriver('settings the store obeys', (driver) => {
  let t: TestApp;
  let admin: OwnerSession;

  const as = (who: OwnerSession, method: 'get' | 'put' | 'post', path: string) => request(t.server)[method](path).set('Cookie', who.cookie).set('X-XSRF-Token', who.xsrf);
  const put = (body: object, who: OwnerSession = admin) => as(who, 'put', '/api/site/settings').send(body);
  const catchUp = () => t.app.get<ProjectionRunner>(PROJECTION_RUNNER).catchUp();
  const settingsEvents = async () =>
    Number((await t.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM events WHERE event_type = 'WebsiteSettingsChanged'`)).rows[0]!.n);
  const lesson = (quantity: number) => ({ itemId: 't-service', sku: 'LESSON', quantity });

  beforeAll(async () => {
    t = await startTestApp(driver, ENV);
    await addCartTestProducts(t.app);
    admin = await signIn(t.server);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers the stored settings and the store settings in force (the environment\'s where none was set)', async () => {
    const res = await as(admin, 'get', '/api/site/settings');
    expect(res.status).toBe(200);
    expect(res.body.settings).toMatchObject({ expressCheckout: false, multipleQuantityAllowedForServices: null, checkoutMinimumSubtotalCents: null });
    expect(res.body.storeSettings).toEqual({ selectedCurrency: 'USD', expressCheckout: false, multipleQuantityAllowedForServices: true, checkoutMinimumSubtotalCents: 100 });
  });

  it('stores the store settings as an event, and the cart, checkout and published site obey them', async () => {
    const before = await settingsEvents();
    const res = await put({ expressCheckout: true, multipleQuantityAllowedForServices: false, checkoutMinimumSubtotalCents: 12_000 });
    expect(res.status).toBe(200);
    expect(res.body.storeSettings).toEqual({ selectedCurrency: 'USD', expressCheckout: true, multipleQuantityAllowedForServices: false, checkoutMinimumSubtotalCents: 12_000 });
    expect(await settingsEvents()).toBe(before + 1);

    // The cart: a service once only.
    const refused = await request(t.server).post(ADD_TO_CART).send(lesson(2));
    expect(refused.body).toMatchObject({ error: 'SERVICE_QUANTITY_LIMITED', message: 'Only one of this service can be added to your cart.' });
    const one = await request(t.server).post(ADD_TO_CART).send(lesson(1));
    expect(one.status).toBe(200);
    const cookie = cartCookie(one);
    // Checkout: $90.00 is under the owner's $120.00 (the environment said $1.00).
    const short = await request(t.server).post('/api/commerce/checkout').set('Cookie', cookie).send(BUYER);
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ error: 'CHECKOUT_MINIMUM_SUBTOTAL', message: 'To check out, your order subtotal must be $120.00 or more.' });

    // The published site: the page context carries them, and a service's page has no quantity input.
    await catchUp();
    const json = await request(t.server).get('/shop/wheel-throwing-class?format=json');
    expect(json.body.siteContext.storeSettings).toEqual({ selectedCurrency: 'USD', expressCheckout: true, multipleQuantityAllowedForServices: false });
    expect(json.body.websiteSettings.storeSettings).toMatchObject({ expressCheckout: true, multipleQuantityAllowedForServices: false });
    expect((await request(t.server).get('/shop/wheel-throwing-class')).text).not.toContain('product-quantity-input');

    // Back to more than one: the cart takes a second lesson, the page shows the quantity input again.
    expect((await put({ multipleQuantityAllowedForServices: true, checkoutMinimumSubtotalCents: 0 })).status).toBe(200);
    const two = await request(t.server).post(ADD_TO_CART).set('Cookie', cookie).send(lesson(1));
    expect(two.body.shoppingCart).toMatchObject({ totalQuantity: 2, subtotalCents: 18_000 });
    await catchUp();
    expect((await request(t.server).get('/shop/wheel-throwing-class')).text).toContain('product-quantity-input');
  });

  it('hands a setting back to the environment with null', async () => {
    expect((await put({ checkoutMinimumSubtotalCents: null })).body.storeSettings.checkoutMinimumSubtotalCents).toBe(100);
    const cart = await request(t.server).post(ADD_TO_CART).send({ itemId: 't-dime', sku: 'DIME', quantity: 1 });
    const res = await request(t.server).post('/api/commerce/checkout').set('Cookie', cartCookie(cart)).send(BUYER);
    expect(res.body).toMatchObject({ error: 'CHECKOUT_MINIMUM_SUBTOTAL', message: 'To check out, your order subtotal must be $1.00 or more.' });
  });

  it('shows a new site title and logo on the published site', async () => {
    const upload = await as(admin, 'post', '/api/media/images?filename=logo.png').set('Content-Type', 'image/png').send(PNG_1X1);
    expect(upload.status).toBe(201);
    expect((await put({ siteTitle: 'Kiln & Co.', logoImageId: upload.body.id })).status).toBe(200);
    await catchUp();
    const home = await request(t.server).get('/');
    expect(home.text).toContain('alt="Kiln &amp; Co."');
    expect(home.text).toContain(`src="${upload.body.assetUrl}?format=300w"`);
    expect((await put({ logoImageId: null })).status).toBe(200);
    await catchUp();
    expect((await request(t.server).get('/')).text).toMatch(/class="site-title"[^>]*>Kiln &amp; Co\.<\/a>/);
  });

  it('refuses a currency change while the store has products, in words, and changes nothing', async () => {
    const before = await settingsEvents();
    const res = await put({ currency: 'EUR', siteTagLine: 'Stoneware' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'STORE_CURRENCY_LOCKED', message: 'The store currency cannot be changed while the store has products priced in USD.' });
    expect(await settingsEvents()).toBe(before);
  });

  it('refuses values it cannot use, naming them', async () => {
    for (const [body, message] of [
      [{ checkoutMinimumSubtotalCents: -5 }, /^The checkout minimum must be a whole number of minor units from 0 to /],
      [{ checkoutMinimumSubtotalCents: '12.50' }, /^checkoutMinimumSubtotalCents must be a whole number\.$/],
      [{ expressCheckout: 'yes' }, /^expressCheckout must be true or false\.$/],
      [{ timeZone: 'Mars/Olympus_Mons' }, /^Failed to load timezone Mars\/Olympus_Mons$/],
      [{ currency: 'XXX' }, /^This currency is not supported\.$/],
    ] as const) {
      const res = await put(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    }
  });

  it('is the editors\' (and admins\'): a store manager reads the settings but cannot change them', async () => {
    expect((await as(admin, 'post', '/api/config/owners').send({ ...MANAGER, currentPassword: TEST_ADMIN.password })).status).toBe(201);
    const manager = await signIn(t.server, MANAGER);
    expect((await as(manager, 'get', '/api/site/settings')).status).toBe(200);
    expect((await put({ expressCheckout: false }, manager)).status).toBe(403);
    expect((await request(t.server).put('/api/site/settings').send({ expressCheckout: false })).status).toBe(401);
  });
});

describeOnHttpDriver('the store currency of a new store', (driver) => {
  let t: TestApp;
  let admin: OwnerSession;

  beforeAll(async () => {
    t = await startTestApp(driver, {}, { demo: false });
    admin = await signIn(t.server);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('changes while the store is empty; products, carts and checkout then use it', async () => {
    const changed = await request(t.server).put('/api/site/settings').set('Cookie', admin.cookie).set('X-XSRF-Token', admin.xsrf)
      .send({ currency: 'eur', checkoutMinimumSubtotalCents: 2000 });
    expect(changed.status).toBe(200);
    expect(changed.body.storeSettings).toMatchObject({ selectedCurrency: 'EUR', checkoutMinimumSubtotalCents: 2000 });

    const created = await request(t.server).post(await ownerProductsPath(t)).set('Cookie', admin.cookie).set('X-XSRF-Token', admin.xsrf)
      .send({ title: 'Bowl', productType: 'PHYSICAL', variants: [{ sku: 'BOWL', priceCents: 1500, qtyInStock: 5 }] });
    expect(created.status).toBe(201);
    const productId = created.body.record.id;
    expect(created.body.record.structuredContent.variants[0].priceMoney).toMatchObject({ currency: 'EUR', value: '1500' });
    await t.app.get<ProjectionRunner>(PROJECTION_RUNNER).catchUp();

    const cart = await request(t.server).post(ADD_TO_CART).send({ itemId: productId, sku: 'BOWL', quantity: 1 });
    expect(cart.status).toBe(200);
    expect(cart.body.shoppingCart).toMatchObject({ subtotalCents: 1500 });
    const short = await request(t.server).post('/api/commerce/checkout').set('Cookie', cartCookie(cart)).send(BUYER);
    expect(short.body).toMatchObject({ error: 'CHECKOUT_MINIMUM_SUBTOTAL', message: 'To check out, your order subtotal must be €20.00 or more.' });

    // Now the store has a product: its currency stays.
    const locked = await request(t.server).put('/api/site/settings').set('Cookie', admin.cookie).set('X-XSRF-Token', admin.xsrf).send({ currency: 'USD' });
    expect(locked.body).toMatchObject({ error: 'STORE_CURRENCY_LOCKED', message: 'The store currency cannot be changed while the store has products priced in EUR.' });
  });
});

/** The smallest PNG: one transparent pixel. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

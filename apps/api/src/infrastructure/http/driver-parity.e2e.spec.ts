import { cartStreamId, restockSendStreamId, subscriptionCartStreamId } from '@storefront/domain';
import type { EventStore } from '@storefront/eventstore';
import { eventually } from '@storefront/eventstore/testing';
import type { ProjectionRunner } from '@storefront/projections';
import sharp from 'sharp';
import request from 'supertest';
import { TEST_SHIPPING_ADDRESS } from '../../../test/shipping-address';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server';
import { ADD_TO_CART, cartCookie, cookieFrom, signIn, TEST_ADMIN, variantStock, type OwnerSession } from '../../../test/store-fixtures';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { WebsiteDirectory } from '../../catalog';
import { DEMO_IMAGES } from '../../demo';
import { FORM_VISITOR_COOKIE } from '../../forms';
import { Mailer, MailSender, type OutboxMessage } from '../../mail';
import { RestockUnsubscribeLinks } from '../../restock';
import { EVENT_STORE, PROJECTION_RUNNER } from '../database/tokens';
import { appRoutes } from './api-fuzz.routes';

/**
 * The driver-parity HTTP suite: the HTTP suites run on one database driver (PostgreSQL when
 * DATABASE_URL is set), so this one runs the whole app on the embedded driver, PGlite, always, and
 * sends one successful request of every write route the app serves, checking its status and that
 * the write took effect (a following read, the stream or the read model shows it). The cases run in
 * order within one app, each building on the ones before (a product is created, edited, then
 * deleted; a cart filled, then checked out). The table must list exactly the app's write routes: a
 * new write route fails the suite until it has a case here.
 */

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const NOW = Date.now();
/** A returning visitor's census cookie (id|first visit|previous visit|this visit|visits). */
const CENSUS = `ParityVisitor7q|${NOW - 86_400_000}|${NOW - 3_600_000}|${NOW}|3`;
const RESTOCK = '/api/site-users/account/notifications/restock';
const BOWL = { productId: 'p-serving-bowl', variantId: 'v-bowl' };
const BUYER = { email: 'ada@example.com', paymentToken: 'tok_visa', shippingAddress: TEST_SHIPPING_ADDRESS };
const PAGE_PASSWORD = 'parity secret';
const FORM = {
  id: 'parity-form',
  name: 'Parity form',
  fields: [
    { id: 'email', type: 'email', title: 'Email', required: true },
    { id: 'note', type: 'text', title: 'Note' },
  ],
};

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
const isWrite = (route: string) => /^(POST|PUT|PATCH|DELETE) /.test(route);

describe('driver parity over HTTP: one successful request of every write route, on PGlite', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let admin: OwnerSession;
  let websiteId: string;
  let products: string;

  const as = (method: Method, path: string, who: OwnerSession = admin) => request(t.server)[method](path).set('Cookie', who.cookie).set('X-XSRF-Token', who.xsrf);
  /** Waits until the read model of one projection has every event so far. */
  const catchUp = (projection: 'site' | 'catalog' | 'orders' | 'forms' | 'restock') => t.app.get<ProjectionRunner>(PROJECTION_RUNNER).catchUp(projection);
  const store = () => t.app.get<EventStore>(EVENT_STORE);
  const visitRows = async () =>
    (await t.db.query<{ event_type: string; data: Record<string, unknown> }>(`SELECT event_type, data FROM events WHERE stream_id LIKE 'visits-%' ORDER BY global_position`)).rows;
  const census = (path: string) => request(t.server).post(path).set('User-Agent', CHROME);
  const censusPage = () => ({ websiteId, pagePath: '/about', pageType: 1, sessionId: 'parity-session', visitorCookie: CENSUS });
  /** A new visitor's cart holding one line, checked out: its order. */
  const placeOrder = async (itemId: string, sku: string, quantity: number) => {
    const added = await request(t.server).post(ADD_TO_CART).send({ itemId, sku, quantity }).expect(200);
    const res = await request(t.server).post('/api/commerce/checkout').set('Cookie', cartCookie(added)).send(BUYER).expect(200);
    return res.body.order as { id: string };
  };
  const outboxMessage = async (subject: string) =>
    ((await as('get', '/api/config/mail-outbox').expect(200)).body.messages as OutboxMessage[]).find((m) => m.subject === subject);
  /** Runs the mail sender until the outbox message with `subject` has `status`. */
  const deliverUntil = (subject: string, status: string) =>
    eventually(
      async () => {
        if ((await outboxMessage(subject))?.status === status) return true;
        await t.app.get(MailSender).deliverDue();
        return false;
      },
      { timeoutMs: 20_000, intervalMs: 25, message: `mail "${subject}" never became ${status}` },
    );

  // What the cases leave for the ones after them.
  let session: OwnerSession;
  let settingsVersion: number;
  let pageId: string;
  let pageUrlId: string;
  let itemId: string;
  let imageId: string;
  let productId: string;
  let cart: string;
  let cartId: string;
  let mugEntry: string;
  let order: { id: string };
  let subscription: { cartToken: string; cookie: string };
  let submissionKey: { key: string; cookie: string };
  let submissionId: string;

  const cases: [route: string, run: () => Promise<void>][] = [
    // Owner accounts.
    ['POST /api/config/session', async () => {
      const res = await request(t.server).post('/api/config/session').send({ ...TEST_ADMIN, rememberMe: false }).expect(200);
      session = { cookie: cookieFrom(res, 'owner_session')!, xsrf: res.body.xsrfToken };
      expect((await as('get', '/api/config/session', session).expect(200)).body.owner).toMatchObject({ email: TEST_ADMIN.email, roles: ['admin'] });
    }],
    ['POST /api/config/owners', async () => {
      const res = await as('post', '/api/config/owners')
        .send({ email: 'parity.editor@example.com', password: 'a long enough password', roles: ['editor'], currentPassword: TEST_ADMIN.password }).expect(201);
      expect(res.body.owner).toMatchObject({ email: 'parity.editor@example.com', roles: ['editor'] });
      const owners = (await as('get', '/api/config/owners').expect(200)).body.owners as { email: string }[];
      expect(owners.map((o) => o.email)).toContain('parity.editor@example.com');
    }],

    // The website stream: settings, header and footer, restore.
    ['PUT /api/site/settings', async () => {
      settingsVersion = (await as('get', '/api/site/settings').expect(200)).body.version;
      const res = await as('put', '/api/site/settings').set('If-Match', `"${settingsVersion}"`).send({ siteTagLine: 'Parity tag line' }).expect(200);
      expect(res.body).toMatchObject({ version: settingsVersion + 1, website: { siteTagLine: 'Parity tag line' } });
      expect((await as('get', '/api/site/settings').expect(200)).body).toMatchObject({ version: settingsVersion + 1, website: { siteTagLine: 'Parity tag line' } });
    }],
    ['PUT /api/site-header-footer', async () => {
      const res = await as('put', '/api/site-header-footer').send({ header: '<p>Parity header</p>' }).expect(200);
      expect(res.body).toMatchObject({ header: '<p>Parity header</p>', version: settingsVersion + 2 });
      expect((await as('get', '/api/site-header-footer').expect(200)).body).toMatchObject({ header: '<p>Parity header</p>', version: settingsVersion + 2 });
    }],
    ['POST /api/site/settings/restore', async () => {
      const res = await as('post', '/api/site/settings/restore').send({ version: settingsVersion }).expect(200);
      expect(res.body.version).toBe(settingsVersion + 3);
      expect((await as('get', '/api/site/settings').expect(200)).body.website.siteTagLine).not.toBe('Parity tag line');
      expect((await as('get', '/api/site-header-footer').expect(200)).body.header).not.toBe('<p>Parity header</p>');
    }],

    // A page, its layout and password; the gallery, the navigation, the home page.
    ['POST /api/site/collections', async () => {
      const res = await as('post', '/api/site/collections').send({ kind: 'page', title: 'Parity Page', layout: { blocks: [{ type: 'quote', value: { text: 'First words.' } }] } }).expect(201);
      expect(res.body).toMatchObject({ version: 1, collection: { title: 'Parity Page', urlId: 'parity-page', typeName: 'page' } });
      pageId = res.body.collection.id;
      pageUrlId = res.body.collection.urlId;
      expect((await as('get', `/api/site/collections/${pageId}`).expect(200)).body).toMatchObject({ version: 1, collection: { title: 'Parity Page' } });
      await catchUp('site');
      const page = await request(t.server).get(`/${pageUrlId}`).expect(200);
      expect(page.text).toContain('First words.');
    }],
    ['PUT /api/site/collections/:collectionId', async () => {
      const res = await as('put', `/api/site/collections/${pageId}`).set('If-Match', '"1"').send({ title: 'Parity Page Renamed' }).expect(200);
      expect(res.body).toMatchObject({ version: 2, collection: { title: 'Parity Page Renamed' } });
      expect((await as('get', `/api/site/collections/${pageId}`).expect(200)).body.collection.title).toBe('Parity Page Renamed');
    }],
    ['PUT /api/site/collections/:collectionId/layout', async () => {
      const res = await as('put', `/api/site/collections/${pageId}/layout`).send({ blocks: [{ type: 'quote', value: { text: 'Changed words.' } }] }).expect(200);
      expect(res.body.version).toBe(3);
      await catchUp('site');
      const page = await request(t.server).get(`/${pageUrlId}`).expect(200);
      expect(page.text).toContain('Changed words.');
      expect(page.text).not.toContain('First words.');
    }],
    ['POST /api/site/collections/:collectionId/restore', async () => {
      const res = await as('post', `/api/site/collections/${pageId}/restore`).send({ version: 1 }).expect(200);
      expect(res.body).toMatchObject({ version: 4, collection: { title: 'Parity Page', layout: { blocks: [{ value: { text: 'First words.' } }] } } });
      const history = (await as('get', `/api/site/collections/${pageId}/history`).expect(200)).body;
      expect(history.entries[0]).toMatchObject({ version: 4, type: 'CollectionRestored', restoredVersion: 1 });
    }],
    ['PUT /api/site/collections/:collectionId/password', async () => {
      const res = await as('put', `/api/site/collections/${pageId}/password`).send({ password: PAGE_PASSWORD }).expect(200);
      expect(res.body.collection.passwordProtected).toBe(true);
      await catchUp('site');
      expect((await request(t.server).get(`/${pageUrlId}`)).status).toBe(401);
    }],
    ['POST /*', async () => {
      const res = await request(t.server).post(`/${pageUrlId}`).type('form').send({ password: PAGE_PASSWORD }).expect(303);
      const unlocked = cookieFrom(res, 'ss_unlocked');
      expect(unlocked).toBeDefined();
      const page = await request(t.server).get(`/${pageUrlId}`).set('Cookie', unlocked!).expect(200);
      expect(page.text).toContain('First words.');
    }],
    ['PUT /api/site/collections/:collectionId/gallery-options', async () => {
      const res = await as('put', '/api/site/collections/gallery/gallery-options').send({ design: 'slideshow', lightbox: true }).expect(200);
      expect(res.body.collection.galleryOptions).toMatchObject({ design: 'slideshow', lightbox: true });
      expect((await as('get', '/api/site/collections/gallery').expect(200)).body.collection.galleryOptions).toMatchObject({ design: 'slideshow' });
    }],
    ['PUT /api/site/collections/:collectionId/order', async () => {
      const ids = ((await as('get', '/api/site/collections/gallery').expect(200)).body.items as { id: string }[]).map((i) => i.id);
      expect(ids.length).toBeGreaterThan(1);
      const reversed = [...ids].reverse();
      const res = await as('put', '/api/site/collections/gallery/order').send({ itemIds: reversed }).expect(200);
      expect(res.body.items.map((i: { id: string }) => i.id)).toEqual(reversed);
      expect(((await as('get', '/api/site/collections/gallery').expect(200)).body.items as { id: string }[]).map((i) => i.id)).toEqual(reversed);
    }],
    ['POST /api/widget/UpdateNavigation', async () => {
      const before = await as('get', '/api/commondata/GetSiteLayout').expect(200);
      const res = await as('post', '/api/widget/UpdateNavigation').set('If-Match', `"${before.body.version}"`)
        .send({ fieldName: 'secondaryNav', navigation: { items: [{ collectionId: 'journal', title: 'Parity Journal' }, { collectionId: 'about' }] } }).expect(200);
      expect(res.body.version).toBe(before.body.version + 1);
      const layout = (await as('get', '/api/commondata/GetSiteLayout').expect(200)).body.layout;
      const secondary = layout.navigations.find((n: { name: string }) => n.name === 'secondaryNav');
      expect(secondary.links.map((l: { collectionId: string }) => l.collectionId)).toEqual(['journal', 'about']);
      await catchUp('site');
      expect((await request(t.server).get('/about').expect(200)).text).toContain('Parity Journal');
    }],
    ['PUT /api/site/home', async () => {
      const res = await as('put', '/api/site/home').send({ collectionId: 'about' }).expect(200);
      expect(res.body.layout.homePageId).toBe('about');
      expect((await as('get', '/api/commondata/GetSiteLayout').expect(200)).body.layout.homePageId).toBe('about');
      expect((await as('get', '/api/site/collections/about').expect(200)).body.collection.fullUrl).toBe('/');
    }],

    // A journal post through its publish states.
    ['POST /api/site/collections/:collectionId/items', async () => {
      const res = await as('post', '/api/site/collections/journal/items').send({ title: 'Parity Post', body: '<p>Written on PGlite.</p>' }).expect(201);
      expect(res.body).toMatchObject({ version: 1, item: { title: 'Parity Post', urlId: 'parity-post', workflowState: 'Draft' } });
      itemId = res.body.item.id;
      expect((await as('get', `/api/site/items/${itemId}`).expect(200)).body.item.title).toBe('Parity Post');
    }],
    ['PUT /api/site/items/:itemId', async () => {
      const res = await as('put', `/api/site/items/${itemId}`).set('If-Match', '"1"').send({ title: 'Parity Post Edited', tags: ['parity'] }).expect(200);
      expect(res.body).toMatchObject({ version: 2, item: { title: 'Parity Post Edited', tags: ['parity'] } });
      expect((await as('get', `/api/site/items/${itemId}`).expect(200)).body.item.title).toBe('Parity Post Edited');
    }],
    ['POST /api/site/items/:itemId/publish', async () => {
      const res = await as('post', `/api/site/items/${itemId}/publish`).send({}).expect(200);
      expect(res.body).toMatchObject({ version: 3, item: { workflowState: 'Published' } });
      await catchUp('site');
      expect((await request(t.server).get('/journal/parity-post').expect(200)).text).toContain('Written on PGlite.');
    }],
    ['PUT /api/site/items/:itemId/workflow', async () => {
      const res = await as('put', `/api/site/items/${itemId}/workflow`).send({ workflowState: 'needs-review' }).expect(200);
      expect(res.body).toMatchObject({ version: 4, item: { workflowState: 'Needs Review' } });
      await catchUp('site');
      expect((await request(t.server).get('/journal/parity-post')).status).toBe(404);
    }],
    ['POST /api/site/items/:itemId/unpublish', async () => {
      const res = await as('post', `/api/site/items/${itemId}/unpublish`).expect(200);
      expect(res.body).toMatchObject({ version: 5, item: { workflowState: 'Draft', publishOn: null } });
      expect((await as('get', `/api/site/items/${itemId}`).expect(200)).body.item.workflowState).toBe('Draft');
    }],
    ['POST /api/site/items/:itemId/restore', async () => {
      const res = await as('post', `/api/site/items/${itemId}/restore`).send({ version: 1 }).expect(200);
      expect(res.body).toMatchObject({ version: 6, item: { title: 'Parity Post' } });
      expect((await as('get', `/api/site/items/${itemId}/history`).expect(200)).body.entries[0]).toMatchObject({ type: 'ContentItemRestored', restoredVersion: 1 });
    }],
    ['DELETE /api/site/items/:itemId', async () => {
      await as('delete', `/api/site/items/${itemId}`).expect(204);
      expect((await as('get', `/api/site/items/${itemId}`)).status).toBe(404);
    }],
    ['DELETE /api/site/collections/:collectionId', async () => {
      await as('delete', `/api/site/collections/${pageId}`).expect(204);
      expect((await as('get', `/api/site/collections/${pageId}`)).status).toBe(404);
      await catchUp('site');
      expect((await request(t.server).get(`/${pageUrlId}`)).status).toBe(404);
    }],

    // The media library.
    ['POST /api/media/images', async () => {
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a0522d' } }).png().toBuffer();
      const res = await as('post', '/api/media/images?filename=parity.png').set('Content-Type', 'application/octet-stream').send(png).expect(201);
      expect(res.body).toMatchObject({ filename: 'parity.png', originalSize: '64x48', contentType: 'image/png' });
      imageId = res.body.id;
      expect((await as('get', `/api/media/images/${imageId}`).expect(200)).body.filename).toBe('parity.png');
      expect((await request(t.server).get(res.body.assetUrl)).status).toBe(200);
    }],
    ['PUT /api/media/images/:imageId', async () => {
      const res = await as('put', `/api/media/images/${imageId}`).send({ altText: 'Parity alt', title: 'Parity', mediaFocalPoint: { x: 0.2, y: 0.8 } }).expect(200);
      expect(res.body).toMatchObject({ altText: 'Parity alt', title: 'Parity', mediaFocalPoint: { x: 0.2, y: 0.8 } });
      expect((await as('get', `/api/media/images/${imageId}`).expect(200)).body).toMatchObject({ altText: 'Parity alt', title: 'Parity' });
    }],
    ['DELETE /api/media/images/:imageId', async () => {
      await as('delete', `/api/media/images/${imageId}`).expect(204);
      expect((await as('get', `/api/media/images/${imageId}`)).status).toBe(404);
    }],

    // A product from creation to deletion.
    ['POST /api/content-service/product/1.1/websites/:websiteId/products', async () => {
      const res = await as('post', products).send({
        title: 'Parity Jug', productType: 'PHYSICAL', variantOptionOrdering: ['Size'],
        variants: [{ sku: 'PJ-S', attributes: { Size: 'S' }, priceCents: 2000, qtyInStock: 5 }],
      }).expect(201);
      expect(res.body).toMatchObject({ version: 1, record: { title: 'Parity Jug', urlId: 'parity-jug' } });
      productId = res.body.record.id;
      await catchUp('catalog');
      expect((await request(t.server).get(`/api/commerce/products/${productId}`).expect(200)).body).toMatchObject({ title: 'Parity Jug' });
    }],
    ['PUT /api/content-service/product/1.1/websites/:websiteId/products/:productId', async () => {
      const res = await as('put', `${products}/${productId}`).set('If-Match', '"1"').send({ title: 'Parity Jug, Large', description: '<p>Holds a litre.</p>' }).expect(200);
      expect(res.body).toMatchObject({ version: 2, product: { title: 'Parity Jug, Large' } });
      expect((await as('get', `${products}/${productId}`).expect(200)).body).toMatchObject({ version: 2, product: { title: 'Parity Jug, Large' } });
    }],
    ['POST /api/content-service/product/1.1/websites/:websiteId/products/:productId/variants', async () => {
      const res = await as('post', `${products}/${productId}/variants`).send({ sku: 'PJ-M', attributes: { Size: 'M' }, priceCents: 2600, qtyInStock: 2 }).expect(201);
      expect(res.body.version).toBe(3);
      const view = (await as('get', `${products}/${productId}`).expect(200)).body;
      expect(view.product.variants.map((v: { sku: string }) => v.sku)).toEqual(['PJ-S', 'PJ-M']);
      expect(view.stock['PJ-M']).toMatchObject({ qtyInStock: 2 });
    }],
    ['PUT /api/content-service/product/1.1/websites/:websiteId/products/:productId/variants/:sku', async () => {
      const res = await as('put', `${products}/${productId}/variants/PJ-M`).send({ priceCents: 2800 }).expect(200);
      expect(res.body.version).toBe(4);
      const view = (await as('get', `${products}/${productId}`).expect(200)).body;
      expect(view.product.variants.find((v: { sku: string }) => v.sku === 'PJ-M')).toMatchObject({ priceMinor: 2800 });
    }],
    ['PUT /api/content-service/product/1.1/websites/:websiteId/products/:productId/variants/:sku/stock', async () => {
      const res = await as('put', `${products}/${productId}/variants/PJ-S/stock`).send({ qtyInStock: 9 }).expect(200);
      expect(res.body.stock['PJ-S']).toMatchObject({ qtyInStock: 9, lastChange: { kind: 'set' } });
      expect(await variantStock(t, productId, 'PJ-S')).toBe(9);
      await catchUp('catalog');
      const record = (await request(t.server).get(`/api/commerce/products/${productId}`).expect(200)).body;
      expect(record.structuredContent.variants.find((v: { sku: string }) => v.sku === 'PJ-S')).toMatchObject({ qtyInStock: 9 });
    }],
    ['PUT /api/content-service/product/1.1/websites/:websiteId/products/:productId/sale', async () => {
      const res = await as('put', `${products}/${productId}/sale`).send({ onSale: true, skus: ['PJ-M'], salePriceCents: 2100 }).expect(200);
      expect(res.body.record.structuredContent.onSale).toBe(true);
      await catchUp('catalog');
      const record = (await request(t.server).get(`/api/commerce/products/${productId}`).expect(200)).body;
      expect(record.structuredContent.variants.find((v: { sku: string }) => v.sku === 'PJ-M')).toMatchObject({ onSale: true, salePrice: 2100 });
    }],
    ['PUT /api/content-service/product/1.1/websites/:websiteId/products/:productId/images', async () => {
      const res = await as('put', `${products}/${productId}/images`).send({ imageIds: [DEMO_IMAGES.kiln, DEMO_IMAGES.budVase] }).expect(200);
      expect(res.body.record).toMatchObject({ imageIds: [DEMO_IMAGES.kiln, DEMO_IMAGES.budVase], mainImageId: DEMO_IMAGES.kiln });
      await catchUp('catalog');
      expect((await request(t.server).get(`/api/commerce/products/${productId}`).expect(200)).body).toMatchObject({ mainImageId: DEMO_IMAGES.kiln });
    }],
    ['PUT /api/content-service/product/1.1/websites/:websiteId/products/:productId/variants', async () => {
      const before = (await as('get', `${products}/${productId}`).expect(200)).body.version as number;
      const res = await as('put', `${products}/${productId}/variants`).set('If-Match', `"${before}"`).send({
        variantOptionOrdering: ['Size'],
        variants: [
          { sku: 'PJ-S', attributes: { Size: 'S' }, priceCents: 2000 },
          { sku: 'PJ-M', attributes: { Size: 'M' }, priceCents: 2800 },
          { sku: 'PJ-L', attributes: { Size: 'L' }, priceCents: 3400, qtyInStock: 1 },
        ],
      }).expect(200);
      expect(res.body.version).toBeGreaterThan(before);
      const view = (await as('get', `${products}/${productId}`).expect(200)).body;
      expect(view.product.variants.map((v: { sku: string }) => v.sku)).toEqual(['PJ-S', 'PJ-M', 'PJ-L']);
      expect(view.stock['PJ-L']).toMatchObject({ qtyInStock: 1 });
    }],
    ['DELETE /api/content-service/product/1.1/websites/:websiteId/products/:productId/variants/:sku', async () => {
      const res = await as('delete', `${products}/${productId}/variants/PJ-L`).expect(200);
      expect(res.body.record.structuredContent.variants.map((v: { sku: string }) => v.sku)).toEqual(['PJ-S', 'PJ-M']);
      expect((await as('get', `${products}/${productId}`).expect(200)).body.product.variants).toHaveLength(2);
    }],
    ['PUT /api/content-service/product/1.1/websites/:websiteId/products/:productId/enabled', async () => {
      const res = await as('put', `${products}/${productId}/enabled`).send({ enabled: false }).expect(200);
      expect(res.body.product.enabled).toBe(false);
      await catchUp('catalog');
      expect((await request(t.server).get(`/api/commerce/products/${productId}`)).status).toBe(404);
      expect((await as('get', `${products}/${productId}`).expect(200)).body.product.enabled).toBe(false);
    }],
    ['POST /api/content-service/product/1.1/websites/:websiteId/products/:productId/restore', async () => {
      const before = (await as('get', `${products}/${productId}`).expect(200)).body.version as number;
      const res = await as('post', `${products}/${productId}/restore`).send({ version: 1 }).expect(200);
      expect(res.body).toMatchObject({ version: before + 1, product: { title: 'Parity Jug' } });
      const history = (await as('get', `${products}/${productId}/history`).expect(200)).body;
      expect(history.entries[0]).toMatchObject({ version: before + 1, label: 'Product restored', restoredVersion: 1 });
    }],
    ['DELETE /api/content-service/product/1.1/websites/:websiteId/products/:productId', async () => {
      await as('delete', `${products}/${productId}`).expect(204);
      expect((await as('get', `${products}/${productId}`)).status).toBe(404);
      await catchUp('catalog');
      expect((await request(t.server).get(`/api/commerce/products/${productId}`)).status).toBe(404);
    }],

    // A visitor's cart, checkout and the owner's orders; a subscription.
    ['POST /api/commerce/shopping-cart/entries', async () => {
      const res = await request(t.server).post(ADD_TO_CART).send({ itemId: 'p-stoneware-mug', sku: 'MUG-SAND', quantity: 1 }).expect(200);
      cart = cartCookie(res);
      cartId = cart.slice('ss_cart='.length).split('.')[0]!;
      mugEntry = res.body.newlyAdded.id;
      expect(res.body.shoppingCart).toMatchObject({ totalQuantity: 1 });
      expect(await store().streamVersion(cartStreamId(cartId))).toBeGreaterThan(0);
      expect((await request(t.server).get('/api/commerce/shopping-cart').set('Cookie', cart).expect(200)).body.entries).toEqual([expect.objectContaining({ id: mugEntry, itemId: 'p-stoneware-mug' })]);
    }],
    ['PUT /api/commerce/shopping-cart/entries/:entryId/quantity', async () => {
      const res = await request(t.server).put(`${ADD_TO_CART}/${mugEntry}/quantity`).set('Cookie', cart).send({ quantity: 2 }).expect(200);
      expect(res.body.updatedEntry).toMatchObject({ id: mugEntry, quantity: 2 });
      expect((await request(t.server).get('/api/commerce/shopping-cart').set('Cookie', cart).expect(200)).body).toMatchObject({ totalQuantity: 2 });
    }],
    ['PUT /api/commerce/shopping-cart/entries/:entryId/additionalFields', async () => {
      const res = await request(t.server).put(`${ADD_TO_CART}/${mugEntry}/additionalFields`).set('Cookie', cart)
        .send({ itemId: 'p-stoneware-mug', sku: 'MUG-SAND', additionalFields: { giftNote: 'Happy birthday' } }).expect(200);
      expect(res.body.updatedEntry).toMatchObject({ id: mugEntry, additionalFields: { giftNote: 'Happy birthday' } });
      const got = (await request(t.server).get('/api/commerce/shopping-cart').set('Cookie', cart).expect(200)).body;
      expect(got.entries[0].additionalFields).toEqual({ giftNote: 'Happy birthday' });
    }],
    ['DELETE /api/commerce/shopping-cart/entries/:entryId', async () => {
      const added = await request(t.server).post(ADD_TO_CART).set('Cookie', cart).send({ itemId: 'p-glaze-recipes', sku: 'BOOK-PDF', quantity: 1 }).expect(200);
      const res = await request(t.server).delete(`${ADD_TO_CART}/${added.body.newlyAdded.id}`).set('Cookie', cart).expect(200);
      expect(res.body.shoppingCart.entries.map((e: { id: string }) => e.id)).toEqual([mugEntry]);
      expect((await request(t.server).get('/api/commerce/shopping-cart').set('Cookie', cart).expect(200)).body).toMatchObject({ totalQuantity: 2 });
    }],
    ['POST /api/commerce/checkout', async () => {
      const stock = await variantStock(t, 'p-stoneware-mug', 'MUG-SAND');
      const res = await request(t.server).post('/api/commerce/checkout').set('Cookie', cart).send(BUYER).expect(200);
      order = res.body.order;
      expect(res.body.order).toMatchObject({ testMode: true, fulfillmentStatus: 'PENDING', items: [{ sku: 'MUG-SAND', quantity: 2 }], shippingAddress: TEST_SHIPPING_ADDRESS });
      expect(await variantStock(t, 'p-stoneware-mug', 'MUG-SAND')).toBe(stock - 2);
      expect((await request(t.server).get(`/api${res.body.orderStatusUrl}`).expect(200)).body).toEqual(res.body.order);
      expect((await request(t.server).get('/api/commerce/shopping-cart').set('Cookie', cart).expect(200)).body).toMatchObject({ totalQuantity: 0 });
      await catchUp('orders');
      expect((await t.db.query('SELECT status FROM orders WHERE order_id = $1', [order.id])).rows).toEqual([{ status: 'PENDING' }]);
    }],
    ['POST /api/commerce/orders/:orderId/fulfilment', async () => {
      const res = await as('post', `/api/commerce/orders/${order.id}/fulfilment`).send({ trackingNumber: 'PARITY-1' }).expect(200);
      expect(res.body).toMatchObject({ id: order.id, fulfillmentStatus: 'FULFILLED' });
      expect((await as('get', `/api/commerce/orders/${order.id}`).expect(200)).body.fulfillmentStatus).toBe('FULFILLED');
    }],
    ['POST /api/commerce/orders/:orderId/cancellation', async () => {
      const other = await placeOrder('p-stoneware-mug', 'MUG-SAND', 1);
      const stock = await variantStock(t, 'p-stoneware-mug', 'MUG-SAND');
      const res = await as('post', `/api/commerce/orders/${other.id}/cancellation`).send({ reason: 'Parity check' }).expect(200);
      expect(res.body).toMatchObject({ id: other.id, fulfillmentStatus: 'CANCELED' });
      expect(await variantStock(t, 'p-stoneware-mug', 'MUG-SAND')).toBe(stock + 1);
      expect((await as('get', `/api/commerce/orders/${other.id}`).expect(200)).body.fulfillmentStatus).toBe('CANCELED');
    }],
    ['POST /api/3/commerce/cart/subscription', async () => {
      const res = await request(t.server).post('/api/3/commerce/cart/subscription').send({ itemId: 'p-studio-notes', sku: 'NOTES-MONTHLY', qty: 1 }).expect(200);
      subscription = { cartToken: res.body.cartToken, cookie: cookieFrom(res, 'ss_subscription')! };
      expect(subscription.cookie).toBeDefined();
      const events = await store().readStream(subscriptionCartStreamId(subscription.cartToken));
      expect(events.length).toBeGreaterThan(0);
      const page = await request(t.server).get(`/checkout/subscription?cartToken=${subscription.cartToken}`).set('Cookie', subscription.cookie).expect(200);
      expect(page.text).toContain('Place Subscription');
    }],
    ['POST /api/commerce/subscription-checkout', async () => {
      const res = await request(t.server).post('/api/commerce/subscription-checkout').set('Cookie', subscription.cookie)
        .send({ cartToken: subscription.cartToken, email: 'ada@example.com', paymentToken: 'tok_visa' }).expect(200);
      expect(res.body.order).toMatchObject({ testMode: true, items: [{ sku: 'NOTES-MONTHLY', quantity: 1 }], subscription: { billingPeriod: { unit: 'MONTH' } } });
      expect((await as('get', `/api/commerce/orders/${res.body.order.id}`).expect(200)).body).toMatchObject({ purchasedCartId: subscription.cartToken });
    }],

    // Forms: definition, validation, a submission and its deletion.
    ['POST /api/config/forms', async () => {
      const res = await as('post', '/api/config/forms').send(FORM).expect(201);
      expect(res.body).toMatchObject({ version: 1, form: { id: FORM.id, name: 'Parity form' } });
      expect((await as('get', `/api/config/forms/${FORM.id}`).expect(200)).body.form.name).toBe('Parity form');
    }],
    ['PUT /api/config/forms/:id', async () => {
      const read = (await as('get', `/api/config/forms/${FORM.id}`).expect(200)).body.form;
      const res = await as('put', `/api/config/forms/${FORM.id}`).set('If-Match', '"1"').send({ ...read, name: 'Parity form, renamed' }).expect(200);
      expect(res.body).toMatchObject({ version: 2, form: { name: 'Parity form, renamed' } });
      expect((await as('get', `/api/config/forms/${FORM.id}`).expect(200)).body.form.name).toBe('Parity form, renamed');
    }],
    ['POST /api/rest/forms/validate/:formId', async () => {
      // Validation writes nothing: its effect is the verdict on the form as last saved.
      expect((await request(t.server).post(`/api/rest/forms/validate/${FORM.id}`).send({ email: 'ana@example.com', note: 'Hi' }).expect(200)).body).toEqual({});
    }],
    ['POST /api/form/FormSubmissionKey', async () => {
      const res = await request(t.server).post('/api/form/FormSubmissionKey').expect(200);
      submissionKey = { key: res.body.key, cookie: cookieFrom(res, FORM_VISITOR_COOKIE)! };
      expect(submissionKey.key).toEqual(expect.any(String));
      expect(submissionKey.cookie).toBeDefined();
    }],
    ['POST /api/form/SaveFormSubmission', async () => {
      const res = await request(t.server).post('/api/form/SaveFormSubmission').set('Cookie', submissionKey.cookie)
        .send({ key: submissionKey.key, formId: FORM.id, form: JSON.stringify({ email: 'ana@example.com', note: 'Written on PGlite' }), pagePath: '/contact' }).expect(200);
      expect(res.body.success).toBe(true);
      await catchUp('forms');
      const list = (await as('get', `/api/config/forms/${FORM.id}/submissions`).expect(200)).body;
      expect(list.total).toBe(1);
      expect(list.submissions[0].answers).toContainEqual({ fieldId: 'note', title: 'Note', text: 'Written on PGlite' });
      submissionId = list.submissions[0].id;
    }],
    ['DELETE /api/config/forms/:id/submissions/:submissionId', async () => {
      await as('delete', `/api/config/forms/${FORM.id}/submissions/${submissionId}`).expect(200);
      await catchUp('forms');
      expect((await as('get', `/api/config/forms/${FORM.id}/submissions`).expect(200)).body).toMatchObject({ total: 0, submissions: [] });
    }],

    // Back-in-stock notifications.
    ['PATCH /api/site-users/account/notifications/restock/settings', async () => {
      const res = await as('patch', `${RESTOCK}/settings`).send({ restockNotificationsSuccessText: 'Parity: signed up' }).expect(200);
      expect(res.body).toMatchObject({ version: 1, settings: { restockNotificationsSuccessText: 'Parity: signed up' } });
      expect((await as('get', `${RESTOCK}/settings`).expect(200)).body).toMatchObject({ version: 1, settings: { restockNotificationsSuccessText: 'Parity: signed up' } });
    }],
    ['POST /api/site-users/account/notifications/restock', async () => {
      expect((await request(t.server).post(RESTOCK).send({ ...BOWL, siteVisitorEmail: 'parity@example.com', language: 'en-US' }).expect(200)).body).toEqual({ success: true });
      await catchUp('restock');
      const list = (await as('get', `${RESTOCK}?productId=${BOWL.productId}&variantId=${BOWL.variantId}`).expect(200)).body;
      expect(list.signUps).toContainEqual(expect.objectContaining({ email: 'parity@example.com', status: 'waiting' }));
    }],
    ['POST /api/site-users/account/notifications/restock/unsubscribe', async () => {
      const { rows } = await t.db.query<{ sign_up_id: string }>('SELECT sign_up_id FROM restock_sign_ups WHERE email = $1', ['parity@example.com']);
      const link = new URL(t.app.get(RestockUnsubscribeLinks).link(rows[0]!.sign_up_id));
      const res = await request(t.server).post(link.pathname).type('form').send({ token: link.searchParams.get('token') }).expect(200);
      expect(res.text).toContain('Unsubscribed');
      await catchUp('restock');
      expect((await t.db.query('SELECT status FROM restock_sign_ups WHERE email = $1', ['parity@example.com'])).rows).toEqual([{ status: 'unsubscribed' }]);
    }],
    ['POST /api/site-users/account/notifications/restock/erase', async () => {
      expect((await as('post', `${RESTOCK}/erase`).send({ email: 'parity@example.com' }).expect(200)).body).toEqual({ erased: 1 });
      await catchUp('restock');
      const list = (await as('get', `${RESTOCK}?productId=${BOWL.productId}&variantId=${BOWL.variantId}`).expect(200)).body;
      expect(list.signUps.map((s: { email: string }) => s.email)).not.toContain('parity@example.com');
    }],
    ['POST /api/site-users/account/notifications/restock/send', async () => {
      const res = await as('post', `${RESTOCK}/send`).send(BOWL).expect(202);
      const events = await store().readStream(restockSendStreamId(res.body.requestId));
      expect(events[0]).toMatchObject({ type: 'RestockSendRequested', data: { requestId: res.body.requestId, ...BOWL } });
    }],
    ['POST /api/site-users/account/notifications/restock/send/all', async () => {
      const res = await as('post', `${RESTOCK}/send/all`).send({ sendRequests: [BOWL, { productId: 'p-stoneware-mug', variantId: 'v-mug-moss' }] }).expect(202);
      expect(res.body.requestIds).toHaveLength(2);
      for (const requestId of res.body.requestIds as string[]) {
        expect((await store().readStream(restockSendStreamId(requestId)))[0]).toMatchObject({ type: 'RestockSendRequested' });
      }
    }],

    // Census calls: each is stored on the visits streams before it is answered.
    ['POST /api/census/RecordHit', async () => {
      const data = {
        websiteId, templateId: 'tpl', website_locale: 'en-US', userAgent: CHROME, clientDate: NOW, viewportInnerWidth: 1280, viewportInnerHeight: 800,
        screenWidth: 1280, screenHeight: 800, url: 'http://shop.example/about', title: 'About', localStorageSupported: true, queryString: '', referrer: '',
        pagePath: '/about', pageType: 1, isFirstLanding: true, isFirstSession: false, sessionId: 'parity-session',
      };
      await census('/api/census/RecordHit').type('form').send({ event: 'view', data: JSON.stringify(data), ss_cvr: CENSUS }).expect(204);
      expect((await visitRows()).at(-1)).toMatchObject({ event_type: 'PageViewed', data: { path: '/about', title: 'About', websiteId } });
    }],
    ['POST /api/census/RecordQuickView/:id', async () => {
      await census('/api/census/RecordQuickView/p-stoneware-mug').set('Cookie', `ss_cvr=${encodeURIComponent(CENSUS)}`)
        .set('Referer', 'http://127.0.0.1/shop').set('Host', '127.0.0.1').expect(204);
      expect((await visitRows()).at(-1)).toMatchObject({ event_type: 'QuickViewTracked', data: { itemId: 'p-stoneware-mug', path: '/shop' } });
    }],
    ['POST /api/census/button-render', async () => {
      await census('/api/census/button-render').send({ ...censusPage(), buttonId: 'parity-button', label: 'Shop now', href: '/shop' }).expect(204);
      expect((await visitRows()).at(-1)).toMatchObject({ event_type: 'ButtonTracked', data: { action: 'render', buttonId: 'parity-button' } });
    }],
    ['POST /api/census/button-click', async () => {
      await census('/api/census/button-click').send({ ...censusPage(), buttonId: 'parity-button', label: 'Shop now' }).expect(204);
      expect((await visitRows()).at(-1)).toMatchObject({ event_type: 'ButtonTracked', data: { action: 'click', buttonId: 'parity-button' } });
    }],
    ['POST /api/census/form-render', async () => {
      await census('/api/census/form-render').send({ ...censusPage(), formId: FORM.id }).expect(204);
      expect((await visitRows()).at(-1)).toMatchObject({ event_type: 'FormRenderTracked', data: { formId: FORM.id } });
    }],
    ['POST /api/census/overlay', async () => {
      await census('/api/census/overlay').send({ ...censusPage(), action: 'submit' }).expect(204);
      expect((await visitRows()).at(-1)).toMatchObject({ event_type: 'OverlayTracked', data: { action: 'submit' } });
    }],
    ['POST /api/1/performance/records', async () => {
      const record = { app: 'storefront', event: 'web-vitals', pageLoadId: 'parity-load', ts: NOW, data: { websiteId, pagePath: '/', pageType: 1, lcp: 1800 } };
      await census('/api/1/performance/records').send([record]).expect(204);
      expect((await visitRows()).at(-1)).toMatchObject({ event_type: 'WebVitalsRecorded', data: { pageLoadId: 'parity-load', metrics: { lcp: 1800 } } });
    }],
    ['POST /api/events/RecordJavascriptErrors', async () => {
      const report = { websiteId, pagePath: '/shop', pageLoadId: 'parity-load', errors: [{ message: 'parity is not defined', stack: 'at f (app.js:1:2)', source: 'app.js', line: 1, column: 2, ts: NOW }] };
      await census('/api/events/RecordJavascriptErrors').set('X-XSRF-Token', 'anonymous').send(report).expect(202);
      const row = (await visitRows()).at(-1)!;
      expect(row.event_type).toBe('JavascriptErrorsReported');
      expect(row.data.errors).toEqual([expect.objectContaining({ message: 'parity is not defined' })]);
    }],

    // The mail outbox: a message the SMTP server refused for good, sent again.
    ['POST /api/config/mail-outbox/:id/retry', async () => {
      const subject = 'Parity: refused, then retried';
      smtp.behaviour = { kind: 'refuse-recipient', code: 550, message: 'No such mailbox' };
      try {
        await t.app.get(Mailer).send({ to: ['owner@example.com'], subject, text: 'Sent twice.' });
        await deliverUntil(subject, 'failed');
      } finally {
        smtp.behaviour = { kind: 'accept' };
      }
      const failed = (await outboxMessage(subject))!;
      const res = await as('post', `/api/config/mail-outbox/${failed.id}/retry`).expect(200);
      expect(res.body.message).toMatchObject({ id: failed.id, status: expect.stringMatching(/^(queued|sending|sent)$/) });
      await deliverUntil(subject, 'sent');
      expect(await outboxMessage(subject)).toMatchObject({ attempts: 2, lastError: null });
      expect(smtp.received.map((m) => m.subject)).toContain(subject);
    }],

    // Last: signs out the session the first case opened.
    ['DELETE /api/config/session', async () => {
      const res = await as('delete', '/api/config/session', session).expect(204);
      expect(cookieFrom(res, 'owner_session')).toBe('owner_session=');
      expect((await request(t.server).get('/api/config/session').set('Cookie', session.cookie)).status).toBe(401);
      // The admin's own session is another and stays.
      expect((await as('get', '/api/config/session').expect(200)).body.owner.email).toBe(TEST_ADMIN.email);
    }],
  ];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp('pglite', { SMTP_URL: smtp.url, MAIL_FROM: 'Parity <shop@example.com>', MAIL_POLL_INTERVAL_MS: '0', RESTOCK_RATE_LIMIT_BURST: '0' });
    websiteId = (await t.app.get(WebsiteDirectory).current()).websiteId;
    products = `/api/content-service/product/1.1/websites/${websiteId}/products`;
    admin = await signIn(t.server);
    // Every write route the app serves has exactly one case here.
    const routes = cases.map(([route]) => route);
    expect(routes.filter((route, i) => routes.indexOf(route) !== i)).toEqual([]);
    expect([...routes].sort()).toEqual(appRoutes(t.app).filter(isWrite));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  for (const [route, run] of cases) it(route, run);
});

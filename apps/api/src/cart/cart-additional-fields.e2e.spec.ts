import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import type { ProjectionRunner } from '@storefront/projections';
import request from 'supertest';
import { PROJECTION_RUNNER } from '../infrastructure/database/tokens';
import { startTestApp, type TestApp } from '../../test/test-app';
import { ownerProductsPath, signIn, type OwnerSession } from '../../test/store-fixtures';

/**
 * Issue 14 part 7: a product with an additional-fields form. The demo's Wheel Throwing Class asks
 * the demo form 'form-class-signup'; its answers are checked by the forms' validation on the
 * server, kept with the entry and shown, escaped, on the cart, checkout and order pages.
 */
const ADD = '/api/commerce/shopping-cart/entries';
const CLASS = { itemId: 'p-throwing-class', sku: 'CLASS-SAT', quantity: 1 };
const ANSWERS = {
  student: { first: 'Ana', last: '<b>Lima</b>' },
  email: 'ana@example.com',
  experience: 'First time',
  notes: '<script>alert(1)</script>',
  safety: ['I will wear closed shoes and clothes that can get muddy'],
};

describeOnHttpDriver('additional fields of a product form over HTTP', (driver) => {
  let t: TestApp;
  let owner: OwnerSession;
  beforeAll(async () => {
    t = await startTestApp(driver);
    owner = await signIn(t.server);
    await t.app.get<ProjectionRunner>(PROJECTION_RUNNER).catchUp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const eventCount = async () => Number((await t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM events')).rows[0]!.n);
  const cookieOf = (res: request.Response) =>
    ([] as string[]).concat(res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!).find((c) => c.startsWith('ss_cart='))!;

  it('the product page context carries the form definition as additionalFieldsForm, and the page prints it for the lightbox', async () => {
    const res = await request(t.server).get('/shop/p/wheel-throwing-class?format=json').expect(200);
    const content = res.body.item.structuredContent;
    expect(content.additionalFieldsFormId).toBe('form-class-signup');
    expect(content.additionalFieldsForm).toMatchObject({ id: 'form-class-signup', name: 'Class sign-up', fields: expect.arrayContaining([expect.objectContaining({ id: 'email', type: 'email' })]) });
    expect(content.additionalFieldsForm).not.toHaveProperty('storage');
    const html = (await request(t.server).get('/shop/p/wheel-throwing-class').expect(200)).text;
    const data = /data-product="([^"]*)"/.exec(html)![1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
    expect(JSON.parse(data).additionalFieldsForm).toMatchObject({ id: 'form-class-signup', submitButtonText: 'Book my seat' });
  });

  it('refuses an add without answers or with wrong ones: 400 with the forms\' messages per field, nothing appended', async () => {
    const before = await eventCount();
    const none = await request(t.server).post(ADD).send({ ...CLASS, additionalFields: null });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({
      error: 'FORM_INVALID',
      message: 'One or more fields is invalid, please check your entries.',
      field: 'additionalFields',
      errors: { student: 'Required', email: 'Required', experience: 'Required', safety: 'Required' },
    });
    const wrong = await request(t.server).post(ADD).send({ ...CLASS, additionalFields: { ...ANSWERS, email: 'ana@', experience: 'Expert' } });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.errors).sort()).toEqual(['email', 'experience']);
    const tooBig = await request(t.server).post(ADD).send({ ...CLASS, additionalFields: { ...ANSWERS, notes: 'x'.repeat(10_001) } });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error).toBe('INVALID_REQUEST');
    const overMax = await request(t.server).post(ADD).send({ ...CLASS, additionalFields: { ...ANSWERS, notes: 'x'.repeat(501) } });
    expect(overMax.body).toMatchObject({ error: 'FORM_INVALID', errors: { notes: 'You have exceeded the character limit.' } });
    expect(await eventCount()).toBe(before);
  });

  it('adds with valid answers (kept as the form summary), concurrent adds stay separate entries, PUT is checked too', async () => {
    const first = await request(t.server).post(ADD).send({ ...CLASS, additionalFields: ANSWERS }).expect(200);
    expect(first.body.newlyAdded.additionalFields).toMatchObject({
      formId: 'form-class-signup',
      fields: [
        { id: 'student', rawTitle: 'Student name', value: 'Ana <b>Lima</b>' },
        { id: 'email', rawTitle: 'Email', value: 'ana@example.com' },
        { id: 'experience', value: 'First time' },
        { id: 'notes', value: '<script>alert(1)</script>' },
        { id: 'safety', rawTitle: 'Studio rules' },
      ],
    });
    const cookie = cookieOf(first);
    const again = await Promise.all([1, 2].map(() => request(t.server).post(ADD).set('Cookie', cookie).send({ ...CLASS, additionalFields: { ...ANSWERS, email: 'bo@example.com' } })));
    expect(again.map((r) => r.status)).toEqual([200, 200]);
    const cart = (await request(t.server).get('/api/commerce/shopping-cart').set('Cookie', cookie).expect(200)).body;
    expect(cart.entries).toHaveLength(3);
    expect(cart.totalQuantity).toBe(3);

    const entryId = first.body.newlyAdded.id as string;
    const put = (additionalFields: unknown) => request(t.server).put(`${ADD}/${entryId}/additionalFields`).set('Cookie', cookie).send({ itemId: CLASS.itemId, sku: CLASS.sku, additionalFields });
    const refused = await put({ email: 'ana@example.com' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('FORM_INVALID');
    const changed = await put({ ...ANSWERS, experience: 'A few classes' }).expect(200);
    expect(changed.body.updatedEntry.additionalFields.fields.find((f: { id: string }) => f.id === 'experience').value).toBe('A few classes');
    // Back to the first answers for the pages below.
    await put(ANSWERS).expect(200);
    await request(t.server).delete(`${ADD}/${again[0]!.body.newlyAdded.id}`).set('Cookie', cookie).expect(200);
    await request(t.server).delete(`${ADD}/${again[1]!.body.newlyAdded.id}`).set('Cookie', cookie).expect(200);

    // The cart and checkout pages print the answers as text (escaped).
    for (const path of ['/cart', '/checkout']) {
      const html = (await request(t.server).get(path).set('Cookie', cookie).expect(200)).text;
      expect(html).toContain('<span class="line-fields__label">Student name:</span> Ana &lt;b&gt;Lima&lt;/b&gt;');
      expect(html).toContain('<span class="line-fields__label">Experience at the wheel:</span> First time');
      expect(html).not.toContain('<script>alert(1)</script>');
    }

    // Checkout: the order keeps them; the order status page and the owner's order show them.
    const paid = await request(t.server).post('/api/commerce/checkout').set('Cookie', cookie).send({ email: 'ana@example.com', paymentToken: 'tok_visa' });
    expect(paid.status).toBe(200);
    expect(paid.body.order.items[0].additionalFields).toEqual(expect.arrayContaining([
      { label: 'Student name', value: 'Ana <b>Lima</b>', caption: 'Student name:' },
      { label: 'Anything we should know?', value: '<script>alert(1)</script>', caption: 'Anything we should know?' },
    ]));
    const status = (await request(t.server).get(paid.body.orderStatusUrl).expect(200)).text;
    expect(status).toContain('<span class="line-fields__label">Studio rules:</span> I will wear closed shoes and clothes that can get muddy');
    expect(status).toContain('Ana &lt;b&gt;Lima&lt;/b&gt;');
    expect(status).not.toContain('<script>alert(1)</script>');
    await t.app.get<ProjectionRunner>(PROJECTION_RUNNER).catchUp();
    const owned = await request(t.server).get(`/api/commerce/orders/${paid.body.order.id}`).set('Cookie', owner.cookie).set('X-XSRF-Token', owner.xsrf).expect(200);
    const items = (owned.body.order ?? owned.body).items;
    expect(items[0].additionalFields).toContainEqual({ label: 'Experience at the wheel', value: 'First time', caption: 'Experience at the wheel:' });
  });

  it('the owner sets a product\'s form only to one of the site\'s forms (400 otherwise), or to none', async () => {
    const products = await ownerProductsPath(t);
    const put = (body: object) => request(t.server).put(`${products}/p-glaze-recipes`).set('Cookie', owner.cookie).set('X-XSRF-Token', owner.xsrf).send(body);
    for (const formId of ['no-such-form', 'bad id!']) {
      const before = await eventCount();
      const refused = await put({ additionalFieldsFormId: formId });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: 'ADDITIONAL_FIELDS_FORM_NOT_FOUND', field: 'additionalFieldsFormId' });
      expect(await eventCount()).toBe(before);
    }
    const created = await request(t.server).post(products).set('Cookie', owner.cookie).set('X-XSRF-Token', owner.xsrf)
      .send({ productType: 'DIGITAL', title: 'Formless', additionalFieldsFormId: 'no-such-form', variants: [{ sku: 'FORMLESS', priceCents: 100 }] });
    expect(created.body.error).toBe('ADDITIONAL_FIELDS_FORM_NOT_FOUND');
    expect((await put({ additionalFieldsFormId: 'contact-form' })).body.product.additionalFieldsFormId).toBe('contact-form');
    expect((await put({ additionalFieldsFormId: null })).body.product.additionalFieldsFormId).toBeNull();
    // The cart reads the catalog's read model: once it has the change, the book adds without a form again.
    await t.app.get<ProjectionRunner>(PROJECTION_RUNNER).catchUp();
  });

  it('a product without a form takes any object, as before', async () => {
    const res = await request(t.server).post(ADD).send({ itemId: 'p-glaze-recipes', sku: 'BOOK-PDF', quantity: 1, additionalFields: { engraving: 'A' } }).expect(200);
    expect(res.body.newlyAdded.additionalFields).toEqual({ engraving: 'A' });
  });
});

import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import type { ProjectionRunner } from '@storefront/projections';
import request from 'supertest';
import { ownerWithRoles } from '../../test/owner-accounts';
import { signIn, type OwnerSession } from '../../test/store-fixtures';
import { startTestApp, type TestApp } from '../../test/test-app';
import { PROJECTION_RUNNER } from '../infrastructure/database/tokens';

const BASE = '/api/site-users/account/notifications/restock';
const BOWL = { productId: 'p-serving-bowl', variantId: 'v-bowl' };

describeOnHttpDriver('back-in-stock sign-ups and restock lists over HTTP (issue 15)', (driver) => {
  let t: TestApp;
  let owner: OwnerSession;
  const catchUp = () => t.app.get<ProjectionRunner>(PROJECTION_RUNNER).catchUp();
  const signUp = (body: Record<string, unknown>) => request(t.server).post(BASE).send(body);
  const as = (session: OwnerSession, method: 'get' | 'post' | 'patch', url: string) =>
    request(t.server)[method](url).set('Cookie', session.cookie).set('X-XSRF-Token', session.xsrf);
  const eventCount = async (type: string) => Number((await t.db.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE event_type = $1`, [type])).rows[0]!.n);

  beforeAll(async () => {
    t = await startTestApp(driver, { RESTOCK_RATE_LIMIT_BURST: '0' });
    owner = await signIn(t.server);
  });
  afterAll(() => t?.close());

  it('signs a visitor up for a sold-out variant; twice is accepted and kept once', async () => {
    const before = await eventCount('RestockSignedUp');
    expect((await signUp({ ...BOWL, siteVisitorEmail: 'Ada@Example.com', isJoinMailingList: true, language: 'en-US' })).body).toEqual({ success: true });
    expect((await signUp({ ...BOWL, siteVisitorEmail: 'ada@example.com ' })).status).toBe(200);
    expect(await eventCount('RestockSignedUp')).toBe(before + 1);
    await catchUp();
    const list = await as(owner, 'get', `${BASE}?productId=p-serving-bowl&variantId=v-bowl`).expect(200);
    expect(list.body.signUps).toMatchObject([{ email: 'ada@example.com', language: 'en-US', joinedMailingList: true, status: 'waiting' }]);
    expect(list.body).toMatchObject({ hasNextPage: false, nextPageCursor: null });
    // Opted in: the address is on the mailing list, once.
    expect((await t.db.query(`SELECT email, form_id FROM mailing_list WHERE email = 'ada@example.com'`)).rows).toEqual([{ email: 'ada@example.com', form_id: 'restock' }]);
  });

  it("reads and changes the store's restock settings; the product page shows them", async () => {
    const read = await as(owner, 'get', `${BASE}/settings`).expect(200);
    expect(read.body).toEqual({
      version: 0,
      settings: {
        restockNotificationsSuccessText: 'Signed up!', automaticSendOnRestock: false,
        restockNotificationMessages: { buttonText: 'Sign Up', CTAText: 'Get notified by email when this product is back in stock', placeholderText: 'Your Email', mailingListDescription: 'Subscribe to our mailing list' },
      },
    });
    const changed = await as(owner, 'patch', `${BASE}/settings`)
      .send({ restockNotificationsSuccessText: 'Thanks <b>& see you</b>', restockNotificationMessages: { buttonText: 'Notify me' } }).expect(200);
    expect(changed.body).toMatchObject({ version: 1, settings: { restockNotificationsSuccessText: 'Thanks <b>& see you</b>', restockNotificationMessages: { buttonText: 'Notify me', placeholderText: 'Your Email' } } });
    // The same again records nothing.
    expect((await as(owner, 'patch', `${BASE}/settings`).send({ restockNotificationMessages: { buttonText: 'Notify me' } }).expect(200)).body.version).toBe(1);
    await catchUp();
    const page = await request(t.server).get('/shop/p/large-serving-bowl').expect(200);
    expect(page.text).toContain('data-success-text="Thanks &lt;b&gt;&amp; see you&lt;/b&gt;"');
    expect(page.text).toContain('data-bot-check="none"');
    expect(page.text).toMatch(/<button class="button" type="submit">Notify me<\/button>/);
    await as(owner, 'patch', `${BASE}/settings`).send({ restockNotificationsSuccessText: 'Signed up!', restockNotificationMessages: { buttonText: 'Sign Up' } }).expect(200);
  });

  it.each([
    [[1]], [{ restockNotificationsSuccessText: '' }], [{ restockNotificationsSuccessText: 'x'.repeat(301) }], [{ restockNotificationsSuccessText: 'a\nb' }],
    [{ restockNotificationMessages: { buttonText: 'x'.repeat(41) } }], [{ restockNotificationMessages: { nope: 'x' } }], [{ restockNotificationMessages: 'x' }],
    [{ automaticSendOnRestock: 'yes' }], [{ somethingElse: true }],
  ])('refuses settings %j with 400 and records nothing', async (body) => {
    const before = await eventCount('RestockSettingsChanged');
    expect((await as(owner, 'patch', `${BASE}/settings`).send(body)).status).toBe(400);
    expect(await eventCount('RestockSettingsChanged')).toBe(before);
  });

  it.each([
    [{ ...BOWL, siteVisitorEmail: '' }, 400, 'Email cannot be blank'],
    [{ ...BOWL }, 400, 'Email cannot be blank'],
    [{ ...BOWL, siteVisitorEmail: 'not-an-email' }, 400, 'Email is invalid'],
    [{ ...BOWL, siteVisitorEmail: `${'a'.repeat(300)}@example.com` }, 400, 'Email is invalid'],
    [{ productId: 'p-serving-bowl', siteVisitorEmail: 'a@example.com' }, 400, undefined],
    [{ ...BOWL, siteVisitorEmail: 'a@example.com', isJoinMailingList: 'yes' }, 400, undefined],
    [{ ...BOWL, siteVisitorEmail: 'a@example.com', language: '"><script>' }, 400, undefined],
    [{ productId: 'p-linen-apron', variantId: 'v-apron-indigo-l', siteVisitorEmail: 'a@example.com' }, 404, 'Back-in-stock notifications are not offered for this item.'],
    [{ productId: 'p-serving-bowl', variantId: 'v-nope', siteVisitorEmail: 'a@example.com' }, 404, undefined],
    [{ productId: 'p-nope', variantId: 'v-bowl', siteVisitorEmail: 'a@example.com' }, 404, undefined],
  ])('refuses %j with %i', async (body, status, message) => {
    const before = await eventCount('RestockSignedUp');
    const res = await signUp(body);
    expect(res.status).toBe(status);
    if (message) expect(res.body.message).toBe(message);
    expect(await eventCount('RestockSignedUp')).toBe(before);
  });

  it('refuses a body that is no JSON object', async () => {
    expect((await request(t.server).post(BASE).set('Content-Type', 'application/json').send('[1]')).status).toBe(400);
    expect((await request(t.server).post(BASE).set('Content-Type', 'application/json').send('{bad')).status).toBe(400);
  });

  it('keeps one row for many concurrent sign-ups of one address, and one per address', async () => {
    const same = await Promise.all(Array.from({ length: 8 }, () => signUp({ ...BOWL, siteVisitorEmail: 'same@example.com' })));
    expect(same.map((r) => r.status)).toEqual(Array(8).fill(200));
    const many = await Promise.all(Array.from({ length: 20 }, (_v, i) => signUp({ ...BOWL, siteVisitorEmail: `buyer${i}@example.com` })));
    expect(many.every((r) => r.status === 200)).toBe(true);
    await catchUp();
    const { rows } = await t.db.query<{ email: string; n: string }>(`SELECT email, count(*) AS n FROM restock_sign_ups GROUP BY email HAVING count(*) > 1`);
    expect(rows).toEqual([]);
    const groups = await as(owner, 'get', `${BASE}/groups`).expect(200);
    expect(groups.body.signUpGroups).toEqual([
      { productId: 'p-serving-bowl', variantId: 'v-bowl', productName: 'Large Serving Bowl', variantLabel: 'BOWL-L', waiting: 22, queued: 0, notified: 0, stock: { unlimited: false, qtyInStock: 0 } },
    ]);
  });

  it('pages one variant\'s sign-ups by cursor and refuses a bad cursor', async () => {
    const seen: string[] = [];
    let cursor = '';
    for (;;) {
      const page = await as(owner, 'get', `${BASE}?productId=p-serving-bowl&variantId=v-bowl&cursor=${cursor}`).expect(200);
      seen.push(...page.body.signUps.map((s: { email: string }) => s.email));
      if (!page.body.hasNextPage) break;
      cursor = page.body.nextPageCursor;
    }
    expect(seen).toHaveLength(22);
    for (const bad of ['abc', '-1', '1e5', '%5B%5D']) expect((await as(owner, 'get', `${BASE}?productId=p&variantId=v&cursor=${bad}`)).status).toBe(400);
    expect((await as(owner, 'get', `${BASE}/groups?cursor=nope`)).status).toBe(400);
    expect((await as(owner, 'get', `${BASE}?variantId=v`)).status).toBe(400);
  });

  it('exports a variant\'s sign-ups as CSV whose cells are never formulas', async () => {
    await signUp({ ...BOWL, siteVisitorEmail: '-2+3@example.com' });
    await catchUp();
    const res = await as(owner, 'get', `${BASE}/export.csv?productId=p-serving-bowl&variantId=v-bowl`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe('"email","language","mailing list","status","signed up","notified"');
    expect(lines).toHaveLength(24);
    expect(lines.some((l) => l.startsWith(`"'-2+3@example.com"`))).toBe(true);
  });

  it('records a send request for a variant and for several; refuses bad ones', async () => {
    const one = await as(owner, 'post', `${BASE}/send`).send(BOWL).expect(202);
    expect(one.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const all = await as(owner, 'post', `${BASE}/send/all`).send({ sendRequests: [BOWL, { productId: 'p-stoneware-mug', variantId: 'v-mug-moss' }] }).expect(202);
    expect(all.body.requestIds).toHaveLength(2);
    expect(await eventCount('RestockSendRequested')).toBe(3);
    for (const body of [{}, { sendRequests: [] }, { sendRequests: [{ productId: 'p' }] }, { sendRequests: 'x' }, { sendRequests: Array(501).fill(BOWL) }]) {
      expect((await as(owner, 'post', `${BASE}/send/all`).send(body)).status).toBe(400);
    }
    expect((await as(owner, 'post', `${BASE}/send`).send({ productId: 'p' })).status).toBe(400);
    expect(await eventCount('RestockSendRequested')).toBe(3);
  });

  it('erases a person: the address leaves the lists and the export', async () => {
    expect((await as(owner, 'post', `${BASE}/erase`).send({ email: 'ADA@example.com' }).expect(200)).body).toEqual({ erased: 1 });
    await catchUp();
    expect((await t.db.query(`SELECT 1 FROM mailing_list WHERE email = 'ada@example.com'`)).rows).toEqual([]);
    const list = await as(owner, 'get', `${BASE}?productId=p-serving-bowl&variantId=v-bowl`).expect(200);
    expect(list.body.signUps.map((s: { email: string }) => s.email)).not.toContain('ada@example.com');
    const csv = await as(owner, 'get', `${BASE}/export.csv?productId=p-serving-bowl&variantId=v-bowl`).expect(200);
    expect(csv.text).not.toContain('ada@example.com');
    expect((await as(owner, 'post', `${BASE}/erase`).send({ email: 'ada@example.com' }).expect(200)).body).toEqual({ erased: 0 });
    expect((await as(owner, 'post', `${BASE}/erase`).send({ email: '' })).status).toBe(400);
  });

  it('lets only restock.manage read and send: 401 anonymous, 403 for an editor', async () => {
    expect((await request(t.server).get(`${BASE}/groups`)).status).toBe(401);
    const editor = await ownerWithRoles(t, 'restock-editor@example.com', ['editor']);
    expect((await as(editor, 'get', `${BASE}/groups`)).status).toBe(403);
    expect((await as(editor, 'post', `${BASE}/send`).send(BOWL)).status).toBe(403);
    expect((await as(editor, 'get', `${BASE}/settings`)).status).toBe(403);
    expect((await as(editor, 'patch', `${BASE}/settings`).send({ automaticSendOnRestock: true })).status).toBe(403);
    const manager = await ownerWithRoles(t, 'restock-manager@example.com', ['store manager']);
    expect((await as(manager, 'get', `${BASE}/groups`)).status).toBe(200);
  });
});

describeOnHttpDriver('back-in-stock sign-up limits (issue 15)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver, { RESTOCK_RATE_LIMIT_BURST: '3', RESTOCK_RATE_LIMIT_PER_SECOND: '0.01', RESTOCK_BOT_CHECK: 'altcha' });
  });
  afterAll(() => t?.close());

  it('asks for the bot check, then limits an address to its burst with 429', async () => {
    const res = await request(t.server).post(BASE).send({ ...BOWL, siteVisitorEmail: 'a@example.com' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Complete CAPTCHA before submitting.');
    for (let i = 0; i < 2; i++) expect((await request(t.server).post(BASE).send({ ...BOWL, siteVisitorEmail: 'a@example.com', recaptchaEnterpriseV3Token: 'bogus' })).status).toBe(400);
    expect((await request(t.server).post(BASE).send({ ...BOWL, siteVisitorEmail: 'a@example.com' })).status).toBe(429);
  });
});

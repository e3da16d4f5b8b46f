import { CommandBus } from '@nestjs/cqrs';
import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import type { ProjectionRunner } from '@storefront/projections';
import request from 'supertest';
import { appIdle } from '../../test/app-idle';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { ownerProductsPath, signIn, type OwnerSession } from '../../test/store-fixtures';
import { startTestApp, type TestApp } from '../../test/test-app';
import { PROJECTION_RUNNER } from '../infrastructure/database/tokens';
import { RequestRestockSendCommand } from './commands/request-restock-send.command';

const BASE = '/api/site-users/account/notifications/restock';
const BOWL = { productId: 'p-serving-bowl', variantId: 'v-bowl' };

describeOnHttpDriver('sending back-in-stock notifications through SMTP (issue 15)', (driver) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let owner: OwnerSession;
  const catchUp = () => t.app.get<ProjectionRunner>(PROJECTION_RUNNER).catchUp();
  const as = (method: 'get' | 'post', url: string) => request(t.server)[method](url).set('Cookie', owner.cookie).set('X-XSRF-Token', owner.xsrf);
  const signUp = (email: string, extra: Record<string, unknown> = {}) => request(t.server).post(BASE).send({ ...BOWL, siteVisitorEmail: email, ...extra }).expect(200);
  const statuses = async () => {
    await catchUp();
    const { rows } = await t.db.query<{ email: string; status: string }>(`SELECT email, status FROM restock_sign_ups ORDER BY email`);
    return Object.fromEntries(rows.map((r) => [r.email, r.status]));
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(driver, { SMTP_URL: smtp.url, MAIL_FROM: 'Clay <shop@example.com>', MAIL_RETRY_BASE_MS: '50', MAIL_POLL_INTERVAL_MS: '100', RESTOCK_RATE_LIMIT_BURST: '0' });
    owner = await signIn(t.server);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('mails each waiting sign-up once, in its language, with the product, price, link and a working unsubscribe link', async () => {
    await signUp('ada@example.com', { language: 'fr-CA' });
    await signUp('bob@example.com');
    await signUp('cy@example.com');
    await catchUp();
    await as('post', `${BASE}/send`).send(BOWL).expect(202);
    const mails = await smtp.waitForMessages(3, 40_000);
    const byTo = Object.fromEntries(mails.map((m) => [m.to[0], m]));
    expect(byTo['ada@example.com']!.subject).toBe('Large Serving Bowl est de nouveau en stock');
    const bob = byTo['bob@example.com']!;
    expect(bob.subject).toBe('Large Serving Bowl is back in stock');
    expect(bob.text).toContain('Price: $64.00');
    expect(bob.text).toMatch(/Shop now: http:\/\/[^\s]+\/shop\/p\/large-serving-bowl/);
    expect(bob.html).toMatch(/<img src="http:\/\/[^"]+\/static\/images\/img-serving-bowl\//);
    expect(bob.messageId).toMatch(/^<[^@]+@storefront\.mail>$/);
    await appIdle(t.app);
    expect(Object.values(await statuses()).every((s) => s === 'notified')).toBe(true);

    // The link: a GET changes nothing; the button (POST) unsubscribes; a made-up token is 404.
    const link = new URL(/Stop these notifications: (\S+)/.exec(bob.text)![1]!);
    const page = await request(t.server).get(`${link.pathname}${link.search}`).expect(200);
    expect(page.text).toContain('<form method="post">');
    await signUp('bob@example.com'); // notified → signs up again, waiting
    expect((await statuses())['bob@example.com']).toBe('waiting');
    await request(t.server).post(link.pathname).type('form').send({ token: link.searchParams.get('token') }).expect(200);
    expect((await statuses())['bob@example.com']).toBe('unsubscribed');
    expect((await request(t.server).get(`${link.pathname}?token=${'0'.repeat(32)}.${'A'.repeat(43)}`)).status).toBe(404);
    expect((await request(t.server).post(link.pathname).type('form').send({ token: 'nope' })).status).toBe(404);

    // A second send finds nobody waiting: no more mail.
    await as('post', `${BASE}/send`).send(BOWL).expect(202);
    await appIdle(t.app);
    expect(Number((await t.db.query<{ n: string }>(`SELECT count(*) AS n FROM restock_sends WHERE status = 'completed'`)).rows[0]!.n)).toBe(2);
    expect(smtp.received).toHaveLength(3);
  });

  it('sends at most `limit` when a send has one (an automatic send of the units back), keeping the rest waiting', async () => {
    const before = smtp.received.length;
    for (let i = 0; i < 10; i++) await signUp(`wait${i}@example.com`);
    await catchUp();
    await t.app.get(CommandBus).execute(new RequestRestockSendCommand(
      { commandId: '7f6d8e2a-1b3c-4d5e-8f90-a1b2c3d4e5f6', commandIdIsNew: true, correlationId: 'test', causationId: null, actor: { kind: 'system', id: 'test' }, requestId: 'test' },
      { requestId: 'auto-1', ...BOWL, limit: 3, automatic: true },
    ));
    await smtp.waitForMessages(before + 3, 40_000);
    await appIdle(t.app);
    expect((await t.db.query(`SELECT 1 FROM restock_sends WHERE request_id = 'auto-1' AND status = 'completed'`)).rows).toHaveLength(1);
    expect(smtp.received.length - before).toBe(3);
    const s = await statuses();
    expect(Object.entries(s).filter(([email, status]) => email.startsWith('wait') && status === 'waiting')).toHaveLength(7);
  });
});

describeOnHttpDriver('the automatic send when stock comes back (issue 15)', (driver) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let owner: OwnerSession;
  let bowlStock: string;
  const catchUp = () => t.app.get<ProjectionRunner>(PROJECTION_RUNNER).catchUp();
  const as = (method: 'get' | 'post' | 'put' | 'patch', url: string) => request(t.server)[method](url).set('Cookie', owner.cookie).set('X-XSRF-Token', owner.xsrf);
  const signUp = (email: string) => request(t.server).post(BASE).send({ ...BOWL, siteVisitorEmail: email }).expect(200);
  const waiting = async () => {
    await catchUp();
    return Number((await t.db.query<{ n: string }>(`SELECT count(*) AS n FROM restock_sign_ups WHERE status = 'waiting'`)).rows[0]!.n);
  };
  const automaticSends = async () => (await t.db.query<{ send_limit: number | null; status: string; queued: number | null }>(
    `SELECT send_limit, status, queued FROM restock_sends WHERE automatic ORDER BY requested_at`,
  )).rows;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(driver, { SMTP_URL: smtp.url, MAIL_FROM: 'Clay <shop@example.com>', MAIL_RETRY_BASE_MS: '50', MAIL_POLL_INTERVAL_MS: '100', RESTOCK_RATE_LIMIT_BURST: '0' });
    owner = await signIn(t.server);
    bowlStock = `${await ownerProductsPath(t)}/p-serving-bowl/variants/BOWL-L/stock`;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('sends nothing by itself while the setting is off (the default)', async () => {
    for (let i = 0; i < 10; i++) await signUp(`w${i}@example.com`);
    await as('put', bowlStock).send({ qtyInStock: 2 }).expect(200);
    await as('put', bowlStock).send({ qtyInStock: 0 }).expect(200);
    await appIdle(t.app);
    expect(await automaticSends()).toEqual([]);
    expect(smtp.received).toHaveLength(0);
    expect(await waiting()).toBe(10);
  });

  it('3 units back and 10 waiting: exactly 3 mails, the 7 others still waiting; once per restock', async () => {
    await as('patch', `${BASE}/settings`).send({ automaticSendOnRestock: true }).expect(200);
    await as('put', bowlStock).send({ qtyInStock: 3 }).expect(200);
    const mails = await smtp.waitForMessages(3, 40_000);
    await appIdle(t.app);
    expect(smtp.received).toHaveLength(3);
    // Oldest sign-ups first.
    expect(mails.map((m) => m.to[0]).sort()).toEqual(['w0@example.com', 'w1@example.com', 'w2@example.com']);
    expect(await automaticSends()).toEqual([{ send_limit: 3, status: 'completed', queued: 3 }]);
    expect(await waiting()).toBe(7);

    // More stock while some are left: not a restock (it was not sold out), nothing more.
    await as('put', bowlStock).send({ qtyInStock: 5 }).expect(200);
    // Sold out, then 2 back: 2 more.
    await as('put', bowlStock).send({ qtyInStock: 0 }).expect(200);
    await as('put', bowlStock).send({ qtyInStock: 2 }).expect(200);
    await smtp.waitForMessages(5, 40_000);
    await appIdle(t.app);
    expect((await automaticSends()).filter((s) => s.status === 'completed')).toHaveLength(2);
    expect(smtp.received).toHaveLength(5);
    expect(await waiting()).toBe(5);
    expect(new Set(smtp.received.map((m) => m.to[0])).size).toBe(5);
  });

  it('records the send once however often the worker handles the stock event (its id comes from the event)', async () => {
    const { rows } = await t.db.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE event_type = 'RestockSendRequested'`);
    // Handle every inventory event again from the start of the log, as after a crash before the checkpoint moved.
    await t.db.query(`UPDATE checkpoints SET transaction_id = '0'::xid8, global_position = 0 WHERE name = 'restock-automatic-sends'`);
    // Its next round (which idle waits for) goes over the log again from the start.
    await appIdle(t.app);
    expect((await t.db.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE event_type = 'RestockSendRequested'`)).rows[0]!.n).toBe(rows[0]!.n);
    expect(smtp.received).toHaveLength(5);
  });
});

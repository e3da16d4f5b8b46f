import { openDatabase, type Database } from '@storefront/eventstore';
import { createTestDatabase, type TestDatabase } from '@storefront/eventstore/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { startBuiltServer, startBuiltWorker, waitForProjections, type RunningServer, type RunningWorker } from '../../test/built-app';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';

/**
 * Issue 15's crash test, as real processes against a real SMTP server: 2,000 visitors wait for
 * the sold-out bowl; the owner sends; the process that runs the workers and the mail sender is
 * killed with SIGKILL halfway through the mails and started again. Every address must get its
 * mail; an address gets a second copy only when the kill fell between the SMTP server's
 * acceptance and the outbox's record of it (at most the messages in flight at the kill: the ones
 * the outbox holds as 'sending'), and the copy has the same Message-ID.
 *
 * With DATABASE_URL: the production topology, a ROLE=api server and a ROLE=worker on a scratch
 * database, and the worker is killed. Without: one ROLE=all server on PGlite, which is killed.
 * Needs the built app (`npm run build`).
 */
const SIGN_UPS = 2000;
const CONCURRENCY = 16;
const RESTOCK = '/api/site-users/account/notifications/restock';
const BOWL = { productId: 'p-serving-bowl', variantId: 'v-bowl' };

const started = Date.now();
const progress = (what: string) => process.stderr.write(`restock crash [${((Date.now() - started) / 1000).toFixed(0)} s]: ${what}\n`);

/** Long: on a loaded shared machine the SMTP round trips alone have taken 40 ms a mail (80 s for all of them). */
async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 150_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const onServer = Boolean(process.env.DATABASE_URL);

describe(`a send-all survives kill -9 of the worker (${onServer ? 'api + worker on PostgreSQL' : 'one process on PGlite'})`, () => {
  let smtp: TestSmtpServer;
  let database: TestDatabase | null = null;
  let dataDir: string | null = null;
  let api: RunningServer | null = null;
  let worker: RunningWorker | null = null;
  let env: Record<string, string>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    env = {
      LOG_LEVEL: 'silent', SMTP_URL: smtp.url, MAIL_FROM: 'Clay <shop@example.com>', MAIL_POLL_INTERVAL_MS: '100', MAIL_CLAIM_SECONDS: '2',
      MAIL_RETRY_BASE_MS: '100', RESTOCK_RATE_LIMIT_BURST: '0',
    };
    if (onServer) {
      database = await createTestDatabase('postgres');
      env.DATABASE_URL = database.url!;
    } else {
      dataDir = await mkdtemp(join(tmpdir(), 'storefront-restock-crash-'));
      env.DATA_DIR = dataDir;
    }
  });
  afterAll(async () => {
    await worker?.kill('SIGTERM');
    await api?.stop();
    await database?.dispose();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    await smtp?.stop();
  });

  /** The outbox as the database has it, read while no process of ours holds a PGlite directory. */
  async function withDatabase<T>(read: (db: Database) => Promise<T>): Promise<T> {
    if (database) return read(database.db);
    const db = await openDatabase({ dataDir: dataDir! });
    try {
      return await read(db);
    } finally {
      await db.close();
    }
  }

  it('mails every address; a copy only for a mail in flight at the kill, with the same Message-ID', async () => {
    const startWorkers = async () => {
      if (onServer) worker = await startBuiltWorker(env);
      else api = await startBuiltServer({ ...env, ROLE: 'all' });
    };
    if (onServer) api = await startBuiltServer({ ...env, ROLE: 'api' });
    await startWorkers();
    // The api process seeded the demo without projecting it (ROLE=api): the worker's catalog must
    // know the bowl before a sign-up for it is accepted (404 before then, as for an unknown product).
    if (onServer) await waitForProjections((sql) => database!.db.query<{ behind: number }>(sql));
    const url = () => api!.url;

    // 2,000 sign-ups through the endpoint, 16 at a time.
    const emails = Array.from({ length: SIGN_UPS }, (_v, i) => `waiting-${String(i).padStart(4, '0')}@example.com`);
    for (let i = 0; i < emails.length; i += CONCURRENCY) {
      const answers = await Promise.all(emails.slice(i, i + CONCURRENCY).map((email) => request(url()).post(RESTOCK).send({ ...BOWL, siteVisitorEmail: email })));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    }
    const session = await request(url()).post('/api/config/session').send({ email: 'owner@example.com', password: 'browser-test-password' });
    const owner = { cookie: ([] as string[]).concat(session.headers['set-cookie']).find((c) => c.startsWith('owner_session='))!.split(';')[0]!, xsrf: session.body.xsrfToken as string };
    const groups = async () => {
      const res = await request(url()).get(`${RESTOCK}/groups`).set('Cookie', owner.cookie);
      return (res.body.signUpGroups as { variantId: string; waiting: number; queued: number; notified: number }[] | undefined)?.find((g) => g.variantId === BOWL.variantId);
    };
    await waitFor('the sign-ups in the restock lists', async () => (await groups())?.waiting === SIGN_UPS);
    progress(`${SIGN_UPS} sign-ups in the lists`);

    // The owner sends; halfway through the mails the process running the workers dies.
    await request(url()).post(`${RESTOCK}/send`).set('Cookie', owner.cookie).set('X-XSRF-Token', owner.xsrf).send(BOWL).expect(202);
    await waitFor('half the mails', async () => smtp.received.length >= SIGN_UPS / 2);
    if (onServer) await worker!.kill('SIGKILL');
    else {
      await api!.kill('SIGKILL');
      // Its own (unused) temp directory; the data is in env.DATA_DIR.
      await rm(api!.dataDir, { recursive: true, force: true });
    }
    const atKill = smtp.received.length;
    progress(`killed after ${atKill} mails`);
    // What the outbox held as being sent when it died: accepted or not by the SMTP server, it goes again.
    const inFlight = await withDatabase(async (db) => Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM mail_outbox WHERE status = 'sending'`)).rows[0]!.n));
    expect(atKill).toBeLessThan(SIGN_UPS);

    await startWorkers();
    progress('restarted');
    await waitFor('a mail for every address', async () => new Set(smtp.received.map((m) => m.to[0])).size === SIGN_UPS);
    await waitFor('every sign-up recorded as notified', async () => {
      const g = await groups();
      return g === undefined || (g.waiting === 0 && g.queued === 0) ? true : null;
    });
    // Nothing more arrives once the outbox holds nothing to send: no message queued, none claimed
    // ('sending') whose claim could run out and be sent again. (The SMTP server has a message
    // before it accepts it, so what is recorded as sent is in smtp.received already.)
    const stillToSend = async (): Promise<number> => {
      if (database) return Number((await database.db.query<{ n: string }>(`SELECT count(*) AS n FROM mail_outbox WHERE status IN ('queued', 'sending')`)).rows[0]!.n);
      let count = 0;
      for (let page = 1; ; page++) {
        const { body } = await request(url()).get(`/api/config/mail-outbox?page=${page}`).set('Cookie', owner.cookie).expect(200);
        const { messages, pageSize, total } = body as { messages: { status: string }[]; pageSize: number; total: number };
        count += messages.filter((m) => m.status === 'queued' || m.status === 'sending').length;
        if (page * pageSize >= total) return count;
      }
    };
    await waitFor('nothing left to send in the outbox', async () => (await stillToSend()) === 0);

    const byAddress = new Map<string, string[]>();
    for (const mail of smtp.received) byAddress.set(mail.to[0]!, [...(byAddress.get(mail.to[0]!) ?? []), mail.messageId ?? '']);
    expect([...byAddress.keys()].sort()).toEqual(emails);
    const copies = [...byAddress.values()].filter((ids) => ids.length > 1);
    expect(smtp.received.length - SIGN_UPS).toBe(copies.reduce((n, ids) => n + ids.length - 1, 0));
    expect(copies.length).toBeLessThanOrEqual(inFlight);
    for (const ids of copies) expect(new Set(ids).size).toBe(1);
    for (const ids of byAddress.values()) expect(ids[0]).toMatch(/^<[^@]+@storefront\.mail>$/);
    const notified = await withDatabaseAfterStop();
    expect(notified).toBe(SIGN_UPS);
    progress(`restock crash: ${atKill} mails before the kill, ${inFlight} in flight, ${copies.length} sent twice (same Message-ID), ${smtp.received.length} in all`);
  }, 240_000);

  /** Every sign-up's row says notified (on PGlite, read once the server let go of the directory). */
  async function withDatabaseAfterStop(): Promise<number> {
    if (!onServer) {
      await api?.stop();
      api = null;
    }
    return withDatabase(async (db) => Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM restock_sign_ups WHERE status = 'notified'`)).rows[0]!.n));
  }
});

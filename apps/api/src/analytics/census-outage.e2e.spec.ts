import { eventually } from '@storefront/eventstore/testing';
import pg from 'pg';
import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from '../../test/test-app';
import { WebsiteDirectory } from '../catalog';
import { VisitAppends } from './visit-appends';

/**
 * Issue 16: bursts must not lose hits. The database's connections are dropped (backends
 * terminated, as a restart or a failover does) while a burst of hits waits to be stored: no hit is
 * acknowledged before it is stored, and none is stored twice. Only a PostgreSQL server has
 * backends to terminate (PGlite runs in the process).
 */
const describeOnServer = process.env.DATABASE_URL ? describe : describe.skip;

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const NOW = Date.now();
const CENSUS = `OutageVisitor1|${NOW}|${NOW}|${NOW}|1`;

describeOnServer('census hits while the database drops its connections [postgres]', () => {
  let t: TestApp;
  let admin: pg.Client;
  let base: string;
  let websiteId: string;

  beforeAll(async () => {
    t = await startTestApp('postgres', { ANALYTICS_RATE_LIMIT_BURST: '0', ANALYTICS_APPEND_RETRY_MS: '1500' });
    admin = new pg.Client({ connectionString: (t.db as unknown as { connectionString: string }).connectionString });
    await admin.connect();
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    websiteId = (await t.app.get(WebsiteDirectory).current()).websiteId;
  });
  afterAll(async () => {
    await admin?.end();
    await t?.close();
  });

  const hit = (title: string) =>
    fetch(`${base}/api/census/RecordHit`, {
      method: 'POST',
      headers: { 'User-Agent': CHROME, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        event: 'view', ss_cvr: CENSUS,
        data: JSON.stringify({ websiteId, url: 'http://shop.example/', title, pagePath: '/', pageType: 1, pageKind: null, viewportInnerWidth: 1280, isFirstLanding: true, sessionId: 's' }),
      }).toString(),
    }).then((res) => ({ title, status: res.status }));
  const storedTitles = async (prefix: string) =>
    (await admin.query<{ title: string }>(`SELECT data->>'title' AS title FROM events WHERE event_type = 'PageViewed' AND data->>'title' LIKE $1`, [`${prefix}%`])).rows.map((r) => r.title);
  // The admin's transaction holds the lock; pg_stat_activity is a snapshot per transaction unless cleared.
  const terminateBackends = () =>
    admin.query('SELECT pg_stat_clear_snapshot(); SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
  /** Only the connections waiting on the held table (the appends): the others stay up, as when one server's queries time out. */
  const terminateWaiters = () =>
    admin.query(`SELECT pg_stat_clear_snapshot(); SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`);
  const waitingForLock = async () => {
    await admin.query('SELECT pg_stat_clear_snapshot()');
    return Number((await admin.query(`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).rows[0].n);
  };

  it('acknowledges every hit of a burst only once stored, exactly once, across dropped connections', async () => {
    // Warm: the day's salt and the website are read before the database goes away.
    expect((await hit('warm')).status).toBe(204);
    await admin.query('BEGIN');
    await admin.query('LOCK TABLE events IN EXCLUSIVE MODE');
    const burst = Array.from({ length: 100 }, (_, i) => hit(`drop ${i}`));
    // The appends in flight wait on the held table, the rest of the burst in the process's queue.
    const appends = t.app.get(VisitAppends);
    await eventually(async () => appends.waiting + appends.committing === burst.length && (await waitingForLock()) >= 1, { message: 'the burst did not reach the queue and the held table' });
    // The appends in flight lose their connections; the lock goes with the transaction's end.
    await terminateBackends();
    await admin.query('COMMIT');
    const answers = await Promise.all(burst);
    expect(answers.filter((a) => a.status !== 204)).toEqual([]);
    const stored = await storedTitles('drop ');
    expect(stored.sort()).toEqual(answers.map((a) => a.title).sort());
    expect(new Set(stored).size).toBe(100);
  });

  it('answers 503 when the database stays away longer than the retry window, and acknowledges nothing unstored', async () => {
    expect((await hit('warm 2')).status).toBe(204);
    await admin.query('BEGIN');
    await admin.query('LOCK TABLE events IN EXCLUSIVE MODE');
    let refused = false;
    const burst = Array.from({ length: 40 }, (_, i) =>
      hit(`down ${i}`).then((answer) => {
        if (answer.status === 503) refused = true;
        return answer;
      }),
    );
    // Every connection that reaches the held table is dropped, again and again, until the app's
    // 1.5 s of retries run out and it answers 503.
    while (!refused) {
      await eventually(async () => refused || (await waitingForLock()) >= 1, { timeoutMs: 30_000, message: 'no append reached the held table' });
      await terminateWaiters();
    }
    await admin.query('COMMIT');
    const answers = await Promise.all(burst);
    expect(answers.filter((a) => a.status !== 204 && a.status !== 503)).toEqual([]);
    expect(answers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    const stored = new Set(await storedTitles('down '));
    // Every acknowledged hit is stored (a refused one may be stored too: its COMMIT's outcome was unknown).
    expect(answers.filter((a) => a.status === 204 && !stored.has(a.title))).toEqual([]);
    // And the server keeps serving once the database is back.
    let ok = 0;
    for (let i = 0; i < 50 && ok < 3; i++) ok = (await hit(`after ${i}`)).status === 204 ? ok + 1 : 0;
    expect(ok).toBe(3);
  });
});

import { randomUUID } from 'node:crypto';
import { PostgresEventStore } from './postgres-event-store';
import { createTestDatabase } from '../testing';
import { START, type CommandContext, type Database } from './types';

const ctx = (): CommandContext => ({ commandId: randomUUID(), correlationId: 'c', causationId: null, actor: { kind: 'system', id: 't' } });

/**
 * Transaction ids compare as numbers, never as text: '999' sorts before '1000'. PGlite starts near
 * xid 750, so the next digit is a few hundred transactions away; a long-lived server may be millions
 * away, so this runs on PGlite only (both drivers run the same SQL).
 */
describe('global order across a transaction-id digit boundary [pglite]', () => {
  const driver = 'pglite' as const;
  let db: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => ({ db, dispose } = await createTestDatabase(driver)));
  afterAll(async () => dispose());

  const currentXid = async () => BigInt((await db.transaction((tx) => tx.query<{ x: string }>('SELECT pg_current_xact_id()::text AS x'))).rows[0].x);

  it('reads events in commit order and reports the true head after xids gain a digit', async () => {
    const store = new PostgresEventStore(db);
    let xid = await currentXid();
    const boundary = 10n ** BigInt(String(xid).length);
    // Land the first append just below the next power of ten, the second one above it.
    while (xid < boundary - 3n) xid = await currentXid();
    await store.append('order-a', [{ type: 'Tick', data: { n: 1 } }], { streamType: 't', expectedVersion: 'no_stream', command: ctx() });
    while (xid < boundary + 2n) xid = await currentXid();
    await store.append('order-b', [{ type: 'Tick', data: { n: 2 } }], { streamType: 't', expectedVersion: 'no_stream', command: ctx() });

    const all = await store.readAll({ after: START, limit: 100 });
    const ticks = all.events.filter((e) => e.type === 'Tick').map((e) => (e.data as { n: number }).n);
    expect(ticks).toEqual([1, 2]);
    const head = await store.headCheckpoint();
    expect(head).toEqual(all.checkpoint);
    expect(all.events[all.events.length - 1].streamId).toBe('order-b');
  }, 120_000);
});

import { randomUUID } from 'node:crypto';
import { ConcurrencyError } from './errors';
import { eventStoreMigrations } from './event-store-schema';
import { migrate, type Migration } from './migrations';
import { openDatabase } from './open-database';
import { PostgresEventStore } from './postgres-event-store';
import { createTestDatabase, describeEachDriver, testCommandContext } from '../testing';

describe('migrate [pglite]', () => {
  it('applies the event store schema once, then extras in order, each once', async () => {
    const db = await openDatabase({ dataDir: 'memory://' });
    try {
      expect(await migrate(db)).toEqual(eventStoreMigrations.map((m) => m.id));
      expect(await migrate(db)).toEqual([]);
      const { rows } = await db.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
      );
      expect(rows.map((r) => r.table_name)).toEqual(['checkpoints', 'commands', 'dead_letters', 'events', 'schema_migrations', 'streams']);

      const extra: Migration[] = [
        { id: 'test/001', sql: 'CREATE TABLE things (id int PRIMARY KEY); INSERT INTO things VALUES (1);' },
        { id: 'test/002', sql: 'INSERT INTO things VALUES (2)' },
      ];
      expect(await migrate(db, extra)).toEqual(['test/001', 'test/002']);
      expect(await migrate(db, [...extra, { id: 'test/003', sql: 'INSERT INTO things VALUES (3)' }])).toEqual(['test/003']);
      expect((await db.query<{ id: number }>('SELECT id FROM things ORDER BY id')).rows.map((r) => r.id)).toEqual([1, 2, 3]);
    } finally {
      await db.close();
    }
  });

  it('rolls back the whole run when a migration fails, and refuses duplicate ids', async () => {
    const db = await openDatabase();
    try {
      await migrate(db);
      await expect(
        migrate(db, [
          { id: 'ok', sql: 'CREATE TABLE half (id int)' },
          { id: 'bad', sql: 'SELECT * FROM no_such_table' },
        ]),
      ).rejects.toThrow(/Migration bad failed/);
      expect((await db.query(`SELECT to_regclass('half') IS NULL AS missing`)).rows[0]).toEqual({ missing: true });
      expect((await db.query(`SELECT id FROM schema_migrations WHERE id = 'ok'`)).rowCount).toBe(0);
      await expect(migrate(db, [{ id: 'x', sql: 'SELECT 1' }, { id: 'x', sql: 'SELECT 1' }])).rejects.toThrow(/Duplicate/);
    } finally {
      await db.close();
    }
  });
});

describeEachDriver('migrate', (driver) => {
  it('concurrent migrate calls apply each migration once', async () => {
    const testDb = await createTestDatabase(driver);
    // On a server: a second pool, i.e. another "process". On PGlite the same instance.
    const other = testDb.url ? await openDatabase({ databaseUrl: testDb.url }) : testDb.db;
    try {
      const extra: Migration[] = [{ id: 'test/concurrent', sql: 'CREATE TABLE once_only (id int)' }];
      const applied = await Promise.all([migrate(testDb.db, extra), migrate(other, extra), migrate(testDb.db, extra)]);
      expect(applied.flat()).toEqual(['test/concurrent']);
      expect((await testDb.db.query(`SELECT id FROM schema_migrations WHERE id = 'test/concurrent'`)).rowCount).toBe(1);
    } finally {
      if (other !== testDb.db) await other.close();
      await testDb.dispose();
    }
  });
});


describeEachDriver('migration 003 (one-row append) on a database written before it', (driver) => {
  it('keeps the old streams, versions and command ids: duplicates are recognised, appends continue', async () => {
    const testDb = await createTestDatabase(driver, { migrate: false });
    const { db } = testDb;
    try {
      // The schema as it was before 003, written by the old es_append (three row writes per append).
      const before = eventStoreMigrations.filter((m) => m.id < 'eventstore/003');
      await db.query('CREATE TABLE schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      for (const m of before) {
        await db.query(m.sql);
        await db.query('INSERT INTO schema_migrations (id) VALUES ($1)', [m.id]);
      }
      const oldAppend = (commandId: string, expected: string, n: number) =>
        db.query(`SELECT * FROM es_append($1, 'old-1', 'legacy', $2, $3::jsonb, false)`, [
          commandId,
          expected,
          JSON.stringify([{ eventId: randomUUID(), type: 'Incremented', schemaVersion: 1, data: { by: n, n }, metadata: { commandId } }]),
        ]);
      const first = randomUUID();
      const second = randomUUID();
      await oldAppend(first, 'no_stream', 1);
      await oldAppend(second, '1', 2);

      expect(await migrate(db)).toEqual(eventStoreMigrations.filter((m) => m.id >= 'eventstore/003').map((m) => m.id));
      const store = new PostgresEventStore(db);

      expect(await store.streamVersion('old-1')).toBe(2);
      expect(await store.findCommand(first)).toEqual({ streamId: 'old-1', version: 1 });
      const retried = await store.append('old-1', [{ type: 'Incremented', data: { by: 2, n: 2 } }], {
        streamType: 'legacy', expectedVersion: 1, command: testCommandContext({ commandId: second }),
      });
      expect(retried).toEqual({ status: 'duplicate', streamId: 'old-1', version: 2 });
      await expect(
        store.append('old-1', [{ type: 'Incremented', data: { by: 9, n: 9 } }], { streamType: 'legacy', expectedVersion: 'no_stream', command: testCommandContext() }),
      ).rejects.toBeInstanceOf(ConcurrencyError);

      const third = await store.append('old-1', [{ type: 'Incremented', data: { by: 3, n: 3 } }], { streamType: 'legacy', expectedVersion: 2, command: testCommandContext() });
      expect(third).toMatchObject({ status: 'appended', version: 3 });
      const events = await store.readStream('old-1');
      expect(events.map((e) => e.streamPosition)).toEqual([1, 2, 3]);
      // recordedAt: stored in metadata by the old function, taken from recorded_at now; the same either way.
      for (const e of events) expect(e.metadata.recordedAt).toBe(e.recordedAt.toISOString());
      expect((await db.query(`SELECT stream_type FROM streams WHERE stream_id = 'old-1'`)).rows).toEqual([{ stream_type: 'legacy' }]);
      await store.flushNotifications();
    } finally {
      await testDb.dispose();
    }
  });
});

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

describe('squashed migrations [pglite]', () => {
  const early: Migration[] = [
    { id: 'test/001-a', sql: 'CREATE TABLE a (id int)' },
    { id: 'test/002-b', sql: 'CREATE TABLE b (id int)' },
  ];
  const squashed: Migration = { id: 'test/001-ab', replaces: early.map((m) => m.id), sql: 'CREATE TABLE a (id int); CREATE TABLE b (id int);' };

  it('runs on a fresh database; where all the migrations it replaces ran, is recorded without running', async () => {
    const fresh = await openDatabase({ dataDir: 'memory://' });
    const old = await openDatabase({ dataDir: 'memory://' });
    try {
      expect(await migrate(fresh, [squashed])).toContain('test/001-ab');
      await migrate(old, early);
      expect(await migrate(old, [squashed])).toEqual([]);
      const recorded = await old.query<{ id: string }>(`SELECT id FROM schema_migrations WHERE id LIKE 'test/%' ORDER BY id`);
      expect(recorded.rows.map((r) => r.id)).toEqual(['test/001-a', 'test/001-ab', 'test/002-b']);
      expect(await migrate(old, [squashed, { id: 'test/003-c', sql: 'CREATE TABLE c (id int)' }])).toEqual(['test/003-c']);
    } finally {
      await fresh.close();
      await old.close();
    }
  });

  it('refuses a database that ran only some of them', async () => {
    const db = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrate(db, [early[0]!]);
      await expect(migrate(db, [squashed])).rejects.toThrow(/applied only test\/001-a \(not test\/002-b\): it predates the squash/);
    } finally {
      await db.close();
    }
  });
});

describeEachDriver('a database written before the one-row append (command ids in the commands table)', (driver) => {
  it('keeps the old streams, versions and command ids: duplicates are recognised, appends continue', async () => {
    const testDb = await createTestDatabase(driver);
    const { db } = testDb;
    try {
      // What the retired es_append wrote per append: the stream's row, the event (no command_id,
      // recordedAt copied into its metadata) and one row in commands.
      const recordedAt = '2026-01-02T03:04:05.678Z';
      await db.query(`INSERT INTO streams (stream_id, stream_type) VALUES ('old-1', 'legacy')`);
      const oldAppend = async (commandId: string, position: number, n: number) => {
        await db.query(
          `INSERT INTO events (stream_id, stream_position, event_id, event_type, schema_version, data, metadata, recorded_at)
           VALUES ('old-1', $1, $2, 'Incremented', 1, $3::jsonb, $4::jsonb, $5::timestamptz)`,
          [position, randomUUID(), JSON.stringify({ by: n, n }), JSON.stringify({ commandId, correlationId: commandId, causationId: null, actor: { kind: 'system', id: 'old' }, recordedAt }), recordedAt],
        );
        await db.query(`INSERT INTO commands (command_id, stream_id, version) VALUES ($1, 'old-1', $2)`, [commandId, position]);
      };
      const first = randomUUID();
      const second = randomUUID();
      await oldAppend(first, 1, 1);
      await oldAppend(second, 2, 2);

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

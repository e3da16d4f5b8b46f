import { eventStoreMigrations } from './event-store-schema';
import { migrate, type Migration } from './migrations';
import { openDatabase } from './open-database';
import { createTestDatabase, describeEachDriver } from './testing';

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


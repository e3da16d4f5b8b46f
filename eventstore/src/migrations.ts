import { eventStoreMigrations } from './event-store-schema';
import type { Database } from './types';

import type { Migration } from './types';

export type { Migration };

/**
 * Arbitrary but fixed key for `pg_advisory_xact_lock`: two processes starting at once against
 * one server serialise here, and the second finds everything already applied.
 */
const MIGRATION_LOCK_KEY = 727_274_001;

/**
 * Applies the event store's own schema, then `extra` in order; each migration id runs once (a
 * squashed migration counts as applied where all the ones it `replaces` were).
 * Everything runs in one transaction holding an advisory lock, so a failing migration leaves
 * nothing half-applied and concurrent callers wait for each other. Returns the ids applied now.
 */
export async function migrate(db: Database, extra: Migration[] = []): Promise<string[]> {
  const all = [...eventStoreMigrations, ...extra];
  const ids = new Set<string>();
  for (const m of all) {
    if (ids.has(m.id)) throw new Error(`Duplicate migration id ${m.id}`);
    ids.add(m.id);
  }

  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await tx.query<{ id: string }>('SELECT id FROM schema_migrations');
    const done = new Set(rows.map((r) => r.id));
    const applied: string[] = [];
    for (const m of all) {
      if (done.has(m.id)) continue;
      const replaced = (m.replaces ?? []).filter((id) => done.has(id));
      if (replaced.length > 0) {
        if (replaced.length < m.replaces!.length) {
          const missing = m.replaces!.filter((id) => !done.has(id));
          throw new Error(`Migration ${m.id} replaces ${m.replaces!.join(', ')}, but this database applied only ${replaced.join(', ')} (not ${missing.join(', ')}): it predates the squash, recreate it`);
        }
        await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [m.id]);
        continue;
      }
      try {
        await tx.query(m.sql);
      } catch (err) {
        throw new Error(`Migration ${m.id} failed: ${(err as Error).message}`, { cause: err });
      }
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [m.id]);
      applied.push(m.id);
    }
    return applied;
  });
}

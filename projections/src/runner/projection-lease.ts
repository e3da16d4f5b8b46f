import type { SqlExecutor } from '@storefront/eventstore';

/**
 * One active instance per projection: a lease row `projection_leases(name, owner, expires_at)`.
 * An instance takes the lease only when it is free or expired, and renews it while it holds it;
 * both in one conditional INSERT … ON CONFLICT DO UPDATE … WHERE, so two instances racing for a
 * free lease cannot both win (the row lock serialises them and the loser's WHERE is false).
 *
 * The lease says who should work; the transaction-scoped advisory lock taken around every batch
 * (see `projection-lock.ts`) is what makes two appliers physically unable to interleave.
 */
export async function acquireLease(db: SqlExecutor, name: string, owner: string, leaseMs: number): Promise<boolean> {
  return (await acquireLeases(db, [name], owner, leaseMs)).has(name);
}

/**
 * `acquireLease` for several projections in one statement (the renewal of every lease an instance
 * holds: one round trip, not one per projection). Returns the names whose lease `owner` now holds.
 */
export async function acquireLeases(db: SqlExecutor, names: string[], owner: string, leaseMs: number): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const { rows } = await db.query<{ name: string }>(
    `insert into projection_leases (name, owner, expires_at)
     select name, $2, clock_timestamp() + $3::integer * interval '1 millisecond' from unnest($1::text[]) as name
     on conflict (name) do update set owner = excluded.owner, expires_at = excluded.expires_at
       where projection_leases.owner = excluded.owner or projection_leases.expires_at < clock_timestamp()
     returning name`,
    [names, owner, Math.round(leaseMs)],
  );
  return new Set(rows.map((r) => r.name));
}

/** Lets the lease expire now (clean shutdown), so another instance takes over at once. */
export async function releaseLeases(db: SqlExecutor, names: string[], owner: string): Promise<void> {
  if (names.length === 0) return;
  await db.query(
    `update projection_leases set expires_at = clock_timestamp() where name = any($1::text[]) and owner = $2`,
    [names, owner],
  );
}

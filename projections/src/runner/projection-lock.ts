import type { SqlExecutor } from '@storefront/eventstore';

/**
 * Transaction-scoped advisory locks keyed by projection name: `(LOCK_CLASS, hashtext(name))`.
 * The two-key form keeps these keys apart from any other advisory lock user. Released at
 * COMMIT/ROLLBACK, so a crashed process (connection gone) never leaves one behind.
 *
 * On PGlite there is one session and transactions run one at a time, so these always succeed;
 * the checkpoint re-check inside each transaction is what protects against stale reads there.
 */
const LOCK_CLASS = 0x50524f4a; // 'PROJ'

/** Appliers: take the lock if free, else report false (another instance is applying). */
export async function tryLockProjection(tx: SqlExecutor, name: string): Promise<boolean> {
  const { rows } = await tx.query<{ locked: boolean }>(
    `select pg_try_advisory_xact_lock($1::integer, hashtext($2)) as locked`,
    [LOCK_CLASS, name],
  );
  return rows[0]?.locked === true;
}

/** Switching generations, preparing tables, verifying: wait for the running batch to commit. */
export async function lockProjection(tx: SqlExecutor, name: string): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock($1::integer, hashtext($2))`, [LOCK_CLASS, name]);
}

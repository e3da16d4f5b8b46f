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

/**
 * A live round's first statement: takes the lock if free, and answers true only when it did and
 * `owner` holds the projection's lease (projection-lease.ts). False: another instance is applying,
 * or the lease was lost. One statement for both; its snapshot predates the lock, which is why the
 * checkpoint is read by the next statement (a snapshot taken under the lock), not by this one.
 *
 * It also makes the round's commit asynchronous (no wait for the WAL flush): a batch and its
 * checkpoint commit together, so a server crash that loses the last commits loses both, and the
 * runner applies those events again. Read models are derived; the appends they follow stay
 * synchronous, and no longer queue behind the flushes of every projection's rounds.
 */
export async function lockHoldingLease(tx: SqlExecutor, name: string, owner: string): Promise<boolean> {
  const { rows } = await tx.query<{ ok: boolean }>(
    `select pg_try_advisory_xact_lock($1::integer, hashtext($2))
            and exists (select 1 from projection_leases where name = $2 and owner = $3 and expires_at > clock_timestamp()) as ok,
            set_config('synchronous_commit', 'off', true) as commit_mode`,
    [LOCK_CLASS, name, owner],
  );
  return rows[0]?.ok === true;
}

/** Switching generations, preparing tables, verifying: wait for the running batch to commit. */
export async function lockProjection(tx: SqlExecutor, name: string): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock($1::integer, hashtext($2))`, [LOCK_CLASS, name]);
}

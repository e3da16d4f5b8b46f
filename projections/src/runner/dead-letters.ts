import type { Checkpoint, RecordedEvent, SqlExecutor } from '@storefront/eventstore';

/**
 * Parks an event a projection gave up on in the event store's `dead_letters` table. A second
 * parking of the same event (a resumed 'stop' projection failing again, a rebuild) adds its
 * attempts to the existing row and keeps the latest error, except that a rebuild's mark
 * (`rebuild g<n>: …`) is not overwritten by the live generation meeting the same event later, so
 * the rebuild's switch knows the event is still skipped (see projection-rebuild.ts).
 *
 * What the table means: per projection, the events its active generation skipped (parked and
 * moved past), plus, for a 'stop' projection, the event it stopped on. `resume` forgets the
 * latter (it is retried, and parked again if it still fails); a rebuild's switch forgets those the
 * new generation could apply.
 */
export async function parkEvent(tx: SqlExecutor, projection: string, event: RecordedEvent, error: string, attempts: number): Promise<void> {
  await tx.query(
    `insert into dead_letters (projection, global_position, event_id, stream_id, event_type, error, attempts)
     values ($1, $2, $3::uuid, $4, $5, $6, $7)
     on conflict (projection, event_id) do update
       set error = case when dead_letters.error like 'rebuild g%' and excluded.error not like 'rebuild g%'
                        then dead_letters.error else excluded.error end,
           attempts = dead_letters.attempts + excluded.attempts, parked_at = now()`,
    [projection, event.globalPosition, event.eventId, event.streamId, event.type, error, attempts],
  );
}

/** Forgets the dead letters of events after `checkpoint` (not skipped by the live generation). */
export async function forgetDeadLettersAfter(tx: SqlExecutor, projection: string, checkpoint: Checkpoint): Promise<number> {
  const { rowCount } = await tx.query(
    `delete from dead_letters d using events e
     where d.projection = $1 and e.event_id = d.event_id and (e.transaction_id, e.global_position) > ($2::xid8, $3::bigint)`,
    [projection, checkpoint.transactionId, checkpoint.globalPosition],
  );
  return rowCount;
}

export type DeadLetter = {
  projection: string;
  globalPosition: number;
  eventId: string;
  streamId: string;
  eventType: string;
  error: string;
  attempts: number;
  parkedAt: Date;
};

export async function listDeadLetters(db: SqlExecutor, projection?: string): Promise<DeadLetter[]> {
  const { rows } = await db.query<{
    projection: string; global_position: number; event_id: string; stream_id: string;
    event_type: string; error: string; attempts: number; parked_at: Date;
  }>(
    `select projection, global_position, event_id::text as event_id, stream_id, event_type, error, attempts, parked_at
     from dead_letters where $1::text is null or projection = $1 order by projection, global_position`,
    [projection ?? null],
  );
  return rows.map((r) => ({
    projection: r.projection,
    globalPosition: Number(r.global_position),
    eventId: r.event_id,
    streamId: r.stream_id,
    eventType: r.event_type,
    error: r.error,
    attempts: Number(r.attempts),
    parkedAt: r.parked_at,
  }));
}

/** Error text stored with a parked event: message plus the first stack frames. */
export function describeError(error: Error): string {
  const stack = error.stack?.split('\n').slice(0, 6).join('\n');
  return stack && stack.includes(error.message) ? stack : `${error.name}: ${error.message}`;
}

import type { RecordedEvent, SqlExecutor } from '@storefront/eventstore';

/**
 * Parks an event a projection gave up on in the event store's `dead_letters` table. A second
 * parking of the same event (a resumed 'stop' projection failing again, a rebuild) adds its
 * attempts to the existing row and keeps the latest error.
 */
export async function parkEvent(tx: SqlExecutor, projection: string, event: RecordedEvent, error: string, attempts: number): Promise<void> {
  await tx.query(
    `insert into dead_letters (projection, global_position, event_id, stream_id, event_type, error, attempts)
     values ($1, $2, $3::uuid, $4, $5, $6, $7)
     on conflict (projection, event_id) do update
       set error = excluded.error, attempts = dead_letters.attempts + excluded.attempts, parked_at = now()`,
    [projection, event.globalPosition, event.eventId, event.streamId, event.type, error, attempts],
  );
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

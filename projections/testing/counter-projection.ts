import type { RecordedEvent } from '@storefront/eventstore';
import type { FailurePolicy, Projection, ProjectionContext, ReadModelTable } from '../src/runner/projection';
import { RowBatch, insertRows } from '../src/runner/sql-batch';

export type CounterProjectionOptions = {
  name?: string;
  onFailure?: FailurePolicy;
  eventTypes?: string[];
};

/**
 * Test projection: per stream a count of applied events, plus one row per applied event id
 * (primary key, so applying an event twice fails loudly). Failure injection: `failWhen` picks
 * events to throw on, `failTimes` how many times (then it recovers). Side effects (pretend
 * e-mails) are recorded only when not replaying.
 */
export class CounterProjection implements Projection {
  readonly name: string;
  readonly tables: ReadModelTable[];
  readonly eventTypes: string[];
  readonly onFailure: FailurePolicy;
  /** See Projection.readAhead. */
  readAhead = false;

  failWhen: ((event: RecordedEvent) => boolean) | null = null;
  failTimes = Number.POSITIVE_INFINITY;
  /** How to fail at the picked event (inside the transaction); default: throw a plain Error. */
  failWith: ((event: RecordedEvent, ctx: ProjectionContext) => Promise<void> | void) | null = null;
  failures = 0;
  /** Calls of `apply` (each one a transaction). */
  applyCalls = 0;
  /** Milliseconds each `apply` call waits first (a slow database or machine). */
  delayMs = 0;
  /** Rows of the events table the failing transaction could see just before it threw. */
  rowsSeenAtFailure: number[] = [];
  /** Event ids whose side effect fired (live application only). */
  sideEffects: string[] = [];
  /**
   * Per `apply` call, how many events `ctx.memory` says the batches before it applied: each call
   * adds its own before anything else (so a batch that fails has changed it).
   */
  remembered: number[] = [];

  constructor(options: CounterProjectionOptions = {}) {
    this.name = options.name ?? 'test_counter';
    this.onFailure = options.onFailure ?? 'skip';
    this.eventTypes = options.eventTypes ?? ['Counted'];
    this.tables = [
      { name: `${this.name}_streams`, columns: 'stream_id text primary key, event_count integer not null, last_position integer not null', orderBy: ['stream_id'] },
      { name: `${this.name}_events`, columns: 'event_id uuid primary key, stream_id text not null, global_position bigint not null', orderBy: ['event_id'] },
    ];
  }

  get streamsTable(): string {
    return this.tables[0].name;
  }

  get eventsTable(): string {
    return this.tables[1].name;
  }

  async apply(events: RecordedEvent[], ctx: ProjectionContext): Promise<void> {
    this.applyCalls++;
    const remembered = (ctx.memory.get('events') as number | undefined) ?? 0;
    this.remembered.push(remembered);
    ctx.memory.set('events', remembered + events.length);
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const failing = this.failWhen ? events.findIndex((e) => this.failWhen?.(e)) : -1;
    if (failing >= 0 && this.failures < this.failTimes) {
      // Write the events before the failing one first, so a rollback has something to undo.
      await this.write(events.slice(0, failing), ctx);
      const { rows } = await ctx.tx.query<{ n: number }>(`select count(*) as n from "${ctx.table(this.eventsTable)}"`);
      this.rowsSeenAtFailure.push(Number(rows[0].n));
      this.failures++;
      if (this.failWith) await this.failWith(events[failing], ctx);
      throw new Error(`injected failure at event ${events[failing].globalPosition}`);
    }
    await this.write(events, ctx);
    if (!ctx.replaying) this.sideEffects.push(...events.map((e) => e.eventId));
  }

  private async write(events: RecordedEvent[], ctx: ProjectionContext): Promise<void> {
    if (events.length === 0) return;
    const streams = await RowBatch.load<{ stream_id: string; event_count: number; last_position: number }>(
      ctx.tx,
      ctx.table(this.streamsTable),
      ['stream_id'],
      events.map((e) => ({ stream_id: e.streamId })),
    );
    for (const e of events) {
      const row = streams.get({ stream_id: e.streamId }) ?? { stream_id: e.streamId, event_count: 0, last_position: 0 };
      streams.set({ stream_id: e.streamId, event_count: Number(row.event_count) + 1, last_position: e.streamPosition });
    }
    await streams.flush();
    await insertRows(
      ctx.tx,
      ctx.table(this.eventsTable),
      events.map((e) => ({ event_id: e.eventId, stream_id: e.streamId, global_position: e.globalPosition })),
    );
  }
}

import { VISITS_STREAM_TYPE, visitsStreamId, type VisitEvent } from '@storefront/domain';
import { DatabaseUnavailableError, type EventStore } from '@storefront/eventstore';
import { randomUUID } from 'node:crypto';

/** At most this many events share one append. */
export const MAX_VISIT_EVENTS_PER_BATCH = 500;
/** Batches committing at once in this process (a new batch forms while the ones before commit). */
export const MAX_BATCHES_IN_FLIGHT = 2;
const FIRST_RETRY_DELAY_MS = 50;
const MAX_RETRY_DELAY_MS = 1000;

type Waiting = { events: VisitEvent[]; resolve: () => void; reject: (error: unknown) => void };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Group commit of visit events (issue 16: hits are the highest-volume writes). Accepted calls wait
 * in a queue; while a batch commits, the calls that arrive form the next one, so under load one
 * append carries many calls. A batch is ONE stream of its own (`visits-{batchId}`, events.ts) in one
 * `appendMany`, with the batch id as its command id; each call's promise resolves only once the
 * batch holding its events is committed, so an answered call is a stored call.
 *
 * When the database is unavailable (a dropped connection, a restart) the same batch is tried
 * again, backing off, for at most `retryForMs`; a try whose COMMIT may have gone through before the
 * connection broke is recognised by its command id (the store answers 'duplicate'), so a batch is
 * stored once however often it is tried. Past the deadline every call of the batch fails with
 * DatabaseUnavailableError (503): never acknowledged, maybe not stored. Any other error fails the
 * batch's calls at once.
 */
export class VisitAppends {
  private readonly queue: Waiting[] = [];
  private queuedEvents = 0;
  private committingEvents = 0;
  private running = 0;

  constructor(
    private readonly store: EventStore,
    private readonly retryForMs: number,
    private readonly maxEvents = MAX_VISIT_EVENTS_PER_BATCH,
    private readonly maxInFlight = MAX_BATCHES_IN_FLIGHT,
  ) {}

  /** Events waiting for a batch (not yet being committed). */
  get waiting(): number {
    return this.queuedEvents;
  }

  /** Events of the batches being committed (tried, or waiting to be tried again). */
  get committing(): number {
    return this.committingEvents;
  }

  /** Resolves once `events` (one call's) are committed with the batch they joined. */
  append(events: VisitEvent[]): Promise<void> {
    if (events.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ events, resolve, reject });
      this.queuedEvents += events.length;
      if (this.running < this.maxInFlight) void this.commitBatches();
    });
  }

  private takeBatch(): Waiting[] {
    let count = 0;
    let n = 0;
    while (n < this.queue.length && (n === 0 || count + this.queue[n]!.events.length <= this.maxEvents)) count += this.queue[n++]!.events.length;
    this.queuedEvents -= count;
    return this.queue.splice(0, n);
  }

  private async commitBatches(): Promise<void> {
    this.running++;
    try {
      while (this.queue.length > 0) {
        const batch = this.takeBatch();
        const events = batch.reduce((n, w) => n + w.events.length, 0);
        this.committingEvents += events;
        try {
          await this.commitEach(batch);
        } finally {
          this.committingEvents -= events;
        }
      }
    } finally {
      this.running--;
    }
  }

  /**
   * Commits a batch and settles its calls. A batch refused for another reason than the database's
   * absence (an SQL error: none is expected, the input is checked) is tried again call by call, so
   * that one call's problem is its own and not the batch's.
   */
  private async commitEach(batch: Waiting[]): Promise<void> {
    try {
      await this.commit(batch.flatMap((w) => w.events));
    } catch (error) {
      if (batch.length === 1 || error instanceof DatabaseUnavailableError) {
        for (const w of batch) w.reject(error);
        return;
      }
      for (const w of batch) await this.commitEach([w]);
      return;
    }
    for (const w of batch) w.resolve();
  }

  private async commit(events: VisitEvent[]): Promise<void> {
    const batchId = randomUUID();
    const deadline = Date.now() + this.retryForMs;
    const entry = {
      streamId: visitsStreamId(batchId),
      streamType: VISITS_STREAM_TYPE,
      events: events.map((e) => ({ type: e.type, data: e.data })),
      expectedVersion: 'no_stream' as const,
      command: { commandId: batchId, correlationId: batchId, causationId: null, actor: { kind: 'system' as const, id: 'census' } },
    };
    for (let delay = FIRST_RETRY_DELAY_MS; ; delay = Math.min(delay * 2, MAX_RETRY_DELAY_MS)) {
      try {
        await this.store.appendMany([entry]);
        return;
      } catch (error) {
        // The pg driver wraps every connection-level failure in DatabaseUnavailableError; SQL errors are not retried.
        if (!(error instanceof DatabaseUnavailableError) || Date.now() + delay > deadline) throw error;
        await sleep(delay);
      }
    }
  }
}

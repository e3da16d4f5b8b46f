import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { EVENTS_CHANNEL, notificationConcerns, parseEventsNotification, type Checkpoint, type Database, type EventStore, type RecordedEvent } from '@storefront/eventstore';
import { compareCheckpoints } from '@storefront/projections';
import type { AppConfig } from '../config/app-config';

const IDLE_POLL_MS = 1000;
const RETRY_MS = 2000;
/**
 * Rounds start at least this far apart: under a stream of appends (every one a NOTIFY) a round
 * takes what arrived meanwhile instead of two log reads and a checkpoint write per append.
 */
const MIN_ROUND_INTERVAL_MS = 50;
/** Events a round's read passes at most, of any type (see once()). */
const SCAN_LIMIT = 1000;

/** How a round of the loop ended: `reached` is where a round that found nothing more left the checkpoint. */
type RoundEnd = { number: number; reached: Checkpoint | null };

/**
 * A worker that follows some event types through the log from its own checkpoint (a row of
 * `checkpoints`) and does a side effect for each: queue a mail, expand a send request. At least
 * once: the checkpoint moves only after `handle` returned for the events before it (a failure saves
 * the progress up to the event that failed and retries from there), so `handle` must be
 * idempotent (a dedupe key, a decide that accepts a repeat as a no-op). Never from a projection or
 * a rebuild. Runs where projections run (not ROLE=api), woken by the log's NOTIFY.
 */
export abstract class EventFollower implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly logger: Logger;
  private stopped = false;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  /** Rounds of the loop started so far, and who waits for the next one to end (see idle()). */
  private roundsStarted = 0;
  private roundWaiters: ((end: RoundEnd) => void)[] = [];
  /** Where the last round that got through its batch left the checkpoint. */
  private lastReached: Checkpoint | null = null;

  protected constructor(
    /** The checkpoint's name. */
    private readonly name: string,
    private readonly eventTypes: string[],
    private readonly batchSize: number,
    protected readonly config: AppConfig,
    protected readonly db: Database,
    protected readonly store: EventStore,
  ) {
    this.logger = new Logger(name);
  }

  /** Does the side effect of one event; throws to retry it (and what follows it) later. */
  protected abstract handle(event: RecordedEvent): Promise<void>;

  /** Called before each batch: where a follower drops what it looked up for the previous one. */
  protected beginBatch(): void {}

  protected get isStopped(): boolean {
    return this.stopped;
  }

  async onApplicationBootstrap() {
    if (this.config.role === 'api') return;
    await this.db.query(`INSERT INTO checkpoints (name) VALUES ($1) ON CONFLICT (name) DO NOTHING`, [this.name]);
    // Woken by appends of the types it follows only; it polls for the rest (its checkpoint moves past them then).
    this.unlisten = await this.db.listen(EVENTS_CHANNEL, (payload) => {
      if (notificationConcerns(parseEventsNotification(payload).eventTypes, this.eventTypes)) this.wake?.();
    });
    this.loop = this.run();
  }

  async onApplicationShutdown() {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    for (const waiter of this.roundWaiters.splice(0)) waiter({ number: 0, reached: null }); // idle() sees it stopped
    await this.unlisten?.().catch(() => undefined);
  }

  /**
   * Resolves once the follower has handled every event of its types committed before the call
   * and has nothing in flight: a round of its loop that began after the call found nothing more to
   * do and ended at the log's head as of the call (or past it). It wakes the loop for that round,
   * which would otherwise wait for its idle poll. What a test awaits to show that nothing more is
   * coming from this follower, instead of sleeping. Resolves at once where the loop does not run
   * (ROLE=api) and once the follower stops.
   */
  async idle(): Promise<void> {
    if (!this.loop) return;
    const head = await this.store.headCheckpoint();
    const after = this.roundsStarted;
    while (!this.stopped) {
      const ended = new Promise<RoundEnd>((resolve) => this.roundWaiters.push(resolve));
      this.wake?.();
      const end = await ended;
      if (end.number > after && end.reached && compareCheckpoints(end.reached, head) >= 0) return;
    }
  }

  private async run(): Promise<void> {
    let lastRound = 0;
    while (!this.stopped) {
      const early = lastRound + MIN_ROUND_INTERVAL_MS - Date.now();
      if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
      if (this.stopped) break;
      lastRound = Date.now();
      const end: RoundEnd = { number: ++this.roundsStarted, reached: null };
      let pause = 0;
      try {
        if (!(await this.once())) {
          pause = IDLE_POLL_MS;
          end.reached = this.lastReached;
        }
      } catch (e) {
        this.logger.warn(`${this.name}: retrying after ${e instanceof Error ? e.message : String(e)}`);
        pause = RETRY_MS;
      }
      for (const waiter of this.roundWaiters.splice(0)) waiter(end);
      if (pause > 0 && !this.stopped) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pause);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = null;
      }
    }
  }

  /** Handles the next batch; true when there may be more right away. */
  async once(): Promise<boolean> {
    const { rows } = await this.db.query<{ transaction_id: string; global_position: string }>(
      `SELECT transaction_id::text AS transaction_id, global_position FROM checkpoints WHERE name = $1`,
      [this.name],
    );
    const saved: Checkpoint = { transactionId: rows[0]?.transaction_id ?? '0', globalPosition: Number(rows[0]?.global_position ?? 0) };
    let checkpoint = saved;
    // The read's limit counts every event it passes, of any type: a follower of a rare type reads
    // a wide window (else a burst of other events, such as form submissions, takes it a round per
    // handful). It returns at most batchSize of its own events, ending at the last of them when
    // there were more (those are read next round, not read now and dropped).
    const scanLimit = Math.max(this.batchSize, SCAN_LIMIT);
    const batch = await this.store.readAll({ after: checkpoint, limit: scanLimit, eventTypes: this.eventTypes, maxEvents: this.batchSize });
    this.beginBatch();
    try {
      for (const event of batch.events) {
        if (this.stopped) return false;
        await this.handle(event);
        checkpoint = { transactionId: event.transactionId, globalPosition: event.globalPosition };
      }
    } catch (e) {
      if (checkpoint !== saved) await this.save(checkpoint);
      throw e;
    }
    const end = batch.checkpoint;
    if (end.globalPosition !== saved.globalPosition || end.transactionId !== saved.transactionId) await this.save(end);
    this.lastReached = end;
    return batch.events.length >= this.batchSize || batch.scanned >= scanLimit;
  }

  private async save(checkpoint: Checkpoint): Promise<void> {
    await this.db.query(
      `UPDATE checkpoints SET transaction_id = $2::xid8, global_position = $3, updated_at = now() WHERE name = $1`,
      [this.name, checkpoint.transactionId, checkpoint.globalPosition],
    );
  }
}

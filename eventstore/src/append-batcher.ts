/**
 * Group commit for concurrent appends, independent of SQL (the store supplies `runBatch`).
 *
 * While fewer than `maxInFlight` batches are running, a submitted item goes out at once as a
 * batch of one: a lone append waits for no timer and no other caller. Otherwise it queues; each
 * time a batch completes, everything queued (up to `maxBatchSize`) goes out as the next batch.
 * So under load, appends that arrive while the database is busy committing share the next
 * transaction (and its single WAL flush), and batch sizes adapt to the load by themselves.
 *
 * `runBatch` settles every item on its own (one caller's conflict is not another's failure);
 * nothing resolves before `runBatch` has returned, i.e. before its transaction committed.
 */

export type BatchOutcome<Result> = { ok: true; value: Result } | { ok: false; error: unknown };

export type AppendBatcherOptions = {
  /** Batches running at once (default 2). */
  maxInFlight?: number;
  /** Items per batch at most (default 64). */
  maxBatchSize?: number;
};

type Pending<Item, Result> = {
  item: Item;
  resolve: (value: Result) => void;
  reject: (error: unknown) => void;
};

export class AppendBatcher<Item, Result> {
  readonly maxInFlight: number;
  readonly maxBatchSize: number;
  private readonly queue: Array<Pending<Item, Result>> = [];
  private inFlight = 0;

  constructor(
    /** Runs one batch; returns one outcome per item, in the items' order. */
    private readonly runBatch: (items: Item[]) => Promise<Array<BatchOutcome<Result>>>,
    options: AppendBatcherOptions = {},
  ) {
    this.maxInFlight = options.maxInFlight ?? 2;
    this.maxBatchSize = options.maxBatchSize ?? 64;
    if (!Number.isInteger(this.maxInFlight) || this.maxInFlight < 1) throw new RangeError(`Invalid maxInFlight ${this.maxInFlight}`);
    if (!Number.isInteger(this.maxBatchSize) || this.maxBatchSize < 1) throw new RangeError(`Invalid maxBatchSize ${this.maxBatchSize}`);
  }

  /** Batches running right now (for tests and diagnostics). */
  get running(): number {
    return this.inFlight;
  }

  /** Items waiting for a batch slot (for tests and diagnostics). */
  get queued(): number {
    return this.queue.length;
  }

  submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.inFlight < this.maxInFlight) this.dispatch();
    });
  }

  /** Sends the head of the queue as one batch; when it completes, the next one goes out. */
  private dispatch(): void {
    const batch = this.queue.splice(0, this.maxBatchSize);
    if (batch.length === 0) return;
    this.inFlight++;
    void this.execute(batch).finally(() => {
      this.inFlight--;
      this.dispatch();
    });
  }

  private async execute(batch: Array<Pending<Item, Result>>): Promise<void> {
    let outcomes: Array<BatchOutcome<Result>>;
    try {
      outcomes = await this.runBatch(batch.map((p) => p.item));
      if (outcomes.length !== batch.length) throw new Error(`Batch of ${batch.length} returned ${outcomes.length} outcomes`);
    } catch (error) {
      // runBatch is meant to settle items individually; if it cannot, everyone gets its error.
      for (const p of batch) p.reject(error);
      return;
    }
    batch.forEach((p, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) p.resolve(outcome.value);
      else p.reject(outcome.error);
    });
  }
}

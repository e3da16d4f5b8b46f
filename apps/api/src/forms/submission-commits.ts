import { handleCommandBatches, type BatchPlanOutcome, type CommandBatch, type EventStore } from '@storefront/eventstore';

/** At most this many submissions share one append. */
export const MAX_SUBMISSIONS_PER_COMMIT = 64;
/** Appends of submissions committing at once in this process (a new group starts while the one before commits). */
export const MAX_COMMITS_IN_FLIGHT = 2;

type Waiting = { plan: (batch: CommandBatch) => Promise<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void };

/**
 * Group commit of visitors' submissions (issue 14's speed): while one append of submissions is
 * being committed, the submissions that arrive wait, then go together in ONE multi-stream append
 * (`appendMany`: one statement, one commit, each submission still its own stream, command id and
 * metadata). At 32 concurrent visitors a commit so carries many submissions instead of one.
 *
 * Every submission's stream is new (named by its single-use key): nothing is read before the
 * append. A stream that turns out to exist (a key used in another process, or in an earlier
 * group) makes the whole append conflict; the group is then planned again on the streams as read
 * (handleCommandBatches), the used key's plan is refused and the others commit. Apart from the
 * CommandExecutor's groups (checkouts), so that a checkout's reads never hold a submission.
 */
export class SubmissionCommits {
  private readonly queue: Waiting[] = [];
  private running = 0;

  constructor(
    private readonly store: EventStore,
    private readonly maxGroup = MAX_SUBMISSIONS_PER_COMMIT,
    private readonly maxInFlight = MAX_COMMITS_IN_FLIGHT,
  ) {}

  /** Runs `plan` (decisions on new streams only, no other I/O) in the next group; resolves with its value once committed. */
  run<T>(plan: (batch: CommandBatch) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ plan, resolve: resolve as (value: unknown) => void, reject });
      if (this.running < this.maxInFlight) void this.commitGroups();
    });
  }

  private async commitGroups(): Promise<void> {
    this.running++;
    try {
      while (this.queue.length > 0) {
        const group = this.queue.splice(0, this.maxGroup);
        let outcomes: BatchPlanOutcome[];
        try {
          outcomes = await handleCommandBatches(this.store, group.map((g) => ({ plan: g.plan })));
        } catch (error) {
          for (const g of group) g.reject(error);
          continue;
        }
        for (const [i, outcome] of outcomes.entries()) {
          if (outcome.ok) group[i]!.resolve(outcome.result.value);
          else group[i]!.reject(outcome.error);
        }
      }
    } finally {
      this.running--;
    }
  }
}

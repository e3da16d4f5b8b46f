import { handleCommandBatches, type BatchPlanOutcome, type CommandBatch, type EventStore } from '@storefront/eventstore';

/** At most this many commands share one append. */
export const MAX_COMMANDS_PER_COMMIT = 64;
/** Appends committing at once for one NewStreamCommits (a new group starts while the one before commits). */
export const MAX_COMMITS_IN_FLIGHT = 2;

type Waiting = { plan: (batch: CommandBatch) => Promise<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void };

/**
 * Group commit of visitors' commands on streams of their own that are almost always new: form
 * submissions (issue 14's speed; a stream per single-use key) and back-in-stock sign-ups (issue
 * 15; a stream per address and variant). While one append is being committed, the commands that
 * arrive wait, then go together in ONE multi-stream append (`appendMany`: one statement, one
 * commit, each command still its own stream, command id and metadata). At 32 concurrent visitors a
 * commit so carries many commands instead of one.
 *
 * Plans decide on targets marked `newStream`: nothing is read before the append. A stream that
 * turns out to exist (a key used in another process or an earlier group, an address signing up
 * again) makes the whole append conflict; the group is then planned again on the streams as read
 * (handleCommandBatches), and each plan decides on its stream's real state. Each user has its
 * own instance, apart from the CommandExecutor's groups (checkouts), so that a checkout's reads
 * never hold a visitor's command.
 */
export class NewStreamCommits {
  private readonly queue: Waiting[] = [];
  private running = 0;

  constructor(
    private readonly store: EventStore,
    private readonly maxGroup = MAX_COMMANDS_PER_COMMIT,
    private readonly maxInFlight = MAX_COMMITS_IN_FLIGHT,
  ) {}

  /** Runs `plan` (decisions on targets marked `newStream`, no other I/O) in the next group; resolves with its value once committed. */
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

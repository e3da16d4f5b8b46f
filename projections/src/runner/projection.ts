import type { RecordedEvent, SqlExecutor } from '@storefront/eventstore';

/**
 * A read-model table owned by a projection. The projection writes to a physical table per
 * generation (`<name>__g<generation>`); readers always query the view `<name>`, which points at
 * the active generation. Rebuild fills a new generation while the old one serves, then switches
 * the view in one transaction (blue/green).
 */
export type ReadModelTable = {
  /** The view name readers use, e.g. `cart_details`. */
  name: string;
  /** Column definitions for CREATE TABLE, e.g. `cart_id text primary key, data jsonb not null`. */
  columns: string;
  /** Columns that order rows for `verify` (normally the primary key). */
  orderBy: string[];
  /**
   * PostgreSQL declarative partitioning of the table, e.g. `range (day)`: the table is created
   * `partition by <partitionBy>` and the projection creates its partitions as rows arrive (see
   * projections/src/analytics/partitions.ts). Dropping the table drops its partitions.
   */
  partitionBy?: string;
  /**
   * A condition (SQL over the table's columns) restricting which rows `verify` compares, for a table
   * whose old rows are dropped on purpose (retention drops old raw partitions that a rebuild would
   * refill). Applied to both the live and the rebuilt side.
   */
  verifyWhere?: string;
};

export type ProjectionContext = {
  /** The open transaction the batch and its checkpoint advance share. */
  tx: SqlExecutor;
  /** Physical table to write for a read-model name, in the generation being applied. */
  table(name: string): string;
  /** True while rebuilding or verifying: side effects (emails, integrations) must not fire. */
  replaying: boolean;
  /**
   * What the projection keeps in memory between its batches (a cache of its own rows, say). The
   * runner hands the same map to the batches of one target while each starts where the last
   * committed one ended. A map a batch changed is dropped if that batch does not commit, and a
   * batch that does not follow on (another process applied in between, a reset, a rebuild) gets a
   * new, empty one. So the projection may change it while applying, and what it holds at a batch's
   * start describes the read model as committed.
   */
  memory: Map<string, unknown>;
};

/**
 * What the runner does with an event the projection cannot apply (a deterministic error, or an
 * unknown one that persists after retries; transient database errors are retried and never count).
 * Either way the event is parked in `dead_letters` with its error, and `status()` / `cli status`
 * count it.
 * - 'skip' (the default; every read model of the product uses it): park it and go on with the
 *   rest, so one bad event (a poison request) costs one missing update, not the read model.
 * - 'stop': park it and halt the projection until `resume` (after a fix) or `rebuild`; for a
 *   projection where a gap is worse than standing still.
 */
export type FailurePolicy = 'stop' | 'skip';

export interface Projection {
  /** Stable name: checkpoint key, lock key, CLI argument. */
  readonly name: string;
  /**
   * Version of what it writes (default 1). Bump it when the same events now give other rows or
   * columns: the runner then rebuilds the read model blue/green on start.
   */
  readonly version?: number;
  readonly tables: ReadModelTable[];
  /**
   * Events read per transaction for this projection, when it differs from the runner's batch size
   * (a projection that aggregates in memory per batch, such as the analytics rollups, wants larger
   * batches: its per-batch cost is a fixed number of statements).
   */
  readonly batchSize?: number;
  /**
   * Least time between the starts of two of its live rounds once caught up, instead of the
   * runner's (minRoundIntervalMs, 25 ms): a projection whose round costs many statements whatever
   * its size (the analytics rollups) takes a stream of appends in fewer, larger rounds. A round
   * that read a full batch still goes on at once, and catchUp does not wait for it.
   */
  readonly minRoundIntervalMs?: number;
  /**
   * Read the next batch while a full one is applied (on a second connection of the pool): for a
   * projection whose batches are large and slow to apply (the analytics rollups), so that reading
   * the log overlaps applying it. Off by default: it holds one more connection while it catches up.
   */
  readonly readAhead?: boolean;
  /** Event types this projection reads; others only advance its checkpoint. */
  readonly eventTypes: string[];
  /** What to do with an event it cannot apply (parked in dead_letters either way). Default 'skip'. */
  readonly onFailure?: FailurePolicy;
  /** Applies events in order inside `ctx.tx`. Throwing rolls back the whole batch and checkpoint. */
  apply(events: RecordedEvent[], ctx: ProjectionContext): Promise<void>;
  /**
   * Announce every committed batch that changed the read model (READ_MODEL_CHANGED_CHANNEL, payload:
   * the projection's name), so that other processes can drop what they cached from it.
   */
  readonly announcesChanges?: boolean;
}

/** NOTIFY channel of projections with `announcesChanges`, sent right after a batch commits. */
export const READ_MODEL_CHANGED_CHANNEL = 'read_model_changed';

import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { EVENTS_CHANNEL, notificationConcerns, parseEventsNotification, type Checkpoint, type Database, type EventStore, type ReadAllResult } from '@storefront/eventstore';
import { applyRead, BatchMemory, sleep, withTransientRetry, type ApplyOptions, type ApplyTarget } from './batch-applier';
import { checkpointsEqual, compareCheckpoints, formatCheckpoint } from './checkpoint-order';
import { describeError, forgetDeadLettersAfter, parkEvent } from './dead-letters';
import { DEFAULT_TRANSIENT_BACKOFF, isTransientError, transientDelayMs, type TransientBackoff } from './error-kinds';
import { READ_MODEL_CHANGED_CHANNEL, type Projection } from './projection';
import { acquireLease, acquireLeases, releaseLeases } from './projection-lease';
import { lockHoldingLease, lockProjection } from './projection-lock';
import { rebuildProjection, type RebuildResult, type RunnerDeps } from './projection-rebuild';
import { clearStopped, ensureProjectionRows, markStopped, namesWithUnreadEvents, readProjectionState, type ProjectionState } from './projection-state';
import { projectionVersion } from './projection-version';
import { verifyProjection, type VerifyResult } from './projection-verify';
import { createTables, ensureViews, generationTable, tableResolver } from './read-model-tables';

export type RunnerLogger = {
  info(message: string): void;
  warn(message: string, error?: unknown): void;
  error(message: string, error?: unknown): void;
};

export type ProjectionRunnerOptions = {
  db: Database;
  store: EventStore;
  projections: Projection[];
  /** Lease owner id; default `<host>:<pid>:<random>`. */
  instanceId?: string;
  /** Events read (scanned) per transaction. */
  batchSize?: number;
  /**
   * Lease duration; renewed every leaseMs/3 while running. Default DEFAULT_LEASE_MS (1 s), so
   * after a crash another instance takes over within about a second.
   */
  leaseMs?: number;
  /**
   * How often an instance that does not hold a projection's lease (a standby) tries to take it,
   * besides every NOTIFY; at most `pollIntervalMs`. Default DEFAULT_LEASE_RETRY_MS (250 ms).
   */
  leaseRetryMs?: number;
  /**
   * Poll interval when no NOTIFY arrives: every interval ONE statement asks which of the
   * projections this instance holds have events after their checkpoint, and wakes those loops.
   */
  pollIntervalMs?: number;
  /**
   * How long a caught-up loop sleeps before it reads its state again by itself (a stop, resume or
   * rebuild asked by another process); new events wake it sooner (NOTIFY, or the poll above).
   * Default the larger of pollIntervalMs and 5 s.
   */
  idleRecheckMs?: number;
  /**
   * Least time between the starts of two live rounds of a projection once it has caught up
   * (a round that read a full batch goes on at once). Under a stream of appends each round then
   * takes what arrived meanwhile instead of one transaction per handful of events. Default 25 ms.
   */
  minRoundIntervalMs?: number;
  /**
   * Tries of one event failing with an error of unknown kind before it is parked in dead_letters
   * (a deterministic error such as a stack overflow or a TypeError parks it at the first try;
   * transient database errors never do). Default 3.
   */
  maxAttempts?: number;
  /** Backoff before retry n of a failing event: retryBackoffMs * n. Default 50. */
  retryBackoffMs?: number;
  /**
   * Transient database errors (deadlock, serialization failure, timeouts, lost or refused
   * connections; see `classifyError`) are never the event's fault: the round is retried after
   * transientRetryMs, doubling per consecutive failure up to transientRetryMaxMs (defaults 50 ms
   * and 5 s). The live loop and catchUp (until its timeout) retry for as long as it lasts;
   * rebuild and verify give up after transientMaxRetries (default 12, about half a minute).
   */
  transientRetryMs?: number;
  transientRetryMaxMs?: number;
  transientMaxRetries?: number;
  logger?: RunnerLogger;
};

export type ProjectionStatus = {
  name: string;
  /** Active generation: the views read `<table>__g<generation>`. */
  generation: number;
  /** Version of the active generation's rows (projectionVersion(); null before versions were recorded). */
  version: string | null;
  /** The code's version: when it differs from `version`, the next live round rebuilds the read model. */
  codeVersion: string;
  checkpoint: Checkpoint;
  headCheckpoint: Checkpoint;
  /** Events in the log after `checkpoint` up to `headCheckpoint`, of ALL types (not only the ones it reads). */
  lag: number;
  leaseOwner: string | null;
  leaseExpiresAt: Date | null;
  /** Lease owner set and not expired. */
  leaseActive: boolean;
  /** Events it parked in dead_letters and skipped (see `cli status`; `listDeadLetters` has them all). */
  deadLetters: number;
  /** The most recently parked of them, or null. `error` is the first line of the stored error. */
  lastDeadLetter: { globalPosition: number; eventId: string; streamId: string; eventType: string; error: string; attempts: number; parkedAt: Date } | null;
  /** Halted by its 'stop' failure policy (persisted: every instance sees it). */
  stopped: boolean;
  error: string | null;
  /** A blue/green rebuild in progress (or crashed and resumable). */
  rebuilding: { generation: number; checkpoint: Checkpoint } | null;
};

export type CatchUpOptions = {
  /** Give up waiting (for another instance, or a slow apply) after this long. Default 60 s. */
  timeoutMs?: number;
};

/** A 'stop' projection parked an event and halted; `resume` or `rebuild` it after fixing the cause. */
export class ProjectionStoppedError extends Error {
  readonly name = 'ProjectionStoppedError';
  constructor(readonly projection: string, readonly reason: string) {
    super(`Projection ${projection} is stopped: ${reason}`);
  }
}

export class CatchUpTimeoutError extends Error {
  readonly name = 'CatchUpTimeoutError';
  constructor(readonly projection: string, readonly target: Checkpoint, readonly reached: Checkpoint) {
    super(`Projection ${projection} did not reach ${formatCheckpoint(target)} in time (at ${formatCheckpoint(reached)})`);
  }
}

/**
 * A short lease: a crashed holder's projections are taken over by another instance within about a
 * second (the lease running out, plus a standby's next try). Holding it costs one UPDATE per
 * projection every leaseMs/3. A holder that misses its renewals (a stalled process) loses the
 * lease without harm: batches are applied under a transaction-scoped advisory lock that checks the
 * lease and the checkpoint, so two instances never apply the same events.
 */
export const DEFAULT_LEASE_MS = 1000;
export const DEFAULT_LEASE_RETRY_MS = 250;
/**
 * Under a stream of events of types a projection does not read, its checkpoint moves past them at
 * most once in this long (its idle poll wakes it for those only when its checkpoint is this old).
 */
const FOREIGN_EVENTS_ROUND_MS = 1000;

/** 'progress': applied a read that was not full; 'progress-full': more may be waiting right away. */
type RoundResult = 'progress' | 'progress-full' | 'idle' | 'busy' | 'stopped';

const consoleLogger: RunnerLogger = {
  info: (m) => console.log(`[projections] ${m}`),
  warn: (m, e) => console.warn(`[projections] ${m}`, e ?? ''),
  error: (m, e) => console.error(`[projections] ${m}`, e ?? ''),
};

/**
 * Runs projections against the event store. Per projection, one instance at a time applies
 * (lease row + transaction-scoped advisory lock), each batch and its checkpoint in ONE
 * transaction, so a crash or a throw leaves neither read model nor checkpoint changed.
 *
 * Every method works from any process, with or without `start()`: the CLI and `GET /healthz`
 * use `status()`, tests and the seed use `catchUp()`.
 */
export class ProjectionRunner {
  readonly instanceId: string;
  private readonly db: Database;
  private readonly store: EventStore;
  private readonly projections: Projection[];
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly leaseRetryMs: number;
  private readonly pollIntervalMs: number;
  private readonly idleRecheckMs: number;
  private readonly minRoundIntervalMs: number;
  private readonly applyOptions: ApplyOptions;
  private readonly transient: TransientBackoff & { maxRetries: number };
  private readonly log: RunnerLogger;
  /** projectionVersion() of each projection, by name. */
  private readonly versions = new Map<string, string>();

  private prepared: Promise<void> | null = null;
  private running = false;
  private loops: Promise<void>[] = [];
  private renewTimer: NodeJS.Timeout | null = null;
  /** Who needs the renewal timer: `start()` and each catchUp in progress (see keepRenewing). */
  private renewUsers = 0;
  private stopRenewingForRun: (() => void) | null = null;
  private renewal: Promise<void> | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private pollInFlight = false;
  private unlisten: (() => Promise<void>) | null = null;
  /** Leases this instance believes it holds → local time until which no renewal is needed. */
  private readonly held = new Map<string, number>();
  /**
   * Per projection, its state as this instance's last live round left it (checkpoint moved by its
   * own commit), so the next round reads the log without reading the state first. Dropped
   * whenever the lease was not held throughout, and by resume and rebuild.
   */
  private readonly knownStates = new Map<string, ProjectionState>();
  /**
   * Per projection that asks for it (`readAhead`), the read of the batch after the one being
   * applied, started when that one was full (catching up): the next round starts from it if it
   * begins at that round's checkpoint, so reading the log overlaps applying. A read below the
   * horizon never changes, so one made earlier is as good as one made now.
   */
  private readonly readAhead = new Map<string, { after: Checkpoint; read: Promise<ReadAllResult | null> }>();
  /** Each projection's memory between its live batches (ProjectionContext.memory). */
  private readonly memories = new Map<string, BatchMemory>();
  /** In-process serialisation per projection (loop, catchUp and rebuild steps of this instance). */
  private readonly mutexes = new Map<string, Promise<unknown>>();
  private readonly catchingUp = new Map<string, number>();
  /** Per projection name, the sleeping loop's wake-up. */
  private readonly wakers = new Map<string, Set<() => void>>();
  /** In-process listeners per projection name, called right after a batch that changed its read model commits. */
  private readonly changeListeners = new Map<string, Set<() => void>>();
  /**
   * Per projection name, bumped by every NOTIFY of an append of a type it reads (or of unknown
   * types); a loop that saw its count change during its round does not sleep. An append of types
   * a projection does not read does not wake it: its checkpoint moves past them at its next round
   * (a poll, or the next append it reads), so a burst of one kind of event costs the other
   * projections nothing.
   */
  private readonly wakeCounts = new Map<string, number>();

  constructor(options: ProjectionRunnerOptions) {
    this.db = options.db;
    this.store = options.store;
    this.projections = options.projections;
    const names = new Set<string>();
    for (const p of this.projections) {
      if (names.has(p.name)) throw new Error(`Duplicate projection name ${p.name}`);
      names.add(p.name);
      this.versions.set(p.name, projectionVersion(p));
    }
    this.instanceId = options.instanceId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.batchSize = options.batchSize ?? 500;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
    this.idleRecheckMs = options.idleRecheckMs ?? Math.max(this.pollIntervalMs, 5_000);
    this.leaseRetryMs = Math.min(options.leaseRetryMs ?? DEFAULT_LEASE_RETRY_MS, this.pollIntervalMs);
    this.minRoundIntervalMs = options.minRoundIntervalMs ?? 25;
    this.log = options.logger ?? consoleLogger;
    const backoff = options.retryBackoffMs ?? 50;
    this.applyOptions = {
      maxAttempts: options.maxAttempts ?? 3,
      backoffMs: (attempt) => backoff * attempt,
      log: (message, error) => this.log.warn(message, error),
    };
    this.transient = {
      initialMs: options.transientRetryMs ?? DEFAULT_TRANSIENT_BACKOFF.initialMs,
      maxMs: options.transientRetryMaxMs ?? DEFAULT_TRANSIENT_BACKOFF.maxMs,
      maxRetries: options.transientMaxRetries ?? 12,
    };
  }

  get projectionNames(): string[] {
    return this.projections.map((p) => p.name);
  }

  // ---------------------------------------------------------------------------------------------
  // Preparation

  /**
   * Creates each projection's bookkeeping rows, its active generation's tables and the views.
   * Idempotent; concurrent callers (several processes) serialise on the projection's advisory lock.
   * A projection whose active generation has another version keeps its tables here (they serve
   * until the rebuild that its first live round starts switches the views).
   */
  prepare(): Promise<void> {
    if (!this.prepared) {
      this.prepared = (async () => {
        for (const p of this.projections) {
          await ensureProjectionRows(this.db, p.name, this.versions.get(p.name)!);
          await this.db.transaction(async (tx) => {
            await lockProjection(tx, p.name);
            const state = await readProjectionState(tx, p.name);
            const generation = state?.generation ?? 1;
            await createTables(tx, p, (t) => generationTable(t.name, generation));
            await ensureViews(tx, p, generation);
          });
        }
      })();
      this.prepared.catch(() => {
        this.prepared = null;
      });
    }
    return this.prepared;
  }

  // ---------------------------------------------------------------------------------------------
  // Running

  /** Starts one loop per projection: take/renew the lease, apply batches, sleep until NOTIFY or poll. */
  async start(): Promise<void> {
    if (this.running) return;
    await this.prepare();
    this.running = true;
    this.unlisten = await this.db.listen(EVENTS_CHANNEL, (payload) => this.wake(parseEventsNotification(payload).eventTypes));
    this.stopRenewingForRun = this.keepRenewing();
    this.pollTimer = setInterval(() => void this.pollForUnread(), this.pollIntervalMs);
    this.loops = this.projections.map((p) => this.runLoop(p));
  }

  /** Stops the loops, lets this instance's leases expire now (another instance takes over at once), unlistens. */
  async stop(): Promise<void> {
    await this.halt();
    const names = [...this.held.keys()];
    this.held.clear();
    await this.releaseHeld(names);
  }

  /**
   * Stops the loops WITHOUT releasing the leases, as a crashed process would leave them: other
   * instances take over only once the leases expire. For tests of failover.
   */
  async halt(): Promise<void> {
    this.running = false;
    this.stopRenewingForRun?.();
    this.stopRenewingForRun = null;
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
    this.wakeAll();
    await Promise.allSettled(this.loops);
    this.loops = [];
    const unlisten = this.unlisten;
    this.unlisten = null;
    if (unlisten) await unlisten().catch((err) => this.log.warn('unlisten failed', err));
  }

  private async runLoop(p: Projection): Promise<void> {
    let failures = 0;
    while (this.running) {
      const seen = this.wakeCounts.get(p.name) ?? 0;
      const startedAt = Date.now();
      let result: RoundResult = 'idle';
      let standby = false;
      try {
        if (await this.ensureLease(p.name)) result = await this.withMutex(p.name, () => this.applyRound(p));
        else standby = true;
        failures = 0;
      } catch (err) {
        // Not an event's fault (an event's own failure is parked inside the round): the database
        // is unavailable or busy, or the runner itself failed. Back off instead of spinning on
        // every NOTIFY; the next round goes on from the committed checkpoint.
        failures++;
        const delay = transientDelayMs(this.transient, failures);
        if (isTransientError(err)) this.log.warn(`${p.name}: transient database error (not the event's fault), retrying in ${delay} ms`, err);
        else this.log.error(`${p.name}: apply round failed, retrying in ${delay} ms`, err);
        await this.sleepWhileRunning(delay);
        continue;
      }
      if (result === 'progress-full' || !this.running) continue;
      const pause = startedAt + (p.minRoundIntervalMs ?? this.minRoundIntervalMs) - Date.now();
      if (pause > 0) await sleep(pause);
      if (result !== 'progress' && this.running) {
        const wait = standby ? this.leaseRetryMs : result === 'idle' ? this.idleRecheckMs : this.pollIntervalMs;
        await this.sleepUntilWoken(p.name, wait, seen);
      }
    }
  }

  /**
   * One read + apply for the live generation. 'busy': another applier holds the lock or the lease
   * moved; 'idle': nothing new is visible.
   */
  private async applyRound(p: Projection): Promise<RoundResult> {
    // The state this loop left after its last round, while it kept the lease; else read. A stale
    // one costs a 'busy' round (the transaction checks the checkpoint, version and generation
    // under the lock), never a wrong write.
    const known = this.knownStates.get(p.name);
    this.knownStates.delete(p.name);
    const state = known ?? (await this.requireState(p.name));
    if (state.version !== this.versions.get(p.name)) {
      await this.upgrade(p, state);
      return 'progress';
    }
    if (state.stoppedError !== null) return 'stopped';
    const batchSize = p.batchSize ?? this.batchSize;
    const readBatch = (after: Checkpoint) => this.store.readAll({ after, limit: batchSize, eventTypes: p.eventTypes });
    const ahead = this.readAhead.get(p.name);
    this.readAhead.delete(p.name);
    const read = (ahead && checkpointsEqual(ahead.after, state.checkpoint) ? await ahead.read : null) ?? (await readBatch(state.checkpoint));
    if (p.readAhead && read.scanned >= batchSize) {
      // A failed read ahead is only a missed chance: the next round reads again.
      this.readAhead.set(p.name, { after: read.checkpoint, read: readBatch(read.checkpoint).catch(() => null) });
    }
    if (read.events.length === 0 && checkpointsEqual(read.checkpoint, state.checkpoint)) {
      this.knownStates.set(p.name, state);
      return 'idle';
    }
    const outcome = await applyRead(this.db, p, this.liveTarget(p), state.checkpoint, read.events, read.checkpoint, this.applyOptions);
    if (outcome.kind === 'applied' && outcome.parked === 0) this.knownStates.set(p.name, { ...state, checkpoint: outcome.checkpoint });
    if (outcome.kind !== 'busy' && read.events.length > 0) this.announceChange(p);
    // A round that only moved the checkpoint past other types' events is idle: under a stream of
    // those, the loop sleeps until its own types arrive (or the poll moves it on again).
    if (outcome.kind === 'applied') return read.scanned >= batchSize ? 'progress-full' : read.events.length > 0 ? 'progress' : 'idle';
    if (outcome.kind === 'busy') return 'busy';
    this.log.error(`${p.name}: stopped at event ${outcome.failed.globalPosition} (${outcome.failed.type}) by its failure policy`, outcome.error);
    return 'stopped';
  }

  /** Live generation: advisory lock, lease, unchanged checkpoint; progress in `checkpoints`. */
  private liveTarget(p: Projection): ApplyTarget {
    let memory = this.memories.get(p.name);
    if (!memory) this.memories.set(p.name, (memory = new BatchMemory()));
    return {
      replaying: false,
      memory,
      begin: async (tx, expected) => {
        if (!(await lockHoldingLease(tx, p.name, this.instanceId))) return null;
        const state = await readProjectionState(tx, p.name);
        if (!state || state.stoppedError !== null || !checkpointsEqual(state.checkpoint, expected)) return null;
        // Never apply this code to rows of another version (before an upgrade's switch, or after
        // a newer process switched them): those are the other code's to keep up to date.
        if (state.version !== this.versions.get(p.name)) return null;
        return tableResolver(p, (t) => generationTable(t.name, state.generation));
      },
      advance: async (tx, to) => {
        await tx.query(
          `update checkpoints set transaction_id = $2::xid8, global_position = $3, updated_at = now() where name = $1`,
          [p.name, to.transactionId, to.globalPosition],
        );
      },
      park: async (tx, event, error, attempts, stop) => {
        await parkEvent(tx, p.name, event, describeError(error), attempts);
        if (stop) await markStopped(tx, p.name, `event ${event.globalPosition} (${event.type}, ${event.eventId}): ${error.message}`);
      },
    };
  }

  /**
   * The active generation was filled by another version of this projection (its `version` was
   * bumped or its tables changed): rebuild it blue/green. Runs in a live round, so only the lease
   * holder does it; the old generation keeps serving readers until the switch, and no live batch
   * is applied to it meanwhile. The lease is kept renewed while it runs, with or without `start()`.
   */
  private async upgrade(p: Projection, state: ProjectionState): Promise<void> {
    this.log.info(`${p.name}: version ${state.version ?? '(none)'} of the read model differs from the code's ${this.versions.get(p.name)}: rebuilding`);
    // The lease stays renewed meanwhile: upgrade runs inside a live round, from the loop (start())
    // or from catchUp, and both keep the renewal timer going.
    await rebuildProjection(this.deps(), p, {});
    this.announceChange(p);
  }

  // ---------------------------------------------------------------------------------------------
  // Catch-up

  /**
   * Applies until each projection (or only `name`) reaches the log's head as of this call.
   * Takes the lease when it is free (and gives it back afterwards unless `start()` is running);
   * when another instance holds it, waits for that instance's checkpoint to reach the head.
   * Throws ProjectionStoppedError for a projection halted by its 'stop' policy (after the
   * others caught up).
   */
  async catchUp(name?: string, options: CatchUpOptions = {}): Promise<void> {
    await this.prepare();
    const target = await this.store.headCheckpoint();
    const deadline = Date.now() + (options.timeoutMs ?? 60_000);
    const errors: unknown[] = [];
    for (const p of this.select(name)) {
      try {
        await this.catchUpOne(p, target, deadline);
      } catch (err) {
        errors.push(err);
      }
    }
    if (errors.length > 0) throw errors[0];
  }

  private async catchUpOne(p: Projection, target: Checkpoint, deadline: number): Promise<void> {
    this.catchingUp.set(p.name, (this.catchingUp.get(p.name) ?? 0) + 1);
    // A round may outlast the lease (bisecting a large batch on a slow database): keep renewing,
    // or the round's transactions find the lease expired and the work is done again.
    const stopRenewing = this.keepRenewing();
    let failures = 0;
    try {
      for (;;) {
        const state = await this.requireState(p.name);
        // Another version in the active generation: the next round rebuilds it first.
        const current = state.version === this.versions.get(p.name);
        if (current && compareCheckpoints(state.checkpoint, target) >= 0) return;
        if (current && state.stoppedError !== null) throw new ProjectionStoppedError(p.name, state.stoppedError);
        if (await this.ensureLease(p.name)) {
          let result: RoundResult;
          try {
            result = await this.withMutex(p.name, () => this.applyRound(p));
            failures = 0;
          } catch (err) {
            if (!isTransientError(err)) throw err;
            failures++;
            const delay = transientDelayMs(this.transient, failures);
            if (Date.now() + delay > deadline) throw err;
            this.log.warn(`${p.name}: transient database error (not the event's fault), retrying in ${delay} ms`, err);
            await sleep(delay);
            continue;
          }
          if (result === 'progress' || result === 'progress-full' || result === 'stopped') continue;
          // 'idle' below the target: the target's transaction committed but an older transaction
          // elsewhere keeps it invisible for now (xmin); wait and read again.
        }
        if (Date.now() > deadline) throw new CatchUpTimeoutError(p.name, target, state.checkpoint);
        await sleep(Math.min(this.pollIntervalMs, 50)); // another instance applies: watch its checkpoint
      }
    } finally {
      stopRenewing();
      const left = (this.catchingUp.get(p.name) ?? 1) - 1;
      if (left > 0) this.catchingUp.set(p.name, left);
      else this.catchingUp.delete(p.name);
      if (left === 0 && !this.running && this.held.has(p.name)) {
        this.held.delete(p.name);
        await this.releaseHeld([p.name]);
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Status, failure handling

  /** Per projection: generation, checkpoint, head, lag, lease, dead letters, stopped. Any process. */
  async status(): Promise<ProjectionStatus[]> {
    const head = await this.store.headCheckpoint();
    const { rows } = await this.db.query<{
      name: string;
      active_generation: number | null;
      active_version: string | null;
      rebuild_generation: number | null;
      rebuild_transaction_id: string | null;
      rebuild_global_position: number | null;
      stopped_error: string | null;
      transaction_id: string | null;
      global_position: number | null;
      owner: string | null;
      expires_at: Date | null;
      lease_active: boolean | null;
      dead_letters: number;
      dl_global_position: number | null;
      dl_event_id: string | null;
      dl_stream_id: string | null;
      dl_event_type: string | null;
      dl_error: string | null;
      dl_attempts: number | null;
      dl_parked_at: Date | null;
      lag: number;
    }>(
      `select p.name, g.active_generation, g.active_version, g.rebuild_generation,
              g.rebuild_transaction_id::text as rebuild_transaction_id, g.rebuild_global_position, g.stopped_error,
              coalesce(c.transaction_id, '0'::xid8)::text as transaction_id, coalesce(c.global_position, 0) as global_position,
              l.owner, l.expires_at, l.expires_at > clock_timestamp() as lease_active,
              (select count(*) from dead_letters d where d.projection = p.name) as dead_letters,
              dl.global_position as dl_global_position, dl.event_id::text as dl_event_id, dl.stream_id as dl_stream_id,
              dl.event_type as dl_event_type, dl.error as dl_error, dl.attempts as dl_attempts, dl.parked_at as dl_parked_at,
              (select count(*) from events e
                where (e.transaction_id, e.global_position) > (coalesce(c.transaction_id, '0'::xid8), coalesce(c.global_position, 0))
                  and (e.transaction_id, e.global_position) <= ($2::xid8, $3::bigint)) as lag
       from unnest($1::text[]) with ordinality as p(name, ord)
       left join projection_generations g on g.name = p.name
       left join checkpoints c on c.name = p.name
       left join projection_leases l on l.name = p.name
       left join lateral (select * from dead_letters d where d.projection = p.name order by d.parked_at desc, d.id desc limit 1) dl on true
       order by p.ord`,
      [this.projectionNames, head.transactionId, head.globalPosition],
    );
    return rows.map((r) => ({
      name: r.name,
      generation: r.active_generation === null ? 1 : Number(r.active_generation),
      version: r.active_version,
      codeVersion: this.versions.get(r.name)!,
      checkpoint: { transactionId: String(r.transaction_id), globalPosition: Number(r.global_position) },
      headCheckpoint: head,
      lag: Number(r.lag),
      leaseOwner: r.owner,
      leaseExpiresAt: r.expires_at,
      leaseActive: r.lease_active === true,
      deadLetters: Number(r.dead_letters),
      lastDeadLetter:
        r.dl_event_id === null
          ? null
          : {
              globalPosition: Number(r.dl_global_position),
              eventId: r.dl_event_id,
              streamId: String(r.dl_stream_id),
              eventType: String(r.dl_event_type),
              error: String(r.dl_error).split('\n')[0],
              attempts: Number(r.dl_attempts),
              parkedAt: r.dl_parked_at as Date,
            },
      stopped: r.stopped_error !== null,
      error: r.stopped_error,
      rebuilding:
        r.rebuild_generation === null
          ? null
          : {
              generation: Number(r.rebuild_generation),
              checkpoint: { transactionId: String(r.rebuild_transaction_id), globalPosition: Number(r.rebuild_global_position) },
            },
    }));
  }

  /**
   * Clears a 'stop' halt: the projection retries the failed event next round. Its dead letter is
   * forgotten (it is parked again if the event still fails). Use after deploying a fix; or
   * `rebuild` it. Returns false (and changes nothing) when the projection was not stopped.
   */
  async resume(name: string): Promise<boolean> {
    this.select(name);
    await this.prepare();
    this.knownStates.delete(name);
    const wasStopped = await this.db.transaction(async (tx) => {
      await lockProjection(tx, name);
      const state = await readProjectionState(tx, name);
      if (!state || state.stoppedError === null) return false;
      await forgetDeadLettersAfter(tx, name, state.checkpoint);
      await clearStopped(tx, name);
      return true;
    });
    this.wakeAll();
    return wasStopped;
  }

  // ---------------------------------------------------------------------------------------------
  // Rebuild and verify

  /**
   * Blue/green rebuild: fills generation g+1 from START (replaying: no side effects) while g keeps
   * serving, then switches views, checkpoint and active generation in one transaction under the
   * projection's advisory lock and drops g. A crashed rebuild resumes from its own checkpoint
   * (`restart: true` starts it over). Also clears a 'stop' halt.
   */
  async rebuild(name: string, options: { restart?: boolean } = {}): Promise<RebuildResult> {
    const p = this.select(name)[0];
    await this.prepare();
    try {
      return await rebuildProjection(this.deps(), p, options);
    } finally {
      // A round of the loop meanwhile may have left the generation being replaced.
      this.knownStates.delete(name);
    }
  }

  /**
   * Rebuilds each projection into scratch tables up to exactly the live checkpoint and compares
   * them row by row with the live tables (the live projection holds still during the comparison).
   * Events the projection parked are met and skipped the same way by the scratch rebuild. Each
   * result also says whether the projection is stopped or behind the log's head (`problems`).
   * A transient database error starts that projection's check over (fresh scratch tables).
   */
  async verify(names?: string[], options: { maxDiff?: number } = {}): Promise<VerifyResult[]> {
    await this.prepare();
    const selected = names && names.length > 0 ? names.flatMap((n) => this.select(n)) : this.projections;
    const results: VerifyResult[] = [];
    for (const p of selected) {
      results.push(await withTransientRetry(() => verifyProjection(this.deps(), p, options), this.transient, (m, e) => this.log.warn(m, e), `${p.name}: verify`));
    }
    return results;
  }

  private deps(): RunnerDeps {
    return { db: this.db, store: this.store, batchSize: this.batchSize, applyOptions: this.applyOptions, transient: this.transient, log: this.log };
  }

  // ---------------------------------------------------------------------------------------------
  // Leases, wake-ups, helpers

  /** Takes or renews the lease unless it was renewed recently enough. */
  private async ensureLease(name: string): Promise<boolean> {
    // The renewal timer (running, or a catchUp in progress) keeps a held lease at least two
    // thirds of leaseMs ahead, so a round asks the database only when renewals fail or the lease
    // is not held. The apply transaction checks the lease itself (lockHoldingLease) before it writes.
    const until = this.held.get(name);
    if (until !== undefined && until - Date.now() > this.leaseMs / 3) return true;
    return this.takeLease(name);
  }

  /**
   * Keeps every held lease renewed every leaseMs/3 until the returned function is called; shared
   * by `start()` and the catchUps in progress (one timer, however many users).
   */
  private keepRenewing(): () => void {
    if (this.renewUsers++ === 0) this.renewTimer = setInterval(() => void this.renewLeases(), Math.max(10, Math.floor(this.leaseMs / 3)));
    let done = false;
    return () => {
      if (done) return;
      done = true;
      if (--this.renewUsers === 0 && this.renewTimer) {
        clearInterval(this.renewTimer);
        this.renewTimer = null;
      }
    };
  }

  private async takeLease(name: string): Promise<boolean> {
    const requestedAt = Date.now();
    const ok = await acquireLease(this.db, name, this.instanceId, this.leaseMs);
    if (ok) {
      if (!this.held.has(name)) {
        this.log.info(`${name}: lease taken by ${this.instanceId}`);
        this.knownStates.delete(name);
      }
      this.held.set(name, requestedAt + this.leaseMs);
    } else {
      this.held.delete(name);
      this.knownStates.delete(name);
    }
    return ok;
  }

  /** Renews every lease this instance holds in one statement; a lease another instance took is dropped. */
  private renewLeases(): Promise<void> {
    if (!this.renewal) this.renewal = this.renewHeldLeases().finally(() => (this.renewal = null));
    return this.renewal;
  }

  /** Gives leases back once no renewal is in flight (one in flight would extend them again). */
  private async releaseHeld(names: string[]): Promise<void> {
    for (const name of names) this.knownStates.delete(name);
    await this.renewal;
    await releaseLeases(this.db, names, this.instanceId);
  }

  private async renewHeldLeases(): Promise<void> {
    const names = [...this.held.keys()];
    if (names.length === 0) return;
    const requestedAt = Date.now();
    try {
      const renewed = await acquireLeases(this.db, names, this.instanceId, this.leaseMs);
      for (const name of names) {
        if (renewed.has(name)) {
          if (this.held.has(name)) this.held.set(name, requestedAt + this.leaseMs);
        } else if (this.held.delete(name)) {
          this.knownStates.delete(name);
          this.log.warn(`${name}: lease lost`);
        }
      }
    } catch (err) {
      this.log.warn(`lease renewal failed (${names.join(', ')})`, err);
    }
  }

  /**
   * Calls `listener` right after this process commits a batch that changed `projection`'s read
   * model (before `catchUp` returns). Changes applied by other processes arrive as
   * READ_MODEL_CHANGED_CHANNEL notifications for projections that announce them. Returns an
   * unsubscribe function.
   */
  onChange(projection: string, listener: () => void): () => void {
    let listeners = this.changeListeners.get(projection);
    if (!listeners) this.changeListeners.set(projection, (listeners = new Set()));
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  private announceChange(p: Projection): void {
    for (const listener of this.changeListeners.get(p.name) ?? []) {
      try {
        listener();
      } catch (err) {
        this.log.warn(`${p.name}: change listener failed`, err);
      }
    }
    if (p.announcesChanges) {
      this.db.query('SELECT pg_notify($1, $2)', [READ_MODEL_CHANGED_CHANNEL, p.name]).catch((err) => this.log.warn(`${p.name}: change notification failed`, err));
    }
  }

  private wakeAll(): void {
    this.wake(null);
  }

  /**
   * The idle poll: wakes the loops (of projections this instance holds) that have unread events,
   * in case their NOTIFY was missed (a dropped connection) or named only types they do not read.
   */
  private async pollForUnread(): Promise<void> {
    if (this.pollInFlight || !this.running) return;
    this.pollInFlight = true;
    try {
      const held = this.projections.filter((p) => this.held.has(p.name));
      const due = await namesWithUnreadEvents(this.db, held, { foreignAfterMs: FOREIGN_EVENTS_ROUND_MS });
      for (const name of due) this.wakeOne(name);
    } catch (err) {
      // The loops' own rounds report database trouble; a missed poll only costs latency.
      if (!isTransientError(err)) this.log.warn('idle poll failed', err);
    } finally {
      this.pollInFlight = false;
    }
  }

  private wakeOne(name: string): void {
    this.wakeCounts.set(name, (this.wakeCounts.get(name) ?? 0) + 1);
    for (const wake of [...(this.wakers.get(name) ?? [])]) wake();
  }

  /** Wakes the loops of the projections that read any of `eventTypes` (null: every loop). */
  private wake(eventTypes: string[] | null): void {
    for (const p of this.projections) {
      if (notificationConcerns(eventTypes, p.eventTypes)) this.wakeOne(p.name);
    }
  }

  /** Sleeps `ms`, or less if `halt()` stops the loops meanwhile. */
  private async sleepWhileRunning(ms: number): Promise<void> {
    const until = Date.now() + ms;
    while (this.running && Date.now() < until) await sleep(Math.min(50, until - Date.now()));
  }

  private sleepUntilWoken(name: string, ms: number, seen: number): Promise<void> {
    if ((this.wakeCounts.get(name) ?? 0) !== seen || !this.running) return Promise.resolve();
    let wakers = this.wakers.get(name);
    if (!wakers) this.wakers.set(name, (wakers = new Set()));
    const own = wakers;
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        own.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      own.add(done);
    });
  }

  private async withMutex<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.mutexes.get(name) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    const settled = run.catch(() => undefined);
    this.mutexes.set(name, settled);
    try {
      return await run;
    } finally {
      if (this.mutexes.get(name) === settled) this.mutexes.delete(name);
    }
  }

  private async requireState(name: string): Promise<ProjectionState> {
    const state = await readProjectionState(this.db, name);
    if (!state) throw new Error(`Projection ${name} is not prepared`);
    return state;
  }

  private select(name?: string): Projection[] {
    if (name === undefined) return this.projections;
    const p = this.projections.find((x) => x.name === name);
    if (!p) throw new Error(`Unknown projection ${name}. Known: ${this.projectionNames.join(', ')}`);
    return [p];
  }
}

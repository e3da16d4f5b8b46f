import type { Decider, DomainError, DomainEvent } from '@storefront/domain';
import { foldEvents } from './command-handling';
import { ConcurrencyError } from './errors';
import type { StreamStateCache } from './stream-state-cache';
import type { CommandContext, EventStore, RecordedEvent, StreamAppend } from './types';

/** A stream a batch decides commands on. */
export type BatchTarget<Command, State, E extends DomainEvent, Err extends DomainError> = {
  streamId: string;
  streamType: string;
  decider: Decider<Command, State, E, Err>;
  /** Goes with the stream's events (its command id is the append's; it must be fresh, see handleCommandBatch). */
  context: CommandContext;
  /** The stream was minted for this batch (a new order): decided on the initial state without reading it. */
  newStream?: boolean;
};

/** A target of any decider (for `load`). */
export type AnyBatchTarget = Omit<BatchTarget<never, unknown, DomainEvent, DomainError>, 'decider'> & { decider: object };

export type BatchDecision<State, Err extends DomainError> = { ok: true; state: State; events: DomainEvent[] } | { ok: false; error: Err; state: State };

type Staged = { owner: number; context: CommandContext; event: DomainEvent };

type Entry = {
  streamId: string;
  streamType: string;
  decider: Decider<unknown, unknown, DomainEvent, DomainError>;
  /** The version the stream was loaded at (the expected version of its first append). */
  version: number;
  /** Loaded from a cache (or assumed new) rather than read now: checked at commit even if not written. */
  unverified: boolean;
  /** State after the events staged so far. */
  state: unknown;
  staged: Staged[];
};

/**
 * Commands on several streams decided one after another against in-memory states and committed
 * together by one `appendMany` (all or nothing). A decision sees the states left by the earlier
 * ones in the batch. `mark()` / `rollback(mark)` drop what was staged since a point (a group of
 * commands that must all hold or none, like reserving every line of an order).
 *
 * Several callers' plans may share one batch (`handleCommandBatches`, group commit): each stages
 * as its own owner, and each command's events go in their own append entry (its command id and
 * metadata), one after another on a shared stream.
 */
export class CommandBatch {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<Entry>>();
  private readonly log: { streamId: string; state: unknown; staged: number }[] = [];
  private owner = 0;
  private allowed: ReadonlySet<string> | null = null;

  constructor(
    private readonly store: EventStore,
    /** Whether states may come from the caches (first attempt) or must be brought up to date (after a conflict). */
    private readonly useCache: boolean,
    private readonly cacheFor: (decider: object) => StreamStateCache<unknown> | undefined,
  ) {}

  /** From now on decisions are staged for `owner`, which may only touch `streamIds` (when given). */
  begin(owner: number, streamIds: readonly string[] | undefined): void {
    this.owner = owner;
    this.allowed = streamIds ? new Set(streamIds) : null;
  }

  /** Loads the targets' states (in parallel), so the decisions that follow need no round trip. */
  async load(targets: readonly AnyBatchTarget[]): Promise<void> {
    await Promise.all(targets.map((target) => this.entry(target as BatchTarget<unknown, unknown, DomainEvent, DomainError>)));
  }

  /** Decides `command` on the target's current state in the batch; accepted events are staged. */
  async decide<Command, State, E extends DomainEvent, Err extends DomainError>(
    target: BatchTarget<Command, State, E, Err>,
    command: Command,
  ): Promise<BatchDecision<State, Err>> {
    const entry = await this.entry(target as unknown as BatchTarget<unknown, unknown, DomainEvent, DomainError>);
    const decider = target.decider;
    const decision = decider.decide(command, entry.state as State);
    if (!decision.ok) return { ok: false, error: decision.error, state: entry.state as State };
    if (decision.events.length === 0) return { ok: true, state: entry.state as State, events: [] };
    this.log.push({ streamId: entry.streamId, state: entry.state, staged: entry.staged.length });
    entry.state = decision.events.reduce<State>((s, e) => decider.evolve(s, e), entry.state as State);
    entry.staged.push(...decision.events.map((event) => ({ owner: this.owner, context: target.context, event })));
    return { ok: true, state: entry.state as State, events: decision.events };
  }

  /** The target's state in the batch (loaded if it was not yet). */
  async state<Command, State, E extends DomainEvent, Err extends DomainError>(target: BatchTarget<Command, State, E, Err>): Promise<State> {
    return (await this.entry(target as unknown as BatchTarget<unknown, unknown, DomainEvent, DomainError>)).state as State;
  }

  mark(): number {
    return this.log.length;
  }

  /** Drops everything staged after `mark`. */
  rollback(mark: number): void {
    while (this.log.length > mark) {
      const { streamId, state, staged } = this.log.pop()!;
      const entry = this.entries.get(streamId)!;
      entry.state = state;
      entry.staged.length = staged;
    }
  }

  /**
   * The streams touched, as appendMany entries: each command's staged events (one entry per
   * command, following on from the one before on the same stream), or a guard for a state that
   * was not read now and got no events.
   */
  appends(): { owner: number | null; append: StreamAppend }[] {
    const appends: { owner: number | null; append: StreamAppend }[] = [];
    for (const entry of this.entries.values()) {
      if (entry.staged.length === 0) {
        if (entry.unverified) appends.push({ owner: null, append: this.append(entry, entry.version, [], null) });
        continue;
      }
      let version = entry.version;
      let run: Staged[] = [];
      const flush = () => {
        appends.push({ owner: run[0]!.owner, append: this.append(entry, version, run.map((s) => s.event), run[0]!.context) });
        version += run.length;
        run = [];
      };
      for (const staged of entry.staged) {
        if (run.length > 0 && (run[0]!.owner !== staged.owner || run[0]!.context.commandId !== staged.context.commandId)) flush();
        run.push(staged);
      }
      flush();
    }
    return appends;
  }

  /** Every stream touched (for the caches and the results). */
  touched(): Entry[] {
    return [...this.entries.values()];
  }

  private append(entry: Entry, version: number, events: DomainEvent[], context: CommandContext | null): StreamAppend {
    return {
      streamId: entry.streamId,
      streamType: entry.streamType,
      expectedVersion: version === 0 ? 'no_stream' : version,
      events: events.map((e) => ({ type: e.type, data: e.data, schemaVersion: e.schemaVersion })),
      // A guard writes nothing: its command id is never recorded.
      command: context ?? { commandId: `guard:${entry.streamId}`, correlationId: '', causationId: null, actor: { kind: 'system', id: 'guard' } },
    };
  }

  private entry(target: BatchTarget<unknown, unknown, DomainEvent, DomainError>): Promise<Entry> {
    const { streamId } = target;
    if (this.allowed && !this.allowed.has(streamId)) throw new Error(`Stream ${streamId} was not declared for this batch`);
    let loading = this.loading.get(streamId);
    if (!loading) {
      loading = this.loadEntry(target);
      this.loading.set(streamId, loading);
    }
    return loading;
  }

  private async loadEntry(target: BatchTarget<unknown, unknown, DomainEvent, DomainError>): Promise<Entry> {
    const { streamId, decider } = target;
    let version: number;
    let state: unknown;
    let unverified = false;
    const cached = this.cacheFor(decider)?.get(streamId);
    if (this.useCache && (target.newStream || cached)) {
      ({ version, state } = target.newStream ? { version: 0, state: decider.initialState() } : cached!);
      unverified = true;
    } else {
      // A cached state is a true one at its version (only committed or read states are cached):
      // read what was appended since, not the whole stream (a hot item's stream is long).
      const from = cached ?? { version: 0, state: decider.initialState() };
      const newer: RecordedEvent[] = await this.store.readStream(streamId, from.version > 0 ? { fromVersion: from.version } : {});
      version = newer.length === 0 ? from.version : newer[newer.length - 1]!.streamPosition;
      state = foldEvents(decider, from.state, newer);
    }
    const entry: Entry = { streamId, streamType: target.streamType, decider, version, unverified, state, staged: [] };
    this.entries.set(streamId, entry);
    return entry;
  }
}

export type CommandBatchOptions<T> = {
  /** Decides the batch's commands; run again from scratch (states brought up to date) after a conflict. Must not do other I/O with effects. */
  plan: (batch: CommandBatch) => Promise<T>;
  /** The decider's cache of stream states (the executor's): used on the first attempt, updated after. */
  cacheFor?: (decider: object) => StreamStateCache<unknown> | undefined;
  /** When given, only these streams may be touched (the caller serialized them). */
  streamIds?: readonly string[];
  /** Replans after a ConcurrencyError before it is rethrown (default 5). */
  maxRetries?: number;
};

export type CommandBatchResult<T> = {
  /** What the last (committed) plan returned. */
  value: T;
  /**
   * Per touched stream: its state and version after the commit, and the events this plan
   * appended to it now (in a group commit, other plans' events on a shared stream are not here).
   */
  streams: Map<string, { state: unknown; version: number; events: RecordedEvent[] }>;
};

/**
 * Plan → one `appendMany` → on a ConcurrencyError (any stream moved) plan again on states brought
 * up to date (the events after each cached version are read), up to `maxRetries`. A stream whose
 * state came from a cache and got no events is still checked at its version (a guard entry), so
 * no decision ever rests on a state older than the head.
 * Every command id must be fresh (minted for this batch): a repeated batch is not recognised as a
 * duplicate of an earlier one, it throws.
 */
export async function handleCommandBatch<T>(store: EventStore, options: CommandBatchOptions<T>): Promise<CommandBatchResult<T>> {
  const [outcome] = await handleCommandBatches(store, [{ plan: options.plan, streamIds: options.streamIds }], options);
  if (!outcome!.ok) throw outcome!.error;
  return outcome!.result as CommandBatchResult<T>;
}

export type BatchPlan = { plan: (batch: CommandBatch) => Promise<unknown>; streamIds?: readonly string[] };
export type BatchPlanOutcome = { ok: true; result: CommandBatchResult<unknown> } | { ok: false; error: unknown };

/**
 * Group commit: several plans decided one after another on one batch (each sees the states the
 * ones before it left) and committed by ONE `appendMany`. A plan that throws is dropped from the
 * group (what it staged is rolled back) and gets its error; the others go on. A conflict plans all
 * of them again; retries that run out give every plan the ConcurrencyError.
 */
export async function handleCommandBatches(
  store: EventStore,
  plans: readonly BatchPlan[],
  options: { cacheFor?: (decider: object) => StreamStateCache<unknown> | undefined; maxRetries?: number } = {},
): Promise<BatchPlanOutcome[]> {
  const { cacheFor = () => undefined, maxRetries = 5 } = options;
  const failed = new Map<number, unknown>();
  for (let attempt = 0; ; attempt++) {
    const batch = new CommandBatch(store, attempt === 0, cacheFor);
    const values = new Map<number, unknown>();
    for (const [i, { plan, streamIds }] of plans.entries()) {
      if (failed.has(i)) continue;
      batch.begin(i, streamIds);
      const mark = batch.mark();
      try {
        values.set(i, await plan(batch));
      } catch (error) {
        batch.rollback(mark);
        failed.set(i, error);
      }
    }
    const appends = batch.appends();
    try {
      const appended = appends.length === 0 ? null : await store.appendMany(appends.map((a) => a.append));
      if (appended?.status === 'duplicate') throw new Error('A command batch was applied before (its command ids must be fresh)');
      const touched = batch.touched();
      const finalVersion = new Map(touched.map((entry) => [entry.streamId, entry.version]));
      const eventsOf = new Map<number, Map<string, RecordedEvent[]>>();
      for (const [k, stream] of (appended?.streams ?? []).entries()) {
        finalVersion.set(stream.streamId, Math.max(finalVersion.get(stream.streamId) ?? 0, stream.version));
        const owner = appends[k]!.owner;
        if (owner === null) continue;
        let own = eventsOf.get(owner);
        if (!own) eventsOf.set(owner, (own = new Map()));
        own.set(stream.streamId, [...(own.get(stream.streamId) ?? []), ...stream.events]);
      }
      for (const entry of touched) cacheFor(entry.decider)?.set(entry.streamId, finalVersion.get(entry.streamId)!, entry.state);
      return plans.map((_, i): BatchPlanOutcome => {
        if (failed.has(i)) return { ok: false, error: failed.get(i) };
        const streams: CommandBatchResult<unknown>['streams'] = new Map();
        for (const entry of touched) {
          streams.set(entry.streamId, { state: entry.state, version: finalVersion.get(entry.streamId)!, events: eventsOf.get(i)?.get(entry.streamId) ?? [] });
        }
        return { ok: true, result: { value: values.get(i), streams } };
      });
    } catch (err) {
      // The cached states stay: each is still a true state at its version, and the next attempt
      // reads only what was appended after it.
      if (!(err instanceof ConcurrencyError) || attempt >= maxRetries) return plans.map((_, i) => ({ ok: false, error: failed.has(i) ? failed.get(i) : err }));
      // Jittered backoff, as handleCommand.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 ** attempt)));
    }
  }
}

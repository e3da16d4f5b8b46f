import type { DomainEvent } from '@storefront/domain';
import { foldEvents, toDomainEvent, type EventStore, type RecordedEvent, type SqlExecutor } from '@storefront/eventstore';
import type { FailurePolicy, Projection } from '../runner/projection';
import { quoteIdent } from '../runner/sql-identifier';
import { upsertRows, type Row } from '../runner/sql-batch';

/**
 * A stream-row read model: one row per stream of one kind (a cart, an order, a checkout), holding
 * the stream's folded domain state, the document readers get (`view`) and the stream version the
 * row reflects. The model is what both sides share: the projection folds batches into rows with
 * it, and `readStreamRow` answers from the row, or from the stream itself when the row lags.
 */
export type StreamRowModel<State, E extends DomainEvent, View> = {
  /** The view readers query (`<table>` → `<table>__g<generation>`), e.g. `orders`. */
  readonly table: string;
  /** Primary-key column holding the stream's id without `streamPrefix`, e.g. `order_id`. */
  readonly key: string;
  /** Stream id = streamPrefix + id, e.g. `order-`. */
  readonly streamPrefix: string;
  readonly initialState: () => State;
  /** The domain's evolve (total: replay never fails). */
  readonly evolve: (state: State, event: E) => State;
  /** The document a reader gets, stored in column `view`; null when there is nothing to show. */
  readonly view: (state: State) => View | null;
};

export type StreamRowProjectionOptions<State, E extends DomainEvent, View> = {
  /** Projection name (checkpoint, lease, CLI argument). */
  name: string;
  /** Bump when the rows it writes change for the same events: the runner rebuilds it on start. */
  version: number;
  model: StreamRowModel<State, E, View>;
  eventTypes: string[];
  /**
   * CREATE TABLE column definitions. Must have `<key> text primary key`, `version integer not null`,
   * `state jsonb not null`, `view jsonb`, and every column `columns` returns.
   */
  tableColumns: string;
  /**
   * The row's other columns for the state after the stream's last event of the batch (`last`), or
   * null for no row (yet). Derive them from the state and the event, never from the clock: a rebuild
   * must write identical rows (verify compares them).
   */
  columns: (state: State, view: View | null, last: RecordedEvent) => Row | null;
  /** Runs before each event is applied; throw (e.g. UnprocessableEventError) to park the event. */
  check?: (event: RecordedEvent) => void;
  onFailure?: FailurePolicy;
  announcesChanges?: boolean;
};

export type StreamRowProjection<State, E extends DomainEvent, View> = Projection & {
  readonly model: StreamRowModel<State, E, View>;
};

type Folded<State> = { id: string; version: number; state: State; last: RecordedEvent | null };

/**
 * Builds the projection of a stream-row read model. Per batch: one SELECT of the rows of the
 * streams it touches, evolve each stream's new events (those past the row's version, so a replay
 * changes nothing), one upsert of the rows that changed.
 */
export function streamRowProjection<State, E extends DomainEvent, View>(
  options: StreamRowProjectionOptions<State, E, View>,
): StreamRowProjection<State, E, View> {
  const { model, check, columns } = options;
  const prefix = model.streamPrefix;
  const idOf = (streamId: string) => (streamId.startsWith(prefix) ? streamId.slice(prefix.length) : streamId);
  const key = quoteIdent(model.key);
  return {
    name: options.name,
    version: options.version,
    model,
    tables: [{ name: model.table, columns: options.tableColumns, orderBy: [model.key] }],
    eventTypes: options.eventTypes,
    onFailure: options.onFailure,
    announcesChanges: options.announcesChanges,
    async apply(events, { tx, table }) {
      if (events.length === 0) return;
      const ids = [...new Set(events.map((e) => idOf(e.streamId)))];
      const existing = await tx.query<{ id: string; version: number; state: State }>(
        `SELECT ${key} AS id, version, state FROM ${quoteIdent(table(model.table))} WHERE ${key} = ANY($1::text[])`,
        [ids],
      );
      const folded = new Map<string, Folded<State>>(existing.rows.map((r) => [r.id, { id: r.id, version: r.version, state: r.state, last: null }]));
      for (const event of events) {
        const id = idOf(event.streamId);
        const row = folded.get(id) ?? { id, version: 0, state: model.initialState(), last: null };
        // Replays after a crash never re-apply: the checkpoint moves with the rows, but stay idempotent anyway.
        if (event.streamPosition <= row.version) continue;
        check?.(event);
        row.state = model.evolve(row.state, toDomainEvent<E>(event));
        row.version = event.streamPosition;
        row.last = event;
        folded.set(id, row);
      }
      const changed: Row[] = [];
      for (const { id, version, state, last } of folded.values()) {
        if (last === null) continue;
        const view = model.view(state);
        const rest = columns(state, view, last);
        if (rest === null) continue;
        changed.push({ [model.key]: id, version, state, view, ...rest });
      }
      await upsertRows(tx, table(model.table), changed, [model.key]);
    },
  };
}

/**
 * The reader of a stream-row read model: the row's `view` when the row has caught up with the
 * stream, else the same view folded from the stream (a visitor right after their own write never
 * sees it go backwards); null when the stream does not exist.
 */
export function streamRowReader<State, E extends DomainEvent, View>(
  model: StreamRowModel<State, E, View>,
): (db: SqlExecutor, store: EventStore, id: string) => Promise<View | null> {
  const sql = `SELECT version, view FROM ${quoteIdent(model.table)} WHERE ${quoteIdent(model.key)} = $1`;
  return async (db, store, id) => {
    const streamId = model.streamPrefix + id;
    const [{ rows }, streamVersion] = await Promise.all([
      db.query<{ version: number; view: View | null }>(sql, [id]),
      store.streamVersion(streamId),
    ]);
    const row = rows[0];
    if (row && row.version >= streamVersion) return row.view;
    if (streamVersion === 0) return null;
    return model.view(foldEvents<State, E>(model, model.initialState(), await store.readStream(streamId)));
  };
}

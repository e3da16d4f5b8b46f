import { Inject, Injectable } from '@nestjs/common';
import { domainError, type HistoryEntry, type HistoryEventInput } from '@storefront/domain';
import type { EventStore, RecordedEvent } from '@storefront/eventstore';
import { EVENT_STORE } from './database/tokens';
import { DomainException } from './http/domain-exception';

/** A page of an aggregate's history, newest first (GET …/history). */
export type HistoryPage = {
  /** The aggregate's current version (its stream's last position; 0 when it has no events). */
  version: number;
  entries: HistoryEntry[];
  /** Send as `before` for the next (older) page; null on the last one. */
  nextBefore: number | null;
};

/** `?limit=` (1 to 200, default 50) and `?before=` (a version: entries older than it). */
export type HistoryQuery = { limit: number; before: number | null };

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;

/**
 * The events of one stream as the domain's history functions read them (issue 12): type, data,
 * version (stream position), recorded time and who, from the metadata the event store kept.
 */
@Injectable()
export class StreamHistory {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async events(streamId: string): Promise<HistoryEventInput[]> {
    return (await this.store.readStream(streamId)).map(historyEventOf);
  }
}

export function historyEventOf(event: RecordedEvent): HistoryEventInput {
  const actor = event.metadata.actor;
  return {
    type: event.type,
    data: event.data,
    schemaVersion: event.schemaVersion,
    version: event.streamPosition,
    recordedAt: event.recordedAt.toISOString(),
    actor: actor.kind === 'owner' && actor.email ? { kind: 'owner', id: actor.id, email: actor.email } : { kind: actor.kind, id: actor.id },
  };
}

/** The query string of a history read; a bad value is 400 INVALID_REQUEST naming it. */
export function historyQuery(query: Record<string, unknown>): HistoryQuery {
  const number = (name: string, min: number, max: number): number | null => {
    const raw = query[name];
    if (raw === undefined || raw === '') return null;
    const n = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
    if (!(n >= min && n <= max)) {
      throw new DomainException(domainError('INVALID_REQUEST', { field: name }, `${name} must be a whole number from ${min} to ${max}.`));
    }
    return n;
  };
  return { limit: number('limit', 1, MAX_LIMIT) ?? DEFAULT_LIMIT, before: number('before', 1, 999_999_999) };
}

/** Entries (oldest first, as built) as a page, newest first. */
export function historyPage(entries: HistoryEntry[], { limit, before }: HistoryQuery): HistoryPage {
  const version = entries.at(-1)?.version ?? 0;
  const older = entries.filter((e) => before === null || e.version < before).reverse();
  const page = older.slice(0, limit);
  return { version, entries: page, nextBefore: older.length > limit ? page.at(-1)!.version : null };
}

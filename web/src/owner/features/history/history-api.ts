import type { HistoryEntry } from '@storefront/domain/shared/history';
import { ownerApi } from '../../app/api';

/**
 * Issue 12 'History and restore' in the owner app, over the history API (docs/HISTORY.md): a
 * page's, an item's, a product's, the settings' (with header and footer) and the site layout's
 * history, read from the event log newest first and paged back with `nextBefore`; and restoring
 * an earlier version, which appends a new event and answers the resource as its GET does.
 */
export type { FieldChange, HistoryEntry } from '@storefront/domain/shared/history';

/** Whose history: the stream a panel reads. */
export type HistorySubject =
  | { kind: 'collection'; id: string }
  | { kind: 'item'; id: string }
  | { kind: 'product'; websiteId: string; id: string }
  | { kind: 'settings' }
  | { kind: 'layout' };

/** Subjects with a restore route (the site layout has none: its changes are made in the page tree). */
export type RestorableSubject = Exclude<HistorySubject, { kind: 'layout' }>;

/** GET …/history: one page of entries, newest first. */
export type HistoryPage = {
  /** The aggregate's current version (its stream's last position). */
  version: number;
  entries: HistoryEntry[];
  /** Send as `before` for the next (older) page; null on the last one. */
  nextBefore: number | null;
};

/** A restore answers the resource as its GET does, with its new version. */
export type RestoreAnswer = { version?: number } & Record<string, unknown>;

/** Entries per page: "Show older" reads the next. */
export const HISTORY_PAGE_SIZE = 20;

const enc = encodeURIComponent;

/** The resource's own path under /api, to which /history and /restore are added. */
export function subjectPath(subject: HistorySubject): string {
  switch (subject.kind) {
    case 'collection':
      return `site/collections/${enc(subject.id)}`;
    case 'item':
      return `site/items/${enc(subject.id)}`;
    case 'product':
      return `content-service/product/1.1/websites/${enc(subject.websiteId)}/products/${enc(subject.id)}`;
    case 'settings':
      return 'site/settings';
    case 'layout':
      return 'site/layout';
  }
}

/** The 'History' tag id of one subject's entries. */
export function historyTagId(subject: HistorySubject): string {
  return 'id' in subject ? `${subject.kind}:${subject.id}` : subject.kind;
}

/** The tags a restore changes: the resource's screens and editors read it again, and every open history. */
function restoredTags(subject: RestorableSubject, answer: RestoreAnswer | undefined) {
  const history = { type: 'History' as const, id: historyTagId(subject) };
  switch (subject.kind) {
    case 'collection':
      // The URL id may come back: the site layout (and the store pages' list) read it again.
      return [{ type: 'Page' as const, id: subject.id }, { type: 'Page' as const, id: 'LIST' }, 'Layout' as const, { type: 'Site' as const, id: 'COLLECTIONS' }, history];
    case 'item': {
      const collectionId = (answer?.item as { collectionId?: string } | undefined)?.collectionId;
      const items = collectionId ? [{ type: 'Page' as const, id: `items:${collectionId}` }, { type: 'Page' as const, id: collectionId }] : [];
      return [{ type: 'Page' as const, id: subject.id }, { type: 'Page' as const, id: 'LIST' }, ...items, history];
    }
    case 'product':
      return [{ type: 'Product' as const, id: subject.id }, { type: 'Product' as const, id: 'LIST' }, history];
    case 'settings':
      return ['Site' as const, history];
  }
}

export const historyApi = ownerApi.injectEndpoints({
  endpoints: (build) => ({
    /** A subject's history; each "Show older" fetches the entries before the last page's `nextBefore`. */
    historyOfSubject: build.infiniteQuery<HistoryPage, HistorySubject, number | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.nextBefore,
      },
      query: ({ queryArg, pageParam }) => `${subjectPath(queryArg)}/history?limit=${HISTORY_PAGE_SIZE}${pageParam === null ? '' : `&before=${pageParam}`}`,
      providesTags: (_r, _e, subject) => [{ type: 'History', id: historyTagId(subject) }],
    }),
    /**
     * Brings back `version` with a new event, based on the version the history showed (`basedOn`,
     * sent as If-Match): if the resource changed since, the server refuses it (409 EDIT_CONFLICT).
     */
    restoreHistoryVersion: build.mutation<RestoreAnswer, { subject: RestorableSubject; version: number; basedOn: number }>({
      query: ({ subject, version, basedOn }) => ({
        url: `${subjectPath(subject)}/restore`,
        method: 'POST',
        body: { version },
        headers: { 'If-Match': `"${basedOn}"` },
      }),
      invalidatesTags: (answer, error, { subject }) => (error ? [] : restoredTags(subject, answer)),
    }),
  }),
});

export const { useHistoryOfSubjectInfiniteQuery, useRestoreHistoryVersionMutation } = historyApi;

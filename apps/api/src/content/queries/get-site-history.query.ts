import type { HistoryQuery } from '../../infrastructure/stream-history';

/** GET …/history (issue 12): a page or collection, a content item, the settings, or the site layout. */
export type SiteHistorySubject = { kind: 'collection'; collectionId: string } | { kind: 'item'; itemId: string } | { kind: 'settings' } | { kind: 'layout' };

export class GetSiteHistoryQuery {
  constructor(readonly subject: SiteHistorySubject, readonly query: HistoryQuery) {}
}

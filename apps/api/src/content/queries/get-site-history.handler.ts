import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import {
  buildHistory, collectionHistory, collectionStreamId, contentItemHistory, contentItemStreamId, domainError, SITE_LAYOUT_STREAM_ID,
  siteLayoutHistory, WEBSITE_STREAM_ID, websiteHistory, type HistoryEntry, type HistoryEventInput,
} from '@storefront/domain';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { historyPage, StreamHistory, type HistoryPage } from '../../infrastructure/stream-history';
import { isId } from '../site-loader';
import { GetSiteHistoryQuery } from './get-site-history.query';

/**
 * An aggregate's history from its stream (never a read model): each event with who, when, its
 * version and the readable diff the domain computes (`domain/src/site/history.ts`). A deleted page
 * or item keeps its history; one that never existed is 404.
 */
@QueryHandler(GetSiteHistoryQuery)
export class GetSiteHistoryHandler implements IQueryHandler<GetSiteHistoryQuery, HistoryPage> {
  constructor(private readonly history: StreamHistory) {}

  async execute({ subject, query }: GetSiteHistoryQuery): Promise<HistoryPage> {
    return historyPage(await this.entries(subject), query);
  }

  private async entries(subject: GetSiteHistoryQuery['subject']): Promise<HistoryEntry[]> {
    switch (subject.kind) {
      case 'settings':
        return buildHistory(websiteHistory, await this.history.events(WEBSITE_STREAM_ID));
      case 'layout':
        return buildHistory(siteLayoutHistory, await this.history.events(SITE_LAYOUT_STREAM_ID));
      case 'collection': {
        const events = await this.existing(subject.collectionId, collectionStreamId, 'COLLECTION_NOT_FOUND');
        return buildHistory(collectionHistory, events);
      }
      case 'item': {
        const events = await this.existing(subject.itemId, contentItemStreamId, 'ITEM_NOT_FOUND');
        return buildHistory(contentItemHistory, events);
      }
    }
  }

  private async existing(id: string, streamOf: (id: string) => string, notFound: 'COLLECTION_NOT_FOUND' | 'ITEM_NOT_FOUND'): Promise<HistoryEventInput[]> {
    const events = isId(id) ? await this.history.events(streamOf(id)) : [];
    if (events.length === 0) throw new DomainException(domainError(notFound));
    return events;
  }
}

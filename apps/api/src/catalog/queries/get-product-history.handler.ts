import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { buildHistory, domainError, productHistory, productStreamId } from '@storefront/domain';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { historyPage, StreamHistory, type HistoryPage } from '../../infrastructure/stream-history';
import { WebsiteDirectory } from '../website-directory';
import { GetProductHistoryQuery } from './get-product-history.query';

/**
 * A product's history from its stream: each event with who, when, its version and the readable diff
 * of `domain/src/catalog/history.ts`. A deleted product keeps its history; an unknown one is 404.
 */
@QueryHandler(GetProductHistoryQuery)
export class GetProductHistoryHandler implements IQueryHandler<GetProductHistoryQuery, HistoryPage> {
  constructor(
    private readonly history: StreamHistory,
    private readonly websites: WebsiteDirectory,
  ) {}

  async execute({ websiteId, productId, query }: GetProductHistoryQuery): Promise<HistoryPage> {
    await this.websites.require(websiteId);
    const events = productId.length <= 200 ? await this.history.events(productStreamId(productId)) : [];
    if (events.length === 0) throw new DomainException(domainError('PRODUCT_NOT_FOUND'));
    return historyPage(buildHistory(productHistory, events), query);
  }
}

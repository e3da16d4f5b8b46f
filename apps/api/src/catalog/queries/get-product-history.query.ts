import type { HistoryQuery } from '../../infrastructure/stream-history';

/** GET …/products/{id}/history (issue 12). */
export class GetProductHistoryQuery {
  constructor(readonly websiteId: string, readonly productId: string, readonly query: HistoryQuery) {}
}

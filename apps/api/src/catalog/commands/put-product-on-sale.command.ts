import type { PutOnSaleRequest } from '@storefront/domain';
import type { CommandContext } from '@storefront/eventstore';

/** `{ onSale, skus?, salePriceCents? }`. */
export class PutProductOnSaleCommand {
  constructor(readonly context: CommandContext, readonly websiteId: string, readonly productId: string, readonly sale: PutOnSaleRequest, readonly expectedVersion?: number) {}
}

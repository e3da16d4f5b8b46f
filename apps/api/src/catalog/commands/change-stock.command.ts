import type { StockChange } from '@storefront/domain';
import type { CommandContext } from '@storefront/eventstore';

/** `{ qtyInStock }`, `{ unlimited }` or `{ adjustBy }` for one variant's inventory stream. */
export class ChangeStockCommand {
  constructor(readonly context: CommandContext, readonly websiteId: string, readonly productId: string, readonly sku: string, readonly change: StockChange) {}
}

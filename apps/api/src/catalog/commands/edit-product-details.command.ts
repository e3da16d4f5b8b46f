import type { ProductDetailsChanges } from '@storefront/domain';
import type { CommandContext } from '@storefront/eventstore';

export class EditProductDetailsCommand {
  constructor(readonly context: CommandContext, readonly websiteId: string, readonly productId: string, readonly changes: ProductDetailsChanges, readonly expectedVersion?: number) {}
}

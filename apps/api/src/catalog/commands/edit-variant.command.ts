import type { VariantChanges } from '@storefront/domain';
import type { CommandContext } from '@storefront/eventstore';

export class EditVariantCommand {
  constructor(readonly context: CommandContext, readonly websiteId: string, readonly productId: string, readonly sku: string, readonly changes: VariantChanges, readonly expectedVersion?: number) {}
}

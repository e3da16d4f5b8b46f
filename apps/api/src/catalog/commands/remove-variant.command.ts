import type { CommandContext } from '@storefront/eventstore';

export class RemoveVariantCommand {
  constructor(readonly context: CommandContext, readonly websiteId: string, readonly productId: string, readonly sku: string, readonly expectedVersion?: number) {}
}

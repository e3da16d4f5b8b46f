import type { CommandContext } from '@storefront/eventstore';

export class DeleteProductCommand {
  constructor(readonly context: CommandContext, readonly websiteId: string, readonly productId: string, readonly expectedVersion?: number) {}
}

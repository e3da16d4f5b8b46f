import type { CommandContext } from '@storefront/eventstore';

/** POST …/products/{id}/restore { version } (issue 12): bring back an earlier version with a new event. */
export class RestoreProductCommand {
  constructor(readonly context: CommandContext, readonly websiteId: string, readonly productId: string, readonly version: number, readonly expectedVersion?: number) {}
}

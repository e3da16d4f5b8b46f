import type { CommandContext } from '@storefront/eventstore';

export class AddVariantCommand {
  constructor(readonly context: CommandContext, readonly websiteId: string, readonly productId: string, readonly body: unknown) {}
}

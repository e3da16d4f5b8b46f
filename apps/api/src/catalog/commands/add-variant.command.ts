import type { VariantRequest } from '@storefront/domain';
import type { CommandContext } from '@storefront/eventstore';

export class AddVariantCommand {
  constructor(readonly context: CommandContext, readonly websiteId: string, readonly productId: string, readonly variant: VariantRequest, readonly expectedVersion?: number) {}
}

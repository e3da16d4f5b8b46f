import type { SetProductVariantsRequest } from '@storefront/domain';
import type { CommandContext } from '@storefront/eventstore';

export class SetProductVariantsCommand {
  constructor(readonly context: CommandContext, readonly websiteId: string, readonly productId: string, readonly request: SetProductVariantsRequest, readonly expectedVersion?: number) {}
}

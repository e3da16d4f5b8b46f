import type { CommandContext } from '@storefront/eventstore';

/** `{ enabled }`. */
export class SetProductEnabledCommand {
  constructor(readonly context: CommandContext, readonly websiteId: string, readonly productId: string, readonly enabled: boolean, readonly expectedVersion?: number) {}
}

import type { Parsed } from '@storefront/domain';
import type { CommandContext } from '@storefront/eventstore';

export class ChangeCartEntryQuantityCommand {
  constructor(
    readonly context: CommandContext,
    readonly cartId: string,
    readonly entryId: string,
    /** The body's `quantity` as `ChangeCartQuantityRequest` parsed it (0 removes the entry), or its problem. */
    readonly quantity: Parsed<number>,
  ) {}
}

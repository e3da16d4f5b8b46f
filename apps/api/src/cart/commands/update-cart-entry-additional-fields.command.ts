import type { UpdateCartEntryFieldsRequest } from '@storefront/domain';
import type { CommandContext } from '@storefront/eventstore';

/** SPEC 7: PUT …/entries/{entryId}/additionalFields with itemId, sku, additionalFields. */
export class UpdateCartEntryAdditionalFieldsCommand {
  constructor(
    readonly context: CommandContext,
    readonly cartId: string,
    readonly entryId: string,
    /** The body as `UpdateCartEntryFieldsRequest` parsed it. */
    readonly request: UpdateCartEntryFieldsRequest,
  ) {}
}

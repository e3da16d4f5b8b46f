import type { CommandContext } from '@storefront/eventstore';

/** SPEC 7: PUT …/entries/{entryId}/additionalFields with itemId, sku, additionalFields. */
export type AdditionalFieldsPayload = { itemId?: unknown; sku?: unknown; additionalFields?: unknown };

export class UpdateCartEntryAdditionalFieldsCommand {
  constructor(
    readonly context: CommandContext,
    readonly cartId: string,
    readonly entryId: string,
    readonly payload: AdditionalFieldsPayload,
  ) {}
}

import type { CommandContext } from '@storefront/eventstore';

/** `{ imageIds }`: the product's images in order (media image ids, main image first). */
export class SetProductImagesCommand {
  constructor(readonly context: CommandContext, readonly websiteId: string, readonly productId: string, readonly imageIds: string[], readonly expectedVersion?: number) {}
}

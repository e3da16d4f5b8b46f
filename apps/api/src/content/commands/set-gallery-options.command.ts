import type { GalleryOptionsInput } from '@storefront/domain';
import type { CommandContext } from '@storefront/eventstore';

/** PUT /api/site/collections/{id}/gallery-options: the gallery options as the owner sets them. */
export class SetGalleryOptionsCommand {
  constructor(readonly context: CommandContext, readonly collectionId: string, readonly options: GalleryOptionsInput, readonly expectedVersion?: number) {}
}

import type { ImageDetailsChanges } from '@storefront/domain';
import type { CommandContext } from '@storefront/eventstore';

/** PUT /api/media/images/{id}: altText, title, body, mediaFocalPoint; `body` is raw input. */
export class ChangeImageDetailsCommand {
  constructor(readonly context: CommandContext, readonly imageId: string, readonly changes: ImageDetailsChanges) {}
}

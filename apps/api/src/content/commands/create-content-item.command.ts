import type { CommandContext } from '@storefront/eventstore';

/** POST /api/site/collections/{id}/items: a blog post, event or gallery image (its kind follows the collection). */
export class CreateContentItemCommand {
  constructor(readonly context: CommandContext, readonly collectionId: string, readonly body: unknown) {}
}

import type { CommandContext } from '@storefront/eventstore';

/** POST /api/site/collections: a page, blog, events calendar, gallery, products collection or folder. */
export class CreateCollectionCommand {
  constructor(readonly context: CommandContext, readonly body: unknown) {}
}

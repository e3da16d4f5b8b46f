import type { CommandContext } from '@storefront/eventstore';

/** POST /api/site/collections: a page, blog, events calendar, gallery, products collection or folder. */
export class CreateCollectionCommand {
  /** `roles`: the signed-in owner's (raw markup blocks are the admin's alone). */
  constructor(readonly context: CommandContext, readonly body: unknown, readonly roles: readonly string[] = []) {}
}

import type { CommandContext } from '@storefront/eventstore';

/** PUT /api/site/home { collectionId }: which page is served at /. */
export class SetHomePageCommand {
  constructor(readonly context: CommandContext, readonly collectionId: string, readonly expectedVersion?: number) {}
}

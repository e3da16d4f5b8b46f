import type { CommandContext } from '@storefront/eventstore';

/** PUT /api/site/collections/{id}/password { password }: lock (text) or unlock (null) a page. */
export class SetCollectionPasswordCommand {
  constructor(readonly context: CommandContext, readonly collectionId: string, readonly password: string | null, readonly expectedVersion?: number) {}
}

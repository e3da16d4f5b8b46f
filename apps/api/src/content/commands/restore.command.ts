import type { CommandContext } from '@storefront/eventstore';

/**
 * POST …/restore { version } (issue 12): bring back an earlier version of a page or collection, a
 * content item, or the website's settings (with header and footer) by appending a new event.
 */
export class RestoreSiteVersionCommand {
  constructor(
    readonly context: CommandContext,
    readonly subject: { kind: 'collection'; collectionId: string } | { kind: 'item'; itemId: string } | { kind: 'settings' },
    readonly version: number,
    readonly expectedVersion?: number,
  ) {}
}

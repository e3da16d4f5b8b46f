import type { WebsiteSettingsChanges } from '@storefront/domain';
import type { CommandContext } from '@storefront/eventstore';

/** PUT /api/site/settings: any subset of the website settings, parsed from the body. */
export class ChangeWebsiteSettingsCommand {
  constructor(readonly context: CommandContext, readonly changes: WebsiteSettingsChanges, readonly expectedVersion?: number) {}
}

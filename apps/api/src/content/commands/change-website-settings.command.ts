import type { CommandContext } from '@storefront/eventstore';

/** PUT /api/site/settings: any subset of the website settings; `body` is raw input. */
export class ChangeWebsiteSettingsCommand {
  constructor(readonly context: CommandContext, readonly body: unknown) {}
}

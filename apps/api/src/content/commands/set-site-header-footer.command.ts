import type { CommandContext } from '@storefront/eventstore';

/** SPEC 7 PUT /api/site-header-footer { header, footer }; `body` is raw input. */
export class SetSiteHeaderFooterCommand {
  constructor(readonly context: CommandContext, readonly body: unknown) {}
}

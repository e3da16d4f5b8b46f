import type { CommandContext } from '@storefront/eventstore';

/** SPEC 7 PUT /api/site-header-footer { header, footer } and the footer's `newsletterFormId`, parsed from the body. */
export class SetSiteHeaderFooterCommand {
  constructor(
    readonly context: CommandContext,
    readonly headerFooter: { header?: string; footer?: string; newsletterFormId?: string | null },
    readonly expectedVersion?: number,
  ) {}
}

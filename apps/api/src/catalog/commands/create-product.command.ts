import type { CommandContext } from '@storefront/eventstore';

/** SPEC 7 'Product creation' plus the catalog's fields; `body` is raw input. */
export class CreateProductCommand {
  constructor(readonly context: CommandContext, readonly websiteId: string, readonly body: unknown) {}
}

import type { CreateProductRequest } from '@storefront/domain';
import type { CommandContext } from '@storefront/eventstore';

/** SPEC 7 'Product creation' plus the catalog's fields; parsed from the body. */
export class CreateProductCommand {
  constructor(readonly context: CommandContext, readonly websiteId: string, readonly request: CreateProductRequest) {}
}

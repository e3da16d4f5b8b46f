import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ProductCatalog, type OwnerProductListing } from '../product-catalog';
import { WebsiteDirectory } from '../website-directory';
import { ListOwnerProductsQuery } from './list-owner-products.query';

/** Every product of the website, enabled or not, with its `enabled` flag (from the read model). */
@QueryHandler(ListOwnerProductsQuery)
export class ListOwnerProductsHandler implements IQueryHandler<ListOwnerProductsQuery, { products: OwnerProductListing[] }> {
  constructor(
    private readonly catalog: ProductCatalog,
    private readonly websites: WebsiteDirectory,
  ) {}

  async execute({ websiteId }: ListOwnerProductsQuery): Promise<{ products: OwnerProductListing[] }> {
    await this.websites.require(websiteId);
    return { products: await this.catalog.listForOwner() };
  }
}

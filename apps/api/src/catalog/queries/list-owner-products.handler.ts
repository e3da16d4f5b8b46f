import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ProductRecord } from '@storefront/domain';
import { ProductCatalog } from '../product-catalog';
import { WebsiteDirectory } from '../website-directory';
import { ListOwnerProductsQuery } from './list-owner-products.query';

/** Every product of the website, enabled or not (from the read model). */
@QueryHandler(ListOwnerProductsQuery)
export class ListOwnerProductsHandler implements IQueryHandler<ListOwnerProductsQuery, { products: ProductRecord[] }> {
  constructor(
    private readonly catalog: ProductCatalog,
    private readonly websites: WebsiteDirectory,
  ) {}

  async execute({ websiteId }: ListOwnerProductsQuery): Promise<{ products: ProductRecord[] }> {
    await this.websites.require(websiteId);
    return { products: await this.catalog.listProducts(undefined, { includeDisabled: true }) };
  }
}

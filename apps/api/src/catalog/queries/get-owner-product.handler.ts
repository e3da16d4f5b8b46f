import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ProductLoader, type ProductView } from '../product-loader';
import { WebsiteDirectory } from '../website-directory';
import { GetOwnerProductQuery } from './get-owner-product.query';

/** Owners see disabled products too, straight from the streams. */
@QueryHandler(GetOwnerProductQuery)
export class GetOwnerProductHandler implements IQueryHandler<GetOwnerProductQuery, ProductView> {
  constructor(
    private readonly loader: ProductLoader,
    private readonly websites: WebsiteDirectory,
  ) {}

  async execute({ websiteId, productId }: GetOwnerProductQuery): Promise<ProductView> {
    await this.websites.require(websiteId);
    return this.loader.view(productId);
  }
}

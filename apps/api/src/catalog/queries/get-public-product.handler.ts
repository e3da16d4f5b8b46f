import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { domainError, type ProductRecord } from '@storefront/domain';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { ContentAccess } from '../../security/content-access';
import { ProductCatalog } from '../product-catalog';
import { GetPublicProductQuery } from './get-public-product.query';

/**
 * The public read of a product. A product of a store whose page is locked (and not unlocked by this
 * visitor), members-only or unpublished is not found, like a disabled one (issue 13: ContentAccess).
 */
@QueryHandler(GetPublicProductQuery)
export class GetPublicProductHandler implements IQueryHandler<GetPublicProductQuery, ProductRecord> {
  constructor(
    private readonly catalog: ProductCatalog,
    private readonly access: ContentAccess,
  ) {}

  async execute({ productId, reader }: GetPublicProductQuery): Promise<ProductRecord> {
    const product = await this.catalog.findProduct(productId);
    if (!product || !(await this.access.canReadProduct(product, reader))) throw new DomainException(domainError('PRODUCT_NOT_FOUND'));
    return product;
  }
}

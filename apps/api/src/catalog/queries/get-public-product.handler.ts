import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { domainError, type ProductRecord } from '@storefront/domain';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { ProductCatalog } from '../product-catalog';
import { GetPublicProductQuery } from './get-public-product.query';

@QueryHandler(GetPublicProductQuery)
export class GetPublicProductHandler implements IQueryHandler<GetPublicProductQuery, ProductRecord> {
  constructor(private readonly catalog: ProductCatalog) {}

  async execute({ productId }: GetPublicProductQuery): Promise<ProductRecord> {
    const product = await this.catalog.findProduct(productId);
    if (!product) throw new DomainException(domainError('PRODUCT_NOT_FOUND'));
    return product;
  }
}

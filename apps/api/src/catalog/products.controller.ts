import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { ProductRecord } from '@storefront/domain';
import { GetPublicProductQuery } from './queries/get-public-product.query';

/** Public product reads: the SPEC Product record of an enabled product, from the read model. */
@Controller('api/commerce/products')
export class ProductsController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':id')
  get(@Param('id') id: string): Promise<ProductRecord> {
    return this.queries.execute(new GetPublicProductQuery(id));
  }
}

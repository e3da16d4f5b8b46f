import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { ProductRecord } from '@storefront/domain';
import { Req, type AppRequest } from '../infrastructure/http/request-context';
import { ContentAccess } from '../security/content-access';
import { GetPublicProductQuery } from './queries/get-public-product.query';

/**
 * Public product reads: the SPEC Product record of an enabled product, from the read model, when
 * the visitor may read the store page that shows it (ContentAccess).
 */
@Controller('api/commerce/products')
export class ProductsController {
  constructor(
    private readonly queries: QueryBus,
    private readonly access: ContentAccess,
  ) {}

  @Get(':id')
  get(@Req() req: AppRequest, @Param('id') id: string): Promise<ProductRecord> {
    return this.queries.execute(new GetPublicProductQuery(id, this.access.readerFor(req)));
  }
}

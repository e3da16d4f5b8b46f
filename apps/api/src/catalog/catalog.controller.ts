import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ChangeStockRequest, CreateProductRequest, EditProductDetailsRequest, EditVariantRequest, PutOnSaleRequest, SetProductEnabledRequest,
  SetProductImagesRequest, SetProductVariantsRequest, VariantRequest,
} from '@storefront/domain';
import { parseBody } from '../infrastructure/http/parse-body';
import { commandContextFor, Req, type AppRequest } from '../infrastructure/http/request-context';
import { OwnerRoles } from '../security';
import { AddVariantCommand } from './commands/add-variant.command';
import { ChangeStockCommand } from './commands/change-stock.command';
import { CreateProductCommand } from './commands/create-product.command';
import { DeleteProductCommand } from './commands/delete-product.command';
import { EditProductDetailsCommand } from './commands/edit-product-details.command';
import { EditVariantCommand } from './commands/edit-variant.command';
import { PutProductOnSaleCommand } from './commands/put-product-on-sale.command';
import { RemoveVariantCommand } from './commands/remove-variant.command';
import { SetProductEnabledCommand } from './commands/set-product-enabled.command';
import { SetProductImagesCommand } from './commands/set-product-images.command';
import { SetProductVariantsCommand } from './commands/set-product-variants.command';
import type { ProductView } from './product-loader';
import type { OwnerProductListing } from './product-catalog';
import { GetOwnerProductQuery } from './queries/get-owner-product.query';
import { ListOwnerProductsQuery } from './queries/list-owner-products.query';

/**
 * Owner catalog API (store managers; admin always passes). Every response is computed from the
 * streams the command appended to (read-your-writes): `{ product, record, merchandising }`. Bodies
 * are parsed with the catalog's request schemas (`domain/src/catalog/requests.ts`) into typed commands.
 */
@Controller('api/content-service/product/1.1/websites/:websiteId/products')
@OwnerRoles('store manager')
export class CatalogController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** Every product of the website, each record with its `enabled` flag (owners see disabled ones too). */
  @Get()
  list(@Param('websiteId') websiteId: string): Promise<{ products: OwnerProductListing[] }> {
    return this.queries.execute(new ListOwnerProductsQuery(websiteId));
  }

  @Get(':productId')
  get(@Param('websiteId') websiteId: string, @Param('productId') productId: string): Promise<ProductView> {
    return this.queries.execute(new GetOwnerProductQuery(websiteId, productId));
  }

  @Post()
  @HttpCode(201)
  create(@Req() req: AppRequest, @Param('websiteId') websiteId: string, @Body() body: unknown): Promise<ProductView> {
    return this.commands.execute(new CreateProductCommand(commandContextFor(req), websiteId, parseBody(CreateProductRequest, body)));
  }

  @Put(':productId')
  edit(@Req() req: AppRequest, @Param('websiteId') websiteId: string, @Param('productId') productId: string, @Body() body: unknown): Promise<ProductView> {
    return this.commands.execute(new EditProductDetailsCommand(commandContextFor(req), websiteId, productId, parseBody(EditProductDetailsRequest, body)));
  }

  @Delete(':productId')
  @HttpCode(204)
  async remove(@Req() req: AppRequest, @Param('websiteId') websiteId: string, @Param('productId') productId: string): Promise<void> {
    await this.commands.execute(new DeleteProductCommand(commandContextFor(req), websiteId, productId));
  }

  @Post(':productId/variants')
  @HttpCode(201)
  addVariant(@Req() req: AppRequest, @Param('websiteId') websiteId: string, @Param('productId') productId: string, @Body() body: unknown): Promise<ProductView> {
    return this.commands.execute(new AddVariantCommand(commandContextFor(req), websiteId, productId, parseBody(VariantRequest, body)));
  }

  /** `{ variantOptionOrdering, variants }`: the options and every variant at once (SetProductVariantsRequest). */
  @Put(':productId/variants')
  setVariants(@Req() req: AppRequest, @Param('websiteId') websiteId: string, @Param('productId') productId: string, @Body() body: unknown): Promise<ProductView> {
    return this.commands.execute(new SetProductVariantsCommand(commandContextFor(req), websiteId, productId, parseBody(SetProductVariantsRequest, body)));
  }

  @Put(':productId/variants/:sku')
  editVariant(
    @Req() req: AppRequest, @Param('websiteId') websiteId: string, @Param('productId') productId: string, @Param('sku') sku: string, @Body() body: unknown,
  ): Promise<ProductView> {
    return this.commands.execute(new EditVariantCommand(commandContextFor(req), websiteId, productId, sku, parseBody(EditVariantRequest, body)));
  }

  @Delete(':productId/variants/:sku')
  removeVariant(@Req() req: AppRequest, @Param('websiteId') websiteId: string, @Param('productId') productId: string, @Param('sku') sku: string): Promise<ProductView> {
    return this.commands.execute(new RemoveVariantCommand(commandContextFor(req), websiteId, productId, sku));
  }

  @Put(':productId/variants/:sku/stock')
  changeStock(
    @Req() req: AppRequest, @Param('websiteId') websiteId: string, @Param('productId') productId: string, @Param('sku') sku: string, @Body() body: unknown,
  ): Promise<ProductView> {
    return this.commands.execute(new ChangeStockCommand(commandContextFor(req), websiteId, productId, sku, parseBody(ChangeStockRequest, body)));
  }

  @Put(':productId/sale')
  putOnSale(@Req() req: AppRequest, @Param('websiteId') websiteId: string, @Param('productId') productId: string, @Body() body: unknown): Promise<ProductView> {
    return this.commands.execute(new PutProductOnSaleCommand(commandContextFor(req), websiteId, productId, parseBody(PutOnSaleRequest, body)));
  }

  @Put(':productId/enabled')
  setEnabled(@Req() req: AppRequest, @Param('websiteId') websiteId: string, @Param('productId') productId: string, @Body() body: unknown): Promise<ProductView> {
    return this.commands.execute(new SetProductEnabledCommand(commandContextFor(req), websiteId, productId, parseBody(SetProductEnabledRequest, body)));
  }

  /** `{ imageIds }`: media image ids in order, main image first; `[]` removes every image. */
  @Put(':productId/images')
  setImages(@Req() req: AppRequest, @Param('websiteId') websiteId: string, @Param('productId') productId: string, @Body() body: unknown): Promise<ProductView> {
    return this.commands.execute(new SetProductImagesCommand(commandContextFor(req), websiteId, productId, parseBody(SetProductImagesRequest, body)));
  }
}

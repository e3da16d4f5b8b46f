import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, UseInterceptors } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ChangeStockRequest, CreateProductRequest, EditProductDetailsRequest, EditVariantRequest, PutOnSaleRequest, RestoreRequest, SetProductEnabledRequest,
  SetProductImagesRequest, SetProductVariantsRequest, VariantRequest,
} from '@storefront/domain';
import { basedOnVersion } from '../infrastructure/http/if-match';
import { parseBody } from '../infrastructure/http/parse-body';
import { VersionEtagInterceptor } from '../infrastructure/http/version-etag.interceptor';
import { historyQuery, type HistoryPage } from '../infrastructure/stream-history';
import { commandContextFor, Req, type AppRequest } from '../infrastructure/http/request-context';
import { RequiresPermission } from '../security';
import { AddVariantCommand } from './commands/add-variant.command';
import { ChangeStockCommand } from './commands/change-stock.command';
import { CreateProductCommand } from './commands/create-product.command';
import { DeleteProductCommand } from './commands/delete-product.command';
import { EditProductDetailsCommand } from './commands/edit-product-details.command';
import { EditVariantCommand } from './commands/edit-variant.command';
import { PutProductOnSaleCommand } from './commands/put-product-on-sale.command';
import { RemoveVariantCommand } from './commands/remove-variant.command';
import { RestoreProductCommand } from './commands/restore-product.command';
import { SetProductEnabledCommand } from './commands/set-product-enabled.command';
import { SetProductImagesCommand } from './commands/set-product-images.command';
import { SetProductVariantsCommand } from './commands/set-product-variants.command';
import type { ProductView } from './product-loader';
import type { OwnerProductListing } from './product-catalog';
import { GetOwnerProductQuery } from './queries/get-owner-product.query';
import { GetProductHistoryQuery } from './queries/get-product-history.query';
import { ListOwnerProductsQuery } from './queries/list-owner-products.query';

/**
 * Owner catalog API (`products.manage`; reads `products.view`, see docs/PERMISSIONS.md). Every response is computed from the
 * streams the command appended to (read-your-writes): `{ product, record, merchandising }`. Bodies
 * are parsed with the catalog's request schemas (`domain/src/catalog/requests.ts`) into typed commands.
 * A product's answers carry its `version` (and ETag); a save with `If-Match` is refused with 409
 * EDIT_CONFLICT when the product changed since (issue 12). Stock is not versioned with it: it lives
 * in the inventory streams, and its changes are adjustments or absolute counts an editor sees at once.
 */
@Controller('api/content-service/product/1.1/websites/:websiteId/products')
@RequiresPermission('products.manage')
@UseInterceptors(VersionEtagInterceptor)
export class CatalogController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** Every product of the website, each record with its `enabled` flag (owners see disabled ones too). */
  @Get()
  @RequiresPermission('products.view')
  list(@Param('websiteId') websiteId: string): Promise<{ products: OwnerProductListing[] }> {
    return this.queries.execute(new ListOwnerProductsQuery(websiteId));
  }

  @Get(':productId')
  @RequiresPermission('products.view')
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
    return this.commands.execute(new EditProductDetailsCommand(commandContextFor(req), websiteId, productId, parseBody(EditProductDetailsRequest, body), basedOnVersion(req)));
  }

  @Delete(':productId')
  @HttpCode(204)
  async remove(@Req() req: AppRequest, @Param('websiteId') websiteId: string, @Param('productId') productId: string): Promise<void> {
    await this.commands.execute(new DeleteProductCommand(commandContextFor(req), websiteId, productId, basedOnVersion(req)));
  }

  @Post(':productId/variants')
  @HttpCode(201)
  addVariant(@Req() req: AppRequest, @Param('websiteId') websiteId: string, @Param('productId') productId: string, @Body() body: unknown): Promise<ProductView> {
    return this.commands.execute(new AddVariantCommand(commandContextFor(req), websiteId, productId, parseBody(VariantRequest, body), basedOnVersion(req)));
  }

  /** `{ variantOptionOrdering, variants }`: the options and every variant at once (SetProductVariantsRequest). */
  @Put(':productId/variants')
  setVariants(@Req() req: AppRequest, @Param('websiteId') websiteId: string, @Param('productId') productId: string, @Body() body: unknown): Promise<ProductView> {
    return this.commands.execute(new SetProductVariantsCommand(commandContextFor(req), websiteId, productId, parseBody(SetProductVariantsRequest, body), basedOnVersion(req)));
  }

  @Put(':productId/variants/:sku')
  editVariant(
    @Req() req: AppRequest, @Param('websiteId') websiteId: string, @Param('productId') productId: string, @Param('sku') sku: string, @Body() body: unknown,
  ): Promise<ProductView> {
    return this.commands.execute(new EditVariantCommand(commandContextFor(req), websiteId, productId, sku, parseBody(EditVariantRequest, body), basedOnVersion(req)));
  }

  @Delete(':productId/variants/:sku')
  removeVariant(@Req() req: AppRequest, @Param('websiteId') websiteId: string, @Param('productId') productId: string, @Param('sku') sku: string): Promise<ProductView> {
    return this.commands.execute(new RemoveVariantCommand(commandContextFor(req), websiteId, productId, sku, basedOnVersion(req)));
  }

  @Put(':productId/variants/:sku/stock')
  changeStock(
    @Req() req: AppRequest, @Param('websiteId') websiteId: string, @Param('productId') productId: string, @Param('sku') sku: string, @Body() body: unknown,
  ): Promise<ProductView> {
    return this.commands.execute(new ChangeStockCommand(commandContextFor(req), websiteId, productId, sku, parseBody(ChangeStockRequest, body)));
  }

  @Put(':productId/sale')
  putOnSale(@Req() req: AppRequest, @Param('websiteId') websiteId: string, @Param('productId') productId: string, @Body() body: unknown): Promise<ProductView> {
    return this.commands.execute(new PutProductOnSaleCommand(commandContextFor(req), websiteId, productId, parseBody(PutOnSaleRequest, body), basedOnVersion(req)));
  }

  @Put(':productId/enabled')
  setEnabled(@Req() req: AppRequest, @Param('websiteId') websiteId: string, @Param('productId') productId: string, @Body() body: unknown): Promise<ProductView> {
    return this.commands.execute(new SetProductEnabledCommand(commandContextFor(req), websiteId, productId, parseBody(SetProductEnabledRequest, body), basedOnVersion(req)));
  }

  /** `{ imageIds }`: media image ids in order, main image first; `[]` removes every image. */
  @Put(':productId/images')
  setImages(@Req() req: AppRequest, @Param('websiteId') websiteId: string, @Param('productId') productId: string, @Body() body: unknown): Promise<ProductView> {
    return this.commands.execute(new SetProductImagesCommand(commandContextFor(req), websiteId, productId, parseBody(SetProductImagesRequest, body), basedOnVersion(req)));
  }

  /** The product's history, newest first: `?limit=` (default 50, at most 200) and `?before=<version>` page back. */
  @Get(':productId/history')
  history(@Param('websiteId') websiteId: string, @Param('productId') productId: string, @Query() query: Record<string, unknown>): Promise<HistoryPage> {
    return this.queries.execute(new GetProductHistoryQuery(websiteId, productId, historyQuery(query)));
  }

  /** `{ version }`: brings that version back with a new event (ProductRestored); enabled and stock stay as they are. */
  @Post(':productId/restore')
  @HttpCode(200)
  restore(@Req() req: AppRequest, @Param('websiteId') websiteId: string, @Param('productId') productId: string, @Body() body: unknown): Promise<ProductView> {
    return this.commands.execute(new RestoreProductCommand(commandContextFor(req), websiteId, productId, parseBody(RestoreRequest, body), basedOnVersion(req)));
  }
}

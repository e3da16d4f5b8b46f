import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { domainError, type InventoryCommand } from '@storefront/domain';
import { CatalogWriter } from '../catalog-writer';
import { ProductLoader, type ProductView } from '../product-loader';
import { WebsiteDirectory } from '../website-directory';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { ChangeStockCommand } from './change-stock.command';

/** Sets or adjusts one variant's stock on its inventory stream (the product must have the variant). */
@CommandHandler(ChangeStockCommand)
export class ChangeStockHandler implements ICommandHandler<ChangeStockCommand, ProductView> {
  constructor(
    private readonly writer: CatalogWriter,
    private readonly loader: ProductLoader,
    private readonly websites: WebsiteDirectory,
  ) {}

  async execute({ context, websiteId, productId, sku, change }: ChangeStockCommand): Promise<ProductView> {
    await this.websites.require(websiteId);
    const product = await this.loader.details(productId);
    if (!product.variants.some((v) => v.sku === sku)) throw new DomainException(domainError('VARIANT_NOT_FOUND', { sku }));
    const now = new Date().toISOString();
    const command: InventoryCommand =
      change.kind === 'adjust'
        ? { type: 'AdjustStock', data: { productId, sku, by: change.by, now } }
        : { type: 'SetStock', data: { productId, sku, qtyInStock: change.qtyInStock, unlimited: change.unlimited, now } };
    await this.writer.inventory(context, productId, sku, command);
    return this.loader.view(productId);
  }
}

import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CatalogWriter } from '../catalog-writer';
import { ProductLoader, type ProductView } from '../product-loader';
import { WebsiteDirectory } from '../website-directory';
import { PutProductOnSaleCommand } from './put-product-on-sale.command';

@CommandHandler(PutProductOnSaleCommand)
export class PutProductOnSaleHandler implements ICommandHandler<PutProductOnSaleCommand, ProductView> {
  constructor(
    private readonly writer: CatalogWriter,
    private readonly loader: ProductLoader,
    private readonly websites: WebsiteDirectory,
  ) {}

  async execute({ context, websiteId, productId, sale, expectedVersion }: PutProductOnSaleCommand): Promise<ProductView> {
    await this.websites.require(websiteId);
    await this.writer.product(context, productId, { type: 'PutProductOnSale', data: { productId, ...sale, now: new Date().toISOString() } }, { expectedVersion });
    return this.loader.view(productId);
  }
}

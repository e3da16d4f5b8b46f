import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CatalogWriter } from '../catalog-writer';
import { ProductLoader, type ProductView } from '../product-loader';
import { WebsiteDirectory } from '../website-directory';
import { RemoveVariantCommand } from './remove-variant.command';

@CommandHandler(RemoveVariantCommand)
export class RemoveVariantHandler implements ICommandHandler<RemoveVariantCommand, ProductView> {
  constructor(
    private readonly writer: CatalogWriter,
    private readonly loader: ProductLoader,
    private readonly websites: WebsiteDirectory,
  ) {}

  async execute({ context, websiteId, productId, sku, expectedVersion }: RemoveVariantCommand): Promise<ProductView> {
    await this.websites.require(websiteId);
    await this.writer.product(context, productId, { type: 'RemoveVariant', data: { productId, sku, now: new Date().toISOString() } }, { expectedVersion });
    return this.loader.view(productId);
  }
}

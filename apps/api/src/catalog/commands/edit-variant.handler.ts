import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CatalogWriter } from '../catalog-writer';
import { ProductLoader, type ProductView } from '../product-loader';
import { WebsiteDirectory } from '../website-directory';
import { EditVariantCommand } from './edit-variant.command';

@CommandHandler(EditVariantCommand)
export class EditVariantHandler implements ICommandHandler<EditVariantCommand, ProductView> {
  constructor(
    private readonly writer: CatalogWriter,
    private readonly loader: ProductLoader,
    private readonly websites: WebsiteDirectory,
  ) {}

  async execute({ context, websiteId, productId, sku, changes, expectedVersion }: EditVariantCommand): Promise<ProductView> {
    await this.websites.require(websiteId);
    await this.writer.product(context, productId, { type: 'EditVariant', data: { productId, sku, changes, now: new Date().toISOString() } }, { expectedVersion });
    return this.loader.view(productId);
  }
}

import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { newVariant } from '@storefront/domain';
import { CatalogWriter } from '../catalog-writer';
import { derivedUuid, stepContext } from '../../infrastructure/derived-ids';
import { ProductLoader, type ProductView } from '../product-loader';
import { WebsiteDirectory } from '../website-directory';
import { AddVariantCommand } from './add-variant.command';

@CommandHandler(AddVariantCommand)
export class AddVariantHandler implements ICommandHandler<AddVariantCommand, ProductView> {
  constructor(
    private readonly writer: CatalogWriter,
    private readonly loader: ProductLoader,
    private readonly websites: WebsiteDirectory,
  ) {}

  async execute({ context, websiteId, productId, variant: requested, expectedVersion }: AddVariantCommand): Promise<ProductView> {
    await this.websites.require(websiteId);
    const { variant, initialStock } = newVariant(requested, derivedUuid(context.commandId, 'variant'));
    const now = new Date().toISOString();
    await this.writer.product(stepContext(context, 'add'), productId, { type: 'AddVariant', data: { productId, variant, initialStock, now } }, { expectedVersion });
    await this.writer.inventory(stepContext(context, 'stock'), productId, variant.sku, {
      type: 'SetStock', data: { productId, sku: variant.sku, qtyInStock: initialStock.qtyInStock, unlimited: initialStock.unlimited, now },
    });
    return this.loader.view(productId);
  }
}

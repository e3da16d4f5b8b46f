import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { parseVariantChanges } from '@storefront/domain';
import { CatalogWriter } from '../catalog-writer';
import { ProductLoader, type ProductView } from '../product-loader';
import { WebsiteDirectory } from '../website-directory';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { EditVariantCommand } from './edit-variant.command';

@CommandHandler(EditVariantCommand)
export class EditVariantHandler implements ICommandHandler<EditVariantCommand, ProductView> {
  constructor(
    private readonly writer: CatalogWriter,
    private readonly loader: ProductLoader,
    private readonly websites: WebsiteDirectory,
  ) {}

  async execute({ context, websiteId, productId, sku, body }: EditVariantCommand): Promise<ProductView> {
    await this.websites.require(websiteId);
    const parsed = parseVariantChanges(body);
    if (!parsed.ok) throw new DomainException(parsed.error);
    await this.writer.product(context, productId, { type: 'EditVariant', data: { productId, sku, changes: parsed.value, now: new Date().toISOString() } });
    return this.loader.view(productId);
  }
}

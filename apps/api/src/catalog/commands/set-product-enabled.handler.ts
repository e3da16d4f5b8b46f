import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CatalogWriter } from '../catalog-writer';
import { ProductLoader, type ProductView } from '../product-loader';
import { WebsiteDirectory } from '../website-directory';
import { SetProductEnabledCommand } from './set-product-enabled.command';

@CommandHandler(SetProductEnabledCommand)
export class SetProductEnabledHandler implements ICommandHandler<SetProductEnabledCommand, ProductView> {
  constructor(
    private readonly writer: CatalogWriter,
    private readonly loader: ProductLoader,
    private readonly websites: WebsiteDirectory,
  ) {}

  async execute({ context, websiteId, productId, enabled, expectedVersion }: SetProductEnabledCommand): Promise<ProductView> {
    await this.websites.require(websiteId);
    await this.writer.product(context, productId, { type: 'SetProductEnabled', data: { productId, enabled, now: new Date().toISOString() } }, { expectedVersion });
    return this.loader.view(productId);
  }
}

import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { parseEnabled } from '@storefront/domain';
import { CatalogWriter } from '../catalog-writer';
import { ProductLoader, type ProductView } from '../product-loader';
import { WebsiteDirectory } from '../website-directory';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { SetProductEnabledCommand } from './set-product-enabled.command';

@CommandHandler(SetProductEnabledCommand)
export class SetProductEnabledHandler implements ICommandHandler<SetProductEnabledCommand, ProductView> {
  constructor(
    private readonly writer: CatalogWriter,
    private readonly loader: ProductLoader,
    private readonly websites: WebsiteDirectory,
  ) {}

  async execute({ context, websiteId, productId, body }: SetProductEnabledCommand): Promise<ProductView> {
    await this.websites.require(websiteId);
    const parsed = parseEnabled(body);
    if (!parsed.ok) throw new DomainException(parsed.error);
    await this.writer.product(context, productId, { type: 'SetProductEnabled', data: { productId, enabled: parsed.value, now: new Date().toISOString() } });
    return this.loader.view(productId);
  }
}

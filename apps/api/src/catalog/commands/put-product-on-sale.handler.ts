import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { parseSale } from '@storefront/domain';
import { CatalogWriter } from '../catalog-writer';
import { ProductLoader, type ProductView } from '../product-loader';
import { WebsiteDirectory } from '../website-directory';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { PutProductOnSaleCommand } from './put-product-on-sale.command';

@CommandHandler(PutProductOnSaleCommand)
export class PutProductOnSaleHandler implements ICommandHandler<PutProductOnSaleCommand, ProductView> {
  constructor(
    private readonly writer: CatalogWriter,
    private readonly loader: ProductLoader,
    private readonly websites: WebsiteDirectory,
  ) {}

  async execute({ context, websiteId, productId, body }: PutProductOnSaleCommand): Promise<ProductView> {
    await this.websites.require(websiteId);
    const parsed = parseSale(body);
    if (!parsed.ok) throw new DomainException(parsed.error);
    await this.writer.product(context, productId, { type: 'PutProductOnSale', data: { productId, ...parsed.value, now: new Date().toISOString() } });
    return this.loader.view(productId);
  }
}

import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { variantsFromRequest } from '@storefront/domain';
import { CatalogWriter } from '../catalog-writer';
import { derivedUuid, stepContext } from '../../infrastructure/derived-ids';
import { ProductLoader, type ProductView } from '../product-loader';
import { WebsiteDirectory } from '../website-directory';
import { SetProductVariantsCommand } from './set-product-variants.command';

/**
 * Sets the options and every variant in one decision on the product stream, then gives each new
 * variant its initial stock on its inventory stream. New variant ids derive from the command id,
 * so a retried request (same Idempotency-Key) lands on the same variants. A request based on a
 * version the product has moved on from (If-Match) is refused before anything is written: the
 * product's append checks it, and the new variants' stock comes only after it.
 */
@CommandHandler(SetProductVariantsCommand)
export class SetProductVariantsHandler implements ICommandHandler<SetProductVariantsCommand, ProductView> {
  constructor(
    private readonly writer: CatalogWriter,
    private readonly loader: ProductLoader,
    private readonly websites: WebsiteDirectory,
  ) {}

  async execute({ context, websiteId, productId, request, expectedVersion }: SetProductVariantsCommand): Promise<ProductView> {
    await this.websites.require(websiteId);
    const product = await this.loader.details(productId);
    let n = 0;
    const { variantOptionOrdering, variants, initialStock } = variantsFromRequest(request, product.variants, () => derivedUuid(context.commandId, `variant-${n++}`));
    const now = new Date().toISOString();
    await this.writer.product(stepContext(context, 'variants'), productId, {
      type: 'SetProductVariants', data: { productId, variantOptionOrdering, variants, initialStock, now },
    }, { expectedVersion });
    for (const [sku, stock] of Object.entries(initialStock)) {
      await this.writer.inventory(stepContext(context, `stock-${sku}`), productId, sku, {
        type: 'SetStock', data: { productId, sku, qtyInStock: stock.qtyInStock, unlimited: stock.unlimited, now },
      });
    }
    return this.loader.view(productId);
  }
}

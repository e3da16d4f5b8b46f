import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { checkImageIds } from '@storefront/domain';
import { CatalogWriter } from '../catalog-writer';
import { ProductLoader, type ProductView } from '../product-loader';
import { WebsiteDirectory } from '../website-directory';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { ImageAssets } from '../../media';
import { SetProductImagesCommand } from './set-product-images.command';

/**
 * Replaces a product's images. The list's rules (at most 20, no repeats, well-formed ids) are
 * checked first, then that every id names an image of the media context, so nothing is appended
 * for a list that would be refused; decide checks the rules again on the product's stream.
 */
@CommandHandler(SetProductImagesCommand)
export class SetProductImagesHandler implements ICommandHandler<SetProductImagesCommand, ProductView> {
  constructor(
    private readonly writer: CatalogWriter,
    private readonly loader: ProductLoader,
    private readonly websites: WebsiteDirectory,
    private readonly images: ImageAssets,
  ) {}

  async execute({ context, websiteId, productId, imageIds, expectedVersion }: SetProductImagesCommand): Promise<ProductView> {
    await this.websites.require(websiteId);
    const invalid = checkImageIds(imageIds);
    if (invalid) throw new DomainException(invalid);
    await this.images.requireAll(imageIds);
    await this.writer.product(context, productId, { type: 'SetProductImages', data: { productId, imageIds, now: new Date().toISOString() } }, { expectedVersion });
    return this.loader.view(productId);
  }
}

import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CatalogWriter } from '../catalog-writer';
import { stepContext } from '../../infrastructure/derived-ids';
import { ProductLoader } from '../product-loader';
import { WebsiteDirectory } from '../website-directory';
import { DeleteProductCommand } from './delete-product.command';

/** Deletes the product, then frees its URL id and its place in the store's 200. */
@CommandHandler(DeleteProductCommand)
export class DeleteProductHandler implements ICommandHandler<DeleteProductCommand, void> {
  constructor(
    private readonly writer: CatalogWriter,
    private readonly loader: ProductLoader,
    private readonly websites: WebsiteDirectory,
  ) {}

  async execute({ context, websiteId, productId, expectedVersion }: DeleteProductCommand): Promise<void> {
    await this.websites.require(websiteId);
    const { collectionId } = await this.loader.details(productId);
    await this.writer.product(stepContext(context, 'delete'), productId, { type: 'DeleteProduct', data: { productId, now: new Date().toISOString() } }, { expectedVersion });
    await this.writer.store(stepContext(context, 'unlist'), collectionId, { type: 'UnlistProduct', data: { collectionId, productId } });
  }
}

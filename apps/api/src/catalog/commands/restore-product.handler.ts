import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import {
  checkRestorableVersion, decideProduct, domainError, productHistory, productImageIds, withoutMissingVariantImages, productStreamId, productUrlId, stateAtVersion, type ProductState,
  type RestoreProduct,
} from '@storefront/domain';
import { CatalogWriter } from '../catalog-writer';
import { requireBasedOn } from '../../infrastructure/command-executor';
import { stepContext } from '../../infrastructure/derived-ids';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { StreamHistory } from '../../infrastructure/stream-history';
import { ImageAssets } from '../../media';
import { ProductLoader, type ProductView } from '../product-loader';
import { giveProductUrlIdBack } from '../url-id-steps';
import { WebsiteDirectory } from '../website-directory';
import { RestoreProductCommand } from './restore-product.command';

/**
 * Restores an earlier version of a product: folds its stream up to that version and appends one
 * ProductRestored with what differs (details, variants, images; not whether it is enabled, nor
 * stock). The version must exist (404 VERSION_NOT_FOUND). Images deleted since are left out; a URL
 * id the older version had is asked of the store first, as an edit does. With If-Match the restore
 * is based on that version like any save (409 EDIT_CONFLICT).
 */
@CommandHandler(RestoreProductCommand)
export class RestoreProductHandler implements ICommandHandler<RestoreProductCommand, ProductView> {
  constructor(
    private readonly writer: CatalogWriter,
    private readonly loader: ProductLoader,
    private readonly websites: WebsiteDirectory,
    private readonly history: StreamHistory,
    private readonly images: ImageAssets,
  ) {}

  async execute({ context, websiteId, productId, version, expectedVersion }: RestoreProductCommand): Promise<ProductView> {
    await this.websites.require(websiteId);
    const streamId = productStreamId(productId);
    const events = typeof productId === 'string' && productId.length <= 200 ? await this.history.events(streamId) : [];
    const current = events.at(-1)?.version ?? 0;
    const state = stateAtVersion(productHistory, events, current);
    if (state.status !== 'active') throw new DomainException(domainError('PRODUCT_NOT_FOUND'));
    requireBasedOn(streamId, { expectedVersion }, current);
    const bad = checkRestorableVersion(version, current);
    if (bad) throw new DomainException(bad);
    let target = await this.withExistingImages(stateAtVersion(productHistory, events, version));
    const now = new Date().toISOString();
    const restore = (): RestoreProduct => ({ type: 'RestoreProduct', data: { productId, restoredVersion: version, target, now } });
    const dryRun = decideProduct(restore(), state);
    if (!dryRun.ok) throw new DomainException(dryRun.error);
    const event = dryRun.events[0];
    const wantedUrlId = event?.type === 'ProductRestored' ? event.data.changes.urlId : undefined;
    if (wantedUrlId !== undefined && target.status === 'active') {
      const { collectionId } = state.product;
      const store = await this.writer.store(stepContext(context, 'url-id'), collectionId, { type: 'ChangeProductUrlId', data: { collectionId, productId, wantedUrlId } });
      target = { ...target, product: { ...target.product, urlId: productUrlId(store, productId) ?? wantedUrlId } };
    }
    try {
      await this.writer.product(stepContext(context, 'restore'), productId, restore(), { expectedVersion });
    } catch (error) {
      if (wantedUrlId !== undefined) await giveProductUrlIdBack(this.writer, this.loader, context, productId);
      throw error;
    }
    return this.loader.view(productId);
  }

  /** The version's product without the images deleted since (a restore cannot bring an image back). */
  private async withExistingImages(target: ProductState): Promise<ProductState> {
    if (target.status !== 'active') return target;
    const ids = productImageIds(target.product);
    const existing: string[] = [];
    for (const id of ids) if (await this.images.find(id)) existing.push(id);
    if (existing.length === ids.length) return target;
    // A variant that showed a deleted image shows the main image again.
    return { ...target, product: { ...target.product, imageIds: existing, variants: withoutMissingVariantImages(target.product.variants, existing) } };
  }
}

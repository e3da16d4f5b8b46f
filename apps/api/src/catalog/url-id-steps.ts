import type { CommandContext } from '@storefront/eventstore';
import { stepContext } from '../infrastructure/derived-ids';
import type { CatalogWriter } from './catalog-writer';
import type { ProductLoader } from './product-loader';

/**
 * A save that reserved a new URL id on the store and then lost to another save of the same product
 * (409 EDIT_CONFLICT) gives it back: the store is set to the URL id the product has now, so the two
 * agree again. Best effort: a product deleted meanwhile has nothing to give back, and the conflict is
 * what the caller hears.
 */
export async function giveProductUrlIdBack(writer: CatalogWriter, loader: ProductLoader, context: CommandContext, productId: string): Promise<void> {
  const state = await loader.state(productId);
  if (state.status !== 'active') return;
  const { collectionId, urlId } = state.product;
  await writer
    .store(stepContext(context, 'url-id-back'), collectionId, { type: 'ChangeProductUrlId', data: { collectionId, productId, wantedUrlId: urlId } })
    .catch(() => undefined);
}

import type { CommandContext } from '@storefront/eventstore';
import { stepContext } from '../infrastructure/derived-ids';
import type { SiteLoader } from './site-loader';
import type { SiteWriter } from './site-writer';

/**
 * A save that reserved a new URL id (on the site layout, or in the item's collection) and then lost
 * to another save of the same page or item (409 EDIT_CONFLICT) gives the URL id back: the registry
 * is set to the URL id the page or item has now, so the two agree again. Best effort: what refuses it
 * (the page deleted meanwhile) leaves nothing to give back, and the conflict is what the caller hears.
 */
export async function giveCollectionUrlIdBack(writer: SiteWriter, loader: SiteLoader, context: CommandContext, collectionId: string, now: string): Promise<void> {
  const { state } = await loader.collectionState(collectionId);
  if (state.status !== 'active') return;
  await writer
    .layout(stepContext(context, 'url-id-back'), { type: 'ChangeCollectionUrlId', data: { collectionId, wantedUrlId: state.collection.urlId, now } })
    .catch(() => undefined);
}

export async function giveItemUrlIdBack(writer: SiteWriter, loader: SiteLoader, context: CommandContext, collectionId: string, itemId: string): Promise<void> {
  const state = await loader.itemState(itemId);
  if (state.status !== 'active') return;
  await writer
    .collection(stepContext(context, 'url-id-back'), collectionId, { type: 'ChangeCollectionItemUrlId', data: { collectionId, itemId, wantedUrlId: state.item.urlId } })
    .catch(() => undefined);
}

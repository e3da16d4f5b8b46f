import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { contentItemStreamId, decideContentItem, editContentItemRequest, itemUrlId, type EditContentItem } from '@storefront/domain';
import { requireBasedOn } from '../../infrastructure/command-executor';
import { stepContext } from '../../infrastructure/derived-ids';
import { parseBody } from '../../infrastructure/http/parse-body';
import { acceptedOrThrow } from '../parsed';
import { SiteLoader, type ContentItemView } from '../site-loader';
import { SiteWriter } from '../site-writer';
import { richText } from '../rich-text-input';
import { giveItemUrlIdBack } from '../url-id-steps';
import { EditContentItemCommand } from './edit-content-item.command';

/**
 * Edits an item; a new URL id is first made unique in its collection (after the edit is known to be
 * valid). A save based on an older version (If-Match) is refused before the URL id step, and if
 * another save lands between the two steps, the URL id is given back.
 */
@CommandHandler(EditContentItemCommand)
export class EditContentItemHandler implements ICommandHandler<EditContentItemCommand, ContentItemView> {
  constructor(
    private readonly writer: SiteWriter,
    private readonly loader: SiteLoader,
  ) {}

  async execute({ context, itemId, body, expectedVersion }: EditContentItemCommand): Promise<ContentItemView> {
    const { state, version } = await this.loader.activeItemVersion(itemId);
    requireBasedOn(contentItemStreamId(itemId), { expectedVersion }, version);
    // The body's shape depends on the item's kind, known only now.
    const parsed = parseBody(editContentItemRequest(state.item.kind), body);
    const { wantedUrlId } = parsed;
    const changes = { ...parsed.changes };
    if (changes.excerpt !== undefined) changes.excerpt = richText(changes.excerpt);
    if (changes.body !== undefined) changes.body = richText(changes.body);
    const now = new Date().toISOString();
    const command = (urlId?: string): EditContentItem => ({
      type: 'EditContentItem', data: { itemId, changes: { ...changes, ...(urlId !== undefined ? { urlId } : {}) }, now },
    });
    acceptedOrThrow(decideContentItem(command(wantedUrlId), state));
    let urlId: string | undefined;
    const { collectionId } = state.item;
    if (wantedUrlId !== undefined) {
      const collection = await this.writer.collection(stepContext(context, 'url-id'), collectionId, {
        type: 'ChangeCollectionItemUrlId', data: { collectionId, itemId, wantedUrlId },
      });
      urlId = itemUrlId(collection, itemId);
    }
    try {
      await this.writer.item(stepContext(context, 'edit'), itemId, command(urlId), { expectedVersion });
    } catch (error) {
      if (urlId !== undefined) await giveItemUrlIdBack(this.writer, this.loader, context, collectionId, itemId);
      throw error;
    }
    return this.loader.itemView(itemId);
  }
}

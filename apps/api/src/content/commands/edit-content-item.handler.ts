import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { decideContentItem, itemUrlId, parseContentItemChanges, type EditContentItem } from '@storefront/domain';
import { stepContext } from '../../infrastructure/derived-ids';
import { acceptedOrThrow, parsedOrThrow } from '../parsed';
import { SiteLoader, type ContentItemView } from '../site-loader';
import { SiteWriter } from '../site-writer';
import { richText } from '../rich-text-input';
import { EditContentItemCommand } from './edit-content-item.command';

/** Edits an item; a new URL id is first made unique in its collection (after the edit is known to be valid). */
@CommandHandler(EditContentItemCommand)
export class EditContentItemHandler implements ICommandHandler<EditContentItemCommand, ContentItemView> {
  constructor(
    private readonly writer: SiteWriter,
    private readonly loader: SiteLoader,
  ) {}

  async execute({ context, itemId, body }: EditContentItemCommand): Promise<ContentItemView> {
    const state = await this.loader.activeItem(itemId);
    const parsed = parsedOrThrow(parseContentItemChanges(body, state.item.kind));
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
    if (wantedUrlId !== undefined) {
      const { collectionId } = state.item;
      const collection = await this.writer.collection(stepContext(context, 'url-id'), collectionId, {
        type: 'ChangeCollectionItemUrlId', data: { collectionId, itemId, wantedUrlId },
      });
      urlId = itemUrlId(collection, itemId);
    }
    await this.writer.item(stepContext(context, 'edit'), itemId, command(urlId));
    return this.loader.itemView(itemId);
  }
}

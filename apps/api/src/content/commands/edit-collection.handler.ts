import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { collectionUrlId, decideCollection, parseCollectionChanges, type ChangeCollectionDetails } from '@storefront/domain';
import { stepContext } from '../../infrastructure/derived-ids';
import { acceptedOrThrow, parsedOrThrow } from '../parsed';
import { SiteLoader, type CollectionView } from '../site-loader';
import { SiteWriter } from '../site-writer';
import { richText } from '../rich-text-input';
import { EditCollectionCommand } from './edit-collection.command';

/** Edits settings; a new URL id is first made unique on the site layout (after the edit is known to be valid). */
@CommandHandler(EditCollectionCommand)
export class EditCollectionHandler implements ICommandHandler<EditCollectionCommand, CollectionView> {
  constructor(
    private readonly writer: SiteWriter,
    private readonly loader: SiteLoader,
  ) {}

  async execute({ context, collectionId, body }: EditCollectionCommand): Promise<CollectionView> {
    const parsed = parsedOrThrow(parseCollectionChanges(body));
    const { wantedUrlId } = parsed;
    const changes = parsed.changes.description === undefined ? parsed.changes : { ...parsed.changes, description: richText(parsed.changes.description) };
    const state = await this.loader.activeCollection(collectionId);
    const now = new Date().toISOString();
    const command = (urlId?: string): ChangeCollectionDetails => ({
      type: 'ChangeCollectionDetails', data: { collectionId, changes: { ...changes, ...(urlId !== undefined ? { urlId } : {}) }, now },
    });
    acceptedOrThrow(decideCollection(command(wantedUrlId), state));
    let urlId: string | undefined;
    if (wantedUrlId !== undefined) {
      const layout = await this.writer.layout(stepContext(context, 'url-id'), { type: 'ChangeCollectionUrlId', data: { collectionId, wantedUrlId, now } });
      urlId = collectionUrlId(layout, collectionId);
    }
    await this.writer.collection(stepContext(context, 'edit'), collectionId, command(urlId));
    return this.loader.collectionView(collectionId);
  }
}

import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { collectionStreamId, collectionUrlId, collectionWorkflowTarget, decideCollection, type ChangeCollectionDetails } from '@storefront/domain';
import { requireBasedOn } from '../../infrastructure/command-executor';
import { stepContext } from '../../infrastructure/derived-ids';
import { acceptedOrThrow } from '../parsed';
import { SiteLoader, type CollectionView } from '../site-loader';
import { SiteWriter } from '../site-writer';
import { richText } from '../rich-text-input';
import { giveCollectionUrlIdBack } from '../url-id-steps';
import { EditCollectionCommand } from './edit-collection.command';

/**
 * Edits settings and the publish state (SPEC 4 statuses; Published without a date is published
 * now, a future date schedules); a new URL id is first made unique on the site layout (after the
 * edit is known to be valid). A save based on an older version (If-Match) is refused before the URL
 * id step, and if another save lands between the two steps, the URL id is given back.
 */
@CommandHandler(EditCollectionCommand)
export class EditCollectionHandler implements ICommandHandler<EditCollectionCommand, CollectionView> {
  constructor(
    private readonly writer: SiteWriter,
    private readonly loader: SiteLoader,
  ) {}

  async execute({ context, collectionId, request: parsed, expectedVersion }: EditCollectionCommand): Promise<CollectionView> {
    const { wantedUrlId } = parsed;
    const { state, version } = await this.loader.activeCollectionVersion(collectionId);
    requireBasedOn(collectionStreamId(collectionId), { expectedVersion }, version);
    const now = new Date().toISOString();
    const workflow = parsed.workflow ? collectionWorkflowTarget(parsed.workflow, state.collection, now) : null;
    const changes = {
      ...parsed.changes,
      ...(parsed.changes.description === undefined ? {} : { description: richText(parsed.changes.description) }),
      ...(workflow ?? {}),
    };
    const command = (urlId?: string): ChangeCollectionDetails => ({
      type: 'ChangeCollectionDetails', data: { collectionId, changes: { ...changes, ...(urlId !== undefined ? { urlId } : {}) }, now },
    });
    acceptedOrThrow(decideCollection(command(wantedUrlId), state));
    let urlId: string | undefined;
    if (wantedUrlId !== undefined) {
      const layout = await this.writer.layout(stepContext(context, 'url-id'), { type: 'ChangeCollectionUrlId', data: { collectionId, wantedUrlId, now } });
      urlId = collectionUrlId(layout, collectionId);
    }
    try {
      await this.writer.collection(stepContext(context, 'edit'), collectionId, command(urlId), { expectedVersion });
    } catch (error) {
      if (urlId !== undefined) await giveCollectionUrlIdBack(this.writer, this.loader, context, collectionId, now);
      throw error;
    }
    return this.loader.collectionView(collectionId);
  }
}

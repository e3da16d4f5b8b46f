import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { stepContext } from '../../infrastructure/derived-ids';
import { SiteLoader } from '../site-loader';
import { SiteWriter } from '../site-writer';
import { DeleteContentItemCommand } from './delete-content-item.command';

/** Deletes the item, then gives its URL id and place in the collection back. */
@CommandHandler(DeleteContentItemCommand)
export class DeleteContentItemHandler implements ICommandHandler<DeleteContentItemCommand, void> {
  constructor(
    private readonly writer: SiteWriter,
    private readonly loader: SiteLoader,
  ) {}

  async execute({ context, itemId, expectedVersion }: DeleteContentItemCommand): Promise<void> {
    const { item } = await this.loader.activeItem(itemId);
    const now = new Date().toISOString();
    await this.writer.item(stepContext(context, 'delete'), itemId, { type: 'DeleteContentItem', data: { itemId, now } }, { expectedVersion });
    await this.writer.collection(stepContext(context, 'unlist'), item.collectionId, {
      type: 'UnlistCollectionItem', data: { collectionId: item.collectionId, itemId },
    });
  }
}

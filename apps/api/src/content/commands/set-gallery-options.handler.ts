import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SiteLoader, type CollectionView } from '../site-loader';
import { SiteWriter } from '../site-writer';
import { SetGalleryOptionsCommand } from './set-gallery-options.command';

/** Stores the gallery options as set; the collection record shows them normalised. */
@CommandHandler(SetGalleryOptionsCommand)
export class SetGalleryOptionsHandler implements ICommandHandler<SetGalleryOptionsCommand, CollectionView> {
  constructor(
    private readonly writer: SiteWriter,
    private readonly loader: SiteLoader,
  ) {}

  async execute({ context, collectionId, options, expectedVersion }: SetGalleryOptionsCommand): Promise<CollectionView> {
    await this.writer.collection(context, collectionId, { type: 'SetGalleryOptions', data: { collectionId, options, now: new Date().toISOString() } }, { expectedVersion });
    return this.loader.collectionView(collectionId);
  }
}

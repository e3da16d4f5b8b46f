import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { blocksWithIds } from '@storefront/domain';
import { derivedUuid } from '../../infrastructure/derived-ids';
import { SiteLoader, type CollectionView } from '../site-loader';
import { SiteWriter } from '../site-writer';
import { writableBlocks } from '../rich-text-input';
import { SetCollectionLayoutCommand } from './set-collection-layout.command';

/** Replaces a page's blocks (at most 60); blocks sent without an id get one derived from the command id. */
@CommandHandler(SetCollectionLayoutCommand)
export class SetCollectionLayoutHandler implements ICommandHandler<SetCollectionLayoutCommand, CollectionView> {
  constructor(
    private readonly writer: SiteWriter,
    private readonly loader: SiteLoader,
  ) {}

  async execute({ context, collectionId, blocks: requested, roles, expectedVersion }: SetCollectionLayoutCommand): Promise<CollectionView> {
    let n = 0;
    const { state } = await this.loader.collectionState(collectionId);
    const blocks = writableBlocks(roles, blocksWithIds(requested, () => derivedUuid(context.commandId, `block-${n++}`)), state.status === 'active' ? state.collection.layout : []);
    await this.writer.collection(context, collectionId, { type: 'SetCollectionLayout', data: { collectionId, blocks, now: new Date().toISOString() } }, { expectedVersion });
    return this.loader.collectionView(collectionId);
  }
}

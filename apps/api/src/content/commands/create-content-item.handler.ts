import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { COLLECTION_KINDS, contentItemStreamId, decideCollection, decideContentItem, domainError, itemUrlId, parseNewContentItem } from '@storefront/domain';
import { derivedUuid, stepContext } from '../../infrastructure/derived-ids';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { acceptedOrThrow, parsedOrThrow } from '../parsed';
import { SiteLoader, type ContentItemView } from '../site-loader';
import { SiteWriter } from '../site-writer';
import { richText } from '../rich-text-input';
import { CreateContentItemCommand } from './create-content-item.command';

/**
 * Checks everything first (nothing is appended for bad input), then: the collection grants a URL id
 * unique within it and counts the item against its limit; the item's stream records it. The item
 * id derives from the command id, so a retried request lands on the same item.
 */
@CommandHandler(CreateContentItemCommand)
export class CreateContentItemHandler implements ICommandHandler<CreateContentItemCommand, ContentItemView> {
  constructor(
    private readonly writer: SiteWriter,
    private readonly loader: SiteLoader,
  ) {}

  async execute({ context, collectionId, body }: CreateContentItemCommand): Promise<ContentItemView> {
    const collection = await this.loader.activeCollection(collectionId);
    const kind = COLLECTION_KINDS[collection.collection.kind];
    if (kind.itemKind === null) throw new DomainException(domainError('WRONG_COLLECTION_KIND', { collectionId }, `A ${kind.typeName} holds no content items.`));
    const itemId = derivedUuid(context.commandId, 'item');
    // A retried request (same Idempotency-Key) whose item exists: answer as the first time.
    if ((await this.loader.startedBy(contentItemStreamId(itemId))) === stepContext(context, 'create').commandId) return this.loader.itemView(itemId);
    const now = new Date().toISOString();
    const parsed = parsedOrThrow(parseNewContentItem(body, { itemId, collectionId, kind: kind.itemKind, now }));
    const { wantedUrlId } = parsed;
    const item = { ...parsed.item, excerpt: richText(parsed.item.excerpt), body: richText(parsed.item.body) };
    acceptedOrThrow(decideContentItem({ type: 'CreateContentItem', data: { item, now } }, await this.loader.itemState(itemId)));
    acceptedOrThrow(decideCollection({ type: 'ListCollectionItem', data: { collectionId, itemId, wantedUrlId } }, collection));

    const listed = await this.writer.collection(stepContext(context, 'list'), collectionId, {
      type: 'ListCollectionItem', data: { collectionId, itemId, wantedUrlId },
    });
    const urlId = itemUrlId(listed, itemId)!;
    try {
      await this.writer.item(stepContext(context, 'create'), itemId, { type: 'CreateContentItem', data: { item: { ...item, urlId }, now } });
    } catch (error) {
      // Give the URL id and the place back: the item was never created.
      await this.writer.collection(stepContext(context, 'unlist'), collectionId, { type: 'UnlistCollectionItem', data: { collectionId, itemId } });
      throw error;
    }
    return this.loader.itemView(itemId);
  }
}

import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { checkPagePassword, collectionStreamId, collectionUrlId, collectionFromRequest, decideCollection, domainError } from '@storefront/domain';
import { PASSWORD_HASHER, type PasswordHasher } from '../../security/password-hasher';
import { derivedUuid, stepContext } from '../../infrastructure/derived-ids';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { acceptedOrThrow } from '../parsed';
import { SiteLoader, type CollectionView } from '../site-loader';
import { SiteWriter } from '../site-writer';
import { richText, writableBlocks } from '../rich-text-input';
import { CreateCollectionCommand } from './create-collection.command';

/**
 * Checks everything first (nothing is appended for bad input), then: the site layout grants a
 * URL id unique across the site; the collection's stream records it (a password only as its hash).
 * The collection id derives from the command id, so a retried request lands on the same collection;
 * a products collection takes its store's id.
 */
@CommandHandler(CreateCollectionCommand)
export class CreateCollectionHandler implements ICommandHandler<CreateCollectionCommand, CollectionView> {
  constructor(
    private readonly writer: SiteWriter,
    private readonly loader: SiteLoader,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
  ) {}

  async execute({ context, request, roles }: CreateCollectionCommand): Promise<CollectionView> {
    const website = await this.loader.websiteState();
    let blocks = 0;
    const store = request.storeCollectionId !== null ? await this.loader.storeState(request.storeCollectionId) : null;
    const input = collectionFromRequest(request, {
      collectionId: derivedUuid(context.commandId, 'collection'),
      websiteId: website.websiteId,
      now: new Date().toISOString(),
      newBlockId: () => derivedUuid(context.commandId, `block-${blocks++}`),
      storeUrlId: () => (store?.status === 'open' ? store.urlId : undefined),
    });
    input.collection = { ...input.collection, description: richText(input.collection.description), layout: writableBlocks(roles, input.collection.layout) };
    if (input.collection.kind === 'products' && store?.status !== 'open') {
      throw new DomainException(domainError('STORE_NOT_FOUND', { storeCollectionId: input.collection.storeCollectionId }));
    }
    if (input.password !== null) {
      const bad = checkPagePassword(input.password);
      if (bad) throw new DomainException(bad);
    }
    const collectionId = input.collection.id;
    // A retried request (same Idempotency-Key) whose collection exists: answer as the first time.
    if ((await this.loader.startedBy(collectionStreamId(collectionId))) === stepContext(context, 'create').commandId) {
      return this.loader.collectionView(collectionId);
    }
    const { state } = await this.loader.collectionState(collectionId);
    // A dry run with a stand-in hash: the real one is only worth computing for valid input.
    const standIn = input.password === null ? null : '$pending$';
    acceptedOrThrow(decideCollection({ type: 'CreateCollection', data: { collection: { ...input.collection, passwordHash: standIn } } }, state));
    const passwordHash = input.password === null ? null : await this.hasher.hash(input.password);

    const layout = await this.writer.layout(stepContext(context, 'register'), {
      type: 'RegisterCollection', data: { collectionId, kind: input.collection.kind, wantedUrlId: input.wantedUrlId, now: input.collection.createdAt },
    });
    const urlId = collectionUrlId(layout, collectionId)!;
    try {
      await this.writer.collection(stepContext(context, 'create'), collectionId, {
        type: 'CreateCollection', data: { collection: { ...input.collection, urlId, passwordHash } },
      });
    } catch (error) {
      // Give the URL id back: the collection was never created.
      await this.writer.layout(stepContext(context, 'unregister'), { type: 'UnregisterCollection', data: { collectionId, now: new Date().toISOString() } });
      throw error;
    }
    return this.loader.collectionView(collectionId);
  }
}

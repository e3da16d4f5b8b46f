import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { checkPagePassword, decideCollection } from '@storefront/domain';
import { PASSWORD_HASHER, type PasswordHasher } from '../../security/password-hasher';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { acceptedOrThrow } from '../parsed';
import { SiteLoader, type CollectionView } from '../site-loader';
import { SiteWriter } from '../site-writer';
import { SetCollectionPasswordCommand } from './set-collection-password.command';

/** Locks a page behind a password (only its scrypt hash is recorded) or unlocks it. */
@CommandHandler(SetCollectionPasswordCommand)
export class SetCollectionPasswordHandler implements ICommandHandler<SetCollectionPasswordCommand, CollectionView> {
  constructor(
    private readonly writer: SiteWriter,
    private readonly loader: SiteLoader,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
  ) {}

  async execute({ context, collectionId, password, expectedVersion }: SetCollectionPasswordCommand): Promise<CollectionView> {
    if (password !== null) {
      const bad = checkPagePassword(password);
      if (bad) throw new DomainException(bad);
    }
    const state = await this.loader.activeCollection(collectionId);
    const now = new Date().toISOString();
    acceptedOrThrow(decideCollection({ type: 'SetCollectionPassword', data: { collectionId, passwordHash: password === null ? null : '$pending$', now } }, state));
    const passwordHash = password === null ? null : await this.hasher.hash(password);
    await this.writer.collection(context, collectionId, { type: 'SetCollectionPassword', data: { collectionId, passwordHash, now } }, { expectedVersion });
    return this.loader.collectionView(collectionId);
  }
}

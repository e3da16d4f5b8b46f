import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import {
  checkRestorableVersion, collectionHistory, collectionStreamId, collectionUrlId, contentItemHistory, contentItemStreamId, decideCollection,
  decideContentItem, domainError, itemUrlId, stateAtVersion, WEBSITE_STREAM_ID, websiteHistory, type HistoryEventInput, type RestoreCollection,
  type RestoreContentItem,
} from '@storefront/domain';
import { requireBasedOn } from '../../infrastructure/command-executor';
import { stepContext } from '../../infrastructure/derived-ids';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { StreamHistory } from '../../infrastructure/stream-history';
import { acceptedOrThrow } from '../parsed';
import { isId, SiteLoader, type CollectionView, type ContentItemView, type WebsiteSettingsView } from '../site-loader';
import { SiteWriter } from '../site-writer';
import { giveCollectionUrlIdBack, giveItemUrlIdBack } from '../url-id-steps';
import { RestoreSiteVersionCommand } from './restore.command';

type Restored = CollectionView | ContentItemView | WebsiteSettingsView;

/**
 * Restores an earlier version: folds the stream's events up to it, and appends one *Restored event
 * that brings the current state back to it (never rewriting history). The version must exist
 * (404 VERSION_NOT_FOUND). A URL id the older version had is asked of the registry first (the site
 * layout for pages, the collection for items), as an edit does; it may come back made unique.
 * With If-Match the restore is based on that version like any save (409 EDIT_CONFLICT).
 */
@CommandHandler(RestoreSiteVersionCommand)
export class RestoreSiteVersionHandler implements ICommandHandler<RestoreSiteVersionCommand, Restored> {
  constructor(
    private readonly writer: SiteWriter,
    private readonly loader: SiteLoader,
    private readonly history: StreamHistory,
  ) {}

  async execute(command: RestoreSiteVersionCommand): Promise<Restored> {
    const { subject } = command;
    if (subject.kind === 'settings') return this.settings(command);
    if (subject.kind === 'collection') return this.collection(command, subject.collectionId);
    return this.item(command, subject.itemId);
  }

  /** The stream's events, its current version, and the checks every restore makes. */
  private async prepare(streamId: string, { version, expectedVersion }: RestoreSiteVersionCommand): Promise<{ events: HistoryEventInput[]; current: number }> {
    const events = await this.history.events(streamId);
    const current = events.at(-1)?.version ?? 0;
    requireBasedOn(streamId, { expectedVersion }, current);
    const bad = checkRestorableVersion(version, current);
    if (bad) throw new DomainException(bad);
    return { events, current };
  }

  private async settings(command: RestoreSiteVersionCommand): Promise<WebsiteSettingsView> {
    const { context, version, expectedVersion } = command;
    const { events } = await this.prepare(WEBSITE_STREAM_ID, command);
    const target = stateAtVersion(websiteHistory, events, version);
    await this.writer.website(context, { type: 'RestoreWebsite', data: { restoredVersion: version, target, now: new Date().toISOString() } }, { expectedVersion });
    return this.loader.websiteSettingsView();
  }

  private async collection(command: RestoreSiteVersionCommand, collectionId: string): Promise<CollectionView> {
    const { context, version, expectedVersion } = command;
    if (!isId(collectionId)) throw new DomainException(domainError('COLLECTION_NOT_FOUND'));
    const streamId = collectionStreamId(collectionId);
    const state = await this.loader.activeCollection(collectionId);
    const { events } = await this.prepare(streamId, command);
    const now = new Date().toISOString();
    let target = stateAtVersion(collectionHistory, events, version);
    const restore = (): RestoreCollection => ({ type: 'RestoreCollection', data: { collectionId, restoredVersion: version, target, now } });
    const dryRun = decideCollection(restore(), state);
    acceptedOrThrow(dryRun);
    const event = dryRun.ok ? dryRun.events[0] : undefined;
    const wantedUrlId = event?.type === 'CollectionRestored' ? event.data.changes.urlId : undefined;
    if (wantedUrlId !== undefined && target.status === 'active') {
      const layout = await this.writer.layout(stepContext(context, 'url-id'), { type: 'ChangeCollectionUrlId', data: { collectionId, wantedUrlId, now } });
      target = { ...target, collection: { ...target.collection, urlId: collectionUrlId(layout, collectionId) ?? wantedUrlId } };
    }
    try {
      await this.writer.collection(stepContext(context, 'restore'), collectionId, restore(), { expectedVersion });
    } catch (error) {
      if (wantedUrlId !== undefined) await giveCollectionUrlIdBack(this.writer, this.loader, context, collectionId, now);
      throw error;
    }
    return this.loader.collectionView(collectionId);
  }

  private async item(command: RestoreSiteVersionCommand, itemId: string): Promise<ContentItemView> {
    const { context, version, expectedVersion } = command;
    if (!isId(itemId)) throw new DomainException(domainError('ITEM_NOT_FOUND'));
    const state = await this.loader.activeItem(itemId);
    const { events } = await this.prepare(contentItemStreamId(itemId), command);
    const now = new Date().toISOString();
    let target = stateAtVersion(contentItemHistory, events, version);
    const restore = (): RestoreContentItem => ({ type: 'RestoreContentItem', data: { itemId, restoredVersion: version, target, now } });
    const dryRun = decideContentItem(restore(), state);
    acceptedOrThrow(dryRun);
    const event = dryRun.ok ? dryRun.events[0] : undefined;
    const wantedUrlId = event?.type === 'ContentItemRestored' ? event.data.changes.urlId : undefined;
    const { collectionId } = state.item;
    if (wantedUrlId !== undefined && target.status === 'active') {
      const collection = await this.writer.collection(stepContext(context, 'url-id'), collectionId, {
        type: 'ChangeCollectionItemUrlId', data: { collectionId, itemId, wantedUrlId },
      });
      target = { ...target, item: { ...target.item, urlId: itemUrlId(collection, itemId) ?? wantedUrlId } };
    }
    try {
      await this.writer.item(stepContext(context, 'restore'), itemId, restore(), { expectedVersion });
    } catch (error) {
      if (wantedUrlId !== undefined) await giveItemUrlIdBack(this.writer, this.loader, context, collectionId, itemId);
      throw error;
    }
    return this.loader.itemView(itemId);
  }
}

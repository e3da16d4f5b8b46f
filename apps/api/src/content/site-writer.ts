import { Injectable } from '@nestjs/common';
import {
  COLLECTION_STREAM_TYPE, collectionDecider, collectionStreamId, CONTENT_ITEM_STREAM_TYPE, contentItemDecider, contentItemStreamId,
  SITE_LAYOUT_STREAM_ID, SITE_LAYOUT_STREAM_TYPE, siteLayoutDecider, WEBSITE_STREAM_ID, WEBSITE_STREAM_TYPE, websiteDecider,
  type CollectionCommand, type CollectionState, type ContentItemCommand, type ContentItemState, type SiteLayoutCommand, type SiteLayoutState,
  type WebsiteCommand, type WebsiteState,
} from '@storefront/domain';
import type { CommandContext } from '@storefront/eventstore';
import { CommandExecutor, type BasedOn } from '../infrastructure/command-executor';
import { DomainException } from '../infrastructure/http/domain-exception';

/**
 * Runs the site's deciders against their streams; a rejection leaves as a DomainException (nothing
 * appended). One owner request may touch several streams (site layout → collection → item): each
 * step gets its own command id derived from the request's (`stepContext`), so a retry with the same
 * Idempotency-Key replays every step instead of appending twice.
 */
@Injectable()
export class SiteWriter {
  constructor(private readonly executor: CommandExecutor) {}

  async website(context: CommandContext, command: WebsiteCommand, basedOn: BasedOn = {}): Promise<WebsiteState> {
    const result = await this.executor.execute({
      streamId: WEBSITE_STREAM_ID, streamType: WEBSITE_STREAM_TYPE, decider: websiteDecider, command, context, ...basedOn,
    });
    if (!result.ok) throw new DomainException(result.error);
    return result.state;
  }

  async layout(context: CommandContext, command: SiteLayoutCommand, basedOn: BasedOn = {}): Promise<SiteLayoutState> {
    const result = await this.executor.execute({
      streamId: SITE_LAYOUT_STREAM_ID, streamType: SITE_LAYOUT_STREAM_TYPE, decider: siteLayoutDecider, command, context, ...basedOn,
    });
    if (!result.ok) throw new DomainException(result.error);
    return result.state;
  }

  async collection(context: CommandContext, collectionId: string, command: CollectionCommand, basedOn: BasedOn = {}): Promise<CollectionState> {
    const result = await this.executor.execute({
      streamId: collectionStreamId(collectionId), streamType: COLLECTION_STREAM_TYPE, decider: collectionDecider, command, context, ...basedOn,
    });
    if (!result.ok) throw new DomainException(result.error);
    return result.state;
  }

  async item(context: CommandContext, itemId: string, command: ContentItemCommand, basedOn: BasedOn = {}): Promise<ContentItemState> {
    const result = await this.executor.execute({
      streamId: contentItemStreamId(itemId), streamType: CONTENT_ITEM_STREAM_TYPE, decider: contentItemDecider, command, context, ...basedOn,
    });
    if (!result.ok) throw new DomainException(result.error);
    return result.state;
  }
}

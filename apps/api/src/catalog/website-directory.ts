import { Inject, Injectable } from '@nestjs/common';
import { domainError, WEBSITE_STREAM_ID, type SiteEvent, type Website } from '@storefront/domain';
import type { EventStore } from '@storefront/eventstore';
import { EVENT_STORE } from '../infrastructure/database/tokens';
import { DomainException } from '../infrastructure/http/domain-exception';

/** The website this process serves, read once from its stream (it never changes identity). */
@Injectable()
export class WebsiteDirectory {
  private cached: Website | null = null;

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async current(): Promise<Website> {
    if (this.cached) return this.cached;
    const events = await this.store.readStream(WEBSITE_STREAM_ID);
    const created = events.find((e) => e.type === 'WebsiteCreated');
    if (!created) throw new Error('The website has not been created yet (seed did not run)');
    this.cached = (created.data as SiteEvent['data']);
    return this.cached;
  }

  /** The website when `websiteId` names it; else NOT_FOUND (owner routes carry the id in the path). */
  async require(websiteId: string): Promise<Website> {
    const website = await this.current();
    if (website.websiteId !== websiteId) throw new DomainException(domainError('NOT_FOUND', { websiteId }, 'There is no website with this id.'));
    return website;
  }
}

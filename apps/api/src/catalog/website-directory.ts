import { Inject, Injectable } from '@nestjs/common';
import {
  domainError, storeSettingsOf, WEBSITE_STREAM_ID, websiteDecider, type SiteEvent, type StoreSettings, type Website, type WebsiteEvent, type WebsiteState,
} from '@storefront/domain';
import type { EventStore } from '@storefront/eventstore';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { CommandExecutor } from '../infrastructure/command-executor';
import { EVENT_STORE } from '../infrastructure/database/tokens';
import { DomainException } from '../infrastructure/http/domain-exception';

/** Who the website is: its id and when it was created, which never change. */
export type WebsiteIdentity = Pick<Website, 'websiteId' | 'createdAt'>;

/**
 * The website this process serves: its identity, read once from its stream, and the store settings
 * in force, read from the same stream (the website's settings, as the owner last changed them)
 * whenever they are asked for.
 */
@Injectable()
export class WebsiteDirectory {
  private cached: WebsiteIdentity | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly executor: CommandExecutor,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async current(): Promise<WebsiteIdentity> {
    if (this.cached) return this.cached;
    const events = await this.store.readStream(WEBSITE_STREAM_ID, { toVersion: 1 });
    const created = events.find((e) => e.type === 'WebsiteCreated');
    if (!created) throw new Error('The website has not been created yet (seed did not run)');
    const { websiteId, createdAt } = created.data as SiteEvent['data'] & Website;
    this.cached = { websiteId, createdAt };
    return this.cached;
  }

  /** The website when `websiteId` names it; else NOT_FOUND (owner routes carry the id in the path). */
  async require(websiteId: string): Promise<WebsiteIdentity> {
    const website = await this.current();
    if (website.websiteId !== websiteId) throw new DomainException(domainError('NOT_FOUND', { websiteId }, 'There is no website with this id.'));
    return website;
  }

  /**
   * The store settings in force now: the currency, express checkout, whether a service may be
   * bought more than once, and the checkout minimum. What the owner set (PUT /api/site/settings)
   * wins; a setting never set is the environment's (MULTIPLE_QUANTITY_ALLOWED_FOR_SERVICES,
   * CHECKOUT_MINIMUM_SUBTOTAL_CENTS). One cheap version query when nothing changed since the last
   * look in this process.
   */
  async storeSettings(): Promise<StoreSettings> {
    const state = await this.executor.peek<WebsiteState, WebsiteEvent>(websiteDecider, WEBSITE_STREAM_ID);
    if (state.status !== 'created') throw new Error('The website has not been created yet (seed did not run)');
    return storeSettingsOf(state.settings, {
      multipleQuantityAllowedForServices: this.config.cart.storeSettings.multipleQuantityAllowedForServices,
      checkoutMinimumSubtotalCents: this.config.checkout.minimumSubtotalCents,
    });
  }
}

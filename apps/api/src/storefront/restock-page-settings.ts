import { Inject, Injectable } from '@nestjs/common';
import type { RestockSiteSettings } from '@storefront/domain';
import type { Database } from '@storefront/eventstore';
import { readRestockSiteSettings } from '@storefront/projections';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DATABASE } from '../infrastructure/database/tokens';

/** SPEC 3 site-wide `merchandisingSettings`, plus (theme) the bot check the restock form runs. */
export type MerchandisingSettingsContext = { restockNotificationsSuccessText: string; restockBotCheck: AppConfig['restock']['botCheck'] };

/**
 * What a product page needs of the store's back-in-stock settings (issue 15): the form's words
 * and success text the owner set (the `restock_settings` read model) and the bot check method
 * the sign-up endpoint asks for (RESTOCK_BOT_CHECK).
 */
@Injectable()
export class RestockPageSettings {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async read(): Promise<{ settings: RestockSiteSettings; merchandisingSettings: MerchandisingSettingsContext }> {
    const settings = await readRestockSiteSettings(this.db);
    return { settings, merchandisingSettings: { restockNotificationsSuccessText: settings.restockNotificationsSuccessText, restockBotCheck: this.config.restock.botCheck } };
  }
}

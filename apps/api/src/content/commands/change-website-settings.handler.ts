import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SiteLoader, type WebsiteSettingsView } from '../site-loader';
import { SiteWriter } from '../site-writer';
import { ChangeWebsiteSettingsCommand } from './change-website-settings.command';

@CommandHandler(ChangeWebsiteSettingsCommand)
export class ChangeWebsiteSettingsHandler implements ICommandHandler<ChangeWebsiteSettingsCommand, WebsiteSettingsView> {
  constructor(
    private readonly writer: SiteWriter,
    private readonly loader: SiteLoader,
  ) {}

  async execute({ context, changes, expectedVersion }: ChangeWebsiteSettingsCommand): Promise<WebsiteSettingsView> {
    // The store currency cannot change under priced products: the decider needs their count.
    const storeProducts = changes.currency !== undefined ? await this.loader.storeProductCount() : 0;
    await this.writer.website(context, { type: 'ChangeWebsiteSettings', data: { changes, now: new Date().toISOString(), storeProducts } }, { expectedVersion });
    return this.loader.websiteSettingsView();
  }
}

import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { parseWebsiteSettingsChanges } from '@storefront/domain';
import { parsedOrThrow } from '../parsed';
import { SiteLoader, type WebsiteSettingsView } from '../site-loader';
import { SiteWriter } from '../site-writer';
import { ChangeWebsiteSettingsCommand } from './change-website-settings.command';

@CommandHandler(ChangeWebsiteSettingsCommand)
export class ChangeWebsiteSettingsHandler implements ICommandHandler<ChangeWebsiteSettingsCommand, WebsiteSettingsView> {
  constructor(
    private readonly writer: SiteWriter,
    private readonly loader: SiteLoader,
  ) {}

  async execute({ context, body }: ChangeWebsiteSettingsCommand): Promise<WebsiteSettingsView> {
    const changes = parsedOrThrow(parseWebsiteSettingsChanges(body));
    await this.writer.website(context, { type: 'ChangeWebsiteSettings', data: { changes, now: new Date().toISOString() } });
    return this.loader.websiteSettingsView();
  }
}

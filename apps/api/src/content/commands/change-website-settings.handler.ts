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
    await this.writer.website(context, { type: 'ChangeWebsiteSettings', data: { changes, now: new Date().toISOString() } }, { expectedVersion });
    return this.loader.websiteSettingsView();
  }
}

import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SiteLoader, type SiteLayoutView } from '../site-loader';
import { SiteWriter } from '../site-writer';
import { SetHomePageCommand } from './set-home-page.command';

@CommandHandler(SetHomePageCommand)
export class SetHomePageHandler implements ICommandHandler<SetHomePageCommand, SiteLayoutView> {
  constructor(
    private readonly writer: SiteWriter,
    private readonly loader: SiteLoader,
  ) {}

  async execute({ context, collectionId, expectedVersion }: SetHomePageCommand): Promise<SiteLayoutView> {
    await this.writer.layout(context, { type: 'SetHomePage', data: { collectionId, now: new Date().toISOString() } }, { expectedVersion });
    return this.loader.siteLayoutView();
  }
}

import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { parseHomePage } from '@storefront/domain';
import { parsedOrThrow } from '../parsed';
import { SiteLoader, type SiteLayoutView } from '../site-loader';
import { SiteWriter } from '../site-writer';
import { SetHomePageCommand } from './set-home-page.command';

@CommandHandler(SetHomePageCommand)
export class SetHomePageHandler implements ICommandHandler<SetHomePageCommand, SiteLayoutView> {
  constructor(
    private readonly writer: SiteWriter,
    private readonly loader: SiteLoader,
  ) {}

  async execute({ context, body }: SetHomePageCommand): Promise<SiteLayoutView> {
    const collectionId = parsedOrThrow(parseHomePage(body));
    await this.writer.layout(context, { type: 'SetHomePage', data: { collectionId, now: new Date().toISOString() } });
    return this.loader.siteLayoutView();
  }
}

import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SiteLoader, type HeaderFooterView } from '../site-loader';
import { SiteWriter } from '../site-writer';
import { richText } from '../rich-text-input';
import { SetSiteHeaderFooterCommand } from './set-site-header-footer.command';

@CommandHandler(SetSiteHeaderFooterCommand)
export class SetSiteHeaderFooterHandler implements ICommandHandler<SetSiteHeaderFooterCommand, HeaderFooterView> {
  constructor(
    private readonly writer: SiteWriter,
    private readonly loader: SiteLoader,
  ) {}

  async execute({ context, headerFooter: parsed, expectedVersion }: SetSiteHeaderFooterCommand): Promise<HeaderFooterView> {
    const parts = {
      ...(parsed.header !== undefined ? { header: richText(parsed.header) } : {}),
      ...(parsed.footer !== undefined ? { footer: richText(parsed.footer) } : {}),
    };
    await this.writer.website(context, { type: 'SetSiteHeaderFooter', data: { ...parts, now: new Date().toISOString() } }, { expectedVersion });
    return this.loader.headerFooterView();
  }
}

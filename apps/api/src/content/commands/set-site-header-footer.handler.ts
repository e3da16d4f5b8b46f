import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { parseHeaderFooter } from '@storefront/domain';
import { parsedOrThrow } from '../parsed';
import type { HeaderFooterView } from '../site-loader';
import { SiteWriter } from '../site-writer';
import { richText } from '../rich-text-input';
import { SetSiteHeaderFooterCommand } from './set-site-header-footer.command';

@CommandHandler(SetSiteHeaderFooterCommand)
export class SetSiteHeaderFooterHandler implements ICommandHandler<SetSiteHeaderFooterCommand, HeaderFooterView> {
  constructor(private readonly writer: SiteWriter) {}

  async execute({ context, body }: SetSiteHeaderFooterCommand): Promise<HeaderFooterView> {
    const parsed = parsedOrThrow(parseHeaderFooter(body));
    const parts = {
      ...(parsed.header !== undefined ? { header: richText(parsed.header) } : {}),
      ...(parsed.footer !== undefined ? { footer: richText(parsed.footer) } : {}),
    };
    const state = await this.writer.website(context, { type: 'SetSiteHeaderFooter', data: { ...parts, now: new Date().toISOString() } });
    return state.status === 'created' ? { header: state.header, footer: state.footer } : { header: '', footer: '' };
  }
}

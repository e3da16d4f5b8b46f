import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { FormStore } from '../../forms/form-store';
import { SiteLoader, type HeaderFooterView } from '../site-loader';
import { SiteWriter } from '../site-writer';
import { richText } from '../rich-text-input';
import { SetSiteHeaderFooterCommand } from './set-site-header-footer.command';

@CommandHandler(SetSiteHeaderFooterCommand)
export class SetSiteHeaderFooterHandler implements ICommandHandler<SetSiteHeaderFooterCommand, HeaderFooterView> {
  constructor(
    private readonly writer: SiteWriter,
    private readonly loader: SiteLoader,
    private readonly forms: FormStore,
  ) {}

  async execute({ context, headerFooter: parsed, expectedVersion }: SetSiteHeaderFooterCommand): Promise<HeaderFooterView> {
    const parts = {
      ...(parsed.header !== undefined ? { header: richText(parsed.header) } : {}),
      ...(parsed.footer !== undefined ? { footer: richText(parsed.footer) } : {}),
    };
    const { newsletterFormId } = parsed;
    // The footer's newsletter form as its stream has it now (a form made a moment ago counts); ids
    // longer than any form's are none.
    const found = typeof newsletterFormId === 'string' && newsletterFormId.length <= 200 ? await this.forms.load(newsletterFormId) : null;
    const newsletter = newsletterFormId === undefined ? {} : { newsletterFormId, newsletterForm: found ? { kind: found.form.kind } : null };
    await this.writer.website(context, { type: 'SetSiteHeaderFooter', data: { ...parts, ...newsletter, now: new Date().toISOString() } }, { expectedVersion });
    return this.loader.headerFooterView();
  }
}

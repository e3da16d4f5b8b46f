import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { formDecider, formStreamId, type FormDefinition, type FormDefinitionEvent } from '@storefront/domain';
import { foldEvents, type EventStore } from '@storefront/eventstore';
import { EVENT_STORE } from '../../infrastructure/database/tokens';
import { SiteLoader, type HeaderFooterView } from '../site-loader';
import { SiteWriter } from '../site-writer';
import { richText } from '../rich-text-input';
import { SetSiteHeaderFooterCommand } from './set-site-header-footer.command';

@CommandHandler(SetSiteHeaderFooterCommand)
export class SetSiteHeaderFooterHandler implements ICommandHandler<SetSiteHeaderFooterCommand, HeaderFooterView> {
  constructor(
    private readonly writer: SiteWriter,
    private readonly loader: SiteLoader,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /**
   * The kind of the form `formId` names, from its stream (a form made a moment ago counts; the
   * forms' read model may lag), or null when the site has no such form. Content reads the forms
   * context's events through the domain, as it imports no other context.
   */
  private async formKind(formId: string): Promise<{ kind: string } | null> {
    const events = await this.store.readStream(formStreamId(formId));
    if (events.length === 0) return null;
    const state = foldEvents<{ definition: FormDefinition | null }, FormDefinitionEvent>(formDecider, formDecider.initialState(), events);
    return state.definition ? { kind: state.definition.kind } : null;
  }

  async execute({ context, headerFooter: parsed, expectedVersion }: SetSiteHeaderFooterCommand): Promise<HeaderFooterView> {
    const parts = {
      ...(parsed.header !== undefined ? { header: richText(parsed.header) } : {}),
      ...(parsed.footer !== undefined ? { footer: richText(parsed.footer) } : {}),
    };
    const { newsletterFormId } = parsed;
    // Ids longer than any form's name no form.
    const found = typeof newsletterFormId === 'string' && newsletterFormId.length <= 200 ? await this.formKind(newsletterFormId) : null;
    const newsletter = newsletterFormId === undefined ? {} : { newsletterFormId, newsletterForm: found };
    await this.writer.website(context, { type: 'SetSiteHeaderFooter', data: { ...parts, ...newsletter, now: new Date().toISOString() } }, { expectedVersion });
    return this.loader.headerFooterView();
  }
}

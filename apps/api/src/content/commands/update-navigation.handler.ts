import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SiteLoader, type SiteLayoutView } from '../site-loader';
import { SiteWriter } from '../site-writer';
import { UpdateNavigationCommand } from './update-navigation.command';

/** Replaces one navigation's links; every page link must point at a page of this site. */
@CommandHandler(UpdateNavigationCommand)
export class UpdateNavigationHandler implements ICommandHandler<UpdateNavigationCommand, SiteLayoutView> {
  constructor(
    private readonly writer: SiteWriter,
    private readonly loader: SiteLoader,
  ) {}

  async execute({ context, navigation, expectedVersion }: UpdateNavigationCommand): Promise<SiteLayoutView> {
    const { fieldName, templateId, items } = navigation;
    await this.writer.layout(context, { type: 'UpdateNavigation', data: { fieldName, templateId, items, now: new Date().toISOString() } }, { expectedVersion });
    return this.loader.siteLayoutView();
  }
}

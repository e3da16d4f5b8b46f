import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { parsePublish, parseWorkflowChange } from '@storefront/domain';
import { parsedOrThrow } from '../parsed';
import { SiteLoader, type ContentItemView } from '../site-loader';
import { SiteWriter } from '../site-writer';
import { ChangeItemWorkflowCommand } from './change-item-workflow.command';

/**
 * publish: Published now (or at a past publishOn), Scheduled for a future one; unpublish: back to
 * Draft; set: any publish state with its time.
 */
@CommandHandler(ChangeItemWorkflowCommand)
export class ChangeItemWorkflowHandler implements ICommandHandler<ChangeItemWorkflowCommand, ContentItemView> {
  constructor(
    private readonly writer: SiteWriter,
    private readonly loader: SiteLoader,
  ) {}

  async execute({ context, itemId, mode, body }: ChangeItemWorkflowCommand): Promise<ContentItemView> {
    const now = new Date().toISOString();
    const target =
      mode === 'publish' ? parsedOrThrow(parsePublish(body, now))
      : mode === 'unpublish' ? { workflowState: 'Draft' as const, publishOn: null }
      : parsedOrThrow(parseWorkflowChange(body));
    await this.loader.activeItem(itemId);
    await this.writer.item(context, itemId, { type: 'ChangeContentItemWorkflow', data: { itemId, ...target, now } });
    return this.loader.itemView(itemId);
  }
}

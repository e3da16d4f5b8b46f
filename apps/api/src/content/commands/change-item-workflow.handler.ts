import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { publishTargetAt } from '@storefront/domain';
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

  async execute({ context, itemId, request, expectedVersion }: ChangeItemWorkflowCommand): Promise<ContentItemView> {
    const now = new Date().toISOString();
    const target =
      request.mode === 'publish' ? publishTargetAt(request.publishOn, now)
      : request.mode === 'unpublish' ? { workflowState: 'Draft' as const, publishOn: null }
      : { workflowState: request.workflowState, publishOn: request.publishOn };
    await this.loader.activeItem(itemId);
    await this.writer.item(context, itemId, { type: 'ChangeContentItemWorkflow', data: { itemId, ...target, now } }, { expectedVersion });
    return this.loader.itemView(itemId);
  }
}

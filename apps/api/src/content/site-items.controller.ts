import { PublishRequest, WorkflowChangeRequest } from '@storefront/domain';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { parseBody } from '../infrastructure/http/parse-body';
import { commandContextFor, Req, type AppRequest } from '../infrastructure/http/request-context';
import { RequiresPermission } from '../security';
import { ChangeItemWorkflowCommand } from './commands/change-item-workflow.command';
import { DeleteContentItemCommand } from './commands/delete-content-item.command';
import { EditContentItemCommand } from './commands/edit-content-item.command';
import { GetContentItemQuery } from './queries/get-content-item.query';
import type { ContentItemView } from './site-loader';

/** Owner API for blog posts, events and gallery images (`pages.edit`; reads `site.view`, see docs/PERMISSIONS.md). */
@Controller('api/site/items')
@RequiresPermission('pages.edit')
export class SiteItemsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get(':itemId')
  @RequiresPermission('site.view')
  get(@Param('itemId') itemId: string): Promise<ContentItemView> {
    return this.queries.execute(new GetContentItemQuery(itemId));
  }

  @Put(':itemId')
  edit(@Req() req: AppRequest, @Param('itemId') itemId: string, @Body() body: unknown): Promise<ContentItemView> {
    return this.commands.execute(new EditContentItemCommand(commandContextFor(req), itemId, body));
  }

  @Post(':itemId/publish')
  @HttpCode(200)
  publish(@Req() req: AppRequest, @Param('itemId') itemId: string, @Body() body: unknown): Promise<ContentItemView> {
    return this.commands.execute(new ChangeItemWorkflowCommand(commandContextFor(req), itemId, { mode: 'publish', publishOn: parseBody(PublishRequest, body) }));
  }

  @Post(':itemId/unpublish')
  @HttpCode(200)
  unpublish(@Req() req: AppRequest, @Param('itemId') itemId: string): Promise<ContentItemView> {
    return this.commands.execute(new ChangeItemWorkflowCommand(commandContextFor(req), itemId, { mode: 'unpublish' }));
  }

  @Put(':itemId/workflow')
  setWorkflow(@Req() req: AppRequest, @Param('itemId') itemId: string, @Body() body: unknown): Promise<ContentItemView> {
    return this.commands.execute(new ChangeItemWorkflowCommand(commandContextFor(req), itemId, { mode: 'set', ...parseBody(WorkflowChangeRequest, body) }));
  }

  @Delete(':itemId')
  @HttpCode(204)
  async remove(@Req() req: AppRequest, @Param('itemId') itemId: string): Promise<void> {
    await this.commands.execute(new DeleteContentItemCommand(commandContextFor(req), itemId));
  }
}

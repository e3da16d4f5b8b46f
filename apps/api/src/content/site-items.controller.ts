import { PublishRequest, RestoreRequest, WorkflowChangeRequest } from '@storefront/domain';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, UseInterceptors } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { basedOnVersion } from '../infrastructure/http/if-match';
import { parseBody } from '../infrastructure/http/parse-body';
import { VersionEtagInterceptor } from '../infrastructure/http/version-etag.interceptor';
import { historyQuery, type HistoryPage } from '../infrastructure/stream-history';
import { commandContextFor, Req, type AppRequest } from '../infrastructure/http/request-context';
import { RequiresPermission } from '../security';
import { ChangeItemWorkflowCommand } from './commands/change-item-workflow.command';
import { DeleteContentItemCommand } from './commands/delete-content-item.command';
import { EditContentItemCommand } from './commands/edit-content-item.command';
import { RestoreSiteVersionCommand } from './commands/restore.command';
import { GetContentItemQuery } from './queries/get-content-item.query';
import { GetSiteHistoryQuery } from './queries/get-site-history.query';
import type { ContentItemView } from './site-loader';

/**
 * Owner API for blog posts, events and gallery images (`pages.edit`; reads `site.view`, see
 * docs/PERMISSIONS.md). Answers carry the item's `version` (and ETag); a save with `If-Match` is
 * refused with 409 EDIT_CONFLICT when the item changed since (issue 12).
 */
@Controller('api/site/items')
@RequiresPermission('pages.edit')
@UseInterceptors(VersionEtagInterceptor)
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
    return this.commands.execute(new EditContentItemCommand(commandContextFor(req), itemId, body, basedOnVersion(req)));
  }

  @Post(':itemId/publish')
  @HttpCode(200)
  publish(@Req() req: AppRequest, @Param('itemId') itemId: string, @Body() body: unknown): Promise<ContentItemView> {
    return this.commands.execute(new ChangeItemWorkflowCommand(commandContextFor(req), itemId, { mode: 'publish', publishOn: parseBody(PublishRequest, body) }, basedOnVersion(req)));
  }

  @Post(':itemId/unpublish')
  @HttpCode(200)
  unpublish(@Req() req: AppRequest, @Param('itemId') itemId: string): Promise<ContentItemView> {
    return this.commands.execute(new ChangeItemWorkflowCommand(commandContextFor(req), itemId, { mode: 'unpublish' }, basedOnVersion(req)));
  }

  @Put(':itemId/workflow')
  setWorkflow(@Req() req: AppRequest, @Param('itemId') itemId: string, @Body() body: unknown): Promise<ContentItemView> {
    return this.commands.execute(new ChangeItemWorkflowCommand(commandContextFor(req), itemId, { mode: 'set', ...parseBody(WorkflowChangeRequest, body) }, basedOnVersion(req)));
  }

  /** The item's history, newest first (`?limit=`, `?before=<version>`). */
  @Get(':itemId/history')
  @RequiresPermission('site.view')
  history(@Param('itemId') itemId: string, @Query() query: Record<string, unknown>): Promise<HistoryPage> {
    return this.queries.execute(new GetSiteHistoryQuery({ kind: 'item', itemId }, historyQuery(query)));
  }

  /** `{ version }`: brings that version back with a new event (ContentItemRestored); the publish state stays. */
  @Post(':itemId/restore')
  @HttpCode(200)
  restore(@Req() req: AppRequest, @Param('itemId') itemId: string, @Body() body: unknown): Promise<ContentItemView> {
    return this.commands.execute(new RestoreSiteVersionCommand(commandContextFor(req), { kind: 'item', itemId }, parseBody(RestoreRequest, body), basedOnVersion(req)));
  }

  @Delete(':itemId')
  @HttpCode(204)
  async remove(@Req() req: AppRequest, @Param('itemId') itemId: string): Promise<void> {
    await this.commands.execute(new DeleteContentItemCommand(commandContextFor(req), itemId, basedOnVersion(req)));
  }
}

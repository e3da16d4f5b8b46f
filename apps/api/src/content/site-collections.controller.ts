import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, UseInterceptors } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  type CollectionRecord, type ContentItemRecord, CreateCollectionRequest, EditCollectionRequest, GalleryOptionsRequest, ItemOrderRequest, LayoutRequest,
  PagePasswordRequest, RestoreRequest,
} from '@storefront/domain';
import { basedOnVersion } from '../infrastructure/http/if-match';
import { VersionEtagInterceptor } from '../infrastructure/http/version-etag.interceptor';
import { historyQuery, type HistoryPage } from '../infrastructure/stream-history';
import { parseBody } from '../infrastructure/http/parse-body';
import { commandContextFor, Req, type AppRequest } from '../infrastructure/http/request-context';
import { RequiresPermission } from '../security';
import { CreateCollectionCommand } from './commands/create-collection.command';
import { CreateContentItemCommand } from './commands/create-content-item.command';
import { DeleteCollectionCommand } from './commands/delete-collection.command';
import { EditCollectionCommand } from './commands/edit-collection.command';
import { ReorderCollectionItemsCommand } from './commands/reorder-collection-items.command';
import { SetCollectionLayoutCommand } from './commands/set-collection-layout.command';
import { SetCollectionPasswordCommand } from './commands/set-collection-password.command';
import { RestoreSiteVersionCommand } from './commands/restore.command';
import { SetGalleryOptionsCommand } from './commands/set-gallery-options.command';
import { GetCollectionQuery } from './queries/get-collection.query';
import { GetSiteHistoryQuery } from './queries/get-site-history.query';
import { ListCollectionItemsQuery } from './queries/list-collection-items.query';
import { ListCollectionsQuery } from './queries/list-collections.query';
import type { CollectionView, ContentItemView } from './site-loader';

/**
 * Owner API for pages and collections (`pages.edit`; reads `site.view`, see docs/PERMISSIONS.md). Every
 * write answers with the collection computed from its stream (read-your-writes); lists read the
 * site read models. Reads and writes of one collection carry its `version` (and ETag); a save with
 * `If-Match` is refused with 409 EDIT_CONFLICT when the collection changed since (issue 12).
 */
@Controller('api/site/collections')
@RequiresPermission('pages.edit')
@UseInterceptors(VersionEtagInterceptor)
export class SiteCollectionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @RequiresPermission('site.view')
  list(): Promise<{ collections: CollectionRecord[] }> {
    return this.queries.execute(new ListCollectionsQuery());
  }

  @Post()
  @HttpCode(201)
  create(@Req() req: AppRequest, @Body() body: unknown): Promise<CollectionView> {
    return this.commands.execute(new CreateCollectionCommand(commandContextFor(req), parseBody(CreateCollectionRequest, body), req.state.owner?.roles ?? []));
  }

  @Get(':collectionId')
  @RequiresPermission('site.view')
  get(@Param('collectionId') collectionId: string): Promise<CollectionView> {
    return this.queries.execute(new GetCollectionQuery(collectionId));
  }

  @Put(':collectionId')
  edit(@Req() req: AppRequest, @Param('collectionId') collectionId: string, @Body() body: unknown): Promise<CollectionView> {
    return this.commands.execute(new EditCollectionCommand(commandContextFor(req), collectionId, parseBody(EditCollectionRequest, body), basedOnVersion(req)));
  }

  @Put(':collectionId/password')
  setPassword(@Req() req: AppRequest, @Param('collectionId') collectionId: string, @Body() body: unknown): Promise<CollectionView> {
    return this.commands.execute(new SetCollectionPasswordCommand(commandContextFor(req), collectionId, parseBody(PagePasswordRequest, body), basedOnVersion(req)));
  }

  @Put(':collectionId/layout')
  setLayout(@Req() req: AppRequest, @Param('collectionId') collectionId: string, @Body() body: unknown): Promise<CollectionView> {
    return this.commands.execute(new SetCollectionLayoutCommand(commandContextFor(req), collectionId, parseBody(LayoutRequest, body), req.state.owner?.roles ?? [], basedOnVersion(req)));
  }

  @Put(':collectionId/gallery-options')
  setGalleryOptions(@Req() req: AppRequest, @Param('collectionId') collectionId: string, @Body() body: unknown): Promise<CollectionView> {
    return this.commands.execute(new SetGalleryOptionsCommand(commandContextFor(req), collectionId, parseBody(GalleryOptionsRequest, body), basedOnVersion(req)));
  }

  @Put(':collectionId/order')
  reorder(@Req() req: AppRequest, @Param('collectionId') collectionId: string, @Body() body: unknown): Promise<CollectionView> {
    return this.commands.execute(new ReorderCollectionItemsCommand(commandContextFor(req), collectionId, parseBody(ItemOrderRequest, body), basedOnVersion(req)));
  }

  @Delete(':collectionId')
  @HttpCode(204)
  async remove(@Req() req: AppRequest, @Param('collectionId') collectionId: string): Promise<void> {
    await this.commands.execute(new DeleteCollectionCommand(commandContextFor(req), collectionId, basedOnVersion(req)));
  }

  /** The page's history, newest first: `?limit=` (default 50, at most 200) and `?before=<version>` page back. */
  @Get(':collectionId/history')
  @RequiresPermission('site.view')
  history(@Param('collectionId') collectionId: string, @Query() query: Record<string, unknown>): Promise<HistoryPage> {
    return this.queries.execute(new GetSiteHistoryQuery({ kind: 'collection', collectionId }, historyQuery(query)));
  }

  /** `{ version }`: brings that version back with a new event (CollectionRestored). */
  @Post(':collectionId/restore')
  @HttpCode(200)
  restore(@Req() req: AppRequest, @Param('collectionId') collectionId: string, @Body() body: unknown): Promise<CollectionView> {
    return this.commands.execute(new RestoreSiteVersionCommand(commandContextFor(req), { kind: 'collection', collectionId }, parseBody(RestoreRequest, body), basedOnVersion(req)));
  }

  @Get(':collectionId/items')
  @RequiresPermission('site.view')
  items(@Param('collectionId') collectionId: string): Promise<{ items: ContentItemRecord[] }> {
    return this.queries.execute(new ListCollectionItemsQuery(collectionId));
  }

  @Post(':collectionId/items')
  @HttpCode(201)
  createItem(@Req() req: AppRequest, @Param('collectionId') collectionId: string, @Body() body: unknown): Promise<ContentItemView> {
    return this.commands.execute(new CreateContentItemCommand(commandContextFor(req), collectionId, body));
  }
}
